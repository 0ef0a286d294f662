package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// What an account sets for itself: its calendar feed's address, its
// language, the mail it gets.

// ResetFeed moves the account's calendar feed to a new secret URL (one
// UpdateItem) and returns the feed's new version.
func (s *Store) ResetFeed(ctx context.Context, userID string) (int, error) {
	k := userKey(userID)
	var it userItem
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Add("FeedVersion", 1).If("attribute_exists(PK)").Value(ctx, &it)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("reset the calendar feed of %s: %w", userID, err)
	}
	return it.FeedVersion, nil
}

// SetLanguage keeps the language the account reads Turnout in (one
// UpdateItem).
func (s *Store) SetLanguage(ctx context.Context, userID, language string) error {
	k := userKey(userID)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Language", language).If("attribute_exists(PK)").Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("set the language of %s: %w", userID, err)
	}
	return nil
}

// SetMuted replaces the kinds of mail the account turned off (one
// UpdateItem).
func (s *Store) SetMuted(ctx context.Context, userID string, muted []domain.MailKind) error {
	k := userKey(userID)
	up := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_exists(PK)")
	if len(muted) == 0 {
		up.Remove("Muted")
	} else {
		up.Set("Muted", &types.AttributeValueMemberSS{Value: mutedStrings(muted)})
	}
	err := up.Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("set the muted mail of %s: %w", userID, err)
	}
	return nil
}

// Mute turns off one kind of mail for the account, or the guest (one
// UpdateItem, the same however often it is asked); guest says which it
// was.
func (s *Store) Mute(ctx context.Context, userID string, kind domain.MailKind) (guest bool, err error) {
	k := userKey(userID)
	var after struct{ Guest bool }
	err = s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).AddStringsToSet("Muted", string(kind)).If("attribute_exists(PK)").Value(ctx, &after)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return false, fmt.Errorf("mute %s mail of %s: %w", kind, userID, err)
	}
	return after.Guest, nil
}

// MutedBy returns, of the accounts ids, those that turned off kind (one
// BatchGetItem per 100 accounts).
func (s *Store) MutedBy(ctx context.Context, ids []string, kind domain.MailKind) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	keys := make([]dynamo.Keyed, len(ids))
	for i, id := range ids {
		k := userKey(id)
		keys[i] = dynamo.Keys{k.PK, k.SK}
	}
	var items []userItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).Project("ID", "Muted").All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read who muted %s mail: %w", kind, err)
	}
	for _, it := range items {
		for _, m := range it.Muted {
			if m == string(kind) {
				out[it.ID] = true
			}
		}
	}
	return out, nil
}

// Reachable reads the accounts of ids that mail can reach and that did not
// turn kind off (one BatchGetItem per 100): those active, not being
// deleted, with no mail problem. Gone ones are left out.
func (s *Store) Reachable(ctx context.Context, ids []string, kind domain.MailKind) ([]domain.User, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	keys := make([]dynamo.Keyed, len(ids))
	for i, id := range ids {
		k := userKey(id)
		keys[i] = dynamo.Keys{k.PK, k.SK}
	}
	var items []userItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).
		Project("ID", "Email", "FirstName", "Username", "Active", "Deleting", "MailProblem", "Muted", "Language").All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read whom %s mail reaches: %w", kind, err)
	}
	var out []domain.User
	for _, it := range items {
		u := it.domain()
		if u.IsActive && !u.Deleting && u.MailProblem == "" && u.Email != "" && u.Wants(kind) {
			out = append(out, u)
		}
	}
	return out, nil
}
