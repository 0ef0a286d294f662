package store

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Find keys: what a search reads. Each upcoming event is written under a
// small item per key it is found by (domain.WordKeys of its words, its
// category, domain.WordKeys of its city's words, the cells of its point),
// each key a partition sorted by start, so a search queries the keys of
// what it asks and reads what matches, not the whole index. They are
// written before the event's own transaction and removed after it: one
// left over by a failed write finds an event that no longer matches,
// which the search drops when it reads the event (matches), and expires
// a day after the event's start, when no search reaches it any more.

// findItem is an event's entry under one find key.
type findItem struct {
	PK string `dynamo:"PK,hash"`
	SK string `dynamo:"SK,range"`
	// W is, under a word key, the event's words that begin with it, each
	// after a space (" photo photography "), for searches of longer words.
	W string `dynamo:",omitempty"`
	// Lat and Lng are the point, under a cell, for the box a search reads.
	Lat     *float64  `dynamo:",omitempty"`
	Lng     *float64  `dynamo:",omitempty"`
	Expires time.Time `dynamo:"TTL,unixtime"`
}

// findTTL is how long after its event's start a find item stays.
const findTTL = 24 * time.Hour

// Find key kinds.
const (
	findWord     = "w:"
	findCity     = "c:"
	findCategory = "k:"
	findLanguage = "l:" // by base language: "de" finds de-CH too
	findCell     = "g:"
)

func findPK(kind, value string) string { return "FIND#" + kind + value }

// findItems are e's find items, by their key: none for an event that is
// not listed, which no search finds.
func findItems(e domain.Event) map[key]findItem {
	sk, expires := upcomingSK(e.Start, e.ID), e.Start.Add(findTTL)
	out := map[key]findItem{}
	if !e.Listed() {
		return out
	}
	add := func(pk, word string) {
		k := key{pk, sk}
		it, ok := out[k]
		if !ok {
			it = findItem{PK: pk, SK: sk, W: " ", Expires: expires}
		}
		if word != "" && !strings.Contains(it.W, " "+word+" ") {
			it.W += word + " "
		}
		out[k] = it
	}
	for _, w := range domain.SplitWords(eventWords(e)) {
		for _, prefix := range domain.WordKeys(w) {
			add(findPK(findWord, prefix), w)
		}
	}
	for _, w := range domain.SplitWords(domain.CityKey(e.City)) {
		for _, prefix := range domain.WordKeys(w) {
			add(findPK(findCity, prefix), w)
		}
	}
	if e.Category != "" {
		add(findPK(findCategory, e.Category), "")
	}
	if e.Language != "" {
		add(findPK(findLanguage, domain.BaseLanguage(e.Language)), "")
	}
	if e.Coords != nil {
		for _, cell := range e.Coords.Cells() {
			lat, lng := e.Coords.Parts()
			out[key{findPK(findCell, cell), sk}] = findItem{PK: findPK(findCell, cell), SK: sk, Lat: lat, Lng: lng, Expires: expires}
		}
	}
	for k, it := range out {
		if it.W == " " {
			it.W = ""
			out[k] = it
		}
	}
	return out
}

// eventWords is the index text of e (domain.SearchWords).
func eventWords(e domain.Event) string {
	return domain.SearchWords(e.Title, e.Location, e.City, e.OrganizationName, e.Description)
}

func sameFindItem(a, b findItem) bool {
	return a.PK == b.PK && a.SK == b.SK && a.W == b.W && a.Expires.Equal(b.Expires) && sameCoord(a.Lat, b.Lat) && sameCoord(a.Lng, b.Lng)
}

// findChange is how an event's find items move from was to next: put
// before its write, settle after.
type findChange struct {
	was, next map[key]findItem
}

func newFindChange(was *domain.Event, next domain.Event) findChange {
	c := findChange{was: map[key]findItem{}, next: findItems(next)}
	if was != nil {
		c.was = findItems(*was)
	}
	return c
}

// undone is the change back, for a write that failed after findBefore:
// findAfter of it removes the items only the change's next had and
// narrows the others to was's words.
func (c findChange) undone() findChange { return findChange{was: c.next, next: c.was} }

// before writes the items next has and was has not, or not so; under a
// key both have, with the words of both, so whether the event's write
// lands or fails, its items find it.
func (s *Store) findBefore(ctx context.Context, c findChange) error {
	var puts []any
	for _, k := range slices.SortedFunc(maps.Keys(c.next), cmpKey) {
		it := c.next[k]
		if old, ok := c.was[k]; ok {
			it.W = unionWords(old.W, it.W)
			if sameFindItem(old, it) {
				continue
			}
		}
		puts = append(puts, it)
	}
	if err := s.putAll(ctx, puts); err != nil {
		return fmt.Errorf("write find keys: %w", err)
	}
	return nil
}

// findAfter removes, once the event's write landed, the items only was
// had and narrows those whose words were joined. What it cannot do only
// costs a search a read (matches drops the event), so it logs, never
// fails the write that landed.
func (s *Store) findAfter(ctx context.Context, c findChange) {
	var stale []dynamo.Keyed
	var narrow []any
	for _, k := range slices.SortedFunc(maps.Keys(c.was), cmpKey) {
		it, ok := c.next[k]
		switch {
		case !ok:
			stale = append(stale, dynamo.Keys{k.PK, k.SK})
		case it.W != unionWords(c.was[k].W, it.W):
			narrow = append(narrow, it)
		}
	}
	if err := s.deleteAll(ctx, stale); err != nil {
		slog.WarnContext(ctx, "remove stale find keys", "keys", len(stale), "err", err)
	}
	if err := s.putAll(ctx, narrow); err != nil {
		slog.WarnContext(ctx, "narrow find keys", "keys", len(narrow), "err", err)
	}
}

// keysOf are the keys of items.
func keysOf(items map[key]findItem) []dynamo.Keyed {
	out := make([]dynamo.Keyed, 0, len(items))
	for _, k := range slices.SortedFunc(maps.Keys(items), cmpKey) {
		out = append(out, dynamo.Keys{k.PK, k.SK})
	}
	return out
}

func cmpKey(a, b key) int { return strings.Compare(a.PK+"\x00"+a.SK, b.PK+"\x00"+b.SK) }

// unionWords is the words of a and b (" w1 w2 "), a's first.
func unionWords(a, b string) string {
	if a == "" {
		return b
	}
	out := a
	for _, w := range strings.Fields(b) {
		if !strings.Contains(out, " "+w+" ") {
			out += w + " "
		}
	}
	return out
}

// findEvent writes the find items of an event written before find keys
// existed (Backfill), unless it has started, and answers 1 if it did.
func (s *Store) findEvent(ctx context.Context, e domain.Event, now time.Time) (int, error) {
	if !e.Start.After(now) {
		return 0, nil
	}
	c := newFindChange(nil, e)
	if err := s.findBefore(ctx, c); err != nil {
		return 0, err
	}
	return 1, nil
}
