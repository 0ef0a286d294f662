package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"strings"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// search measures the search on 100, 1,000 and 10,000 upcoming events
// over two years and on 10,000 in one quarter (150-character descriptions
// from a 500-word vocabulary, 40 cities, ten categories): the first page
// (50) of a search for a common word, a rare word, two words, a city, a
// category and dates, a point at 10 and 500 km, dates alone, and the plain
// list, each on a fresh table. Calls count a Query once per MB it read,
// as AWS pages it.
func search(ctx context.Context, newBench func(string) (*bench, error)) error {
	fmt.Println()
	fmt.Println("## Search: the first page (50), by events and search")
	fmt.Println()
	fmt.Println("Calls count one per MB a Query read (AWS's page); a page is at most three round trips by construction")
	fmt.Println("(two rounds of Queries at once, then the BatchGetItem). main 3c685df, from issue 20's measurement and this")
	fmt.Println("file's last table: a rare word, a city or a point read the whole upcoming index, 16–17 calls at 10,000")
	fmt.Println("events (1,508 read units, ≈ 12 MB) and 29–31 in a dense quarter (2,672 units, a 503 after 3 s).")
	fmt.Println()
	fmt.Println("| events | search | found | calls | read units | bytes | ms |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|")
	for _, set := range []struct {
		name string
		n    int
		span time.Duration
	}{
		{"100 over two years", 100, 700 * 24 * time.Hour},
		{"1,000 over two years", 1000, 700 * 24 * time.Hour},
		{"10,000 over two years", 10000, 700 * 24 * time.Hour},
		{"10,000 in one quarter", 10000, 85 * 24 * time.Hour},
	} {
		if err := searchSet(ctx, newBench, set.name, set.n, set.span); err != nil {
			return err
		}
	}
	return nil
}

// searchSet seeds n events starting within span and measures each search.
func searchSet(ctx context.Context, newBench func(string) (*bench, error), name string, n int, span time.Duration) error {
	b, err := newBench("search")
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(12, 12))
	vocabulary := make([]string, 500)
	for i := range vocabulary {
		vocabulary[i] = fmt.Sprintf("%s%s", []string{"lumi", "stra", "verd", "qua", "mori", "telo", "bran", "fesi"}[i%8], strings.Repeat("n", i%5)+fmt.Sprint(i))
	}
	cities := make([]string, 40)
	for i := range cities {
		cities[i] = fmt.Sprintf("City %02d", i)
	}
	org := auth.NewID()
	evs := make([]domain.Event, n)
	for i := range evs {
		start := b.now.Add(time.Hour + time.Duration(rng.Int64N(int64(span)))).Truncate(time.Minute)
		title := "Meetup " + vocabulary[rng.IntN(len(vocabulary))]
		if i%2 == 0 {
			title = "Community " + title // the common word
		}
		if i == n/2 {
			title = "Zanzibar Lantern Evening" // the rare word
		}
		var desc []string
		for len(strings.Join(desc, " ")) < 150 {
			desc = append(desc, vocabulary[rng.IntN(len(vocabulary))])
		}
		city := rng.IntN(len(cities))
		evs[i] = domain.Event{
			ID: auth.NewID(), OrganizationID: org, OrganizationName: "Bench Org", Title: title, Description: strings.Join(desc, " "),
			Location: "Hall " + fmt.Sprint(i%7), City: cities[city], Category: domain.Categories[i%len(domain.Categories)].ID, TimeZone: "UTC",
			Coords: &domain.Coords{Lat: 40 + float64(city)/4 + rng.Float64()/50, Lng: 2 + float64(city)/4 + rng.Float64()/50},
			Start:  start, End: start.Add(2 * time.Hour), Capacity: 100, Created: b.now,
		}
	}
	seeding := time.Now()
	if err := b.st.ImportEvents(ctx, evs); err != nil {
		return fmt.Errorf("seed %d events: %w", n, err)
	}
	fmt.Fprintf(os.Stderr, "search: %d events with their find keys written in %v\n", n, time.Since(seeding).Round(time.Second))
	month := "&from=" + b.now.AddDate(0, 1, 0).Format("2006-01-02") + "&to=" + b.now.AddDate(0, 2, 0).Format("2006-01-02")
	for _, c := range []struct{ name, query string }{
		{"common word (half the events)", "q=community"},
		{"rare word (one event)", "q=zanzibar"},
		{"two words, the last a beginning", "q=community+lumi"},
		{"city", "city=" + url.QueryEscape(cities[7])},
		{"category and a month", "category=music" + month},
		{"near a point, 10 km", "near=41.75,3.75&radius_km=10"},
		{"near a point, 500 km", "near=44,6&radius_km=500"},
		{"a month alone", strings.TrimPrefix(month, "&")},
		{"plain list (no search)", ""},
	} {
		body, calls, read, took, err := b.measure("/api/event/public/?"+c.query, "")
		if err != nil {
			return err
		}
		found := strings.Count(string(body), `"id":`) - strings.Count(string(body), `"organization":{"id":`)
		fmt.Printf("| %s | %s | %d | %d | %.1f | %d | %d |\n", name, c.name, found, calls, read, len(body), took.Milliseconds())
	}
	return nil
}
