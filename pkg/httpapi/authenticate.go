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

// APITokens authenticates an organization's API token for a call that
// needs scope (pkg/apitokens).
type APITokens interface {
	Authenticate(ctx context.Context, secret string, scope domain.Scope) (domain.User, error)
}

// Authenticator checks the bearer access token of a request and loads its
// account, so that a password change, a reset or a deactivation ends
// access tokens issued before it (one GetItem per authenticated request).
// A bearer API token ("tn_…") works only on the endpoints that name a
// scope (Scoped, OptionalScoped), when it carries that scope.
type Authenticator struct {
	Tokens    *auth.Issuer
	Users     Users
	APITokens APITokens
}

// AccountHandler is an endpoint that needs the signed-in account.
type AccountHandler func(w http.ResponseWriter, r *http.Request, account domain.User)

// ErrNotAuthenticated is the answer to a missing, malformed, expired or
// superseded access token.
var ErrNotAuthenticated = domain.Errorf(domain.CodeUnauthorized, MsgNotAuthenticated)

// Require runs h with the request's account, or answers 401; an API token
// is refused (403): the endpoint is a person's.
func (a Authenticator) Require(h AccountHandler) http.HandlerFunc {
	return a.Scoped("", h)
}

// Scoped is Require for an endpoint an API token with scope may call too
// ("" for none), acting as an owner of the token's organization.
func (a Authenticator) Scoped(scope domain.Scope, h AccountHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		account, err := a.principal(r, scope)
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
	return a.OptionalScoped("", h)
}

// OptionalScoped is Optional for an endpoint an API token with scope may
// call too.
func (a Authenticator) OptionalScoped(scope domain.Scope, h ViewerHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			h(w, r, nil)
			return
		}
		a.Scoped(scope, func(w http.ResponseWriter, r *http.Request, u domain.User) { h(w, r, &u) })(w, r)
	}
}

// principal is who the request's bearer credential acts as: an API
// token's principal when the endpoint has a scope, else its account.
func (a Authenticator) principal(r *http.Request, scope domain.Scope) (domain.User, error) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return domain.User{}, ErrNotAuthenticated
	}
	if !auth.IsAPIToken(token) {
		return a.account(r.Context(), token)
	}
	if scope == "" || a.APITokens == nil {
		return domain.User{}, ErrInsufficientScope
	}
	u, err := a.APITokens.Authenticate(r.Context(), token, scope)
	if errors.Is(err, ErrBadAPIToken) {
		return domain.User{}, ErrNotAuthenticated
	}
	return u, err
}

// ErrInsufficientScope refuses an API token an endpoint its scopes do not
// cover, or one no token may call.
var ErrInsufficientScope = domain.Errorf(domain.CodeForbidden, domain.MsgInsufficientScope)

// ErrBadAPIToken is what APITokens answers for a token that is malformed,
// unknown, revoked or expired: 401.
var ErrBadAPIToken = errors.New("bad API token")

func (a Authenticator) account(ctx context.Context, token string) (domain.User, error) {
	claims, err := a.Tokens.ParseAccess(token)
	if err != nil {
		return domain.User{}, ErrNotAuthenticated
	}
	u, err := a.Users.User(ctx, claims.Subject)
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
