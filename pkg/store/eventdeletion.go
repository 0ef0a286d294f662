package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
)

// DeleteEvent removes an event of orgID together with its registrations
// and returns what was deleted. It survives a crash at any point and an
// event of any size:
//
//  1. one transaction takes the event out of every list (it drops the
//     index keys and its reminders, and moves its owned-index entry to
//     the organization's deleting partition, so a retry still finds it
//     after a crash), marks it deleting and removes its
//     seat counter, so it reads as not found and refuses registrations and
//     edits from then on, and keeps what the mailer tells its people of it
//     (goneItem);
//  2. page by page, the registration items, then the attendee items that
//     name them, are removed in parallel batches (a crash leaves attendees
//     that still lead to any registration left);
//  3. its find keys go, then the event item, last.
//
// Every step may run again, so the owner's retry of a half-done delete
// finishes it. may is asked first whether the event's organization lets
// the deletion go on (its error is returned as it is).
func (s *Store) DeleteEvent(ctx context.Context, id string, may func(orgID string) error) (domain.Event, error) {
	k, sk, tk := eventKey(id), seatsKey(id), ticketsKey(id)
	var old eventItem
	err := s.get(ctx, k, &old, true)
	if err == nil {
		if err = may(old.OrganizationID); err != nil {
			return domain.Event{}, err
		}
	}
	orgID := old.OrganizationID
	if err == nil {
		err = s.runTx(ctx, func() *dynamo.WriteTx {
			tx := s.db.WriteTx().Update(s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
				Remove(attrGSI1PK, attrGSI1SK, attrGSI3PK, attrGSI3SK).Set(attrGSI2PK, deletingEventsPK(orgID)).Set("Deleting", true).
				If("attribute_exists(PK) AND OrganizationID = ?", orgID)).
				Delete(s.table.Delete(attrPK, sk.PK).Range(attrSK, sk.SK)).
				Delete(s.table.Delete(attrPK, tk.PK).Range(attrSK, tk.SK)).
				Put(s.table.Put(newGoneItem(old, time.Now())))
			s.dropTimers(tx, id)
			return tx
		})
	}
	if failedAt(cancelReasons(err), 0) {
		err = domain.ErrNotFound // removed since it was read: a concurrent delete finished
	}
	if err != nil {
		return domain.Event{}, fmt.Errorf("delete event %s: %w", id, err)
	}
	for more := true; more; {
		if more, err = s.removeAttendees(ctx, id); err != nil {
			return domain.Event{}, err
		}
	}
	if err := s.deleteAll(ctx, keysOf(findItems(old.domain()))); err != nil {
		return domain.Event{}, fmt.Errorf("remove the find keys of deleted event %s: %w", id, err)
	}
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return domain.Event{}, fmt.Errorf("remove deleted event %s: %w", id, err)
	}
	return old.domain(), nil
}

// removeAttendees removes one page of the event's attendee items with the
// registration items they name, registrations first, and reports whether
// there may be more. Pages make the work of a retry shrink: what one
// attempt removed, the next does not read again.
func (s *Store) removeAttendees(ctx context.Context, eventID string) (more bool, err error) {
	// The attendee items live in the event's partition and name their
	// registration, so a Query finds everything left to remove.
	var attendees []attendeeItem
	err = s.table.Get(attrPK, eventKey(eventID).PK).Range(attrSK, dynamo.BeginsWith, attendeePrefix).
		Consistent(true).Limit(attendeePage).All(ctx, &attendees)
	if err != nil {
		return false, fmt.Errorf("list registrations of deleted event %s: %w", eventID, err)
	}
	registrations := make([]dynamo.Keyed, 0, 2*len(attendees))
	attendeeKeys := make([]dynamo.Keyed, len(attendees))
	for i, a := range attendees {
		for _, k := range registrationKeys(a.RegistrationID, strings.TrimPrefix(a.SK, attendeePrefix)) {
			registrations = append(registrations, dynamo.Keys{k.PK, k.SK})
		}
		if a.waitlisted() {
			// Its place in the queue names the person too.
			wk := a.waitKey(eventID)
			registrations = append(registrations, dynamo.Keys{wk.PK, wk.SK})
		}
		attendeeKeys[i] = dynamo.Keys{a.PK, a.SK}
	}
	if err := s.deleteAll(ctx, registrations); err != nil {
		return false, fmt.Errorf("remove registrations of deleted event %s: %w", eventID, err)
	}
	if err := s.deleteAll(ctx, attendeeKeys); err != nil {
		return false, fmt.Errorf("remove attendees of deleted event %s: %w", eventID, err)
	}
	return len(attendees) == attendeePage, nil
}

// Batch deletes go out this many at a time: 25 keys each (BatchWriteItem's
// limit), enough in flight to remove 20,000 items well within a Lambda's
// time without starving the other requests of the process.
const (
	batchWriteSize    = 25
	batchWriteWorkers = 8
	// attendeePage is how many attendees a delete reads at a time.
	attendeePage = 2000
)

// deleteAll removes keys in parallel batches; each batch retries its
// unprocessed items (guregu/dynamo does) until done or ctx ends. Deleting
// an absent item is no error, so deleteAll may run again.
func (s *Store) deleteAll(ctx context.Context, keys []dynamo.Keyed) error {
	return inBatches(ctx, len(keys), func(ctx context.Context, from, to int) error {
		_, err := s.table.Batch(attrPK, attrSK).Write().Delete(keys[from:to]...).Run(ctx)
		return err
	})
}

// inBatches calls write for each batch [from, to) of n items,
// batchWriteWorkers at a time, and stops at the first error.
func inBatches(ctx context.Context, n int, write func(ctx context.Context, from, to int) error) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(batchWriteWorkers)
	for from := 0; from < n; from += batchWriteSize {
		g.Go(func() error { return write(ctx, from, min(from+batchWriteSize, n)) })
	}
	return g.Wait()
}

// goneItem is what stays of a deleted event for a while: what the mails
// telling its people of the deletion say, as their registrations go, and
// nothing more (no organizer's name).
type goneItem struct {
	PK               string `dynamo:"PK,hash"`
	SK               string `dynamo:"SK,range"`
	ID               string
	Title            string
	Location         string
	StartsAt, EndsAt string
	// Cancelled says its people were told already.
	Cancelled bool      `dynamo:",omitempty"`
	Expires   time.Time `dynamo:"TTL,unixtime"`
}

func newGoneItem(e eventItem, now time.Time) goneItem {
	k := goneKey(e.ID)
	return goneItem{
		PK: k.PK, SK: k.SK, ID: e.ID, Title: e.Title, Location: e.Location, StartsAt: e.StartsAt, EndsAt: e.EndsAt,
		Cancelled: e.Cancelled, Expires: now.Add(BroadcastTTL),
	}
}

// DeletedEvent reads what stays of an event deleted in the last days
// (title, place and times); domain.ErrNotFound for any other.
func (s *Store) DeletedEvent(ctx context.Context, id string) (domain.Event, error) {
	var it goneItem
	if err := s.get(ctx, goneKey(id), &it, false); err != nil {
		return domain.Event{}, fmt.Errorf("get deleted event %s: %w", id, err)
	}
	start, _ := time.Parse(sortTimeLayout, it.StartsAt)
	end, _ := time.Parse(sortTimeLayout, it.EndsAt)
	return domain.Event{ID: it.ID, Title: it.Title, Location: it.Location, Start: start, End: end, Cancelled: it.Cancelled}, nil
}
