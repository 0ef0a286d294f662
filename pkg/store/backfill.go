package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Backfilled counts what a Backfill changed.
type Backfilled struct {
	// Sunk: cancelled events moved below the live ones in the public list.
	Sunk int
	// Counters: seat counters given what the lists read from them.
	Counters int
	// Organizations whose name and logo were brought to their events.
	Organizations int
	// Queued: places in a queue taken before tickets, numbered.
	Queued int
	// Found: events to come whose find keys were written.
	Found int
}

// Backfill brings items written before a change of shape to today's:
// a cancelled event into the list's cancelled partition (CancelEvent puts
// it there since), the fields the lists read onto each event's seat
// counter (its kind, place, zone, point, reason and host logo), ticket
// numbers onto the places of a queue taken before tickets, find keys for
// every event to come (written again on each run), and each
// organization's name and logo onto its events. It reads the whole table
// with a Scan, so it is run by hand after a deploy (tools/backfill), never
// on a request; it changes only what differs, so a second run changes
// nothing.
func (s *Store) Backfill(ctx context.Context) (Backfilled, error) {
	var done Backfilled
	var found []struct {
		PK, SK, ID, Name, LogoKey string
	}
	err := s.table.Scan().Filter("(SK = ? AND begins_with(PK, ?)) OR SK = ?", organizationSK, organizationPrefix, eventKey("").SK).
		All(ctx, &found)
	if err != nil {
		return done, fmt.Errorf("backfill: scan: %w", err)
	}
	var orgs []domain.Organization
	for _, it := range found {
		if it.SK == organizationSK {
			orgs = append(orgs, domain.Organization{ID: it.ID, Name: it.Name, LogoKey: it.LogoKey})
			continue
		}
		sunk, counter, err := s.backfillEvent(ctx, it.ID)
		if err != nil {
			return done, fmt.Errorf("backfill: %w", err)
		}
		done.Sunk, done.Counters = done.Sunk+sunk, done.Counters+counter
		if e, err := s.Event(ctx, it.ID); err == nil {
			found, err := s.findEvent(ctx, e, time.Now())
			if err != nil {
				return done, fmt.Errorf("backfill: %w", err)
			}
			done.Found += found
		}
		queued, err := s.numberQueue(ctx, it.ID)
		if err != nil {
			return done, fmt.Errorf("backfill: %w", err)
		}
		done.Queued += queued
	}
	for _, o := range orgs {
		if err := s.CopyOrganizationToEvents(ctx, o); err != nil {
			return done, fmt.Errorf("backfill: %w", err)
		}
		done.Organizations++
	}
	return done, nil
}

// backfillEvent sinks event id if it is cancelled but listed among the
// live ones, and writes on its counter what the lists read there; it
// answers 1 for each it did.
func (s *Store) backfillEvent(ctx context.Context, id string) (sunk, counter int, err error) {
	var items []eventItem
	if err := s.table.Get(attrPK, eventKey(id).PK).Range(attrSK, dynamo.Between, eventKey(id).SK, seatsKey(id).SK).All(ctx, &items); err != nil {
		return 0, 0, fmt.Errorf("read event %s: %w", id, err)
	}
	ev := slices.IndexFunc(items, func(it eventItem) bool { return it.SK == eventKey(id).SK })
	seats := slices.IndexFunc(items, func(it eventItem) bool { return it.SK == seatsSK })
	if ev < 0 || seats < 0 || items[ev].Deleting {
		return 0, 0, nil
	}
	e, c := items[ev], items[seats]
	k, sk := eventKey(id), seatsKey(id)
	if e.Cancelled && e.GSI1PK != cancelledPK && e.Visibility == "" {
		err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set(attrGSI1PK, cancelledPK).
			If("attribute_exists(PK) AND attribute_not_exists(Deleting) AND attribute_not_exists(Visibility) AND Cancelled = ?", true).Run(ctx)
		if err != nil && !dynamo.IsCondCheckFailed(err) {
			return 0, 0, fmt.Errorf("sink cancelled event %s: %w", id, err)
		}
		sunk = 1
	}
	want := newSeatsItem(e.domain())
	want.CancelReason = e.CancelReason
	if c.Category == want.Category && c.City == want.City && c.TimeZone == want.TimeZone && c.CancelReason == want.CancelReason &&
		c.OrganizationLogoKey == want.OrganizationLogoKey && sameCoord(c.Lat, want.Lat) && sameCoord(c.Lng, want.Lng) {
		return sunk, 0, nil
	}
	up := s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).If("attribute_exists(PK)")
	for name, v := range map[string]string{
		"Category": want.Category, "City": want.City, "TimeZone": want.TimeZone,
		"CancelReason": want.CancelReason, "OrganizationLogoKey": want.OrganizationLogoKey,
	} {
		if v == "" {
			up.Remove(name)
		} else {
			up.Set(name, v)
		}
	}
	if want.Lat != nil {
		up.Set("Lat", *want.Lat).Set("Lng", *want.Lng)
	} else {
		up.Remove("Lat", "Lng")
	}
	if err := up.Run(ctx); err != nil && !errors.Is(err, dynamo.ErrNotFound) && !dynamo.IsCondCheckFailed(err) {
		return sunk, 0, fmt.Errorf("fill the counter of event %s: %w", id, err)
	}
	return sunk, 1, nil
}

