package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// A registration is three items, none of them in an index, so taking a
// seat writes no index copy: the attendee item in the event's partition
// (its key makes "one registration per person per event" a key
// constraint; it carries the status and what the organizer's list shows),
// the registration item (a cancel names only the registration's id) and
// the entry in the person's partition (their list, in the order made).
// A waitlisted registration adds a waitItem, whose key orders the queue.

// registrationItem finds a registration by its id and tells whose it is.
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
	Status  string `dynamo:",omitempty"`
}

// attendeeItem is a registration as its event sees it.
type attendeeItem struct {
	PK             string `dynamo:"PK,hash"`
	SK             string `dynamo:"SK,range"`
	RegistrationID string
	Username       string    `dynamo:",omitempty"`
	FirstName      string    `dynamo:",omitempty"`
	LastName       string    `dynamo:",omitempty"`
	Email          string    `dynamo:",omitempty"`
	Created        time.Time `dynamo:",omitempty"`
	// Status is "registered" or "waitlisted"; "" (items written before
	// the waitlist existed) reads as registered.
	Status      string    `dynamo:",omitempty"`
	CheckedInAt time.Time `dynamo:",omitempty"`
	// TicketVersion is the version of the ticket page's link (0 until a
	// reset).
	TicketVersion int `dynamo:",omitempty"`
	// Search is the folded names and email an attendee search matches.
	Search string `dynamo:",omitempty"`
}

// waitItem is a place in an event's queue: its sort key holds the
// registration's id, a ULID made when the request arrived, so a Query
// reads the queue in arrival order.
type waitItem struct {
	PK             string `dynamo:"PK,hash"`
	SK             string `dynamo:"SK,range"`
	RegistrationID string
	UserID         string
}

func newAttendeeItem(a domain.Attendee) attendeeItem {
	k := attendeeKey(a.EventID, a.UserID)
	return attendeeItem{
		PK: k.PK, SK: k.SK, RegistrationID: a.ID,
		Username: a.Username, FirstName: a.FirstName, LastName: a.LastName, Email: a.Email,
		Created: a.Created, Status: string(a.Status), CheckedInAt: a.CheckedIn, TicketVersion: a.TicketVersion,
		Search: fold(strings.Join([]string{a.FirstName, a.LastName, a.Username, a.Email}, " ")),
	}
}

func (it attendeeItem) domain(eventID string) domain.Attendee {
	status := domain.RegistrationStatus(it.Status)
	if status == "" {
		status = domain.StatusRegistered
	}
	return domain.Attendee{
		Registration: domain.Registration{
			ID: it.RegistrationID, EventID: eventID, UserID: strings.TrimPrefix(it.SK, attendeePrefix),
			Created: it.Created, Status: status, CheckedIn: it.CheckedInAt, TicketVersion: it.TicketVersion,
		},
		Username: it.Username, FirstName: it.FirstName, LastName: it.LastName, Email: it.Email,
	}
}

func (it attendeeItem) waitlisted() bool { return it.Status == string(domain.StatusWaitlisted) }

// registrationItems are the attendee, registration and person's items of a.
func registrationItems(a domain.Attendee) []any {
	rk, uk := registrationKey(a.ID), userRegistrationKey(a.UserID, a.ID)
	return []any{
		newAttendeeItem(a),
		registrationItem{PK: rk.PK, SK: rk.SK, ID: a.ID, EventID: a.EventID, UserID: a.UserID, Created: a.Created},
		userRegistrationItem{PK: uk.PK, SK: uk.SK, ID: a.ID, EventID: a.EventID, Status: string(a.Status)},
	}
}

func (it registrationItem) domain() domain.Registration {
	return domain.Registration{ID: it.ID, EventID: it.EventID, UserID: it.UserID, Created: it.Created}
}

// registerAttempts bounds how often Register and CancelRegistration start
// over when the event changed between their read and their write.
const registerAttempts = 12

// Register runs the registration place decides, and returns it with its
// status (and position, when waitlisted). It first tries a seat, the
// common case, in one transaction that increments the seat counter only
// while seats remain, nobody is waiting and the event has not started, and
// writes the registration's items; so concurrent requests never overbook,
// and nobody passes the people already waiting. When the counter refuses,
// it reads the counter and runs what place decides from it: a seat again
// (one was given back), a place in the queue (whose transaction holds only
// while the counter is still full, or people wait), or place's refusal.
func (s *Store) Register(ctx context.Context, a domain.Attendee, now time.Time, place func(domain.SeatCounter) (domain.RegistrationStatus, error)) (domain.Registration, error) {
	fail := func(err error) (domain.Registration, error) {
		return domain.Registration{}, fmt.Errorf("register %s for event %s: %w", a.UserID, a.EventID, err)
	}
	a.Status = domain.StatusRegistered
	for attempt := 0; attempt < 2*registerAttempts; attempt++ {
		err := s.placeTx(ctx, a, now)
		reasons := cancelReasons(err)
		switch {
		case err == nil && a.Status == domain.StatusWaitlisted:
			if a.Position, err = s.waitPosition(ctx, a.EventID, a.ID); err != nil {
				return fail(err)
			}
			return a.Registration, nil
		case err == nil:
			return a.Registration, nil
		case failedAt(reasons, registrantCheck):
			return fail(domain.ErrAccountDeleting)
		case failedAt(reasons, 1):
			return fail(s.explainRegistered(ctx, a.EventID))
		case !failedAt(reasons, 0):
			return fail(err)
		}
		if a.Status == domain.StatusWaitlisted {
			pause(ctx, attempt/2) // the event changed between the read and the write
		}
		seats, err := s.seats(ctx, a.EventID)
		if err != nil {
			return fail(err)
		}
		if a.Status, err = place(seats.counter()); err != nil {
			return fail(err)
		}
	}
	return fail(domain.ErrBusy)
}

