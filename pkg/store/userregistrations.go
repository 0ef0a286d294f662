package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
)

// UserRegistrations lists a person's registrations in the order they were
// made, limit at a time, joined with their events: one Query of the
// person's partition and one BatchGetItem of the page's events, reading
// only what the list shows (and a COUNT Query per waitlisted entry, in
// parallel, for its position).
// Registrations whose event no longer exists, or is being deleted, are
// left out. after is the previous page's cursor; the returned one is ""
// on the last page.
func (s *Store) UserRegistrations(ctx context.Context, userID, after string, limit int) ([]domain.RegisteredEvent, string, error) {
	first := userRegistrationKey(userID, "")
	q := s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.BeginsWith, first.SK)
	if after != "" {
		if !domain.ValidID(after) {
			return nil, "", domain.ErrBadCursor
		}
		q = s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.Greater, userRegistrationKey(userID, after).SK)
	}
	var regs []userRegistrationItem
	if err := q.Limit(limit).All(ctx, &regs); err != nil {
		return nil, "", fmt.Errorf("list registrations of %s: %w", userID, err)
	}
	next := ""
	if len(regs) == limit {
		next = regs[len(regs)-1].ID
	}
	out, err := s.registeredEvents(ctx, userID, regs)
	return out, next, err
}

// LatestRegistrations lists up to limit of userID's registrations with
// their events, the newest first (for a calendar feed), leaving out any
// whose event is gone.
func (s *Store) LatestRegistrations(ctx context.Context, userID string, limit int) ([]domain.RegisteredEvent, error) {
	first := userRegistrationKey(userID, "")
	var regs []userRegistrationItem
	err := s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.BeginsWith, first.SK).Order(dynamo.Descending).Limit(limit).All(ctx, &regs)
	if err != nil {
		return nil, fmt.Errorf("list latest registrations of %s: %w", userID, err)
	}
	return s.registeredEvents(ctx, userID, regs)
}

// registeredEvents joins registrations of userID with their events (one
// BatchGetItem) and, for those waiting, their places in line.
func (s *Store) registeredEvents(ctx context.Context, userID string, regs []userRegistrationItem) ([]domain.RegisteredEvent, error) {
	if len(regs) == 0 {
		return []domain.RegisteredEvent{}, nil
	}
	keys := make([]dynamo.Keyed, 0, len(regs))
	seen := make(map[string]bool, len(regs))
	for _, r := range regs {
		if !seen[r.EventID] {
			seen[r.EventID] = true
			k := eventKey(r.EventID)
			keys = append(keys, dynamo.Keys{k.PK, k.SK})
		}
	}
	var items []eventItem
	positions := make([]int, len(regs))
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		err := s.table.Batch(attrPK, attrSK).Get(keys...).
			Project("ID", "Title", "StartsAt", "EndsAt", "Location", "TimeZone", "Deleting", "Cancelled").All(gctx, &items)
		if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
			return fmt.Errorf("load events of %s's registrations: %w", userID, err)
		}
		return nil
	})
	for i, r := range regs {
		if r.Status == string(domain.StatusWaitlisted) {
			g.Go(func() (err error) {
				positions[i], err = s.waitPosition(gctx, r.EventID, r.ID)
				return err
			})
		}
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	events := make(map[string]domain.Event, len(items))
	for _, it := range items {
		if !it.Deleting {
			events[it.ID] = it.domain()
		}
	}
	out := make([]domain.RegisteredEvent, 0, len(regs))
	for i, r := range regs {
		if e, ok := events[r.EventID]; ok {
			status := domain.RegistrationStatus(r.Status)
			if status == "" {
				status = domain.StatusRegistered
			}
			reg := domain.Registration{ID: r.ID, EventID: r.EventID, UserID: userID, Status: status, Position: positions[i]}
			out = append(out, domain.RegisteredEvent{Registration: reg, Event: e})
		}
	}
	return out, nil
}
