package events

import (
	"context"
	"errors"
	"slices"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
)

// Public faces beyond one event: an organization's page and calendar, and
// a person's private calendar feed.

// Messages of pages and feeds.
const (
	MsgFeedNotFound = "Calendar feed not found."
	// FeedSize bounds the events a feed or an organization's page lists.
	FeedSize = 100
)

// OrganizationPage reads organization id with its events that have not
// started (up to limit, soonest first, the cancelled ones after the live
// ones, as in the public list) and how many it has held, at once.
func (s *Service) OrganizationPage(ctx context.Context, id string, limit int) (domain.Organization, []domain.Event, domain.Bounded, error) {
	var past domain.Bounded
	org, upcoming, err := s.organization(ctx, id, limit, &past)
	slices.SortStableFunc(upcoming, func(a, b domain.Event) int {
		switch {
		case a.Cancelled == b.Cancelled:
			return 0
		case a.Cancelled:
			return 1
		default:
			return -1
		}
	})
	return org, upcoming, past, err
}

// OrganizationCalendar reads organization id with its events that have
// not started (up to limit, soonest first), for its calendar feed.
func (s *Service) OrganizationCalendar(ctx context.Context, id string, limit int) (domain.Organization, []domain.Event, error) {
	return s.organization(ctx, id, limit, nil)
}

// Organization reads organization id, for its page's preview.
func (s *Service) Organization(ctx context.Context, id string) (domain.Organization, error) {
	if !domain.ValidID(id) {
		return domain.Organization{}, organizationNotFound()
	}
	org, err := s.Store.Organization(ctx, id)
	return org, explain(err, organizationNotFound())
}

func organizationNotFound() *domain.Error {
	return domain.Errorf(domain.CodeNotFound, MsgOrganizationNotFound)
}

// organization reads organization id, its upcoming events and, when past
// is not nil, the count of its past ones into past, in parallel.
func (s *Service) organization(ctx context.Context, id string, limit int, past *domain.Bounded) (domain.Organization, []domain.Event, error) {
	notFound := organizationNotFound()
	if !domain.ValidID(id) {
		return domain.Organization{}, nil, notFound
	}
	var (
		org      domain.Organization
		upcoming []domain.Event
	)
	now := s.Now()
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { org, err = s.Store.Organization(gctx, id); return err })
	g.Go(func() (err error) { upcoming, err = s.Store.OrganizationUpcoming(gctx, id, now, limit); return err })
	if past != nil {
		g.Go(func() (err error) { *past, err = s.Store.PastEventCount(gctx, id, now); return err })
	}
	if err := g.Wait(); err != nil {
		return org, nil, explain(err, notFound)
	}
	return org, upcoming, nil
}

// FeedToken is the secret of u's calendar feed URL.
func (s *Service) FeedToken(u domain.User) string { return s.Feeds.Token(u.ID, u.FeedVersion) }

// ResetFeed ends u's feed URL and returns the secret of the new one.
func (s *Service) ResetFeed(ctx context.Context, u domain.User) (string, error) {
	version, err := s.Store.ResetFeed(ctx, u.ID)
	if err != nil {
		return "", explain(err, domain.Errorf(domain.CodeNotFound, MsgUserNotFound))
	}
	return s.Feeds.Token(u.ID, version), nil
}

// PersonFeed reads the account a feed secret names, if it is still the
// account's current one, and its latest registrations with a seat.
func (s *Service) PersonFeed(ctx context.Context, token string) (domain.User, []domain.RegisteredEvent, error) {
	notFound := domain.Errorf(domain.CodeNotFound, MsgFeedNotFound)
	userID, version, ok := s.Feeds.Parse(token)
	if !ok || !domain.ValidID(userID) {
		return domain.User{}, nil, notFound
	}
	u, err := s.Store.User(ctx, userID)
	switch {
	case errors.Is(err, domain.ErrNotFound) || err == nil && u.FeedVersion != version:
		return domain.User{}, nil, notFound
	case err != nil:
		return domain.User{}, nil, err
	}
	regs, err := s.Store.LatestRegistrations(ctx, userID, FeedSize)
	if err != nil {
		return u, nil, err
	}
	seated := regs[:0]
	for _, r := range regs {
		if r.Registration.Seated() {
			seated = append(seated, r)
		}
	}
	return u, seated, nil
}
