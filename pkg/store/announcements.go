package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Announcements: an organization's new public events wait in one item of
// a partition of their own, due when its followers may be told
// (domain.AnnouncementDue); the reminder job reads the due ones with one
// Query and hands each to the mailer as a broadcast, in the transaction
// that removes it, so its followers are told once.

const announcementsPK = "ANNOUNCE"

func announcementKey(orgID string) key { return key{announcementsPK, orgID} }

type announcementItem struct {
	PK             string `dynamo:"PK,hash"`
	SK             string `dynamo:"SK,range"`
	OrganizationID string
	EventIDs       []string `dynamo:",set"`
	Due            time.Time
}

// NoteNewEvent keeps e for its organization's next announcement, when it
// has followers (one read when it has none). It is told at the due time
// the first event noted set.
func (s *Store) NoteNewEvent(ctx context.Context, e domain.Event, now time.Time) error {
	n, last, err := s.Followers(ctx, e.OrganizationID)
	if err != nil || n == 0 {
		return err
	}
	k := announcementKey(e.OrganizationID)
	err = s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		AddStringsToSet("EventIDs", e.ID).Set("OrganizationID", e.OrganizationID).
		SetExpr("Due = if_not_exists(Due, ?)", domain.AnnouncementDue(now, last).UTC()).Run(ctx)
	if err != nil {
		return fmt.Errorf("note event %s for its followers: %w", e.ID, err)
	}
	return nil
}

// DueAnnouncements lists the announcements due at now (few: those of the
// organizations that published since their last).
func (s *Store) DueAnnouncements(ctx context.Context, now time.Time) ([]domain.Announcement, error) {
	var items []announcementItem
	err := s.table.Get(attrPK, announcementsPK).Filter("Due <= ?", now.UTC()).Consistent(true).All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("list due announcements: %w", err)
	}
	out := make([]domain.Announcement, len(items))
	for i, it := range items {
		out[i] = domain.Announcement{OrganizationID: it.OrganizationID, EventIDs: it.EventIDs, Due: it.Due}
	}
	return out, nil
}

// HandOverAnnouncement records the broadcast of a (due at now) to the
// mailer, notes that the followers were told at now, and removes it, in
// one transaction, if it still holds what was listed: of two runs, one
// hands it over; an event noted since makes it wait for the next run.
func (s *Store) HandOverAnnouncement(ctx context.Context, a domain.Announcement, now time.Time) error {
	k, ck := announcementKey(a.OrganizationID), followCountKey(a.OrganizationID)
	b := a.Broadcast(now)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("size(EventIDs) = ?", len(a.EventIDs))).
			Put(s.putBroadcast(b)).
			Update(s.table.Update(attrPK, ck.PK).Range(attrSK, ck.SK).Set("LastAnnounced", now.UTC()))
	})
	if failedAt(cancelReasons(err), 0) {
		return nil // changed since it was listed: the next run takes it
	}
	if err != nil {
		return fmt.Errorf("hand over the announcement of %s: %w", a.OrganizationID, err)
	}
	return nil
}
