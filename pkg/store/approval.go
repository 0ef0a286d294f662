package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An event that takes approval makes a registration a request: an
// attendee item of status pending, which holds no seat and is counted on
// the seat counter (Pending). Its organizer approves it, which takes a
// seat (or, when the event is full and keeps a waitlist, a place in the
// queue) in one transaction with the counter, or declines it, which
// removes it and records a departure the mailer tells. Its person may
// withdraw it as any registration (CancelRegistration).

// RequestSeat records a's request to join its event (a.Status is set to
// pending), while the event takes approval, is neither cancelled nor
// started, and a's account is live: item 0 is the counter, item 1 the
// person's place, item registrantCheck their account.
func (s *Store) RequestSeat(ctx context.Context, a domain.Attendee, now time.Time) (domain.Registration, error) {
	a.Status = domain.StatusPending
	sk, items := seatsKey(a.EventID), registrationItems(a, nil)
	err := s.runTxSure(ctx, txToken(a.ID)+".p", func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("Pending", 1).
				If("attribute_exists(PK) AND attribute_not_exists(Cancelled) AND Approval = ? AND StartsAt > ?", true, sortTime(now))).
			Put(s.putNew(items[0]))
		return s.putRegistration(s.withRegistrant(tx, a, now), items[1:])
	})
	reasons := cancelReasons(err)
	switch refused := refusedRegistrant(reasons, a); {
	case refused != nil:
		err = refused
	case failedAt(reasons, 1):
		err = domain.ErrAlreadyRegistered
	case failedAt(reasons, 0):
		err = s.explainRequest(ctx, a.EventID, now)
	}
	if err != nil {
		return domain.Registration{}, fmt.Errorf("request a seat of %s at event %s: %w", a.UserID, a.EventID, err)
	}
	return a.Registration, nil
}

// explainRequest tells why the counter refused a request: the event was
// cancelled or has started, or it stopped taking approval meanwhile (then
// asking again registers as any event).
func (s *Store) explainRequest(ctx context.Context, eventID string, now time.Time) error {
	seats, err := s.seats(ctx, eventID)
	if err != nil {
		return err
	}
	switch c := seats.counter(); {
	case c.Cancelled:
		return domain.ErrEventCancelled
	case !now.Before(c.Start):
		return domain.ErrEventStarted
	}
	return domain.ErrBusy
}

// Approve gives the pending registration regID of eventID a seat, or when
// the event is full and keeps a waitlist a place in its queue (tickets as
// any join); domain.ErrEventFull when it is full without one. It returns
// the registration as it now stands.
func (s *Store) Approve(ctx context.Context, eventID, regID string, now time.Time) (domain.Attendee, error) {
	fail := func(err error) (domain.Attendee, error) {
		return domain.Attendee{}, fmt.Errorf("approve registration %s: %w", regID, err)
	}
	for attempt := 0; attempt < registerAttempts; attempt++ {
		it, err := s.eventAttendee(ctx, eventID, regID)
		if err != nil {
			return fail(err)
		}
		if it.Status != string(domain.StatusPending) {
			return fail(domain.ErrNotPending)
		}
		seats, err := s.seats(ctx, eventID)
		if err != nil {
			return fail(err)
		}
		a := it.domain(eventID)
		c := seats.counter()
		switch {
		case c.Cancelled:
			return fail(domain.ErrEventCancelled)
		case c.SeatsTaken < c.Capacity && c.Waiting == 0:
			a.Status, err = domain.StatusRegistered, s.approveSeat(ctx, it, eventID, now)
		case c.Waitlist:
			a.Status, err = domain.StatusWaitlisted, s.approveToQueue(ctx, it, &a, seats.queue(), now)
		default:
			return fail(domain.ErrEventFull)
		}
		if !hasConditionFailure(cancelReasons(err)) {
			if err != nil {
				return fail(err)
			}
			return a, nil
		}
		pause(ctx, attempt) // decided, or the event changed, since the read
	}
	return fail(domain.ErrBusy)
}

// stillPending is the condition that attendee it still awaits approval.
const stillPending = "RegistrationID = ? AND 'Status' = ?"

