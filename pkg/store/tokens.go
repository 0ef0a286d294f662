package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

type refreshItem struct {
	PK            string `dynamo:"PK,hash"`
	SK            string `dynamo:"SK,range"`
	ID            string
	UserID        string
	FamilyID      string
	Status        domain.RefreshStatus
	Expires       time.Time `dynamo:"TTL,unixtime"`
	FamilyExpires time.Time
	// Set when rotated: the successor pair's ids and time of issue.
	SuccessorID       string    `dynamo:",omitempty"`
	SuccessorAccessID string    `dynamo:",omitempty"`
	RotatedAt         time.Time `dynamo:",unixtime,omitempty"`
}

func newRefreshItem(t domain.RefreshToken) refreshItem {
	k := refreshKey(t.UserID, t.ID)
	return refreshItem{PK: k.PK, SK: k.SK, ID: t.ID, UserID: t.UserID, FamilyID: t.FamilyID, Status: t.Status, Expires: t.Expires, FamilyExpires: t.FamilyExpires}
}

func (it refreshItem) domain() domain.RefreshToken {
	return domain.RefreshToken{
		ID: it.ID, UserID: it.UserID, FamilyID: it.FamilyID, Status: it.Status, Expires: it.Expires, FamilyExpires: it.FamilyExpires,
		Successor: domain.TokenIssue{RefreshID: it.SuccessorID, AccessID: it.SuccessorAccessID, IssuedAt: it.RotatedAt},
	}
}

// familyItem exists only once a family is revoked (reuse of a rotated
// token): every token of the family is refused from then on.
type familyItem struct {
	PK      string    `dynamo:"PK,hash"`
	SK      string    `dynamo:"SK,range"`
	Expires time.Time `dynamo:"TTL,unixtime"`
}

// SaveRefreshToken records a newly issued refresh token.
func (s *Store) SaveRefreshToken(ctx context.Context, t domain.RefreshToken) error {
	if err := s.putNew(newRefreshItem(t)).Run(ctx); err != nil {
		return fmt.Errorf("save refresh token: %w", err)
	}
	return nil
}

// RefreshState reads the token, its family's revocation marker and its
// account together. A missing token or account is domain.ErrNotFound.
func (s *Store) RefreshState(ctx context.Context, jti, familyID, userID string) (domain.RefreshState, error) {
	tk, fk, uk := refreshKey(userID, jti), familyKey(userID, familyID), userKey(userID)
	iter := s.table.Batch(attrPK, attrSK).
		Get(dynamo.Keys{tk.PK, tk.SK}, dynamo.Keys{fk.PK, fk.SK}, dynamo.Keys{uk.PK, uk.SK}).
		Consistent(true).Iter()
	var st domain.RefreshState
	var haveToken, haveUser bool
	var raw dynamo.Item
	for iter.Next(ctx, &raw) {
		var k key
		if err := dynamo.UnmarshalItem(raw, &k); err != nil {
			return st, fmt.Errorf("read refresh state: %w", err)
		}
		var err error
		switch k {
		case tk:
			var it refreshItem
			err = dynamo.UnmarshalItem(raw, &it)
			st.Token, haveToken = it.domain(), true
		case fk:
			st.FamilyRevoked = true
		case uk:
			var it userItem
			err = dynamo.UnmarshalItem(raw, &it)
			st.User, haveUser = it.domain(), true
		}
		if err != nil {
			return st, fmt.Errorf("read refresh state: %w", err)
		}
		raw = nil
	}
	if err := iter.Err(); err != nil && !errors.Is(err, dynamo.ErrNotFound) { // none of the items exist
		return st, fmt.Errorf("read refresh state: %w", err)
	}
	if !haveToken || !haveUser || st.Token.UserID != userID || st.Token.FamilyID != familyID {
		return st, fmt.Errorf("read refresh state: %w", domain.ErrNotFound)
	}
	return st, nil
}

// RotateRefreshToken marks old rotated and records next, atomically; it
// fails with domain.ErrTokenNotActive if old was already used, so one token can
// be exchanged only once even under concurrent requests. The old token
// keeps what the new pair was signed from (issue).
func (s *Store) RotateRefreshToken(ctx context.Context, oldID string, next domain.RefreshToken, issue domain.TokenIssue) error {
	k := refreshKey(next.UserID, oldID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Status", domain.RefreshRotated).
				Set("SuccessorID", issue.RefreshID).Set("SuccessorAccessID", issue.AccessID).
				Set("RotatedAt", issue.IssuedAt.Unix()).
				If("'Status' = ?", domain.RefreshActive)).
			Put(s.putNew(newRefreshItem(next)))
	})
	if failedAt(cancelReasons(err), 0) {
		err = domain.ErrTokenNotActive
	}
	if err != nil {
		return fmt.Errorf("rotate refresh token: %w", err)
	}
	return nil
}

// RevokeRefreshToken ends one token of userID (logout). Revoking a token
// that is not active is not an error: logout is idempotent.
func (s *Store) RevokeRefreshToken(ctx context.Context, userID, id string) error {
	k := refreshKey(userID, id)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Status", domain.RefreshRevoked).
		If("attribute_exists(PK)").Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("revoke refresh token: %w", err)
	}
	return nil
}

// RevokeFamily refuses every token descended from one login of userID; the marker
// outlives the family's absolute expiry and then expires by TTL.
func (s *Store) RevokeFamily(ctx context.Context, userID, familyID string, until time.Time) error {
	k := familyKey(userID, familyID)
	if err := s.table.Put(familyItem{PK: k.PK, SK: k.SK, Expires: until}).Run(ctx); err != nil {
		return fmt.Errorf("revoke refresh family: %w", err)
	}
	return nil
}
