package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"
	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
)

// Search finds upcoming events by their find keys (find.go). Each thing a
// search asks is a partition of small entries sorted by start, or a few of
// them: a word (the key of its first letters, with a filter on the words
// under it when the word is longer), each word of its city, its category,
// the cells covering its circle. A page is the entries they all have. It
// reads every partition a DynamoDB page at a time, all at once, and a
// second time if the first did not fill the page; then one BatchGetItem
// (two at once past 50 events) reads the page's events and seats, and
// drops any that no longer match (an entry left by a write cut short).
// A search that asks for nothing keyed (dates alone, or one-letter words)
// reads the search index by quarter instead (IndexSearch): the first
// quarter, then the others at once. So a page is at most three round
// trips, each Query page at most 1 MB and the answer under 1 MB; when two
// rounds of reads did not fill it, the page ends short, its cursor where
// the reading stopped. Calls are counted in docs/dynamodb-calls.md and
// measured at 10,000 events by make bench.

// searchBatch is how many entries one Query of a search examines: with
// find entries of about 150 bytes, a fifth of a Query page.
const searchBatch = 1500

// searchRounds is how many times a search reads its partitions.
const searchRounds = 2

// searchEntry is an entry in a find partition or in IndexSearch.
type searchEntry struct {
	SK, GSI3SK string
	Lat, Lng   *float64
}

// searchPart is one partition a search reads, past floor: every entry of
// it up to reached has been read, found holds the sort keys that matched.
type searchPart struct {
	query func() *dynamo.Query
	// keep, when set, drops entries the Query's filter could not.
	keep    func(searchEntry) bool
	sortKey string // attrSK, or attrGSI3SK in IndexSearch
	floor   string
	next    dynamo.PagingKey
	reached string
	done    bool
	found   []string
}

// searchStream is the entries of a search's one condition: those of any
// of its parts.
type searchStream []*searchPart

// Search answers one page of q: the events, soonest first, and the next
// page's cursor ("" on the last page).
func (s *Store) Search(ctx context.Context, q domain.SearchQuery, now time.Time) ([]domain.Event, string, error) {
	from := now
	if q.From.After(from) {
		from = q.From
	}
	until := now.AddDate(domain.MaxStartYears, 1, 0)
	if !q.To.IsZero() && q.To.Before(until) {
		until = q.To
	}
	floor := sortTime(from)
	if q.After != "" {
		if !validCursor(q.After) {
			return nil, "", domain.ErrBadCursor
		}
		floor = max(floor, q.After)
	}
	last := sortTime(until)
	if floor >= last {
		return []domain.Event{}, "", nil // the range is past, or past the last start
	}
	streams := s.searchStreams(q, floor, last)
	var found []string
	boundary := floor
	for round := range searchRounds {
		if err := s.readParts(ctx, streams, round); err != nil {
			return nil, "", err
		}
		found, boundary = intersect(streams, last)
		if len(found) >= q.Limit || boundary == last {
			break
		}
	}
	next := ""
	switch {
	case len(found) > q.Limit:
		found = found[:q.Limit]
		next = found[len(found)-1]
	case boundary < last && len(found) == q.Limit:
		next = found[len(found)-1]
	case boundary < last:
		next = boundary // the reading stopped there: the next page goes on
	}
	events, err := s.eventsFound(ctx, q, found)
	if err != nil {
		return nil, "", err
	}
	if fit, cut := fitPage(events); cut {
		events, next = fit, upcomingSK(fit[len(fit)-1].Start, fit[len(fit)-1].ID)
	}
	return events, next, nil
}

