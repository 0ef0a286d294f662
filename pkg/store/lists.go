package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Every list is a page: at most limit items (the API allows up to 100),
// read with at most two calls for an owned list and three for the public
// one (four for its page that reaches the cancelled events), whatever the
// history's size.

// pageBytes bounds the worst-case JSON of a page of events, below the 1 MB
// a response may take: a page is cut short rather than grow past it.
const pageBytes = 900 << 10

// eventJSONBound is the most bytes event e can take as JSON: its text
// (jsonTextBound), the banner's key twice (it appears in its URL too), and
// the rest (numbers, times, names of fields, the media base URL) in 512.
func eventJSONBound(e domain.Event) int {
	n := 512
	for _, s := range []string{e.ID, e.Title, e.Description, e.Location, e.CancelReason, e.OrganizationID, e.OrganizationName, e.BannerKey, e.BannerKey} {
		n += jsonTextBound(s)
	}
	return n
}

// jsonTextBound is the most bytes s can take in a JSON string: an ASCII
// character may be escaped to six ("\u003c"), as may U+2028, U+2029 and a
// byte that is not UTF-8; any other character keeps its UTF-8 bytes.
func jsonTextBound(s string) int {
	n := 0
	for _, r := range s {
		if r < utf8.RuneSelf || r == '\u2028' || r == '\u2029' || r == utf8.RuneError {
			n += 6
		} else {
			n += utf8.RuneLen(r)
		}
	}
	return n
}

// fitPage keeps the first events of a page whose JSON fits pageBytes and
// reports whether it cut any.
func fitPage(events []domain.Event) ([]domain.Event, bool) {
	total := 0
	for i, e := range events {
		total += eventJSONBound(e)
		if total > pageBytes && i > 0 {
			return events[:i], true
		}
	}
	return events, false
}

// validCursor accepts the cursors lists hand out: a sort time, '#' and an
// id.
func validCursor(c string) bool {
	ts, id, ok := strings.Cut(c, "#")
	if !ok || id == "" || len(id) > 64 || strings.Contains(id, "#") {
		return false
	}
	_, err := time.Parse(sortTimeLayout, ts)
	return err == nil
}

// UpcomingEvents lists events that have not started, soonest first, limit
// at a time, with their seats; cancelled ones follow every live one,
// soonest first too. Starts are at most domain.MaxStartYears ahead, so the
// live events to come lie in at most two GSI1 partitions: one Query each,
// the second only while the page is not full, then, while it is still not
// full, one of the cancelled events' partition, then one BatchGetItem of
// the page's seat counters. after is the cursor returned by the previous
// page ("" for the first; one within the cancelled events begins with
// cancelledMark); the returned cursor is "" when there is nothing more.
func (s *Store) UpcomingEvents(ctx context.Context, after string, now time.Time, limit int) ([]domain.Event, string, error) {
	// Both exclude events starting now.
	live, cancelled := afterSK(sortTime(now)), afterSK(sortTime(now))
	if after != "" {
		cursor, inCancelled := strings.CutPrefix(after, cancelledMark)
		if !validCursor(cursor) {
			return nil, "", domain.ErrBadCursor
		}
		if inCancelled {
			live, cancelled = "", max(cancelled, afterSK(cursor))
		} else {
			live = max(live, afterSK(cursor))
		}
	}
	var items []eventItem
	// A partition read to its 1 MB ends the page there (more).
	more := false
	if live != "" {
		year, _ := strconv.Atoi(live[:4])
		last := upcomingSpanOf(now.UTC().Year() + domain.MaxStartYears)
		for span := upcomingSpanOf(year); span <= last && len(items) < limit && !more; span += upcomingSpan {
			page, m, err := s.listed(ctx, upcomingPK(time.Date(span, 1, 1, 0, 0, 0, 0, time.UTC)), live, limit-len(items))
			if err != nil {
				return nil, "", err
			}
			items, more = append(items, page...), m
		}
	}
	if len(items) < limit && !more {
		page, m, err := s.listed(ctx, cancelledPK, cancelled, limit-len(items))
		if err != nil {
			return nil, "", err
		}
		items, more = append(items, page...), m
	}
	events, err := s.withSeats(ctx, items)
	if err != nil {
		return nil, "", fmt.Errorf("list upcoming events: %w", err)
	}
	events, next := endPage(events, more || len(events) == limit)
	if next != "" && items[len(events)-1].GSI1PK == cancelledPK {
		next = cancelledMark + next
	}
	return events, next, nil
}

// listed reads up to limit events of the public list's partition pk after
// sort key from, in one request (readPage).
func (s *Store) listed(ctx context.Context, pk, from string, limit int) ([]eventItem, bool, error) {
	items, more, err := readPage(ctx, s.table.Get(attrGSI1PK, pk).Index(IndexUpcoming).Range(attrGSI1SK, dynamo.Greater, from), limit)
	if err != nil {
		return nil, false, fmt.Errorf("list events of %s: %w", pk, err)
	}
	return items, more, nil
}