// placeTx is the transaction of a.Status: a seat or a place in the queue.
func (s *Store) placeTx(ctx context.Context, a domain.Attendee, now time.Time) error {
	if a.Status == domain.StatusWaitlisted {
		return s.joinWaitlist(ctx, a, now)
	}
	return s.takeSeat(ctx, a, now)
}

// registrantCheck is the index, in Register's transactions, of the check
// that the person's account exists and is not being deleted: checked in
// the transaction, a registration either lands before the deletion's mark
// (and the deletion's strongly consistent sweep finds it) or not at all.
const registrantCheck = 4

func (s *Store) registrantLive(userID string) *dynamo.ConditionCheck {
	k := userKey(userID)
	return s.table.Check(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_exists(PK) AND attribute_not_exists(Deleting)")
}

// takeSeat is Register's transaction for a seat: item 0 is the counter,
// item 1 the person's place, item registrantCheck their account.
func (s *Store) takeSeat(ctx context.Context, a domain.Attendee, now time.Time) error {
	sk, items := seatsKey(a.EventID), registrationItems(a)
	return s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("SeatsTaken", 1).
				If("attribute_exists(PK) AND attribute_not_exists(Cancelled) AND SeatsTaken < 'Capacity' AND StartsAt > ? AND (attribute_not_exists(Waiting) OR Waiting = ?)", sortTime(now), 0)).
			Put(s.putNew(items[0])).Put(s.putNew(items[1])).Put(s.table.Put(items[2])).
			Check(s.registrantLive(a.UserID))
	})
}

// joinWaitlist is Register's transaction for a place in the queue: item 0
// is the counter, which must still be full (or have people waiting) and
// keep a waitlist, item 1 the person's place, item registrantCheck their
// account.
func (s *Store) joinWaitlist(ctx context.Context, a domain.Attendee, now time.Time) error {
	sk, wk, items := seatsKey(a.EventID), waitKey(a.EventID, a.ID), registrationItems(a)
	return s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("Waiting", 1).
				If("attribute_exists(PK) AND attribute_not_exists(Cancelled) AND Waitlist = ? AND StartsAt > ? AND (SeatsTaken >= 'Capacity' OR Waiting > ?)", true, sortTime(now), 0)).
			Put(s.putNew(items[0])).Put(s.putNew(items[1])).Put(s.table.Put(items[2])).
			Check(s.registrantLive(a.UserID)).
			Put(s.table.Put(waitItem{PK: wk.PK, SK: wk.SK, RegistrationID: a.ID, UserID: a.UserID}))
	})
}

// explainRegistered tells a person already registered from an event being
// deleted (whose registrations are still being removed).
func (s *Store) explainRegistered(ctx context.Context, eventID string) error {
	if _, err := s.seats(ctx, eventID); err != nil {
		return err
	}
	return domain.ErrAlreadyRegistered
}

// pause waits a little, more after each attempt, before a read-then-write
// starts over, so competing requests spread out.
func pause(ctx context.Context, attempt int) {
	d := time.Duration(5+rand.N(10*(attempt+1))) * time.Millisecond
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// seats reads an event's counter (strongly consistent); a deleted or
// deleting event has none.
func (s *Store) seats(ctx context.Context, eventID string) (seatsItem, error) {
	var it seatsItem
	if err := s.get(ctx, seatsKey(eventID), &it, true); err != nil {
		return it, fmt.Errorf("get seats of event %s: %w", eventID, err)
	}
	return it, nil
}

// waitPosition is a waitlisted registration's place in its queue: one
// COUNT Query of the places before it.
func (s *Store) waitPosition(ctx context.Context, eventID, regID string) (int, error) {
	wk := waitKey(eventID, regID)
	ahead, err := s.table.Get(attrPK, wk.PK).Range(attrSK, dynamo.Between, waitPrefix, wk.SK).
		Consistent(true).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count the queue of event %s: %w", eventID, err)
	}
	return ahead, nil // Between includes the registration's own place
}

// Attendee reads userID's registration for eventID (one strongly
// consistent GetItem, so a registration made a moment ago is seen, plus
// a COUNT Query of the queue when it is waitlisted).
func (s *Store) Attendee(ctx context.Context, eventID, userID string) (domain.Attendee, error) {
	var it attendeeItem
	if err := s.get(ctx, attendeeKey(eventID, userID), &it, true); err != nil {
		return domain.Attendee{}, fmt.Errorf("get registration of %s for event %s: %w", userID, eventID, err)
	}
	a := it.domain(eventID)
	if it.waitlisted() {
		var err error
		if a.Position, err = s.waitPosition(ctx, eventID, a.ID); err != nil {
			return domain.Attendee{}, err
		}
	}
	return a, nil
}

// Registration reads one registration.
func (s *Store) Registration(ctx context.Context, id string) (domain.Registration, error) {
	var it registrationItem
	if err := s.get(ctx, registrationKey(id), &it, true); err != nil {
		return domain.Registration{}, fmt.Errorf("get registration %s: %w", id, err)
	}
	return it.domain(), nil
}
