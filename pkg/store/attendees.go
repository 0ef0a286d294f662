package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// attendeesQuery reads an event's attendee items from the one after the
// person after (a user id; "" from the first), where every word of search
// (folded) is in the attendee's names or email.
func (s *Store) attendeesQuery(eventID, after, search string) (*dynamo.Query, error) {
	pk := eventKey(eventID).PK
	q := s.table.Get(attrPK, pk).Range(attrSK, dynamo.BeginsWith, attendeePrefix)
	if after != "" {
		if !domain.ValidID(after) {
			return nil, domain.ErrBadCursor
		}
		// Between ends at the prefix's last key: '~' sorts after an id.
		q = s.table.Get(attrPK, pk).Range(attrSK, dynamo.Between, attendeeKey(eventID, after).SK+"#", attendeePrefix+"~")
	}
	for _, word := range strings.Fields(fold(search)) {
		q = q.Filter("contains('Search', ?)", word)
	}
	return q, nil
}

// attendeeSearchBatch is how many attendees one request of a search
// examines: within a DynamoDB page (1 MB) of them, at about 350 bytes
// each (AWS would stop at 1 MB and answer the rest's cursor anyway;
// DynamoDB Local reads on, and make bench counts what it read).
const attendeeSearchBatch = 2500

// Attendees lists an event's registrations with their people, limit at a
// time, in one Query request of the event's partition (ordered by
// account); with a search, only those whose names or email hold every
// word among the next attendeeSearchBatch, so a page of a search may be
// short, even empty, its cursor where the reading stopped. after is the
// previous page's cursor; the returned one is "" on the last page.
func (s *Store) Attendees(ctx context.Context, eventID, search, after string, limit int) ([]domain.Attendee, string, error) {
	q, err := s.attendeesQuery(eventID, after, search)
	if err != nil {
		return nil, "", err
	}
	examine := limit
	if search != "" {
		examine = attendeeSearchBatch
	}
	var items []attendeeItem
	lek, err := q.SearchLimit(examine).AllWithLastEvaluatedKey(ctx, &items)
	if err != nil {
		return nil, "", fmt.Errorf("list attendees of event %s: %w", eventID, err)
	}
	next := ""
	switch {
	case len(items) > limit:
		items = items[:limit]
		next = strings.TrimPrefix(items[limit-1].SK, attendeePrefix)
	case lek != nil && len(items) == limit:
		next = strings.TrimPrefix(items[limit-1].SK, attendeePrefix)
	case lek != nil:
		if sk, ok := lek[attrSK].(*types.AttributeValueMemberS); ok {
			next = strings.TrimPrefix(sk.Value, attendeePrefix)
		}
	}
	out := make([]domain.Attendee, len(items))
	for i, it := range items {
		out[i] = it.domain(eventID)
	}
	return out, next, nil
}

// EachAttendee calls fn with every registration of the event after the
// account after ("" from the first), a Query page (up to 1 MB) at a time,
// so an export of any size holds one page in memory; fn's error stops it.
func (s *Store) EachAttendee(ctx context.Context, eventID, after string, fn func(domain.Attendee) error) error {
	q, err := s.attendeesQuery(eventID, after, "")
	if err != nil {
		return err
	}
	iter := q.Iter()
	var it attendeeItem
	for iter.Next(ctx, &it) {
		if err := fn(it.domain(eventID)); err != nil {
			return err
		}
		it = attendeeItem{}
	}
	if err := iter.Err(); err != nil {
		return fmt.Errorf("read attendees of event %s: %w", eventID, err)
	}
	return nil
}

