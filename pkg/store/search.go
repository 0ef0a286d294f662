package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
)

// Search finds upcoming events on the search index (IndexSearch): every
// event has one small entry there (its words, category, city key and
// point), written with the event itself, one partition per quarter of
// start (at most nine ahead). A search queries the first quarter, and if
// that does not fill the page, all the others at once, letting DynamoDB
// drop the entries that do not match (a filter on the words and fields);
// then one BatchGetItem reads the page's events and their seats. So a
// page costs at most 9 Queries and a BatchGetItem, in at most three round
// trips, however the matches are spread. The calls are counted in docs/dynamodb-calls.md and
// measured at 10,000 events by make bench. Past about 50,000 upcoming
// events a rare word's search would read too much of the index: that is
// when a search engine takes over (README).

// searchEntry is an event's entry in IndexSearch.
type searchEntry struct {
	ID     string
	GSI3SK string
	Lat    *float64
	Lng    *float64
}

// Search answers one page of q: the events, soonest first (nearest first
// with Near), and the next page's cursor ("" on the last page).
func (s *Store) Search(ctx context.Context, q domain.SearchQuery, now time.Time) ([]domain.Event, string, error) {
	from := now
	if q.From.After(from) {
		from = q.From
	}
	until := now.AddDate(domain.MaxStartYears, 1, 0)
	if !q.To.IsZero() && q.To.Before(until) {
		until = q.To
	}
	if q.Near != nil {
		return s.searchNear(ctx, q, from, until)
	}
	after := sortTime(from)
	if q.After != "" {
		if !validCursor(q.After) {
			return nil, "", domain.ErrBadCursor
		}
		if c := afterSK(q.After); c > after {
			after = c
		}
		if t, err := time.Parse(sortTimeLayout, strings.SplitN(q.After, "#", 2)[0]); err == nil && t.After(from) {
			from = t
		}
	}
	if after >= sortTime(until) {
		return []domain.Event{}, "", nil // the range is past, or past the last start
	}
	quarters := quartersOf(from, until)
	// The first quarter alone, then, if it did not fill the page, the rest.
	var found []searchEntry
	for _, wave := range [][]time.Time{quarters[:1], quarters[1:]} {
		if len(found) >= q.Limit {
			break
		}
		got, err := s.searchQuarters(ctx, q, wave, after, sortTime(until), q.Limit)
		if err != nil {
			return nil, "", err
		}
		found = append(found, got...)
	}
	next := ""
	if len(found) > q.Limit {
		found = found[:q.Limit]
	}
	if len(found) == q.Limit {
		next = found[len(found)-1].GSI3SK
	}
	events, err := s.eventsByID(ctx, found)
	return events, next, err
}

// searchNear answers a search around a point: every match within the
// radius (a latitude and longitude box on the index, then the exact
// distance), nearest first, a page at a time; its cursor is the offset.
func (s *Store) searchNear(ctx context.Context, q domain.SearchQuery, from, until time.Time) ([]domain.Event, string, error) {
	offset := 0
	if q.After != "" {
		n, err := strconv.Atoi(q.After)
		if err != nil || n < 0 {
			return nil, "", domain.ErrBadCursor
		}
		offset = n
	}
	if !from.Before(until) {
		return []domain.Event{}, "", nil // the range is past, or past the last start
	}
	entries, err := s.searchQuarters(ctx, q, quartersOf(from, until), sortTime(from), sortTime(until), 0)
	if err != nil {
		return nil, "", err
	}
	type near struct {
		searchEntry
		km float64
	}
	var found []near
	for _, e := range entries {
		if e.Lat == nil || e.Lng == nil {
			continue
		}
		if km := q.Near.DistanceKm(domain.Coords{Lat: *e.Lat, Lng: *e.Lng}); km <= q.RadiusKm {
			found = append(found, near{e, km})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].km < found[j].km })
	if offset > len(found) {
		offset = len(found)
	}
	page := found[offset:min(offset+q.Limit, len(found))]
	next := ""
	if offset+len(page) < len(found) {
		next = strconv.Itoa(offset + len(page))
	}
	entries = make([]searchEntry, len(page))
	for i, p := range page {
		entries[i] = p.searchEntry
	}
	events, err := s.eventsByID(ctx, entries)
	return events, next, err
}

