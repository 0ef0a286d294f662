package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

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

// CancelRegistration removes r, exactly once: its seat goes to the first
// person waiting, in the same transaction (so nobody passes the queue and
// seats never exceed capacity), or back to the event; a waitlisted
// registration gives up its place. Every transaction only applies while
// what it read still holds, and starts over otherwise. If the event itself
// is gone the registration is removed all the same.
func (s *Store) CancelRegistration(ctx context.Context, r domain.Registration) error {
	fail := func(err error) error { return fmt.Errorf("cancel registration %s: %w", r.ID, err) }
	for attempt := 0; attempt < registerAttempts; attempt++ {
		st, err := s.readRegistration(ctx, r.EventID, r.UserID)
		if err != nil {
			return fail(err)
		}
		att, seats := st.att, st.seats
		if att == nil || att.RegistrationID != r.ID {
			return fail(domain.ErrNotFound)
		}
		var head *waitItem
		if seats != nil && !att.waitlisted() && seats.Waiting > 0 {
			if head, err = s.queueHead(ctx, r.EventID); err != nil {
				return fail(err)
			}
		}
		err = s.runTx(ctx, func() *dynamo.WriteTx { return s.cancelTx(r, *att, seats, head, !st.leaving, time.Now()) })
		reasons := cancelReasons(err)
		switch {
		case err == nil:
			return nil
		case failedAt(reasons, 0):
			return fail(domain.ErrNotFound)
		case !hasConditionFailure(reasons):
			return fail(err)
		}
		pause(ctx, attempt) // the event or the queue changed since the read
	}
	return fail(domain.ErrBusy)
}

// departureItem tells the mailer (by its insert in the table's stream)
// that a person gave up a registration, and whether it was a seat or a
// place in the queue: the stream carries new images only, so the removed
// attendee item cannot say what it was. It holds the account's id, no
// name; the mailer deletes it once read, and it expires once the stream
// has long moved on.
type departureItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	EventID string
	UserID  string
	Status  string
	Expires time.Time `dynamo:"TTL,unixtime"`
}

// departureTTL is how long a departure is kept: a day, the stream's.
const departureTTL = 24 * time.Hour

// DeleteDeparture removes the departure of registration regID once the
// mailer has read it (its stream record keeps what a retry needs), so it
// does not name the account for a day.
func (s *Store) DeleteDeparture(ctx context.Context, regID string) error {
	k := departureKey(regID)
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("delete departure %s: %w", regID, err)
	}
	return nil
}

// cancelTx removes r's items (item 0 is the registration, which must still
// exist), records the departure when told (tell: the account is not being
// deleted) and settles the counter as read: seats is nil for a deleted
// event, head the first person waiting when a seat passes to them.
func (s *Store) cancelTx(r domain.Registration, att attendeeItem, seats *seatsItem, head *waitItem, tell bool, now time.Time) *dynamo.WriteTx {
	rk, uk, dk := registrationKey(r.ID), userRegistrationKey(r.UserID, r.ID), departureKey(r.ID)
	status := domain.StatusRegistered
	if att.waitlisted() {
		status = domain.StatusWaitlisted
	}
	tx := s.db.WriteTx().
		Delete(s.table.Delete(attrPK, rk.PK).Range(attrSK, rk.SK).If("attribute_exists(PK) AND UserID = ?", r.UserID)).
		Delete(s.table.Delete(attrPK, att.PK).Range(attrSK, att.SK).If(attendeeAsRead(att), r.ID, string(domain.StatusWaitlisted))).
		Delete(s.table.Delete(attrPK, uk.PK).Range(attrSK, uk.SK))
	if tell {
		tx.Put(s.table.Put(departureItem{PK: dk.PK, SK: dk.SK, EventID: r.EventID, UserID: r.UserID, Status: string(status), Expires: now.Add(departureTTL)}))
	}
	if seats == nil {
		return tx
	}
	counter := s.table.Update(attrPK, seats.PK).Range(attrSK, seats.SK)
	if !att.CheckedInAt.IsZero() {
		counter = counter.Add("CheckedIn", -1)
	}
	switch {
	case att.waitlisted():
		wk := waitKey(r.EventID, r.ID)
		tx = tx.Delete(s.table.Delete(attrPK, wk.PK).Range(attrSK, wk.SK).If("attribute_exists(PK)"))
		counter = counter.Add("Waiting", -1).If("attribute_exists(PK) AND Waiting > ?", 0)
	case head != nil:
		s.promoteInTx(tx, r.EventID, *head)
		counter = counter.Add("Waiting", -1).If("attribute_exists(PK) AND Waiting > ?", 0)
	case seats.Waiting > 0:
		// The counter says people wait but the queue is empty: set it
		// right, giving the seat back.
		counter = counter.Add("SeatsTaken", -1).Set("Waiting", 0).If("attribute_exists(PK) AND Waiting = ?", seats.Waiting)
	default:
		counter = counter.Add("SeatsTaken", -1).
			If("attribute_exists(PK) AND SeatsTaken > ? AND (attribute_not_exists(Waiting) OR Waiting = ?)", 0, 0)
	}
	return tx.Update(counter)
}

// attendeeAsRead is the condition (on the registration id and the
// waitlisted status) that an attendee item is still in the state att was
// read in: neither promoted nor checked in since.
func attendeeAsRead(att attendeeItem) string {
	cond := "RegistrationID = ? AND "
	if att.waitlisted() {
		cond += "'Status' = ?"
	} else {
		cond += "(attribute_not_exists('Status') OR 'Status' <> ?)"
	}
	if att.CheckedInAt.IsZero() {
		return cond + " AND attribute_not_exists(CheckedInAt)"
	}
	return cond + " AND attribute_exists(CheckedInAt)"
}

