package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// search measures the search on 10,000 upcoming events over two
// years (300-character descriptions from a 500-word vocabulary, 40 cities,
// ten categories): the first page of a search for a common word, a rare
// word, a city and around a point, on a fresh table.
func search(ctx context.Context, newBench func(string) (*bench, error)) error {
	const n = 10000
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
	span := 700 * 24 * time.Hour
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
		for len(strings.Join(desc, " ")) < 300 {
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
	if err := b.st.ImportEvents(ctx, evs); err != nil {
		return fmt.Errorf("seed %d events: %w", n, err)
	}
	fmt.Println()
	fmt.Println("## Search: the first page (50) of a search of 10,000 upcoming events over two years")
	fmt.Println()
	fmt.Println("| search | found on page 1 | calls | read units | bytes | ms |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	for _, c := range []struct{ name, query string }{
		{"common word (half the events)", "q=community"},
		{"rare word (one event)", "q=zanzibar"},
		{"two words, the last a beginning", "q=community+lumi"},
		{"city", "city=" + url.QueryEscape(cities[7])},
		{"category and dates (a month)", "category=music&from=" + b.now.AddDate(0, 2, 0).Format("2006-01-02") + "&to=" + b.now.AddDate(0, 3, 0).Format("2006-01-02")},
		{"near a point, 10 km", "near=41.75,3.75&radius_km=10"},
		{"plain list (no search)", ""},
	} {
		body, calls, read, took, err := b.measure("/api/event/public/?"+c.query, "")
		if err != nil {
			return err
		}
		fmt.Printf("| %s | %d | %d | %.1f | %d | %d |\n", c.name, strings.Count(string(body), `"id":`)-strings.Count(string(body), `"organization":{"id":`), calls, read, len(body), took.Milliseconds())
	}
	return nil
}
