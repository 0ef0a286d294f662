package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// Users reads accounts; the store implements it.
type Users interface {
	User(ctx context.Context, id string) (domain.User, error)
}

// Authenticator checks the bearer access token of a request and loads its
// account, so that a password change, a reset or a deactivation ends
// access tokens issued before it (one GetItem per authenticated request).
type Authenticator struct {
	Tokens *auth.Issuer
	Users  Users
}

// AccountHandler is an endpoint that needs the signed-in account.
type AccountHandler func(w http.ResponseWriter, r *http.Request, account domain.User)

// ErrNotAuthenticated is the answer to a missing, malformed, expired or
// superseded access token.
var ErrNotAuthenticated = domain.Errorf(domain.CodeUnauthorized, MsgNotAuthenticated)

// Require runs h with the request's account, or answers 401.
func (a Authenticator) Require(h AccountHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		account, err := a.account(r)
		if err != nil {
			Error(w, r, err)
			return
		}
		noteAccount(r.Context(), account.ID)
		h(w, r, account)
	}
}

// ViewerHandler is an endpoint anyone may call that answers its caller's
// account more (an organizer their own event's private fields): viewer is
// nil for a request without a token.
type ViewerHandler func(w http.ResponseWriter, r *http.Request, viewer *domain.User)

// Optional runs h with the request's account when it carries a token, or
// nil when it carries none; a token that is not valid answers 401, so a
// client refreshes it rather than be shown less than it may see.
func (a Authenticator) Optional(h ViewerHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			h(w, r, nil)
			return
		}
		a.Require(func(w http.ResponseWriter, r *http.Request, u domain.User) { h(w, r, &u) })(w, r)
	}
}

func (a Authenticator) account(r *http.Request) (domain.User, error) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return domain.User{}, ErrNotAuthenticated
	}
	claims, err := a.Tokens.ParseAccess(strings.TrimSpace(token))
	if err != nil {
		return domain.User{}, ErrNotAuthenticated
	}
	u, err := a.Users.User(r.Context(), claims.Subject)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.User{}, ErrNotAuthenticated
	}
	if err != nil {
		return domain.User{}, err
	}
	if !u.IsActive || u.SessionVersion != claims.SessionVersion {
		return domain.User{}, ErrNotAuthenticated
	}
	return u, nil
}
