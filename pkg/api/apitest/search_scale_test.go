package apitest

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// TestSearchCostFollowsTheMatches: 1,200 events in two months, all in Lyon
// and of one kind but one, all saying "gathering" but one "zephyr". Each
// search reads the keys of what it asks, so a page costs few DynamoDB
// calls whether one event matches or all do (the operation counter
// counts a call per MB a Query reads, as AWS pages it), answers under
// 1 MB, and finds exactly what matches.
func TestSearchCostFollowsTheMatches(t *testing.T) {
	t.Parallel()
	// Tens of thousands of writes: on emulators of its own, so the other
	// tests' calls do not queue behind them.
	env := MustEnvOfItsOwn(t)
	org := env.NewOrganizer(t)
	const n = 1200
	now := env.Now()
	lyon := domain.Coords{Lat: 45.764, Lng: 4.8357}
	evs := make([]domain.Event, n)
	for i := range evs {
		start := now.Add(time.Duration(i+1) * 60 * 24 * time.Hour / n)
		evs[i] = domain.Event{ID: auth.NewID(), OrganizationID: org.OrganizationID, OrganizationName: "Harbour Club",
			Title: fmt.Sprintf("Evening gathering %d", i), Description: "Songs by the river.",
			Location: "Quai", City: "Lyon", Category: "music", TimeZone: "Europe/Paris",
			Coords: &domain.Coords{Lat: lyon.Lat + float64(i%50)/1000, Lng: lyon.Lng}, Start: start, End: start.Add(time.Hour), Capacity: 10}
	}
	rare := n * 2 / 3
	evs[rare].Title, evs[rare].Category = "Zephyr quartet", "food"
	if err := env.Base.Store.ImportEvents(context.Background(), evs); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		name     string
		query    url.Values
		want     int // events on the first page
		maxCalls int
	}{
		{"a word one event has", url.Values{"q": {"zephyr"}}, 1, 2},
		{"a word every other event has", url.Values{"q": {"gathering"}}, 50, 2},
		{"both", url.Values{"q": {"gathering zephyr"}}, 0, 5},
		{"a rare word and a common one", url.Values{"q": {"zephyr quart"}, "city": {"lyon"}}, 1, 5},
		{"the rare kind", url.Values{"category": {"food"}}, 1, 2},
		{"the common kind in the city", url.Values{"category": {"music"}, "city": {"ly"}}, 50, 3},
		{"within 500 km", url.Values{"near": {"45.7,4.8"}, "radius_km": {"500"}}, 50, 9},
		{"within 5 km, the rare word", url.Values{"near": {"45.77,4.84"}, "radius_km": {"5"}, "q": {"zephyr"}}, 1, 10},
		{"dates alone", url.Values{"from": {now.Add(24 * time.Hour).Format("2006-01-02")}}, 50, 2},
	} {
		env.Ops.Take()
		got, res := searchTitles(t, env, c.query)
		calls := callCount(env.Ops.Take())
		if len(got) != c.want {
			t.Errorf("%s (%s): %d events, want %d", c.name, c.query.Encode(), len(got), c.want)
		}
		if calls > c.maxCalls {
			t.Errorf("%s (%s): %d DynamoDB calls, want at most %d", c.name, c.query.Encode(), calls, c.maxCalls)
		}
		if len(res.Body) > maxResponse {
			t.Errorf("%s: %d bytes, over 1 MB", c.name, len(res.Body))
		}
	}

	// Every event saying "gathering" comes once, page by page.
	seen := map[string]bool{}
	after := ""
	for pages := 0; ; pages++ {
		if pages > n/50+2 {
			t.Fatalf("more than %d pages", pages)
		}
		q := url.Values{"q": {"gatherin"}, "limit": {"100"}}
		if after != "" {
			q.Set("after", after)
		}
		env.Ops.Take()
		titles, res := searchTitles(t, env, q)
		if calls := callCount(env.Ops.Take()); calls > 3 {
			t.Errorf("page %d: %d DynamoDB calls, want at most 3", pages, calls)
		}
		for _, title := range titles {
			if seen[title] {
				t.Errorf("%q listed twice", title)
			}
			seen[title] = true
		}
		if after = res.Header.Get("X-Next-Page"); after == "" {
			break
		}
	}
	if len(seen) != n-1 {
		t.Errorf("paged through %d events, want %d", len(seen), n-1)
	}
}
