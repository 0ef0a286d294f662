package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Pending change notices (domain.ChangeNotice): one item per event beside
// its reminders, found through GSI1 by its moment like them. The first
// edit that moves the event writes what its people were last told; every
// later one only pushes the moment back. The reminder job hands it over
// as a broadcast, counted against the event's notices of the day, or
// drops it when the net change is nothing.

// changeNoticeExpiry takes a notice the job never read out of the table a
// day after its event started.
const changeNoticeExpiry = 24 * time.Hour

// noteChange adds to tx the pending notice n of event e's edit: created
// with what people were last told, or pushed back to n.Due. What they
// were told is kept in attributes GSI1 projects (StartsAt, EndsAt,
// Location), so the job reads it from the index.
func (s *Store) noteChange(tx *dynamo.WriteTx, e domain.Event, n domain.ChangeNotice) {
	k := changeNoticeKey(e.ID)
	tx.Update(s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set(attrGSI1PK, remindersDuePK(n.Due)).Set(attrGSI1SK, changeDueSK(n)).Set("ID", e.ID).
		SetIfNotExists("StartsAt", sortTime(n.Told.Start)).SetIfNotExists("EndsAt", sortTime(n.Told.End)).
		SetIfNotExists("Location", n.Told.Location).
		Set(attrTTL, e.Start.Add(changeNoticeExpiry).Unix()))
}

// changeNoticeOf reads a pending notice from a GSI1 entry, and false for
// an entry that is not one.
func changeNoticeOf(it timerItem) (domain.ChangeNotice, bool) {
	if it.SK != changeNoticeSK || len(it.GSI1SK) < len(sortTimeLayout) {
		return domain.ChangeNotice{}, false
	}
	due, err1 := time.Parse(sortTimeLayout, it.GSI1SK[:len(sortTimeLayout)])
	start, err2 := time.Parse(sortTimeLayout, it.StartsAt)
	end, err3 := time.Parse(sortTimeLayout, it.EndsAt)
	if err := errors.Join(err1, err2, err3); err != nil {
		return domain.ChangeNotice{}, false
	}
	return domain.ChangeNotice{EventID: it.ID, Due: due, Told: domain.EventWas{Start: start, End: end, Location: it.Location}}, true
}

// HandOverChange records b, the broadcast of notice c, removes c and
// counts b against the event's notices of its day, in one transaction, if
// c is still pending as listed: domain.ErrChangeNoticeGone when a later edit
// pushed it back (or another run has it), domain.ErrTooManyChangeNotices when the
// day's are spent.
func (s *Store) HandOverChange(ctx context.Context, c domain.ChangeNotice, b domain.Broadcast) error {
	k := changeNoticeKey(c.EventID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("GSI1SK = ?", changeDueSK(c))).
			Update(s.countToday(changeNoticeCountKey(c.EventID, b.Created), domain.ChangeNoticesPerDay, b.Created)).
			Put(s.putBroadcast(b))
	})
	switch r := cancelReasons(err); {
	case failedAt(r, 0):
		err = domain.ErrChangeNoticeGone
	case failedAt(r, 1):
		err = domain.ErrTooManyChangeNotices
	}
	if err != nil {
		return fmt.Errorf("hand over the change notice of event %s: %w", c.EventID, err)
	}
	return nil
}

// PostponeChange moves notice c to until, if it is still pending as
// listed (a later edit moved it already otherwise).
func (s *Store) PostponeChange(ctx context.Context, c domain.ChangeNotice, until time.Time) error {
	k, later := changeNoticeKey(c.EventID), c
	later.Due = until
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set(attrGSI1PK, remindersDuePK(until)).Set(attrGSI1SK, changeDueSK(later)).
		If("GSI1SK = ?", changeDueSK(c)).Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("postpone the change notice of event %s: %w", c.EventID, err)
	}
	return nil
}

// DropChange removes notice c unsent (nothing moved in the end, or the
// event is over or gone), if it is still pending as listed.
func (s *Store) DropChange(ctx context.Context, c domain.ChangeNotice) error {
	k := changeNoticeKey(c.EventID)
	err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("GSI1SK = ?", changeDueSK(c)).Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("drop the change notice of event %s: %w", c.EventID, err)
	}
	return nil
}
