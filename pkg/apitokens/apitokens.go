// Package apitokens is an organization's API tokens: its owners create,
// list and revoke them, and every call made with one is authenticated
// here, for the scope its endpoint needs, within the token's rate.
package apitokens

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/oklog/ulid/v2"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// Store is what tokens read and write in the table.
type Store interface {
	APITokens(ctx context.Context, orgID string) ([]domain.APIToken, error)
	SaveAPIToken(ctx context.Context, t domain.APIToken) error
	APIToken(ctx context.Context, orgID, id string) (domain.APIToken, error)
	RevokeAPIToken(ctx context.Context, orgID, id string) error
	TouchAPIToken(ctx context.Context, t domain.APIToken, minute time.Time) error
	TakeAllowance(ctx context.Context, a domain.Allowance, now time.Time) (bool, time.Time, error)
}

// Service is the tokens' flows.
type Service struct {
	Store Store
	Now   func() time.Time
}

// MsgAPITokenNotFound answers a token that is not (or no longer) there.
const MsgAPITokenNotFound = "API token not found."

// List is orgID's tokens, for an owner u.
func (s *Service) List(ctx context.Context, u domain.User, orgID string) ([]domain.APIToken, error) {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return nil, err
	}
	return s.Store.APITokens(ctx, orgID)
}

// Create makes a token of orgID for an owner u, and its secret, which is
// shown once: the table keeps its digest.
func (s *Service) Create(ctx context.Context, u domain.User, orgID string, in domain.APITokenInput) (domain.APIToken, string, error) {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return domain.APIToken{}, "", err
	}
	now := s.Now()
	if err := in.Validate(now); err != nil {
		return domain.APIToken{}, "", err
	}
	tokens, err := s.Store.APITokens(ctx, orgID)
	if err != nil {
		return domain.APIToken{}, "", err
	}
	if len(tokens) >= domain.MaxAPITokens {
		return domain.APIToken{}, "", domain.Errorf(domain.CodeConflict, domain.MsgTooManyAPITokens)
	}
	t := domain.APIToken{
		ID: ulid.Make().String(), OrganizationID: orgID, Name: in.Name, Scopes: in.Scopes,
		Created: now, CreatedBy: domain.EditorOf(u),
	}
	if in.Expires != nil {
		t.Expires = in.Expires.UTC()
	}
	secret, digest := auth.NewAPIToken(t.ID, orgID)
	t.Hash, t.Prefix = digest, secret[:len(auth.APITokenPrefix)+8]
	if err := s.Store.SaveAPIToken(ctx, t); err != nil {
		return domain.APIToken{}, "", err
	}
	return t, secret, nil
}

// Revoke deletes token id of orgID for an owner u: it stops working at once.
func (s *Service) Revoke(ctx context.Context, u domain.User, orgID, id string) error {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return err
	}
	err = s.Store.RevokeAPIToken(ctx, orgID, id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeNotFound, MsgAPITokenNotFound)
	}
	return err
}

// ErrBadToken answers a token that is malformed, unknown, revoked or
// expired (401, as a login's expired access token).
var ErrBadToken = httpapi.ErrBadAPIToken

// ErrInsufficientScope refuses a token a call its scopes do not cover.
var ErrInsufficientScope = httpapi.ErrInsufficientScope

// Authenticate checks the API token secret for a call that needs scope,
// counts the call against the token's rate (domain.APITokenRate a minute:
// 429 with the seconds to the next minute beyond it), notes the minute it
// was last used, and answers who the call acts as (domain.APIToken.Principal).
// A GetItem and an UpdateItem a call, and one more UpdateItem a minute.
func (s *Service) Authenticate(ctx context.Context, secret string, scope domain.Scope) (domain.User, error) {
	id, orgID, ok := auth.ParseAPIToken(secret)
	if !ok {
		return domain.User{}, ErrBadToken
	}
	t, err := s.Store.APIToken(ctx, orgID, id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.User{}, ErrBadToken
	}
	if err != nil {
		return domain.User{}, err
	}
	now := s.Now()
	if !auth.SameDigest(secret, t.Hash) || t.Expired(now) {
		return domain.User{}, ErrBadToken
	}
	if !t.Allows(scope) {
		return domain.User{}, ErrInsufficientScope
	}
	allowed, next, err := s.Store.TakeAllowance(ctx, domain.Allowance{
		Scope: "apitoken", Value: t.ID, Kind: "calls", Limit: domain.APITokenRate, Per: time.Minute,
	}, now)
	if err != nil {
		return domain.User{}, fmt.Errorf("rate of API token %s: %w", t.ID, err)
	}
	if !allowed {
		wait := next.Sub(now)
		e := domain.Errorf(domain.CodeTooMany, domain.MsgAPITokenRate, int(wait.Seconds()+0.999))
		e.RetryAfter = wait
		return domain.User{}, e
	}
	if minute := now.UTC().Truncate(time.Minute); t.LastUsed.Before(minute) {
		if err := s.Store.TouchAPIToken(ctx, t, minute); err != nil {
			return domain.User{}, err
		}
	}
	return t.Principal(), nil
}
