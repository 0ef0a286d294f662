package store

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// A registration is two items, none of them in an index, so taking a seat
// writes no index copy: the attendee item in the event's partition (its
// key makes "one registration per person per event" a key constraint; it
// carries the status and what the organizer's list shows) and the entry in
// the person's partition (their list, in the order made), which its id
// finds, since the id names the person (domain.NewRegistrationID). A
// registration made before ids named their holder has a third, the
// registration item, which its id finds. A waitlisted registration adds a
// waitItem, whose key orders the queue.

// registrationItem finds a registration of before by its id and tells
// whose it is. The fields it shares with userRegistrationItem are what
// Registration reads from either.
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
	// UserID and Created are the registration's, for Registration (entries
	// from before ids named their holder have none: their registration
	// item has them).
	UserID  string    `dynamo:",omitempty"`
	Created time.Time `dynamo:",omitempty"`
	Status  string    `dynamo:",omitempty"`
	// Ticket is a waitlisted registration's number in the queue, so
	// the person's list tells the place with the event's counter.
	Ticket *int `dynamo:",omitempty"`
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
	// Ticket is the number a waitlisted registration took in the queue
	// (absent on places taken before tickets existed, until a Backfill).
	Ticket *int `dynamo:",omitempty"`
	// Answers are the person's answers to the event's questions, by
	// question id (their bytes are the registration write's only growth).
	Answers map[string][]string `dynamo:",omitempty"`
	// Approved marks a request its organizer approved, so the mailer
	// tells it (the stream carries new images only).
	Approved bool `dynamo:",omitempty"`
	// Guest marks a guest's registration (guests.go).
	Guest bool `dynamo:",omitempty"`
	// Claimed marks a guest's registration moved to an account: its
	// insert is no new registration, and mails nothing.
	Claimed bool `dynamo:",omitempty"`
	// Language is the holder's as they registered, which the mails of the
	// registration are written in (absent on older items: English).
	Language string `dynamo:",omitempty"`
}

// waitItem is a place in an event's queue: its sort key holds its ticket
// number (waitKey), so a Query reads the queue in ticket order.
type waitItem struct {
	PK             string `dynamo:"PK,hash"`
	SK             string `dynamo:"SK,range"`
	RegistrationID string
	UserID         string
	Ticket         *int `dynamo:",omitempty"`
}

func newAttendeeItem(a domain.Attendee, ticket *int) attendeeItem {
	k := attendeeKey(a.EventID, a.UserID)
	return attendeeItem{
		PK: k.PK, SK: k.SK, RegistrationID: a.ID,
		Username: a.Username, FirstName: a.FirstName, LastName: a.LastName, Email: a.Email,
		Created: a.Created, Status: string(a.Status), CheckedInAt: a.CheckedIn, TicketVersion: a.TicketVersion,
		Search: fold(strings.Join([]string{a.FirstName, a.LastName, a.Username, a.Email}, " ")), Ticket: ticket,
		Answers: a.Answers, Guest: a.Guest, Language: a.Language,
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
			Answers: it.Answers, Guest: it.Guest,
		},
		Username: it.Username, FirstName: it.FirstName, LastName: it.LastName, Email: it.Email,
		Language: it.Language,
	}
}

func (it attendeeItem) waitlisted() bool { return it.Status == string(domain.StatusWaitlisted) }

// seated reports whether the attendee holds a seat ("" is a seat taken
// before statuses were written).
func (it attendeeItem) seated() bool {
	return it.Status == "" || it.Status == string(domain.StatusRegistered)
}

// waitKey is the key of the attendee's place in the queue of eventID.
func (it attendeeItem) waitKey(eventID string) key {
	return waitKey(eventID, it.RegistrationID, it.Ticket)
}

// registrationItems are the attendee and person's items of a (in this
// order), with its ticket when it waits, and its registration item when
// its id does not name its holder.
func registrationItems(a domain.Attendee, ticket *int) []any {
	uk := userRegistrationKey(a.UserID, a.ID)
	items := []any{
		newAttendeeItem(a, ticket),
		userRegistrationItem{PK: uk.PK, SK: uk.SK, ID: a.ID, EventID: a.EventID, UserID: a.UserID, Created: a.Created, Status: string(a.Status), Ticket: ticket},
	}
	if _, named := domain.RegistrationHolder(a.ID); !named {
		rk := registrationKey(a.ID)
		items = append(items, registrationItem{PK: rk.PK, SK: rk.SK, ID: a.ID, EventID: a.EventID, UserID: a.UserID, Created: a.Created})
	}
	return items
}

