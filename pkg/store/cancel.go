package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

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
		if seats != nil && att.seated() && seats.Waiting > 0 {
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

// cancelTx removes r's items (item 0 is the item its id finds, which must
// still exist), records the departure when told (tell: the account is not being
// deleted) and settles the counter as read: seats is nil for a deleted
// event, head the first person waiting when a seat passes to them.
func (s *Store) cancelTx(r domain.Registration, att attendeeItem, seats *seatsItem, head *waitItem, tell bool, now time.Time) *dynamo.WriteTx {
	lk, uk, dk := registrationLookupKey(r.ID), userRegistrationKey(r.UserID, r.ID), departureKey(r.ID)
	status := att.domain(r.EventID).Status
	asRead, args := attendeeAsRead(att)
	tx := s.db.WriteTx().
		Delete(s.table.Delete(attrPK, lk.PK).Range(attrSK, lk.SK).If("attribute_exists(PK) AND UserID = ?", r.UserID)).
		Delete(s.table.Delete(attrPK, att.PK).Range(attrSK, att.SK).If(asRead, args...))
	if lk != uk { // a registration from before ids named their holder
		tx.Delete(s.table.Delete(attrPK, uk.PK).Range(attrSK, uk.SK))
	}
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
	case status == domain.StatusPending:
		// A request withdrawn held no seat.
		counter = counter.Add("Pending", -1).If("attribute_exists(PK) AND Pending > ?", 0)
	case att.waitlisted():
		wk := att.waitKey(r.EventID)
		tx = tx.Delete(s.table.Delete(attrPK, wk.PK).Range(attrSK, wk.SK).If("attribute_exists(PK)"))
		if att.Ticket != nil && len(seats.Gone) < domain.MaxGone {
			counter = counter.AddIntsToSet("Gone", *att.Ticket) // those behind move up
		}
		counter = counter.Add("Waiting", -1).If("attribute_exists(PK) AND Waiting > ?", 0)
	case head != nil:
		s.promoteInTx(tx, r.EventID, *head)
		// The head's own place must still be there, so nobody was served
		// past it since the read, and Served and Gone move from as read.
		counter = served(counter.Add("Waiting", -1), *seats, *head).If("attribute_exists(PK) AND Waiting > ?", 0)
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

// attendeeAsRead is the condition, with its values, that an attendee item
// is still in the state att was read in: the same registration and status
// (neither given a seat, approved nor checked in since).
func attendeeAsRead(att attendeeItem) (string, []any) {
	cond := "RegistrationID = ? AND "
	if att.seated() {
		cond += "(attribute_not_exists('Status') OR 'Status' = ?)"
	} else {
		cond += "'Status' = ?"
	}
	args := []any{att.RegistrationID, string(att.domain("").Status)}
	if att.CheckedInAt.IsZero() {
		return cond + " AND attribute_not_exists(CheckedInAt)", args
	}
	return cond + " AND attribute_exists(CheckedInAt)", args
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
