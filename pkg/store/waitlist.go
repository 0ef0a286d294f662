package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// The waitlist: a waitItem per person waiting, in the event's partition,
// whose key orders the queue; seats pass to its head.

// promoteInTx adds to tx what gives the seat to head: its place leaves the
// queue and its registration becomes a seat, while still waitlisted. The
// attendee item is marked Promoted, which tells the mailer (it sees only
// new images) that this change gave a seat. The counter's update is the
// caller's (served says what it sets).
func (s *Store) promoteInTx(tx *dynamo.WriteTx, eventID string, head waitItem) {
	ak, uk := attendeeKey(eventID, head.UserID), userRegistrationKey(head.UserID, head.RegistrationID)
	registered := string(domain.StatusRegistered)
	tx.Delete(s.table.Delete(attrPK, head.PK).Range(attrSK, head.SK).If("attribute_exists(PK)")).
		Update(s.table.Update(attrPK, ak.PK).Range(attrSK, ak.SK).Set("Status", registered).Set("Promoted", true).
			If("RegistrationID = ? AND 'Status' = ?", head.RegistrationID, string(domain.StatusWaitlisted))).
		Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("Status", registered).If("attribute_exists(PK)"))
}

// served moves the counter's last served ticket to last's (seats pass in
// ticket order), forgetting the tickets gone below it, as the counter was
// read (the update's condition must hold it as read).
func served(counter *dynamo.Update, seats seatsItem, last waitItem) *dynamo.Update {
	if last.Ticket == nil {
		return counter // a place from before tickets
	}
	counter.Set("Served", *last.Ticket)
	var passed []int
	for _, g := range seats.Gone {
		if g < *last.Ticket {
			passed = append(passed, g)
		}
	}
	if len(passed) > 0 {
		counter.DeleteIntsFromSet("Gone", passed...)
	}
	return counter
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
			counter := s.table.Update(attrPK, seats.PK).Range(attrSK, seats.SK).
				Add("SeatsTaken", len(heads)).Add("Waiting", -len(heads)).
				If("SeatsTaken = ? AND 'Capacity' = ? AND Waiting = ?", seats.SeatsTaken, seats.Capacity, seats.Waiting)
			tx := s.db.WriteTx().Update(served(counter, seats, heads[len(heads)-1]))
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