// putRegistration adds the puts of items (of registrationItems) to tx,
// each only where nothing is.
func (s *Store) putRegistration(tx *dynamo.WriteTx, items []any) *dynamo.WriteTx {
	for _, it := range items {
		tx = tx.Put(s.putNew(it))
	}
	return tx
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
// (one was given back), a place in the queue (a ticket number, then a
// transaction that holds only while the counter is still full, or people
// wait), or place's refusal. Once a transaction has committed, nothing
// more is asked of the table, so a committed registration never answers
// an error.
func (s *Store) Register(ctx context.Context, a domain.Attendee, now time.Time, place func(domain.SeatCounter) (domain.RegistrationStatus, error)) (domain.Registration, error) {
	fail := func(err error) (domain.Registration, error) {
		return domain.Registration{}, fmt.Errorf("register %s for event %s: %w", a.UserID, a.EventID, err)
	}
	a.Status = domain.StatusRegistered
	var queue domain.Queue // where the queue stood at the last read of the counter
	for attempt := 0; attempt < 2*registerAttempts; attempt++ {
		err := s.placeTx(ctx, &a, now, queue, attempt)
		reasons := cancelReasons(err)
		switch refused := refusedRegistrant(reasons, a); {
		case err == nil:
			return a.Registration, nil
		case refused != nil:
			return fail(refused)
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
		queue = seats.queue()
		if a.Status, err = place(seats.counter()); err != nil {
			return fail(err)
		}
	}
	return fail(domain.ErrBusy)
}

// placeTx is the transaction of a.Status: a seat or a place in the queue
// (whose position it sets, from queue), on Register's attempt.
func (s *Store) placeTx(ctx context.Context, a *domain.Attendee, now time.Time, queue domain.Queue, attempt int) error {
	if a.Status == domain.StatusWaitlisted {
		return s.joinWaitlist(ctx, a, now, queue)
	}
	return s.takeSeat(ctx, *a, now, fmt.Sprintf("%s.s%d", txToken(a.ID), attempt))
}

// registrantCheck is the index, in Register's transactions, of the check
// that the person's account exists and is not being deleted: checked in
// the transaction, a registration either lands before the deletion's mark
// (and the deletion's strongly consistent sweep finds it) or not at all.
// A guest's transaction writes the guest's profile there instead
// (withRegistrant).
const registrantCheck = 2

func (s *Store) registrantLive(userID string) *dynamo.ConditionCheck {
	k := userKey(userID)
	return s.table.Check(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_exists(PK) AND attribute_not_exists(Deleting)")
}

// takeSeat is Register's transaction for a seat (token its idempotency
// token, runTxSure): item 0 is the counter, item 1 the person's place
// in the event, item registrantCheck their account, then the items that
// find the registration (three items and a check).
func (s *Store) takeSeat(ctx context.Context, a domain.Attendee, now time.Time, token string) error {
	sk, items := seatsKey(a.EventID), registrationItems(a, nil)
	return s.runTxSure(ctx, token, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("SeatsTaken", 1).
				If("attribute_exists(PK) AND attribute_not_exists(Cancelled) AND SeatsTaken < 'Capacity' AND StartsAt > ? AND (attribute_not_exists(Waiting) OR Waiting = ?)", sortTime(now), 0)).
			Put(s.putNew(items[0]))
		return s.putRegistration(s.withRegistrant(tx, a, now), items[1:])
	})
}

// txToken is what names registration id in an idempotency token (at most
// 36 characters): its own ULID, unique to it.
func txToken(id string) string { return id[:min(len(id), 26)] }

// queueOpen is the counter's condition for a place in the queue: the
// event keeps a waitlist, is neither cancelled nor started (the argument),
// and is full or has people waiting.
const queueOpen = "attribute_exists(PK) AND attribute_not_exists(Cancelled) AND Waitlist = ? AND StartsAt > ? AND (SeatsTaken >= 'Capacity' OR Waiting > ?)"

// joinWaitlist gives a a place in the queue: it takes the next ticket
// number from the event's ticket counter (an atomic increment of an item
// of its own, so concurrent joins get distinct, consecutive numbers
// without retrying each other, and without holding up the transactions on
// the seat counter), then writes the place in a transaction whose item 0
// is the seat counter, which must still queue people, item 1 the person's
// place and item registrantCheck their account. The position is the
// ticket against queue, the seat counter as last read. A ticket whose
// transaction was refused is noted gone, so nobody behind it is told a
// place too far back.
func (s *Store) joinWaitlist(ctx context.Context, a *domain.Attendee, now time.Time, queue domain.Queue) error {
	tk := ticketsKey(a.EventID)
	var taken struct{ Tickets int }
	err := s.table.Update(attrPK, tk.PK).Range(attrSK, tk.SK).Add("Tickets", 1).Value(ctx, &taken)
	if err != nil {
		return fmt.Errorf("take a ticket for event %s: %w", a.EventID, err)
	}
	ticket := taken.Tickets
	sk, wk, items := seatsKey(a.EventID), waitKey(a.EventID, a.ID, &ticket), registrationItems(*a, &ticket)
	err = s.runTxSure(ctx, fmt.Sprintf("%s.%x", txToken(a.ID), ticket), func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("Waiting", 1).If(queueOpen, true, sortTime(now), 0)).
			Put(s.putNew(items[0]))
		return s.putRegistration(s.withRegistrant(tx, *a, now), items[1:]).
			Put(s.table.Put(waitItem{PK: wk.PK, SK: wk.SK, RegistrationID: a.ID, UserID: a.UserID, Ticket: &ticket}))
	})
	if cancelReasons(err) != nil { // refused: nothing of it was written
		s.forgetTicket(ctx, sk, ticket, len(queue.Gone))
	}
	if err != nil {
		return err
	}
	queue.Waiting = 0 // as last read, before joins still writing their places
	a.Position = queue.Position(&ticket)
	return nil
}

// forgetTicket notes ticket gone when the queue has room to remember it
// (gone counts the tickets it remembered when read). At worst, not noted,
// the places told behind it are one too far back.
func (s *Store) forgetTicket(ctx context.Context, sk key, ticket, gone int) {
	if gone >= domain.MaxGone {
		return
	}
	err := s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).AddIntsToSet("Gone", ticket).If("attribute_exists(PK)").Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		slog.WarnContext(ctx, "note a queue ticket gone", "ticket", ticket, "err", err)
	}
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

// Registration reads one registration (one GetItem: its holder's entry,
// or the registration item of one from before).
func (s *Store) Registration(ctx context.Context, id string) (domain.Registration, error) {
	var it registrationItem
	if err := s.get(ctx, registrationLookupKey(id), &it, true); err != nil {
		return domain.Registration{}, fmt.Errorf("get registration %s: %w", id, err)
	}
	return it.domain(), nil
}