// withSeats returns the events of items with their taken seats, read with
// one BatchGetItem of their counters (a page holds at most 100).
func (s *Store) withSeats(ctx context.Context, items []eventItem) ([]domain.Event, error) {
	events := make([]domain.Event, len(items))
	keys := make([]dynamo.Keyed, len(items))
	for i, it := range items {
		events[i] = it.domain()
		k := seatsKey(it.ID)
		keys[i] = dynamo.Keys{k.PK, k.SK}
	}
	if len(keys) == 0 {
		return events, nil
	}
	var seats []eventItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).Project("ID", "SeatsTaken", "Waitlist", "Waiting", "CheckedIn", "Cancelled", "CancelReason", "Category", "City", "TimeZone", "Lat", "Lng", "OrganizationLogoKey", "Visibility", "Online", "Approval", "Language", "Pending", "SeriesID", "Position").All(ctx, &seats)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read seats: %w", err)
	}
	counters := make(map[string]eventItem, len(seats))
	for _, it := range seats {
		counters[it.ID] = it
	}
	for i := range events {
		counters[events[i].ID].counts(&events[i])
	}
	return events, nil
}

// OrganizationEvents lists an organization's events by start time, limit
// at a time, with their seats: its public ones, or with unlisted set, all
// of them (its owner's list). One Query of the owned index per partition
// read (the public and the unlisted ones are apart) and one BatchGetItem
// of the page's seat counters.
func (s *Store) OrganizationEvents(ctx context.Context, orgID, after string, limit int, unlisted bool) ([]domain.Event, string, error) {
	if after != "" && !validCursor(after) {
		return nil, "", domain.ErrBadCursor
	}
	pks := []string{organizationEventsPK(orgID)}
	if unlisted {
		pks = append(pks, unlistedEventsPK(orgID))
	}
	var items []eventItem
	more, edge := false, ""
	for _, pk := range pks {
		q := s.table.Get(attrGSI2PK, pk).Index(IndexOwned)
		if after != "" {
			q = q.Range(attrGSI2SK, dynamo.Greater, afterSK(after))
		}
		page, m, err := readPage(ctx, q, limit)
		if err != nil {
			return nil, "", fmt.Errorf("list events of organization %s: %w", orgID, err)
		}
		items = append(items, page...)
		if m {
			// This partition goes on past its page's last event: what
			// the other has beyond that waits for the next page.
			more = true
			if last := page[len(page)-1].GSI2SK; edge == "" || last < edge {
				edge = last
			}
		}
	}
	items = mergeOwned(items, edge, limit)
	more = more || len(items) == limit
	events, err := s.withSeats(ctx, items)
	if err != nil {
		return nil, "", fmt.Errorf("list events of organization %s: %w", orgID, err)
	}
	events, next := endPage(events, more)
	return events, next, nil
}

// mergeOwned orders the owned index's items of one or two partitions by
// start and keeps the first limit, none past edge ("" for no edge).
func mergeOwned(items []eventItem, edge string, limit int) []eventItem {
	slices.SortFunc(items, func(a, b eventItem) int { return strings.Compare(a.GSI2SK, b.GSI2SK) })
	if edge != "" {
		n, _ := slices.BinarySearchFunc(items, edge, func(it eventItem, edge string) int { return strings.Compare(it.GSI2SK, edge) })
		for n < len(items) && items[n].GSI2SK == edge {
			n++
		}
		items = items[:n]
	}
	return items[:min(len(items), limit)]
}

// readPage reads up to limit events of q in one request: DynamoDB stops
// it at 1 MB, so a page of long descriptions holds fewer, and more says
// whether the partition goes on.
func readPage(ctx context.Context, q *dynamo.Query, limit int) (items []eventItem, more bool, err error) {
	next, err := q.SearchLimit(limit).AllWithLastEvaluatedKey(ctx, &items)
	return items, next != nil, err
}

// endPage fits a page of events sorted by start to pageBytes and returns
// it with the next page's cursor: "" unless the page was cut or full.
func endPage(events []domain.Event, full bool) ([]domain.Event, string) {
	events, cut := fitPage(events)
	if !full && !cut {
		return events, ""
	}
	last := events[len(events)-1]
	return events, upcomingSK(last.Start, last.ID)
}

// ImportEvents writes events (with their seat counters and find keys) in
// parallel batches, without the checks of CreateEvent: for benchmarks and
// demo data of any size, on a table no request is using.
func (s *Store) ImportEvents(ctx context.Context, events []domain.Event) error {
	items := make([]any, 0, 2*len(events))
	cities := map[string]bool{}
	for _, e := range events {
		items = append(items, newEventItem(e), newSeatsItem(e))
		for _, it := range findItems(e) {
			items = append(items, it)
		}
		if key := domain.CityKey(e.City); key != "" && !cities[key] {
			cities[key] = true
			items = append(items, cityItem{PK: citiesPK, SK: key, Name: e.City})
		}
	}
	return s.putAll(ctx, items)
}

// ImportRegistrations writes registrations as Register would, in parallel
// batches and without taking seats; like ImportEvents, for benchmarks.
func (s *Store) ImportRegistrations(ctx context.Context, regs []domain.Attendee) error {
	items := make([]any, 0, 3*len(regs))
	for _, r := range regs {
		if r.Status == "" {
			r.Status = domain.StatusRegistered
		}
		items = append(items, registrationItems(r, nil)...)
	}
	return s.putAll(ctx, items)
}

func (s *Store) putAll(ctx context.Context, items []any) error {
	return inBatches(ctx, len(items), func(ctx context.Context, from, to int) error {
		_, err := s.table.Batch(attrPK, attrSK).Write().Put(items[from:to]...).Run(ctx)
		return err
	})
}
