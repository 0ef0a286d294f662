package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// A follow is two items written together: the follower in the
// organization's followers partition (which the announcement's fan-out
// pages through) and the organization in the person's following
// partition (which their profile lists). Their count is an item of its
// own beside the organization's profile (not the profile itself, whose
// every write is copied to the organization's events), which also keeps
// when the followers were last told of new events.

func followerKey(orgID, userID string) key { return key{"FOLLOWERS#" + orgID, "USER#" + userID} }
func followingKey(userID, orgID string) key {
	return key{"FOLLOWING#" + userID, organizationPrefix + orgID}
}
func followCountKey(orgID string) key { return key{organizationPrefix + orgID, "FOLLOWERS"} }

type followCountItem struct {
	PK, SK        string
	Count         int
	LastAnnounced time.Time `dynamo:",omitempty"`
}

type followerItem struct {
	PK, SK, UserID string
	Since          time.Time
}

type followingItem struct {
	PK, SK, OrganizationID string
	Since                  time.Time
}

func newFollowItems(orgID, userID string, since time.Time) (followerItem, followingItem) {
	fk, gk := followerKey(orgID, userID), followingKey(userID, orgID)
	return followerItem{fk.PK, fk.SK, userID, since}, followingItem{gk.PK, gk.SK, orgID, since}
}

// Follow makes userID a follower of orgID, and answers its count of
// followers; following it again changes nothing. domain.ErrNotFound when
// the organization is gone or going.
func (s *Store) Follow(ctx context.Context, orgID, userID string, now time.Time) (int, error) {
	ok, ck := organizationKey(orgID), followCountKey(orgID)
	follower, following := newFollowItems(orgID, userID, now.UTC().Truncate(time.Second))
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Check(s.table.Check(attrPK, ok.PK).Range(attrSK, ok.SK).If("attribute_exists(PK) AND attribute_not_exists(Deleting)")).
			Put(s.putNew(follower)).
			Put(s.table.Put(following)).
			Update(s.table.Update(attrPK, ck.PK).Range(attrSK, ck.SK).Add("Count", 1))
	})
	reasons := cancelReasons(err)
	switch {
	case failedAt(reasons, 0):
		return 0, fmt.Errorf("follow %s: %w", orgID, domain.ErrNotFound)
	case failedAt(reasons, 1):
		err = nil // followed already
	case err != nil:
		return 0, fmt.Errorf("follow %s: %w", orgID, err)
	}
	n, _, err := s.Followers(ctx, orgID)
	return n, err
}

// Unfollow ends userID's follow of orgID, and answers its count of
// followers; ending it again changes nothing.
func (s *Store) Unfollow(ctx context.Context, orgID, userID string) (int, error) {
	if err := s.unfollow(ctx, orgID, userID); err != nil {
		return 0, err
	}
	n, _, err := s.Followers(ctx, orgID)
	return n, err
}

func (s *Store) unfollow(ctx context.Context, orgID, userID string) error {
	fk, gk, ck := followerKey(orgID, userID), followingKey(userID, orgID), followCountKey(orgID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Delete(s.table.Delete(attrPK, fk.PK).Range(attrSK, fk.SK).If("attribute_exists(PK)")).
			Delete(s.table.Delete(attrPK, gk.PK).Range(attrSK, gk.SK)).
			Update(s.table.Update(attrPK, ck.PK).Range(attrSK, ck.SK).Add("Count", -1).If("attribute_exists(PK)"))
	})
	if failedAt(cancelReasons(err), 0) {
		return nil // not following
	}
	if err != nil {
		return fmt.Errorf("unfollow %s: %w", orgID, err)
	}
	return nil
}