// searchStreams are the conditions of q, each with its partitions, from
// floor to last.
func (s *Store) searchStreams(q domain.SearchQuery, floor, last string) []searchStream {
	var streams []searchStream
	find := func(pk string, filter func(*dynamo.Query)) searchStream {
		return searchStream{{sortKey: attrSK, floor: floor, reached: floor, query: func() *dynamo.Query {
			query := s.table.Get(attrPK, pk).Range(attrSK, dynamo.Between, floor, last).Project(attrSK)
			if filter != nil {
				filter(query)
			}
			return query
		}}}
	}
	words := func(kind string, words []string) {
		for _, w := range words {
			key, exact := domain.QueryKey(w)
			switch {
			case key == "":
				continue // a letter: the events read are checked for it
			case exact:
				streams = append(streams, find(findPK(kind, key), nil))
			default:
				streams = append(streams, find(findPK(kind, key), func(query *dynamo.Query) { query.Filter("contains(W, ?)", " "+w) }))
			}
		}
	}
	words(findWord, q.Words)
	words(findCity, domain.SplitWords(q.CityKey))
	if q.Category != "" {
		streams = append(streams, find(findPK(findCategory, q.Category), nil))
	}
	if q.Language != "" {
		streams = append(streams, find(findPK(findLanguage, q.Language), nil))
	}
	if q.Near != nil {
		// The box around the circle in the Query, the circle after.
		box := q.Near.BoxAround(q.RadiusKm)
		within := func(e searchEntry) bool {
			p := domain.CoordsOf(e.Lat, e.Lng)
			return p != nil && q.Near.DistanceKm(*p) <= q.RadiusKm
		}
		var cells searchStream
		for _, cell := range q.Near.CellsAround(q.RadiusKm) {
			part := find(findPK(findCell, cell), func(query *dynamo.Query) { inBox(query.Project(attrSK, "Lat", "Lng"), box) })[0]
			part.keep = within
			cells = append(cells, part)
		}
		streams = append(streams, cells)
	}
	if len(streams) > 0 {
		return streams
	}
	// Nothing keyed: the search index, a quarter at a time.
	from, _ := time.Parse(sortTimeLayout, floor[:len(sortTimeLayout)])
	until, _ := time.Parse(sortTimeLayout, last)
	var quarters searchStream
	for _, qs := range quartersOf(from, until) {
		start := max(floor, sortTime(qs))
		quarters = append(quarters, &searchPart{sortKey: attrGSI3SK, floor: start, reached: start, query: func() *dynamo.Query {
			query := s.table.Get(attrGSI3PK, searchPK(qs)).Index(IndexSearch).Range(attrGSI3SK, dynamo.Between, start, last).Project(attrGSI3SK)
			for _, w := range q.Words {
				query.Filter("contains(Words, ?)", " "+w)
			}
			if q.CityKey != "" {
				query.Filter("(begins_with(CityKey, ?) OR contains(CityKey, ?))", q.CityKey, " "+q.CityKey)
			}
			return query
		}})
	}
	return []searchStream{quarters}
}

// inBox keeps the entries whose point lies in b.
func inBox(query *dynamo.Query, b domain.Box) {
	if b.MinLng <= b.MaxLng {
		query.Filter("Lat BETWEEN ? AND ? AND Lng BETWEEN ? AND ?", b.MinLat, b.MaxLat, b.MinLng, b.MaxLng)
		return
	}
	query.Filter("Lat BETWEEN ? AND ? AND (Lng >= ? OR Lng <= ?)", b.MinLat, b.MaxLat, b.MinLng, b.MaxLng)
}

// quartersOf is the first instants of the quarters from from until until.
func quartersOf(from, until time.Time) []time.Time {
	var quarters []time.Time
	for qs := quarterStart(from); qs.Before(until); qs = qs.AddDate(0, 3, 0) {
		quarters = append(quarters, qs)
	}
	return quarters
}

// readParts reads, at once, a page of each part the round reads: in the
// first, the parts of each stream that begin lowest (all of them but for
// the search index's later quarters); in the second, every part not done.
func (s *Store) readParts(ctx context.Context, streams []searchStream, round int) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, stream := range streams {
		lowest := slices.MinFunc(stream, func(a, b *searchPart) int { return strings.Compare(a.floor, b.floor) }).floor
		for _, p := range stream {
			if p.done || (round == 0 && p.floor != lowest) {
				continue
			}
			g.Go(func() error { return p.read(gctx) })
		}
	}
	return g.Wait()
}

// read reads the next page of p.
func (p *searchPart) read(ctx context.Context) error {
	query := p.query().SearchLimit(searchBatch)
	if p.next != nil {
		query = query.StartFrom(p.next)
	}
	var entries []searchEntry
	next, err := query.AllWithLastEvaluatedKey(ctx, &entries)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	for _, e := range entries {
		sk := e.SK
		if p.sortKey == attrGSI3SK {
			sk = e.GSI3SK
		}
		if sk > p.floor && (p.keep == nil || p.keep(e)) {
			p.found = append(p.found, sk)
		}
	}
	p.next = next
	if v, ok := next[p.sortKey].(*types.AttributeValueMemberS); ok {
		p.reached = v.Value
	} else {
		p.done = true
	}
	return nil
}