// promoteInTx adds to tx what gives the seat to head: its place leaves the
// queue and its registration becomes a seat, while still waitlisted. The
// attendee item is marked Promoted, which tells the mailer (it sees only
// new images) that this change gave a seat.
func (s *Store) promoteInTx(tx *dynamo.WriteTx, eventID string, head waitItem) {
	ak, uk := attendeeKey(eventID, head.UserID), userRegistrationKey(head.UserID, head.RegistrationID)
	registered := string(domain.StatusRegistered)
	tx.Delete(s.table.Delete(attrPK, head.PK).Range(attrSK, head.SK).If("attribute_exists(PK)")).
		Update(s.table.Update(attrPK, ak.PK).Range(attrSK, ak.SK).Set("Status", registered).Set("Promoted", true).
			If("RegistrationID = ? AND 'Status' = ?", head.RegistrationID, string(domain.StatusWaitlisted))).
		Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("Status", registered).If("attribute_exists(PK)"))
}

// registrationState is what a cancel reads: the person's attendee item
// and the event's counter (either nil when absent), and whether the
// account is being deleted (its deletion cancels quietly).
type registrationState struct {
	att     *attendeeItem
	seats   *seatsItem
	leaving bool
}

// readRegistration reads a person's attendee item, the event's counter and
// the account in one strongly consistent BatchGetItem.
func (s *Store) readRegistration(ctx context.Context, eventID, userID string) (registrationState, error) {
	ak, sk, uk := attendeeKey(eventID, userID), seatsKey(eventID), userKey(userID)
	var items []map[string]types.AttributeValue
	err := s.table.Batch(attrPK, attrSK).Get(dynamo.Keys{ak.PK, ak.SK}, dynamo.Keys{sk.PK, sk.SK}, dynamo.Keys{uk.PK, uk.SK}).
		Consistent(true).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return registrationState{}, fmt.Errorf("read registration of %s for event %s: %w", userID, eventID, err)
	}
	st := registrationState{leaving: true}
	for _, item := range items {
		sk, _ := item[attrSK].(*types.AttributeValueMemberS)
		switch {
		case sk != nil && sk.Value == seatsSK:
			st.seats = new(seatsItem)
			err = dynamo.UnmarshalItem(item, st.seats)
		case sk != nil && sk.Value == uk.SK:
			var u userItem
			err = dynamo.UnmarshalItem(item, &u)
			st.leaving = u.Deleting
		default:
			st.att = new(attendeeItem)
			err = dynamo.UnmarshalItem(item, st.att)
		}
		if err != nil {
			return registrationState{}, fmt.Errorf("decode registration of %s for event %s: %w", userID, eventID, err)
		}
	}
	return st, nil
}

// queueHead reads the first person waiting for eventID, or nil.
func (s *Store) queueHead(ctx context.Context, eventID string) (*waitItem, error) {
	heads, err := s.queue(ctx, eventID, 1)
	if err != nil || len(heads) == 0 {
		return nil, err
	}
	return &heads[0], nil
}

// queue reads the first n people waiting for eventID (one strongly
// consistent Query).
func (s *Store) queue(ctx context.Context, eventID string, n int) ([]waitItem, error) {
	var heads []waitItem
	err := s.table.Get(attrPK, eventKey(eventID).PK).Range(attrSK, dynamo.BeginsWith, waitPrefix).
		Consistent(true).Limit(n).All(ctx, &heads)
	if err != nil {
		return nil, fmt.Errorf("read the queue of event %s: %w", eventID, err)
	}
	return heads, nil
}

// promoteBatch bounds the people one transaction promotes: three items
// each and the counter, within a transaction's 100.
const promoteBatch = 25

// PromoteWaiting gives the event's free seats to the people waiting, in
// queue order, as many as fit (after a capacity raise). Each transaction
// applies only while the counter is as read, so it never overbooks and
// races no cancel.
func (s *Store) PromoteWaiting(ctx context.Context, eventID string) error {
	for attempt := 0; attempt < registerAttempts; {
		seats, err := s.seats(ctx, eventID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		free := seats.Capacity - seats.SeatsTaken
		if free <= 0 || seats.Waiting == 0 {
			return nil
		}
		heads, err := s.queue(ctx, eventID, min(free, seats.Waiting, promoteBatch))
		if err != nil || len(heads) == 0 {
			return err
		}
		err = s.runTx(ctx, func() *dynamo.WriteTx {
			tx := s.db.WriteTx().Update(s.table.Update(attrPK, seats.PK).Range(attrSK, seats.SK).
				Add("SeatsTaken", len(heads)).Add("Waiting", -len(heads)).
				If("SeatsTaken = ? AND 'Capacity' = ? AND Waiting = ?", seats.SeatsTaken, seats.Capacity, seats.Waiting))
			for _, h := range heads {
				s.promoteInTx(tx, eventID, h)
			}
			return tx
		})
		switch {
		case err == nil:
		case hasConditionFailure(cancelReasons(err)):
			pause(ctx, attempt)
			attempt++
		default:
			return fmt.Errorf("promote the queue of event %s: %w", eventID, err)
		}
	}
	return fmt.Errorf("promote the queue of event %s: %w", eventID, domain.ErrBusy)
}

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
