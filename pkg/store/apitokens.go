package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An organization's API tokens live in a partition of their own (not its
// profile's, which the members screen reads whole), one item each, keyed
// by the ids the token's secret carries: authenticating a call is one
// GetItem. The item keeps the secret's digest only.

const apiTokenPrefix = "TOKEN#"

func apiTokensPK(orgID string) string      { return "APITOKENS#" + orgID }
func apiTokenKey(orgID, id string) key     { return key{apiTokensPK(orgID), apiTokenPrefix + id} }
func apiTokenTTL(t domain.APIToken) *int64 { return expiryAfter(t.Expires, domain.DeliveryRetention) }

type apiTokenItem struct {
	PK, SK   string
	Name     string
	Scopes   []string
	Hash     string
	Prefix   string
	Created  time.Time
	By       *domain.Editor
	Expires  time.Time `dynamo:",omitempty"`
	LastUsed time.Time `dynamo:",omitempty"`
	// TTL removes a token a while after it expired.
	TTL *int64 `dynamo:",omitempty"`
}

func (it apiTokenItem) domain(orgID string) domain.APIToken {
	return domain.APIToken{
		ID: strings.TrimPrefix(it.SK, apiTokenPrefix), OrganizationID: orgID, Name: it.Name, Scopes: scopesOf(it.Scopes),
		Hash: it.Hash, Prefix: it.Prefix, Created: it.Created, CreatedBy: editorOf(it.By), Expires: it.Expires, LastUsed: it.LastUsed,
	}
}

// expiryAfter is a TTL of after past t, nil for a zero t (never).
func expiryAfter(t time.Time, after time.Duration) *int64 {
	if t.IsZero() {
		return nil
	}
	at := t.Add(after).Unix()
	return &at
}

// APITokens lists orgID's tokens, newest first (one Query).
func (s *Store) APITokens(ctx context.Context, orgID string) ([]domain.APIToken, error) {
	var items []apiTokenItem
	if err := s.table.Get(attrPK, apiTokensPK(orgID)).Consistent(true).Order(dynamo.Descending).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("list API tokens of %s: %w", orgID, err)
	}
	tokens := make([]domain.APIToken, len(items))
	for i, it := range items {
		tokens[i] = it.domain(orgID)
	}
	return tokens, nil
}

// SaveAPIToken writes a new token.
func (s *Store) SaveAPIToken(ctx context.Context, t domain.APIToken) error {
	k := apiTokenKey(t.OrganizationID, t.ID)
	it := apiTokenItem{
		PK: k.PK, SK: k.SK, Name: t.Name, Scopes: scopeNames(t.Scopes), Hash: t.Hash, Prefix: t.Prefix,
		Created: t.Created, By: editorItem(t.CreatedBy), Expires: t.Expires, TTL: apiTokenTTL(t),
	}
	if err := s.table.Put(it).If("attribute_not_exists(PK)").Run(ctx); err != nil {
		return fmt.Errorf("save API token of %s: %w", t.OrganizationID, err)
	}
	return nil
}

// APIToken reads token id of orgID (domain.ErrNotFound when there is none).
func (s *Store) APIToken(ctx context.Context, orgID, id string) (domain.APIToken, error) {
	var it apiTokenItem
	if err := s.get(ctx, apiTokenKey(orgID, id), &it, false); err != nil {
		return domain.APIToken{}, fmt.Errorf("get API token %s: %w", id, err)
	}
	return it.domain(orgID), nil
}

// RevokeAPIToken deletes token id of orgID (domain.ErrNotFound when it is gone).
func (s *Store) RevokeAPIToken(ctx context.Context, orgID, id string) error {
	if err := s.deleteExisting(ctx, apiTokenKey(orgID, id)); err != nil {
		return fmt.Errorf("revoke API token %s: %w", id, err)
	}
	return nil
}

// deleteExisting deletes the item at k, domain.ErrNotFound when there is none.
func (s *Store) deleteExisting(ctx context.Context, k key) error {
	err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_exists(PK)").Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return domain.ErrNotFound
	}
	return err
}

// TouchAPIToken records that t made a call in the minute starting at
// minute, unless a call of that minute already did (or it was revoked):
// at most one write a minute, however busy the token.
func (s *Store) TouchAPIToken(ctx context.Context, t domain.APIToken, minute time.Time) error {
	k := apiTokenKey(t.OrganizationID, t.ID)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("LastUsed", minute).
		If("attribute_exists(PK) AND (attribute_not_exists(LastUsed) OR LastUsed < ?)", minute).Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("touch API token %s: %w", t.ID, err)
	}
	return nil
}