// approveSeat is Approve's transaction of a seat: the counter (a seat
// free, nobody waiting), the attendee item and the person's entry.
func (s *Store) approveSeat(ctx context.Context, it attendeeItem, eventID string, now time.Time) error {
	sk, uk := seatsKey(eventID), userRegistrationKey(attendeeUserID(it), it.RegistrationID)
	return s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("SeatsTaken", 1).Add("Pending", -1).
				If("attribute_exists(PK) AND attribute_not_exists(Cancelled) AND SeatsTaken < 'Capacity' AND StartsAt > ? AND (attribute_not_exists(Waiting) OR Waiting = ?) AND Pending > ?", sortTime(now), 0, 0)).
			Update(s.table.Update(attrPK, it.PK).Range(attrSK, it.SK).Set("Status", string(domain.StatusRegistered)).Set("Approved", true).
				If(stillPending, it.RegistrationID, string(domain.StatusPending))).
			Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("Status", string(domain.StatusRegistered)).If("attribute_exists(PK)"))
	})
}

// approveToQueue is Approve's transaction of a place in the queue, with a
// ticket taken as joinWaitlist takes one; a's position is set from it.
func (s *Store) approveToQueue(ctx context.Context, it attendeeItem, a *domain.Attendee, queue domain.Queue, now time.Time) error {
	eventID := a.EventID
	tk := ticketsKey(eventID)
	var taken struct{ Tickets int }
	if err := s.table.Update(attrPK, tk.PK).Range(attrSK, tk.SK).Add("Tickets", 1).Value(ctx, &taken); err != nil {
		return fmt.Errorf("take a ticket for event %s: %w", eventID, err)
	}
	ticket := taken.Tickets
	sk, wk, uk := seatsKey(eventID), waitKey(eventID, it.RegistrationID, &ticket), userRegistrationKey(a.UserID, it.RegistrationID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("Waiting", 1).Add("Pending", -1).
				If(queueOpen+" AND Pending > ?", true, sortTime(now), 0, 0)).
			Update(s.table.Update(attrPK, it.PK).Range(attrSK, it.SK).Set("Status", string(domain.StatusWaitlisted)).Set("Approved", true).Set("Ticket", ticket).
				If(stillPending, it.RegistrationID, string(domain.StatusPending))).
			Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("Status", string(domain.StatusWaitlisted)).Set("Ticket", ticket).If("attribute_exists(PK)")).
			Put(s.table.Put(waitItem{PK: wk.PK, SK: wk.SK, RegistrationID: it.RegistrationID, UserID: a.UserID, Ticket: &ticket}))
	})
	if cancelReasons(err) != nil {
		s.forgetTicket(ctx, sk, ticket, len(queue.Gone))
	}
	queue.Waiting = 0
	a.Position = queue.Position(&ticket)
	return err
}

// Decline removes the pending registration regID of eventID and records
// its departure as declined, which the mailer tells its person.
func (s *Store) Decline(ctx context.Context, eventID, regID string, now time.Time) (domain.Attendee, error) {
	it, err := s.eventAttendee(ctx, eventID, regID)
	if err == nil && it.Status != string(domain.StatusPending) {
		err = domain.ErrNotPending
	}
	if err != nil {
		return domain.Attendee{}, fmt.Errorf("decline registration %s: %w", regID, err)
	}
	a := it.domain(eventID)
	sk, dk := seatsKey(eventID), departureKey(regID)
	err = s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Delete(s.table.Delete(attrPK, it.PK).Range(attrSK, it.SK).If(stillPending, regID, string(domain.StatusPending))).
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("Pending", -1).If("attribute_exists(PK) AND Pending > ?", 0)).
			Put(s.table.Put(departureItem{PK: dk.PK, SK: dk.SK, EventID: eventID, UserID: a.UserID, Status: departedDeclined, Expires: now.Add(departureTTL)}))
		for _, k := range registrationKeys(regID, a.UserID) {
			tx.Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK))
		}
		return tx
	})
	if failedAt(cancelReasons(err), 0) {
		err = domain.ErrNotPending // decided meanwhile
	}
	if err != nil {
		return domain.Attendee{}, fmt.Errorf("decline registration %s: %w", regID, err)
	}
	return a, nil
}

// departedDeclined is a departure's status when the organizer declined
// the request.
const departedDeclined = string(domain.DepartureDeclined)

// attendeeUserID is the account id an attendee item's sort key names.
func attendeeUserID(it attendeeItem) string { return it.domain("").UserID }
