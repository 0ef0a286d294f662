package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Every list is a page: at most limit items (the API allows up to 100),
// read with at most two calls for an owned list and three for the public
// one, whatever the history's size.

// pageBytes bounds the worst-case JSON of a page of events, below the 1 MB
// a response may take: a page is cut short rather than grow past it.
const pageBytes = 900 << 10

// eventJSONBound is the most bytes event e can take as JSON: every byte of
// its text may be escaped to six ("\u003c"), the banner's key appears in
// its URL too, and the rest (numbers, times, names of fields, the media
// base URL) fits in 512.
func eventJSONBound(e domain.Event) int {
	text := len(e.ID) + len(e.Title) + len(e.Description) + len(e.Location) +
		len(e.OrganizationID) + len(e.OrganizationName) + 2*len(e.BannerKey)
	return 6*text + 512
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
// at a time, each with its seats. Starts are at most domain.MaxStartYears
// ahead, so the page reads at most that many year partitions plus the
// current one: one Query each, and only while the page is not full. after
// is the cursor returned by the previous page ("" for the first); the
// returned cursor is "" when there is nothing more.
func (s *Store) UpcomingEvents(ctx context.Context, after string, now time.Time, limit int) ([]domain.Event, string, error) {
	from := afterSK(sortTime(now)) // excludes events starting now
	if after != "" {
		if !validCursor(after) {
			return nil, "", ErrBadCursor
		}
		from = max(from, afterSK(after))
	}
	year, _ := strconv.Atoi(from[:4])
	var events []domain.Event
	for last := now.UTC().Year() + domain.MaxStartYears; year <= last && len(events) < limit; {
		page, resume, more, err := s.upcomingIn(ctx, year, from, limit-len(events))
		if err != nil {
			return nil, "", err
		}
		events, from = append(events, page...), resume
		if !more {
			year++
		}
	}
	events, next := endPage(events, len(events) == limit)
	return events, next, nil
}

// upcomingIn reads up to need events of year's partition after from, each
// paired with the seat counter that follows it. more reports that the
// partition may hold more than was read; resume is where to read on.
func (s *Store) upcomingIn(ctx context.Context, year int, from string, need int) (events []domain.Event, resume string, more bool, err error) {
	var items []eventItem
	pk := upcomingPK(time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC))
	err = s.table.Get(attrGSI1PK, pk).Index(IndexUpcoming).Range(attrGSI1SK, dynamo.Greater, from).
		Limit(2*need).All(ctx, &items)
	if err != nil {
		return nil, "", false, fmt.Errorf("list upcoming events of %d: %w", year, err)
	}
	full := len(items) == 2*need
	resume = from
	for i := 0; i < len(items); i++ {
		it := items[i]
		switch {
		case it.SK == seatsSK: // its event is not indexed yet, or no longer
		case i+1 < len(items) && items[i+1].SK == seatsSK && items[i+1].ID == it.ID:
			e := it.domain()
			e.SeatsTaken = items[i+1].SeatsTaken
			events = append(events, e)
			i++
		case i+1 == len(items) && full:
			// The page's limit cut this event from its counter: read it
			// again with the next Query.
			return events, resume, len(events) < need, nil
		default: // its counter is not indexed yet: nothing taken shows
			events = append(events, it.domain())
		}
		resume = items[i].GSI1SK
	}
	return events, resume, full && len(events) < need, nil
}

// OrganizationEvents lists an organization's events by start time, limit
// at a time, with their seats: one Query of the owned index and one
// BatchGetItem of the page's seat counters.
func (s *Store) OrganizationEvents(ctx context.Context, orgID, after string, limit int) ([]domain.Event, string, error) {
	var items []eventItem
	if err := s.ownedPage(ctx, organizationEventsPK(orgID), after, limit, &items); err != nil {
		return nil, "", fmt.Errorf("list events of organization %s: %w", orgID, err)
	}
	events := make([]domain.Event, len(items))
	keys := make([]dynamo.Keyed, len(items))
	for i, it := range items {
		events[i] = it.domain()
		k := seatsKey(it.ID)
		keys[i] = dynamo.Keys{k.PK, k.SK}
	}
	if len(keys) > 0 {
		var seats []seatsItem
		err := s.table.Batch(attrPK, attrSK).Get(keys...).Project("ID", "SeatsTaken").All(ctx, &seats)
		if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
			return nil, "", fmt.Errorf("read seats of organization %s's events: %w", orgID, err)
		}
		taken := make(map[string]int, len(seats))
		for _, it := range seats {
			taken[it.ID] = it.SeatsTaken
		}
		for i := range events {
			events[i].SeatsTaken = taken[events[i].ID]
		}
	}
	events, next := endPage(events, len(items) == limit)
	return events, next, nil
}

// ownedPage reads one page of an owned list (partition pk of GSI2) after
// cursor after into out.
func (s *Store) ownedPage(ctx context.Context, pk, after string, limit int, out any) error {
	q := s.table.Get(attrGSI2PK, pk).Index(IndexOwned)
	if after != "" {
		if !validCursor(after) {
			return ErrBadCursor
		}
		q = q.Range(attrGSI2SK, dynamo.Greater, afterSK(after))
	}
	return q.Limit(limit).All(ctx, out)
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

// ImportEvents writes events (with their seat counters) in parallel
// batches, without the checks of CreateEvent: for benchmarks and demo data
// of any size, on a table no request is using.
func (s *Store) ImportEvents(ctx context.Context, events []domain.Event) error {
	items := make([]any, 0, 2*len(events))
	for _, e := range events {
		items = append(items, newEventItem(e), newSeatsItem(e))
	}
	return s.putAll(ctx, items)
}

// ImportRegistrations writes registrations as Register would, in parallel
// batches and without taking seats; like ImportEvents, for benchmarks.
func (s *Store) ImportRegistrations(ctx context.Context, regs []domain.Registration) error {
	items := make([]any, 0, 2*len(regs))
	for _, r := range regs {
		ak := attendeeKey(r.EventID, r.UserID)
		items = append(items, attendeeItem{PK: ak.PK, SK: ak.SK, RegistrationID: r.ID}, newRegistrationItem(r))
	}
	return s.putAll(ctx, items)
}

func (s *Store) putAll(ctx context.Context, items []any) error {
	return inBatches(ctx, len(items), func(ctx context.Context, from, to int) error {
		_, err := s.table.Batch(attrPK, attrSK).Write().Put(items[from:to]...).Run(ctx)
		return err
	})
}
