package domain

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSearchWordsFoldCaseAndAccentsOnce(t *testing.T) {
	got := SearchWords("Night Photography Walk", "Café Zürich — São Paulo", "Straße", "night")
	if got != " night photography walk cafe zurich sao paulo strasse " {
		t.Errorf("SearchWords = %q", got)
	}
	if q := QueryWords("  PHOTO, wal "); strings.Join(q, "|") != "photo|wal" {
		t.Errorf("QueryWords = %q", q)
	}
	for q, want := range map[string]string{"The Jazz Night in the Park": "jazz|night|park", "the": "the", "of the": "of|the", "A Night at THE Opera": "night|opera"} {
		if got := strings.Join(QueryWords(q), "|"); got != want {
			t.Errorf("QueryWords(%q) = %q, want %q (stop words out, unless nothing else)", q, got, want)
		}
	}
	if CityKey(" São  Paulo ") != "sao paulo" {
		t.Errorf("CityKey = %q", CityKey(" São  Paulo "))
	}
	long := strings.Repeat("word ", 10) + strings.Repeat("x ", 1000)
	var many []string
	for i := range 500 {
		many = append(many, "w"+strings.Repeat("a", i%50)+string(rune('a'+i%26)))
	}
	if n := len(strings.Fields(SearchWords(long, strings.Join(many, " ")))); n > MaxIndexedWords {
		t.Errorf("%d words indexed, want at most %d", n, MaxIndexedWords)
	}
}

func TestPlaceFields(t *testing.T) {
	str := func(s string) *string { return &s }
	in := EventInput{Title: "t", Description: "d", Location: "l", StartTime: "2030-01-01T10:00:00Z", EndTime: "2030-01-01T11:00:00Z", Capacity: "5",
		Category: str("music"), City: str("  Lyon "), TimeZone: str("Europe/Paris"), Latitude: str("45.7640"), Longitude: str("4.83566")}
	f, err := in.Parse(time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil || *f.Category != "music" || *f.City != "Lyon" || *f.TimeZone != "Europe/Paris" || !f.CoordsSet || f.Coords.Lat != 45.764 || f.Coords.Lng != 4.83566 {
		t.Fatalf("Parse = %+v, %v", f, err)
	}
	in.Category, in.TimeZone, in.Latitude, in.Longitude = str("karaoke"), str("Mars/Olympus"), str("91"), str("x")
	_, err = in.Parse(time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC))
	fields := err.(*Error).Fields
	if fields["category"][0] != MsgCategory || fields["time_zone"][0] != MsgTimeZone || fields["latitude"][0] != MsgLatitude || fields["longitude"][0] != MsgLongitude {
		t.Errorf("fields = %v", fields)
	}
	in.Category, in.TimeZone, in.Latitude, in.Longitude = nil, nil, str("1"), nil
	if _, err = in.Parse(time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC)); err.(*Error).Fields["latitude"][0] != MsgCoordsPair {
		t.Errorf("one coordinate: %v", err)
	}
	in.Latitude, in.Longitude = str(""), str("")
	if f, err = in.Parse(time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil || !f.CoordsSet || f.Coords != nil {
		t.Errorf("cleared point: %+v %v", f, err)
	}
	if d := (Coords{48.8566, 2.3522}).DistanceKm(Coords{45.764, 4.8357}); d < 390 || d > 395 {
		t.Errorf("Paris-Lyon = %.1f km", d)
	}
}

func TestWordKeysAndQueryKeys(t *testing.T) {
	for _, c := range []struct {
		word string
		keys []string
	}{{"a", nil}, {"dj", []string{"dj"}}, {"art", []string{"ar"}}, {"jazz", []string{"ja", "jazz"}}, {"photography", []string{"ph", "phot"}}, {"são", []string{"sã"}}} {
		if got := WordKeys(c.word); !slices.Equal(got, c.keys) {
			t.Errorf("WordKeys(%q) = %q, want %q", c.word, got, c.keys)
		}
	}
	// Every word is found by every beginning of it that has a key.
	for _, word := range []string{"dj", "art", "jazz", "photography"} {
		for n := 1; n <= len(word); n++ {
			key, exact := QueryKey(word[:n])
			if n == 1 {
				if key != "" {
					t.Errorf("QueryKey(%q) = %q, want none for a letter", word[:n], key)
				}
				continue
			}
			if !slices.Contains(WordKeys(word), key) {
				t.Errorf("QueryKey(%q) = %q: not a key of %q (%q)", word[:n], key, word, WordKeys(word))
			}
			if exact != (len(key) == n) {
				t.Errorf("QueryKey(%q) exact = %v", word[:n], exact)
			}
		}
	}
}

// TestCellsAroundCoverTheCircle: for circles from 1 to 500 km, at the
// equator, in Europe, far north and across the 180th meridian, every
// point within the radius lies in one of the cells read, of which there
// are at most maxCells (twice that of the coarsest, far north).
func TestCellsAroundCoverTheCircle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, center := range []Coords{{0, 0}, {45.76, 4.84}, {-23.55, -46.63}, {78.2, 15.6}, {-17.7, 179.9}} {
		for _, radius := range []float64{1, 5, 25, 100, 500} {
			cells := center.CellsAround(radius)
			if len(cells) == 0 {
				t.Fatalf("%v within %v km: no cells", center, radius)
			}
			// Only the coarsest cells may be more, far north or south.
			precision := uint(len(cells[0]))
			if len(cells) > maxCells && (precision != CellPrecisions[0] || len(cells) > 2*maxCells) {
				t.Errorf("%v within %v km: %d cells of precision %d", center, radius, len(cells), precision)
			}
			for range 300 {
				// A point within the radius, by its bearing and distance.
				d, bearing := radius*math.Sqrt(rng.Float64()), rng.Float64()*2*math.Pi
				p := Coords{
					Lat: center.Lat + d/111.2*math.Cos(bearing),
					Lng: wrapLng(center.Lng + d/(111.2*math.Cos(center.Lat*math.Pi/180))*math.Sin(bearing)),
				}
				if p.DistanceKm(center) > radius || p.Lat > 90 || p.Lat < -90 {
					continue
				}
				if cell := p.Cells()[slices.Index(CellPrecisions, precision)]; !slices.Contains(cells, cell) {
					t.Errorf("%v within %v km: %v (cell %s) is in none of %v", center, radius, p, cell, cells)
					break
				}
			}
		}
	}
}
