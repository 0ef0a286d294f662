package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Registration refusals, each wrapping domain.ErrConflict.
var (
	ErrAlreadyRegistered = fmt.Errorf("already registered: %w", domain.ErrConflict)
	ErrEventFull         = fmt.Errorf("event full: %w", domain.ErrConflict)
	ErrEventStarted      = fmt.Errorf("event started: %w", domain.ErrConflict)
)

// registrationItem finds a registration by its id (a cancel names only
// that) and tells whose it is.
type registrationItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	ID      string
	EventID string
	UserID  string
	Created time.Time
}

// userRegistrationItem lists a registration in its person's partition.
type userRegistrationItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	ID      string
	EventID string
}

// registrationItems are the attendee, registration and person's items of
// r, none of them in an index: a registration writes no index copy.
func registrationItems(r domain.Registration) []any {
	ak, rk, uk := attendeeKey(r.EventID, r.UserID), registrationKey(r.ID), userRegistrationKey(r.UserID, r.ID)
	return []any{
		attendeeItem{PK: ak.PK, SK: ak.SK, RegistrationID: r.ID},
		registrationItem{PK: rk.PK, SK: rk.SK, ID: r.ID, EventID: r.EventID, UserID: r.UserID, Created: r.Created},
		userRegistrationItem{PK: uk.PK, SK: uk.SK, ID: r.ID, EventID: r.EventID},
	}
}

func (it registrationItem) domain() domain.Registration {
	return domain.Registration{ID: it.ID, EventID: it.EventID, UserID: it.UserID, Created: it.Created}
}

// attendeeItem sits in the event's partition: it makes "one registration
// per person per event" a key constraint and lets a deleted event find its
// registrations.
type attendeeItem struct {
	PK             string `dynamo:"PK,hash"`
	SK             string `dynamo:"SK,range"`
	RegistrationID string
}

// Register takes a seat: in one transaction it increments the event's
// seat counter (only while seats remain and the event has not started),
// reserves the person's place and writes the registration and its entry
// in the person's list. Concurrent requests can therefore never overbook.
func (s *Store) Register(ctx context.Context, r domain.Registration, now time.Time) error {
	ek, items := seatsKey(r.EventID), registrationItems(r)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, ek.PK).Range(attrSK, ek.SK).Add("SeatsTaken", 1).
				If("attribute_exists(PK) AND SeatsTaken < 'Capacity' AND StartsAt > ?", sortTime(now))).
			Put(s.putNew(items[0])).Put(s.putNew(items[1])).Put(s.table.Put(items[2]))
	})
	reasons := cancelReasons(err)
	switch {
	case err == nil:
		return nil
	case failedAt(reasons, 0):
		err = s.explainRegisterRefusal(ctx, r.EventID, now, failedAt(reasons, 1))
	case failedAt(reasons, 1):
		err = ErrAlreadyRegistered
	}
	return fmt.Errorf("register %s for event %s: %w", r.UserID, r.EventID, err)
}

// explainRegisterRefusal finds out why the event refused a seat: an event
// gone (or being deleted) outranks the person's existing place, which
// outranks a start or a full house.
func (s *Store) explainRegisterRefusal(ctx context.Context, eventID string, now time.Time, registered bool) error {
	e, err := s.Event(ctx, eventID)
	switch {
	case err != nil:
		return err
	case registered:
		return ErrAlreadyRegistered
	case e.Started(now):
		return ErrEventStarted
	default:
		return ErrEventFull
	}
}

// AttendeeRegistration returns the id of userID's registration for
// eventID (one strongly consistent GetItem, so a registration made a
// moment ago is seen).
func (s *Store) AttendeeRegistration(ctx context.Context, eventID, userID string) (string, error) {
	var it attendeeItem
	if err := s.get(ctx, attendeeKey(eventID, userID), &it, true); err != nil {
		return "", fmt.Errorf("get registration of %s for event %s: %w", userID, eventID, err)
	}
	return it.RegistrationID, nil
}

// Registration reads one registration.
func (s *Store) Registration(ctx context.Context, id string) (domain.Registration, error) {
	var it registrationItem
	if err := s.get(ctx, registrationKey(id), &it, true); err != nil {
		return domain.Registration{}, fmt.Errorf("get registration %s: %w", id, err)
	}
	return it.domain(), nil
}

// CancelRegistration removes r and gives its seat back, exactly once: the
// transaction only applies while the registration still exists. If the
// event itself is gone the registration is removed all the same.
func (s *Store) CancelRegistration(ctx context.Context, r domain.Registration) error {
	ek, ak, rk, uk := seatsKey(r.EventID), attendeeKey(r.EventID, r.UserID), registrationKey(r.ID), userRegistrationKey(r.UserID, r.ID)
	withSeat := true
	for {
		err := s.runTx(ctx, func() *dynamo.WriteTx {
			tx := s.db.WriteTx().
				Delete(s.table.Delete(attrPK, rk.PK).Range(attrSK, rk.SK).If("attribute_exists(PK) AND UserID = ?", r.UserID)).
				Delete(s.table.Delete(attrPK, ak.PK).Range(attrSK, ak.SK)).
				Delete(s.table.Delete(attrPK, uk.PK).Range(attrSK, uk.SK))
			if withSeat {
				tx = tx.Update(s.table.Update(attrPK, ek.PK).Range(attrSK, ek.SK).Add("SeatsTaken", -1).
					If("attribute_exists(PK) AND SeatsTaken > ?", 0))
			}
			return tx
		})
		reasons := cancelReasons(err)
		switch {
		case err == nil:
			return nil
		case failedAt(reasons, 0):
			return fmt.Errorf("cancel registration %s: %w", r.ID, domain.ErrNotFound)
		case withSeat && failedAt(reasons, 3):
			withSeat = false // the event was deleted; nothing to give back
			continue
		}
		return fmt.Errorf("cancel registration %s: %w", r.ID, err)
	}
}

// UserRegistrations lists a person's registrations in the order they were
// made, limit at a time, joined with their events: one Query of the
// person's partition and one BatchGetItem of the page's events, reading
// only what the list shows.
// Registrations whose event no longer exists, or is being deleted, are
// left out. after is the previous page's cursor; the returned one is ""
// on the last page.
func (s *Store) UserRegistrations(ctx context.Context, userID, after string, limit int) ([]domain.RegisteredEvent, string, error) {
	first := userRegistrationKey(userID, "")
	q := s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.BeginsWith, first.SK)
	if after != "" {
		if !domain.ValidID(after) {
			return nil, "", ErrBadCursor
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
	if len(regs) == 0 {
		return []domain.RegisteredEvent{}, next, nil
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
	err := s.table.Batch(attrPK, attrSK).Get(keys...).
		Project("ID", "Title", "StartsAt", "EndsAt", "Location", "Deleting").All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, "", fmt.Errorf("load events of %s's registrations: %w", userID, err)
	}
	events := make(map[string]domain.Event, len(items))
	for _, it := range items {
		if !it.Deleting {
			events[it.ID] = it.domain()
		}
	}
	out := make([]domain.RegisteredEvent, 0, len(regs))
	for _, r := range regs {
		if e, ok := events[r.EventID]; ok {
			out = append(out, domain.RegisteredEvent{Registration: domain.Registration{ID: r.ID, EventID: r.EventID, UserID: userID}, Event: e})
		}
	}
	return out, next, nil
}