func sameCoord(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// numberChunk is how many places one transaction numbers: three items
// each and the counter, within a transaction's 100.
const numberChunk = 33

// numberQueue gives the places of event id's queue taken before tickets
// (keyed by their registration's id, so first in line) the tickets 1-n
// to 0, and the counter Served -n: every later ticket then tells its place
// behind them. It answers how many it numbered; places keep their keys.
func (s *Store) numberQueue(ctx context.Context, id string) (int, error) {
	pk := eventKey(id).PK
	var places []waitItem
	// Places from before tickets sort below "WAIT#T".
	err := s.table.Get(attrPK, pk).Range(attrSK, dynamo.Between, waitPrefix, waitPrefix+"S").Consistent(true).All(ctx, &places)
	if err != nil {
		return 0, fmt.Errorf("read the queue of event %s: %w", id, err)
	}
	if len(places) == 0 || places[0].Ticket != nil {
		return 0, nil // none, or numbered by an earlier run
	}
	n, sk := len(places), seatsKey(id)
	for from := 0; from < n; from += numberChunk {
		chunk := places[from:min(from+numberChunk, n)]
		err := s.runTx(ctx, func() *dynamo.WriteTx {
			tx := s.db.WriteTx()
			if from == 0 {
				tx.Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Set("Served", -n).If("attribute_exists(PK) AND attribute_not_exists(Served)"))
			} else {
				tx.Check(s.table.Check(attrPK, sk.PK).Range(attrSK, sk.SK).If("Served = ?", -n))
			}
			for i, p := range chunk {
				ticket := from + i + 1 - n
				ak, uk := attendeeKey(id, p.UserID), userRegistrationKey(p.UserID, p.RegistrationID)
				tx.Update(s.table.Update(attrPK, p.PK).Range(attrSK, p.SK).Set("Ticket", ticket).If("attribute_exists(PK)")).
					Update(s.table.Update(attrPK, ak.PK).Range(attrSK, ak.SK).Set("Ticket", ticket).If("RegistrationID = ?", p.RegistrationID)).
					Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("Ticket", ticket).If("attribute_exists(PK)"))
			}
			return tx
		})
		if hasConditionFailure(cancelReasons(err)) {
			// Someone left meanwhile: the places not numbered tell the
			// queue's length as theirs (domain.Queue.Position).
			return from, nil
		}
		if err != nil {
			return from, fmt.Errorf("number the queue of event %s: %w", id, err)
		}
	}
	return n, nil
}

// IndexForSearch gives each upcoming event that has no search entry one
// (events written before the search index existed) and returns how many
// it gave. It reads the upcoming list's index, not the table.
func (s *Store) IndexForSearch(ctx context.Context, now time.Time) (int, error) {
	indexed := 0
	spans := []string{upcomingPK(now)}
	if later := upcomingPK(now.AddDate(domain.MaxStartYears, 0, 0)); later != spans[0] {
		spans = append(spans, later)
	}
	for _, span := range spans {
		iter := s.table.Get(attrGSI1PK, span).Index(IndexUpcoming).Range(attrGSI1SK, dynamo.Greater, sortTime(now)).Iter()
		var it eventItem
		for iter.Next(ctx, &it) {
			e := it.domain()
			k := eventKey(e.ID)
			err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
				Set(attrGSI3PK, searchPK(e.Start)).Set(attrGSI3SK, upcomingSK(e.Start, e.ID)).
				Set("Words", domain.SearchWords(e.Title, e.Location, e.City, e.OrganizationName, e.Description)).
				If("attribute_exists(PK) AND attribute_not_exists($) AND attribute_not_exists(Deleting)", attrGSI3PK).Run(ctx)
			switch {
			case err == nil:
				indexed++
			case !dynamo.IsCondCheckFailed(err):
				return indexed, fmt.Errorf("index event %s for search: %w", e.ID, err)
			}
			it = eventItem{}
		}
		if err := iter.Err(); err != nil {
			return indexed, fmt.Errorf("list upcoming events to index: %w", err)
		}
	}
	return indexed, nil
}
