package events

import (
	"context"
	"errors"
	"time"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
	"turnout/pkg/media"
)

// Leaving Turnout goes through the events rules: deleting an account
// cancels its registrations as a person would (seats given back, the first
// waiting promoted) and deletes its organization's events as their owner
// would; exporting its data reads its registrations here.

const (
	// leavingPage is how many registrations or events each read takes.
	leavingPage = 100
	// leavingWorkers is how many registrations or events are removed at
	// once: a person's registrations are each at another event, and each
	// event's own delete writes in parallel batches too.
	leavingWorkers = 8
)

// LeaveAll cancels every registration of u, whatever state its event is
// in, and for an organizer deletes every event of its organization with
// its banner. Each step may run again: a registration cancelled or an
// event deleted already is skipped. Past stopAt (zero: never) it starts no
// more and, once what it started ends, answers domain.ErrLeavingUnfinished.
func (s *Service) LeaveAll(ctx context.Context, u domain.User, stopAt time.Time) error {
	if err := s.cancelAll(ctx, stopAt, u.ID); err != nil {
		return err
	}
	if u.IsOrganizer && u.OrganizationID != "" {
		return s.deleteAll(ctx, stopAt, u.OrganizationID)
	}
	return nil
}

// cancelAll cancels every registration of userID; one its event no longer
// holds is dropped.
func (s *Service) cancelAll(ctx context.Context, stopAt time.Time, userID string) error {
	for after := ""; ; {
		page, next, err := s.Store.PersonRegistrations(ctx, userID, after, leavingPage)
		if err != nil {
			return err
		}
		err = inParallel(ctx, stopAt, page, func(ctx context.Context, r domain.Registration) error {
			err := s.Store.CancelRegistration(ctx, r)
			if errors.Is(err, domain.ErrNotFound) {
				return s.Store.DropRegistration(ctx, r)
			}
			return err
		})
		if err != nil || next == "" {
			return err
		}
		after = next
	}
}

// deleteAll deletes every event of orgID with its banner: first those
// whose delete was cut short, then the rest.
func (s *Service) deleteAll(ctx context.Context, stopAt time.Time, orgID string) error {
	for _, part := range []domain.OwnedPart{domain.OwnedDeleting, domain.OwnedListed, domain.OwnedUnlisted} {
		for after := ""; ; {
			ids, next, err := s.Store.OrganizationEventIDs(ctx, orgID, part, after, leavingPage)
			if err != nil {
				return err
			}
			err = inParallel(ctx, stopAt, ids, func(ctx context.Context, id string) error {
				deleted, err := s.Store.DeleteEvent(ctx, id, domain.OfOrganization(orgID))
				switch {
				case errors.Is(err, domain.ErrNotFound):
					return nil
				case err != nil:
					return err
				}
				media.Discard(ctx, s.Media, deleted.BannerKey)
				if deleted.SeriesID != "" {
					// Its series goes with its events (again for each: it may run again).
					return s.Store.DeleteSeries(ctx, deleted.SeriesID)
				}
				return nil
			})
			if err != nil {
				return err
			}
			if next == "" {
				break
			}
			after = next
		}
	}
	return nil
}

// inParallel calls do for each item, leavingWorkers at a time, and stops
// at the first error; past stopAt it starts no more and, after the ones
// started end, answers domain.ErrLeavingUnfinished.
func inParallel[T any](ctx context.Context, stopAt time.Time, items []T, do func(context.Context, T) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(leavingWorkers)
	for _, it := range items {
		if !stopAt.IsZero() && time.Now().After(stopAt) {
			if err := g.Wait(); err != nil {
				return err
			}
			return domain.ErrLeavingUnfinished
		}
		g.Go(func() error { return do(gctx, it) })
	}
	return g.Wait()
}

// RegistrationsWithTimes is a page of userID's registrations (limit at
// most, after the cursor after; the next page's cursor is "" on the last),
// each with when it was made and checked in. A malformed cursor is a field
// error of after.
func (s *Service) RegistrationsWithTimes(ctx context.Context, userID, after string, limit int) ([]domain.RegisteredEvent, string, error) {
	page, next, err := s.Store.UserRegistrations(ctx, userID, after, limit)
	if err != nil {
		return nil, "", explain(err, registrationNotFound())
	}
	if err := s.withTimes(ctx, userID, page); err != nil {
		return nil, "", err
	}
	return page, next, nil
}

// withTimes fills in when each registration of page was made and checked
// in (the list's entries do not hold them).
func (s *Service) withTimes(ctx context.Context, userID string, page []domain.RegisteredEvent) error {
	ids := make([]string, len(page))
	for i, re := range page {
		ids[i] = re.Event.ID
	}
	times, err := s.Store.RegistrationTimes(ctx, userID, ids)
	if err != nil {
		return err
	}
	for i, re := range page {
		if t, ok := times[re.Event.ID]; ok && t.ID == re.Registration.ID {
			page[i].Registration.Created, page[i].Registration.CheckedIn, page[i].Registration.Answers = t.Created, t.CheckedIn, t.Answers
		}
	}
	return nil
}