// CheckIn marks registration regID of eventID as arrived at now, and
// counts it, in one transaction; a registration already checked in keeps
// its first time, and already is true. The registration must be of the
// event and hold a seat.
func (s *Store) CheckIn(ctx context.Context, eventID, regID string, now time.Time) (a domain.Attendee, already bool, err error) {
	fail := func(err error) (domain.Attendee, bool, error) {
		return domain.Attendee{}, false, fmt.Errorf("check in registration %s: %w", regID, err)
	}
	it, err := s.eventAttendee(ctx, eventID, regID)
	if err != nil {
		return fail(err)
	}
	a = it.domain(eventID)
	switch {
	case it.waitlisted():
		return fail(domain.ErrWaitlisted)
	case !it.seated():
		return fail(domain.ErrPending)
	case !it.CheckedInAt.IsZero():
		return a, true, nil
	}
	at := now.UTC().Truncate(time.Second)
	sk := seatsKey(eventID)
	asRead, args := attendeeAsRead(it)
	err = s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, it.PK).Range(attrSK, it.SK).Set("CheckedInAt", at).
				If(asRead, args...)).
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("CheckedIn", 1).If("attribute_exists(PK)"))
	})
	switch {
	case err == nil:
		a.CheckedIn = at
		return a, false, nil
	case failedAt(cancelReasons(err), 0) || failedAt(cancelReasons(err), 1):
		// Checked in, cancelled or deleted since the read: the next read
		// says which.
		return s.checkedInSince(ctx, eventID, a.UserID, regID)
	}
	return fail(err)
}

// eventAttendee reads the attendee item of registration regID, which must
// be of eventID (strongly consistent GetItems of the registration and
// then the attendee).
func (s *Store) eventAttendee(ctx context.Context, eventID, regID string) (attendeeItem, error) {
	reg, err := s.Registration(ctx, regID)
	switch {
	case err != nil:
		return attendeeItem{}, err
	case reg.EventID != eventID:
		return attendeeItem{}, domain.ErrOtherEvent
	}
	var it attendeeItem
	if err := s.get(ctx, attendeeKey(eventID, reg.UserID), &it, true); err != nil {
		return attendeeItem{}, err
	}
	if it.RegistrationID != regID {
		return attendeeItem{}, domain.ErrNotFound
	}
	return it, nil
}

// UndoCheckIn takes back the check-in of registration regID of eventID
// and its count, in one transaction; undone is false when it was not
// checked in (any more). The registration must be of the event.
func (s *Store) UndoCheckIn(ctx context.Context, eventID, regID string) (a domain.Attendee, undone bool, err error) {
	fail := func(err error) (domain.Attendee, bool, error) {
		return domain.Attendee{}, false, fmt.Errorf("undo the check-in of registration %s: %w", regID, err)
	}
	for attempt := 0; attempt < registerAttempts; attempt++ {
		it, err := s.eventAttendee(ctx, eventID, regID)
		if err != nil {
			return fail(err)
		}
		a = it.domain(eventID)
		if it.CheckedInAt.IsZero() {
			return a, false, nil
		}
		sk := seatsKey(eventID)
		err = s.runTx(ctx, func() *dynamo.WriteTx {
			// Promoted goes too: this change must not read to the mailer
			// as a seat just given.
			asRead, args := attendeeAsRead(it)
			return s.db.WriteTx().
				Update(s.table.Update(attrPK, it.PK).Range(attrSK, it.SK).Remove("CheckedInAt", "Promoted").
					If(asRead, args...)).
				Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("CheckedIn", -1).If("attribute_exists(PK) AND CheckedIn > ?", 0))
		})
		switch reasons := cancelReasons(err); {
		case err == nil:
			a.CheckedIn = time.Time{}
			return a, true, nil
		case !hasConditionFailure(reasons):
			return fail(err)
		}
		pause(ctx, attempt) // undone, cancelled or deleted since the read: read again
	}
	return fail(domain.ErrBusy)
}