// Followers counts orgID's followers, with when they were last told of its
// new events (zero for never).
func (s *Store) Followers(ctx context.Context, orgID string) (int, time.Time, error) {
	var it followCountItem
	err := s.get(ctx, followCountKey(orgID), &it, false)
	if errors.Is(err, domain.ErrNotFound) {
		return 0, time.Time{}, nil
	}
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("count followers of %s: %w", orgID, err)
	}
	return max(it.Count, 0), it.LastAnnounced, nil
}

// Follows reports whether userID follows orgID.
func (s *Store) Follows(ctx context.Context, orgID, userID string) (bool, error) {
	var it struct{ PK string }
	err := s.get(ctx, followerKey(orgID, userID), &it, false)
	if errors.Is(err, domain.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read a follow of %s: %w", orgID, err)
	}
	return true, nil
}

// Followed lists the ids of the organizations userID follows, those
// followed first first, at most limit.
func (s *Store) Followed(ctx context.Context, userID string, limit int) ([]string, error) {
	var items []struct{ OrganizationID string }
	err := s.table.Get(attrPK, followingKey(userID, "").PK).Limit(limit).All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("list what %s follows: %w", userID, err)
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.OrganizationID
	}
	return ids, nil
}

// EachFollowerPage calls fn with the ids of orgID's followers, a page at
// a time, until fn fails.
func (s *Store) EachFollowerPage(ctx context.Context, orgID string, fn func(ids []string) error) error {
	it := s.table.Get(attrPK, followerKey(orgID, "").PK).Project(attrSK).Iter()
	for {
		var page []key
		var one key
		for len(page) < followerPage && it.Next(ctx, &one) {
			page = append(page, one)
		}
		if err := it.Err(); err != nil {
			return fmt.Errorf("list followers of %s: %w", orgID, err)
		}
		if len(page) == 0 {
			return nil
		}
		ids := make([]string, len(page))
		for i, k := range page {
			ids[i] = strings.TrimPrefix(k.SK, "USER#")
		}
		if err := fn(ids); err != nil {
			return err
		}
		if len(page) < followerPage {
			return nil
		}
	}
}

// followerPage is how many followers a fan-out handles at a time: four
// BatchGetItems of their accounts.
const followerPage = 400

// forgetFollows ends what u follows, and for an organization's own
// account its followers' follows of it.
func (s *Store) forgetFollows(ctx context.Context, u domain.User) error {
	followed, err := s.Followed(ctx, u.ID, 1000)
	if err != nil {
		return err
	}
	for _, orgID := range followed {
		if err := s.unfollow(ctx, orgID, u.ID); err != nil {
			return err
		}
	}
	if !u.IsOrganizer || u.OrganizationID == "" {
		return nil
	}
	orgID := u.OrganizationID
	ak := announcementKey(orgID)
	if err := s.table.Delete(attrPK, ak.PK).Range(attrSK, ak.SK).Run(ctx); err != nil {
		return fmt.Errorf("drop the announcement of %s: %w", orgID, err)
	}
	return s.EachFollowerPage(ctx, orgID, func(ids []string) error {
		keys := make([]dynamo.Keyed, 0, 2*len(ids))
		for _, id := range ids {
			fk, gk := followerKey(orgID, id), followingKey(id, orgID)
			keys = append(keys, dynamo.Keys{fk.PK, fk.SK}, dynamo.Keys{gk.PK, gk.SK})
		}
		return s.deleteAll(ctx, keys)
	})
}

// ImportFollowers writes people as active accounts following orgID, in
// parallel batches, with their count; like ImportEvents, for benchmarks.
func (s *Store) ImportFollowers(ctx context.Context, orgID string, people []domain.User, now time.Time) error {
	items := make([]any, 0, 3*len(people)+1)
	for _, u := range people {
		follower, following := newFollowItems(orgID, u.ID, now)
		items = append(items, newUserItem(u), follower, following)
	}
	ck := followCountKey(orgID)
	items = append(items, followCountItem{PK: ck.PK, SK: ck.SK, Count: len(people)})
	return s.putAll(ctx, items)
}