// intersect is the sort keys, in order, every stream found up to the
// boundary: the least key up to which every stream was read (last when
// all were read to the end).
func intersect(streams []searchStream, last string) (found []string, boundary string) {
	boundary = last
	for _, stream := range streams {
		for _, p := range stream {
			if !p.done {
				boundary = min(boundary, p.reached)
			}
		}
	}
	var sets []map[string]bool
	for _, stream := range streams {
		set := map[string]bool{}
		for _, p := range stream {
			for _, sk := range p.found {
				if sk <= boundary {
					set[sk] = true
				}
			}
		}
		sets = append(sets, set)
	}
	slices.SortFunc(sets, func(a, b map[string]bool) int { return len(a) - len(b) })
	for sk := range sets[0] {
		if !slices.ContainsFunc(sets[1:], func(set map[string]bool) bool { return !set[sk] }) {
			found = append(found, sk)
		}
	}
	slices.Sort(found)
	return found, boundary
}

// eventsFound reads the events of the sort keys found, in their order,
// with their seats, keeping those that still match q where found: one
// BatchGetItem per 50 events, at once.
func (s *Store) eventsFound(ctx context.Context, q domain.SearchQuery, found []string) ([]domain.Event, error) {
	const perBatch = batchGetKeys / 2
	batches := make([][]eventItem, (len(found)+perBatch-1)/perBatch)
	g, gctx := errgroup.WithContext(ctx)
	for i := range batches {
		g.Go(func() error {
			var keys []dynamo.Keyed
			for _, sk := range found[i*perBatch : min((i+1)*perBatch, len(found))] {
				_, id, _ := strings.Cut(sk, "#")
				k, seats := eventKey(id), seatsKey(id)
				keys = append(keys, dynamo.Keys{k.PK, k.SK}, dynamo.Keys{seats.PK, seats.SK})
			}
			// Everything a list shows, of both kinds of item, and what
			// a match is checked on.
			err := s.table.Batch(attrPK, attrSK).Get(keys...).Project(
				attrSK, "ID", "OrganizationID", "OrganizationName", "OrganizationLogoKey", "Title", "Description", "Location", "StartsAt", "EndsAt",
				"Capacity", "BannerKey", "Created", "Deleting", "Category", "City", "CityKey", "Words", "TimeZone", "Lat", "Lng",
				"SeatsTaken", "Waitlist", "Waiting", "CheckedIn", "Cancelled", "Visibility", "Online", "Approval", "Language",
			).All(gctx, &batches[i])
			if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
				return fmt.Errorf("read the events found: %w", err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	events := map[string]eventItem{}
	counters := map[string]eventItem{}
	for _, batch := range batches {
		for _, it := range batch {
			if it.SK == seatsSK {
				counters[it.ID] = it
			} else {
				events[it.ID] = it
			}
		}
	}
	out := make([]domain.Event, 0, len(found))
	for _, sk := range found {
		_, id, _ := strings.Cut(sk, "#")
		it, ok := events[id]
		if !ok || it.Deleting || it.Visibility != "" {
			continue // gone, or no longer public
		}
		e := it.domain()
		if upcomingSK(e.Start, e.ID) != sk || !matches(q, it.Words, it.CityKey, e) {
			continue // an entry the event has left since
		}
		counters[id].counts(&e)
		out = append(out, e)
	}
	return out, nil
}

// matches reports whether event e, found by the index text words and
// city key cityKey, answers q (its dates aside, which its key answered).
func matches(q domain.SearchQuery, words, cityKey string, e domain.Event) bool {
	for _, w := range q.Words {
		if !domain.BeginsAWord(words, w) {
			return false
		}
	}
	switch {
	case q.Category != "" && e.Category != q.Category:
		return false
	case q.Language != "" && domain.BaseLanguage(e.Language) != q.Language:
		return false
	case q.CityKey != "" && !domain.CityMatches(cityKey, q.CityKey):
		return false
	case q.Near != nil && (e.Coords == nil || q.Near.DistanceKm(*e.Coords) > q.RadiusKm):
		return false
	}
	return true
}