// ResetTicketLink moves the ticket page link of registration regID (of
// eventID, held by userID) to its next version, which ends every older
// link, and returns the new version. The registration must hold a seat:
// domain.ErrWaitlisted, or domain.ErrNotFound when it is gone.
func (s *Store) ResetTicketLink(ctx context.Context, eventID, userID, regID string) (int, error) {
	k := attendeeKey(eventID, userID)
	var it attendeeItem
	// Promoted goes, as in UndoCheckIn, so the mailer sends nothing.
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Add("TicketVersion", 1).Remove("Promoted").
		If("RegistrationID = ? AND (attribute_not_exists('Status') OR 'Status' = ?)", regID, string(domain.StatusRegistered)).
		Value(ctx, &it)
	if dynamo.IsCondCheckFailed(err) {
		// Gone or waiting: the item says which.
		err = s.get(ctx, k, &it, true)
		if err == nil && it.RegistrationID == regID {
			err = domain.ErrWaitlisted
		} else if err == nil {
			err = domain.ErrNotFound
		}
	}
	if err != nil {
		return 0, fmt.Errorf("reset the ticket link of registration %s: %w", regID, err)
	}
	return it.TicketVersion, nil
}

// checkedInSince explains a check-in whose transaction found the
// attendee changed: checked in by a concurrent request (already), or gone.
func (s *Store) checkedInSince(ctx context.Context, eventID, userID, regID string) (domain.Attendee, bool, error) {
	var it attendeeItem
	err := s.get(ctx, attendeeKey(eventID, userID), &it, true)
	switch {
	case err == nil && it.RegistrationID == regID && !it.CheckedInAt.IsZero():
		return it.domain(eventID), true, nil
	case err == nil:
		err = domain.ErrNotFound
	}
	return domain.Attendee{}, false, fmt.Errorf("check in registration %s: %w", regID, err)
}

// Attendee reads userID's registration for eventID with the event's
// counter, for a waitlisted place: one strongly consistent BatchGetItem,
// so a registration made a moment ago is seen.
func (s *Store) Attendee(ctx context.Context, eventID, userID string) (domain.Attendee, error) {
	a, _, err := s.attendee(ctx, eventID, userID, false)
	return a, err
}

// AttendeeAndEvent is Attendee with its event as its item holds it (its
// online link and questions; not its counts), read in the same
// BatchGetItem; not found when the event is deleted or being deleted.
func (s *Store) AttendeeAndEvent(ctx context.Context, eventID, userID string) (domain.Attendee, domain.Event, error) {
	return s.attendee(ctx, eventID, userID, true)
}

func (s *Store) attendee(ctx context.Context, eventID, userID string, withEvent bool) (domain.Attendee, domain.Event, error) {
	fail := func(err error) (domain.Attendee, domain.Event, error) {
		return domain.Attendee{}, domain.Event{}, fmt.Errorf("get registration of %s for event %s: %w", userID, eventID, err)
	}
	ak, sk, ek := attendeeKey(eventID, userID), seatsKey(eventID), eventKey(eventID)
	keys := []dynamo.Keyed{dynamo.Keys{ak.PK, ak.SK}, dynamo.Keys{sk.PK, sk.SK}}
	if withEvent {
		keys = append(keys, dynamo.Keys{ek.PK, ek.SK})
	}
	var items []map[string]types.AttributeValue
	err := s.table.Batch(attrPK, attrSK).Get(keys...).Consistent(true).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return fail(err)
	}
	var it attendeeItem
	var counter seatsItem
	var event eventItem
	found := false
	for _, item := range items {
		switch sk, _ := item[attrSK].(*types.AttributeValueMemberS); {
		case sk != nil && sk.Value == seatsSK:
			err = dynamo.UnmarshalItem(item, &counter)
		case sk != nil && sk.Value == ek.SK:
			err = dynamo.UnmarshalItem(item, &event)
		default:
			found, err = true, dynamo.UnmarshalItem(item, &it)
		}
		if err != nil {
			return fail(err)
		}
	}
	// An event deleted, or being deleted, holds no registration: its
	// attendee items are on their way out.
	if !found || withEvent && (event.ID == "" || event.Deleting) {
		return fail(domain.ErrNotFound)
	}
	a := it.domain(eventID)
	if it.waitlisted() {
		a.Position = counter.queue().Position(it.Ticket)
	}
	return a, event.domain(), nil
}
