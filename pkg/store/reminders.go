package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// The index of reminders due: each reminder still to come of each event is
// an item in the event's partition, written in the same transaction as the
// event (create, update, cancel, delete), and found by its moment through
// GSI1 (remindersDuePK), which it shares with the upcoming events under
// other partition keys, and with pending change notices (changes.go). The reminder job reads only what is due, so a run
// costs two Queries when nothing is, however many events exist. Handing a
// reminder over turns it into a broadcast (broadcasts.go) and removes it
// from the index in one transaction.

type reminderItem struct {
	PK     string `dynamo:"PK,hash"`
	SK     string `dynamo:"SK,range"`
	GSI1PK string
	GSI1SK string
	// ID and StartsAt (the event's, as the reminder was planned) are in
	// GSI1's projection, so the job reads them from the index.
	ID       string
	StartsAt string
	// Expires takes a reminder the job never read (it was down for days)
	// out of the table a day after its event started.
	Expires time.Time `dynamo:"TTL,unixtime"`
}

// planReminders adds to tx, for an event written at now, its reminders
// still to come (one item per kind, so a moved event's replace the old).
// One whose moment has passed is left as it is: unsent, it is still due
// (an edit right after the moment must not lose it), and one planned for
// an old start is dropped by the job, which finds the event moved.
func (s *Store) planReminders(tx *dynamo.WriteTx, e domain.Event, now time.Time) {
	for _, k := range domain.ReminderKinds {
		r := domain.Reminder{EventID: e.ID, Kind: k, Start: e.Start}
		if !r.Planned(now) {
			continue
		}
		rk := reminderKey(e.ID, k)
		tx.Put(s.table.Put(reminderItem{
			PK: rk.PK, SK: rk.SK, GSI1PK: remindersDuePK(r.Due()), GSI1SK: remindersDueSK(r),
			ID: e.ID, StartsAt: sortTime(e.Start), Expires: e.Start.Add(24 * time.Hour),
		}))
	}
}

// dropTimers adds to tx the removal of every reminder of eventID and of
// its pending change notice (a cancellation or deletion tells instead).
func (s *Store) dropTimers(tx *dynamo.WriteTx, eventID string) {
	for _, k := range domain.ReminderKinds {
		rk := reminderKey(eventID, k)
		tx.Delete(s.table.Delete(attrPK, rk.PK).Range(attrSK, rk.SK))
	}
	ck := changeNoticeKey(eventID)
	tx.Delete(s.table.Delete(attrPK, ck.PK).Range(attrSK, ck.SK))
}

// timerItem is a GSI1 entry of a due partition: a reminder or a change
// notice.
type timerItem struct {
	SK, GSI1SK, ID             string
	StartsAt, EndsAt, Location string
}

// Due lists the reminders and change notices whose moment is at or before
// now, from yesterday's and today's partitions (older reminders are
// stale: a 24-hour reminder is not sent once its event is an hour away),
// soonest first: two Queries, paged as long as there are more.
func (s *Store) Due(ctx context.Context, now time.Time) (domain.DueTimers, error) {
	var due domain.DueTimers
	for _, day := range []time.Time{now.Add(-24 * time.Hour), now} {
		var items []timerItem
		err := s.table.Get(attrGSI1PK, remindersDuePK(day)).Index(IndexUpcoming).
			Range(attrGSI1SK, dynamo.LessOrEqual, sortTime(now)+"#~").All(ctx, &items)
		if err != nil {
			return domain.DueTimers{}, fmt.Errorf("list timers due on %s: %w", remindersDuePK(day), err)
		}
		for _, it := range items {
			if c, ok := changeNoticeOf(it); ok {
				due.Changes = append(due.Changes, c)
				continue
			}
			start, err := time.Parse(sortTimeLayout, it.StartsAt)
			kind, ok := strings.CutPrefix(it.SK, reminderPrefix)
			if err != nil || !ok {
				continue // neither: nothing else has this partition key
			}
			due.Reminders = append(due.Reminders, domain.Reminder{EventID: it.ID, Kind: domain.ReminderKind(kind), Start: start})
		}
	}
	return due, nil
}

// HandOverReminder records the broadcast of reminder r and removes r from
// the index, in one transaction, if r is still planned as listed: of two
// runs handing over the same reminder, one succeeds and the other gets
// domain.ErrReminderGone, so its people are mailed once.
func (s *Store) HandOverReminder(ctx context.Context, r domain.Reminder) error {
	rk := reminderKey(r.EventID, r.Kind)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Delete(s.table.Delete(attrPK, rk.PK).Range(attrSK, rk.SK).If("StartsAt = ?", sortTime(r.Start))).
			Put(s.putBroadcast(r.Broadcast()))
	})
	if failedAt(cancelReasons(err), 0) {
		err = domain.ErrReminderGone
	}
	if err != nil {
		return fmt.Errorf("hand over reminder %s: %w", r.BroadcastID(), err)
	}
	return nil
}

// DropReminder removes reminder r from the index unsent (its event is
// cancelled, deleted or past), if it is still planned as listed.
func (s *Store) DropReminder(ctx context.Context, r domain.Reminder) error {
	rk := reminderKey(r.EventID, r.Kind)
	err := s.table.Delete(attrPK, rk.PK).Range(attrSK, rk.SK).If("StartsAt = ?", sortTime(r.Start)).Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("drop reminder %s: %w", r.BroadcastID(), err)
	}
	return nil
}
