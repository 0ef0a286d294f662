package events

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"turnout/pkg/domain"
)

// FollowStore keeps who follows which organization, and the new events
// their followers are to be told of.
type FollowStore interface {
	Follow(ctx context.Context, orgID, userID string, now time.Time) (int, error)
	Unfollow(ctx context.Context, orgID, userID string) (int, error)
	Followers(ctx context.Context, orgID string) (int, time.Time, error)
	Follows(ctx context.Context, orgID, userID string) (bool, error)
	Followed(ctx context.Context, userID string, limit int) ([]string, error)
	OrganizationsOf(ctx context.Context, ids []string) ([]domain.Organization, error)
	NoteNewEvent(ctx context.Context, e domain.Event, now time.Time) error
}

// MaxFollowed bounds the organizations one person follows (their profile
// lists them all).
const MaxFollowed = 100

// MsgTooManyFollowed refuses a follow past MaxFollowed.
const MsgTooManyFollowed = "You follow as many organizations as one account may (100). Unfollow one to follow another."

// Follow makes u a follower of organization orgID: its new public events
// are mailed to them, at most once a day.
func (s *Service) Follow(ctx context.Context, u domain.User, orgID string) (domain.FollowState, error) {
	if !domain.ValidID(orgID) {
		return domain.FollowState{}, organizationNotFound()
	}
	followed, err := s.Store.Followed(ctx, u.ID, MaxFollowed)
	if err != nil {
		return domain.FollowState{}, err
	}
	if len(followed) >= MaxFollowed && !slices.Contains(followed, orgID) {
		return domain.FollowState{}, domain.Errorf(domain.CodeConflict, MsgTooManyFollowed)
	}
	n, err := s.Store.Follow(ctx, orgID, u.ID, s.Now())
	if errors.Is(err, domain.ErrNotFound) {
		return domain.FollowState{}, organizationNotFound()
	}
	return domain.FollowState{Following: true, Followers: n}, err
}

// Unfollow ends u's follow of organization orgID.
func (s *Service) Unfollow(ctx context.Context, u domain.User, orgID string) (domain.FollowState, error) {
	if !domain.ValidID(orgID) {
		return domain.FollowState{}, organizationNotFound()
	}
	n, err := s.Store.Unfollow(ctx, orgID, u.ID)
	return domain.FollowState{Followers: n}, err
}

// FollowState is organization orgID's count of followers, and whether
// viewer (nil for a visitor) is one.
func (s *Service) FollowState(ctx context.Context, viewer *domain.User, orgID string) (domain.FollowState, error) {
	n, _, err := s.Store.Followers(ctx, orgID)
	if err != nil || viewer == nil {
		return domain.FollowState{Followers: n}, err
	}
	following, err := s.Store.Follows(ctx, orgID, viewer.ID)
	return domain.FollowState{Following: following, Followers: n}, err
}

// Followed lists the organizations u follows, those followed first first.
func (s *Service) Followed(ctx context.Context, u domain.User) ([]domain.Organization, error) {
	ids, err := s.Store.Followed(ctx, u.ID, MaxFollowed)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return s.Store.OrganizationsOf(ctx, ids)
}

// announce keeps new public event e for its organization's followers. A
// failure is only logged: the event is made, and the next one is told.
func (s *Service) announce(ctx context.Context, e domain.Event) {
	if !e.Announceable(s.Now()) {
		return
	}
	if err := s.Store.NoteNewEvent(ctx, e, s.Now()); err != nil {
		slog.WarnContext(ctx, "note a new event for its followers", "event", e.ID, "err", err)
	}
}