// quartersOf is the first instants of the quarters from from until until.
func quartersOf(from, until time.Time) []time.Time {
	var quarters []time.Time
	for qs := quarterStart(from); qs.Before(until); qs = qs.AddDate(0, 3, 0) {
		quarters = append(quarters, qs)
	}
	return quarters
}

// searchQuarters queries the partitions of quarters at once and returns
// their matches in start order, up to limit from each (all when limit is 0).
func (s *Store) searchQuarters(ctx context.Context, q domain.SearchQuery, quarters []time.Time, after, until string, limit int) ([]searchEntry, error) {
	got := make([][]searchEntry, len(quarters))
	g, gctx := errgroup.WithContext(ctx)
	for i, qs := range quarters {
		g.Go(func() (err error) {
			got[i], err = s.searchQuarter(gctx, q, qs, after, until, limit)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []searchEntry
	for _, entries := range got {
		out = append(out, entries...)
	}
	return out, nil
}

// searchQuarter queries one quarter's partition for q's matches starting
// after after and before until, up to limit of them (all when limit is 0).
func (s *Store) searchQuarter(ctx context.Context, q domain.SearchQuery, quarter time.Time, after, until string, limit int) ([]searchEntry, error) {
	query := s.table.Get(attrGSI3PK, searchPK(quarter)).Index(IndexSearch).Range(attrGSI3SK, dynamo.Between, after, until)
	for _, w := range q.Words {
		query.Filter("contains(Words, ?)", " "+w)
	}
	if q.Category != "" {
		query.Filter("Category = ?", q.Category)
	}
	if q.CityKey != "" {
		// Any word of the city's name begun: "lyo" finds Lyon, "paulo" São Paulo.
		query.Filter("(begins_with(CityKey, ?) OR contains(CityKey, ?))", q.CityKey, " "+q.CityKey)
	}
	if q.Near != nil {
		// A box around the circle; the exact distance is checked after.
		dLat := q.RadiusKm / 111.0
		dLng := q.RadiusKm / (111.0 * math.Max(0.01, math.Cos(q.Near.Lat*math.Pi/180)))
		query.Filter("Lat BETWEEN ? AND ? AND Lng BETWEEN ? AND ?", q.Near.Lat-dLat, q.Near.Lat+dLat, q.Near.Lng-dLng, q.Near.Lng+dLng)
	}
	var out []searchEntry
	iter := query.Iter()
	var e searchEntry
	for iter.Next(ctx, &e) {
		if e.GSI3SK > after {
			out = append(out, e)
		}
		if limit > 0 && len(out) == limit {
			break
		}
		e = searchEntry{}
	}
	if err := iter.Err(); err != nil {
		return nil, fmt.Errorf("search events of %s: %w", searchPK(quarter), err)
	}
	return out, nil
}

// eventsByID reads the events of entries, in their order, with their
// seats: one BatchGetItem for up to 50 events.
func (s *Store) eventsByID(ctx context.Context, entries []searchEntry) ([]domain.Event, error) {
	if len(entries) == 0 {
		return []domain.Event{}, nil
	}
	keys := make([]dynamo.Keyed, 0, 2*len(entries))
	for _, e := range entries {
		k, sk := eventKey(e.ID), seatsKey(e.ID)
		keys = append(keys, dynamo.Keys{k.PK, k.SK}, dynamo.Keys{sk.PK, sk.SK})
	}
	var items []eventItem
	// Everything a list shows, of both kinds of item, but not the words.
	err := s.table.Batch(attrPK, attrSK).Get(keys...).Project(
		attrSK, "ID", "OrganizationID", "OrganizationName", "OrganizationLogoKey", "Title", "Description", "Location", "StartsAt", "EndsAt",
		"Capacity", "BannerKey", "Created", "Deleting", "Category", "City", "TimeZone", "Lat", "Lng",
		"SeatsTaken", "Waitlist", "Waiting", "CheckedIn", "Cancelled",
	).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read the events found: %w", err)
	}
	byID := map[string]*domain.Event{}
	counters := map[string]eventItem{}
	for _, it := range items {
		if it.SK == seatsSK {
			counters[it.ID] = it
		} else if !it.Deleting {
			e := it.domain()
			byID[it.ID] = &e
		}
	}
	out := make([]domain.Event, 0, len(entries))
	for _, en := range entries {
		if e, ok := byID[en.ID]; ok {
			counters[en.ID].counts(e)
			out = append(out, *e)
		}
	}
	return out, nil
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
