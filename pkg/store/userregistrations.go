package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// UserRegistrations lists a person's registrations in the order they were
// made, limit at a time, joined with their events: one Query of the
// person's partition and one BatchGetItem of the page's events, reading
// only what the list shows, and of the counters of the events it waits
// for (a waitlisted place is its ticket against the counter). A
// BatchGetItem reads at most 100 keys, so a page whose events and
// counters would take more ends early, its cursor where it stopped.
// Registrations whose event no longer exists, or is being deleted, are
// left out. after is the previous page's cursor; the returned one is ""
// on the last page.
func (s *Store) UserRegistrations(ctx context.Context, userID, after string, limit int) ([]domain.RegisteredEvent, string, error) {
	first := userRegistrationKey(userID, "")
	q := s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.BeginsWith, first.SK)
	if after != "" {
		if !domain.ValidRegistrationID(after) {
			return nil, "", domain.ErrBadCursor
		}
		q = s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.Greater, userRegistrationKey(userID, after).SK)
	}
	var regs []userRegistrationItem
	if err := q.Limit(limit).All(ctx, &regs); err != nil {
		return nil, "", fmt.Errorf("list registrations of %s: %w", userID, err)
	}
	full := len(regs) == limit
	if n := fitBatch(regs); n < len(regs) {
		regs, full = regs[:n], true
	}
	next := ""
	if full && len(regs) > 0 {
		next = regs[len(regs)-1].ID
	}
	out, err := s.registeredEvents(ctx, userID, regs)
	return out, next, err
}

// batchGetKeys is the most keys one BatchGetItem reads.
const batchGetKeys = 100

// fitBatch is how many of regs one BatchGetItem can join: each new event
// takes a key, and its counter another when the registration waits.
func fitBatch(regs []userRegistrationItem) int {
	keys := 0
	seen := map[string]bool{}
	for i, r := range regs {
		for _, k := range r.joinKeys() {
			if !seen[k] {
				keys++
			}
		}
		if keys > batchGetKeys {
			return i
		}
		for _, k := range r.joinKeys() {
			seen[k] = true
		}
	}
	return len(regs)
}

// joinKeys names what registeredEvents reads for r: its event's item,
// and its counter when it waits.
func (r userRegistrationItem) joinKeys() []string {
	if r.Status == string(domain.StatusWaitlisted) {
		return []string{"E" + r.EventID, "S" + r.EventID}
	}
	return []string{"E" + r.EventID}
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

// registeredEvents joins registrations of userID with their events and,
// for those waiting, their events' counters: one BatchGetItem.
func (s *Store) registeredEvents(ctx context.Context, userID string, regs []userRegistrationItem) ([]domain.RegisteredEvent, error) {
	if len(regs) == 0 {
		return []domain.RegisteredEvent{}, nil
	}
	keys := make([]dynamo.Keyed, 0, len(regs))
	seen := make(map[string]bool, len(regs))
	for _, r := range regs {
		for _, k := range r.joinKeys() {
			if seen[k] {
				continue
			}
			seen[k] = true
			if k[0] == 'S' {
				sk := seatsKey(r.EventID)
				keys = append(keys, dynamo.Keys{sk.PK, sk.SK})
			} else {
				ek := eventKey(r.EventID)
				keys = append(keys, dynamo.Keys{ek.PK, ek.SK})
			}
		}
	}
	var items []eventItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).
		Project(attrSK, "ID", "Title", "StartsAt", "EndsAt", "Location", "TimeZone", "Deleting", "Cancelled", "Waiting", "Served", "Gone", "OnlineURL", "Questions", "RetiredQuestions").All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("load events of %s's registrations: %w", userID, err)
	}
	events := make(map[string]domain.Event, len(items))
	queues := map[string]domain.Queue{}
	for _, it := range items {
		switch {
		case it.SK == seatsSK:
			queues[it.ID] = domain.Queue{Served: it.Served, Gone: it.Gone, Waiting: it.Waiting}
		case !it.Deleting:
			events[it.ID] = it.domain()
		}
	}
	out := make([]domain.RegisteredEvent, 0, len(regs))
	for _, r := range regs {
		if e, ok := events[r.EventID]; ok {
			status := domain.RegistrationStatus(r.Status)
			if status == "" {
				status = domain.StatusRegistered
			}
			reg := domain.Registration{ID: r.ID, EventID: r.EventID, UserID: userID, Status: status}
			if status == domain.StatusWaitlisted {
				reg.Position = queues[r.EventID].Position(r.Ticket)
			}
			out = append(out, domain.RegisteredEvent{Registration: reg, Event: e})
		}
	}
	return out, nil
}
