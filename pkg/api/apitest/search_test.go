package apitest

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// searchTitles runs a search of the public list and returns the titles
// found, in order, and the answer.
func searchTitles(t *testing.T, env *Env, query url.Values) ([]string, *Response) {
	t.Helper()
	res := env.JSON(http.MethodGet, "/api/event/public/?"+query.Encode(), nil, "")
	Expect(t, res, http.StatusOK)
	var events []Event
	res.Decode(t, &events)
	titles := make([]string, len(events))
	for i, e := range events {
		titles[i] = e.Title
	}
	return titles, res
}

// TestSearch: words (every one, the last as a beginning, without case or
// accents, in title, description, place, organization and city), dates,
// category, city and distance; soonest first, near a point too; paged,
// the last page naming no next; an edit moves an event in the index; bad
// values are 400.
func TestSearch(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	create := func(days int, set map[string]string) Event {
		return env.CreateEvent(t, org, evFormWith(env.EventForm(days, 10), set))
	}
	walk := create(3, map[string]string{"title": "Night Photography Walk", "location": "Old Town", "city": "São Paulo", "category": "arts",
		"latitude": "-23.5505", "longitude": "-46.6333", "time_zone": "America/Sao_Paulo"})
	jazz := create(5, map[string]string{"title": "Jazz Evening", "description": "Bring your camera for photography.", "city": "Lyon",
		"category": "music", "latitude": "45.764", "longitude": "4.8357", "time_zone": "Europe/Paris"})
	create(10, map[string]string{"title": "Café Morning", "city": "lyon", "category": "food", "latitude": "45.75", "longitude": "4.85"})
	create(40, map[string]string{"title": "Tech Talk", "city": "Paris", "category": "tech"})
	plain := create(12, nil)

	if walk.Organization.ID == "" {
		t.Fatal("no event")
	}
	var body map[string]any
	env.JSON(http.MethodGet, "/api/event/detail/"+jazz.ID+"/", nil, "").Decode(t, &body)
	if body["category"] != "music" || body["city"] != "Lyon" || body["time_zone"] != "Europe/Paris" || body["latitude"] != 45.764 || body["longitude"] != 4.8357 {
		t.Errorf("event body = %v", body)
	}
	env.JSON(http.MethodGet, "/api/event/detail/"+plain.ID+"/", nil, "").Decode(t, &body)
	if body["category"] != "other" || body["time_zone"] != "UTC" || body["latitude"] != nil || body["city"] != "" {
		t.Errorf("an event made without the place fields = %v; want category other, time zone UTC, no point", body)
	}

	day := func(days int) string {
		return env.Now().Add(time.Duration(days) * 24 * time.Hour).UTC().Format("2006-01-02")
	}
	for _, c := range []struct {
		query url.Values
		want  []string
	}{
		{url.Values{"q": {"photo wal"}}, []string{"Night Photography Walk"}},
		{url.Values{"q": {"PHOTOGRAPHY"}}, []string{"Night Photography Walk", "Jazz Evening"}},
		{url.Values{"q": {"cafe"}}, []string{"Café Morning"}},
		{url.Values{"q": {"café morn"}}, []string{"Café Morning"}},
		{url.Values{"q": {"jazz camer"}}, []string{"Jazz Evening"}},
		{url.Values{"q": {"the jazz evening in lyon"}}, []string{"Jazz Evening"}},
		{url.Values{"q": {"sao paulo"}}, []string{"Night Photography Walk"}},
		{url.Values{"q": {"org"}}, []string{"Night Photography Walk", "Jazz Evening", "Café Morning", "Test event", "Tech Talk"}},
		{url.Values{"q": {"photography zzz"}}, []string{}},
		{url.Values{"category": {"music"}}, []string{"Jazz Evening"}},
		{url.Values{"city": {"LYON"}}, []string{"Jazz Evening", "Café Morning"}},
		{url.Values{"city": {"ly"}}, []string{"Jazz Evening", "Café Morning"}},
		{url.Values{"city": {"Paulo"}}, []string{"Night Photography Walk"}},
		{url.Values{"city": {"ão pau"}}, []string{}},
		{url.Values{"from": {day(4)}, "to": {day(10)}}, []string{"Jazz Evening", "Café Morning"}},
		{url.Values{"from": {day(30)}}, []string{"Tech Talk"}},
		{url.Values{"near": {"45.76,4.84"}, "radius_km": {"10"}}, []string{"Jazz Evening", "Café Morning"}},
		{url.Values{"near": {"45.75,4.851"}}, []string{"Jazz Evening", "Café Morning"}},
		{url.Values{"near": {"45.75,4.851"}, "radius_km": {"1"}}, []string{"Café Morning"}},
		{url.Values{"near": {"-23.5,-46.6"}, "radius_km": {"500"}, "q": {"walk"}}, []string{"Night Photography Walk"}},
		{url.Values{"near": {"48.8566,2.3522"}}, []string{}},
		{url.Values{"q": {"evening"}, "city": {"lyon"}, "category": {"music"}}, []string{"Jazz Evening"}},
	} {
		if got, _ := searchTitles(t, env, c.query); !slices.Equal(got, c.want) {
			t.Errorf("search %s = %q, want %q", c.query.Encode(), got, c.want)
		}
	}

	// Pages, by the cursor the answer names.
	got, res := searchTitles(t, env, url.Values{"city": {"lyon"}, "limit": {"1"}})
	next := res.Header.Get("X-Next-Page")
	if !slices.Equal(got, []string{"Jazz Evening"}) || next == "" {
		t.Fatalf("first page %q, next %q", got, next)
	}
	got, res = searchTitles(t, env, url.Values{"city": {"lyon"}, "limit": {"1"}, "after": {next}})
	if !slices.Equal(got, []string{"Café Morning"}) {
		t.Errorf("second page %q", got)
	}
	if next := res.Header.Get("X-Next-Page"); next != "" {
		t.Errorf("the last page names a next one: %q", next)
	}
	got, res = searchTitles(t, env, url.Values{"near": {"45.75,4.851"}, "limit": {"1"}})
	if !slices.Equal(got, []string{"Jazz Evening"}) {
		t.Errorf("first page near a point: %q", got)
	}
	if got, _ := searchTitles(t, env, url.Values{"near": {"45.75,4.851"}, "limit": {"1"}, "after": {res.Header.Get("X-Next-Page")}}); !slices.Equal(got, []string{"Café Morning"}) {
		t.Errorf("second page near a point: %q", got)
	}

	// An edit moves the event in the index.
	Expect(t, evPatch(env, jazz.ID, evFormWith(evFormOf(jazz), map[string]string{"title": "Swing Evening", "city": "Grenoble"}), org.Access), http.StatusOK)
	if got, _ := searchTitles(t, env, url.Values{"q": {"jazz"}}); len(got) != 0 {
		t.Errorf("the old title still finds it: %q", got)
	}
	if got, _ := searchTitles(t, env, url.Values{"q": {"swing"}, "city": {"grenoble"}}); !slices.Equal(got, []string{"Swing Evening"}) {
		t.Errorf("the new title and city: %q", got)
	}
	var cities []string
	env.JSON(http.MethodGet, "/api/event/public/cities/?q=gr", nil, "").Decode(t, &cities)
	if !slices.Equal(cities, []string{"Grenoble"}) {
		t.Errorf("cities beginning with gr: %q", cities)
	}
	var categories []struct{ ID, Name string }
	env.JSON(http.MethodGet, "/api/event/public/categories/", nil, "").Decode(t, &categories)
	if len(categories) != 10 || categories[0].ID != "music" || categories[9].ID != "other" {
		t.Errorf("categories = %v", categories)
	}

	res = env.JSON(http.MethodGet, "/api/event/public/?"+url.Values{
		"q": {strings.Repeat("a", 101)}, "from": {"2026-13-01"}, "category": {"karaoke"}, "near": {"north"}, "radius_km": {"0"},
	}.Encode(), nil, "")
	evExpectFields(t, res, map[string][]string{
		"q": {"Ensure the search has no more than 100 characters."}, "from": {"Enter a valid date, as YYYY-MM-DD, or a time with its offset, such as 2026-11-25T00:00:00-08:00."},
		"category": {"Choose one of the categories."}, "near": {"Enter a point as latitude,longitude, such as 48.8566,2.3522."},
		"radius_km": {"radius_km must be a number from 1 to 500."},
	})
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?radius_km=5", nil, ""), map[string][]string{"radius_km": {"radius_km needs near."}})
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?from="+day(9)+"&to="+day(3), nil, ""), map[string][]string{"to": {"The end date must not be before the start date."}})
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?q=b+c+d+e+f+g+h+i+j", nil, ""), map[string][]string{"q": {"Search with at most 8 words."}})
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?city=lyon&after=nope", nil, ""), map[string][]string{"after": {"This page cursor is not valid."}})
}

// TestEventPlaceFields: the form's category, city, point and time zone are
// checked, and an update that leaves them out keeps them.
func TestEventPlaceFields(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	res := env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(env.EventForm(3, 10), map[string]string{
		"category": "karaoke", "time_zone": "Mars/Olympus", "latitude": "91", "longitude": "4", "city": strings.Repeat("c", 101),
	}), nil, org.Access)
	evExpectFields(t, res, map[string][]string{
		"category": {"Choose one of the categories."}, "time_zone": {"Enter a valid IANA time zone, such as Europe/Paris."},
		"latitude": {"Latitude must be a number from -90 to 90."}, "city": {"Ensure this field has no more than 100 characters."},
	})
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"category": "sports", "city": "Nantes", "latitude": "47.2", "longitude": "-1.55", "time_zone": "Europe/Paris"}))
	Expect(t, evPatch(env, ev.ID, evFormOf(ev), org.Access), http.StatusOK)
	var body map[string]any
	env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "").Decode(t, &body)
	if body["category"] != "sports" || body["city"] != "Nantes" || body["latitude"] != 47.2 || body["time_zone"] != "Europe/Paris" {
		t.Errorf("an update without the place fields changed them: %v", body)
	}
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"latitude": "", "longitude": ""}), org.Access), http.StatusOK)
	env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "").Decode(t, &body)
	if body["latitude"] != nil || body["longitude"] != nil {
		t.Errorf("empty coordinates did not clear the point: %v", body)
	}
}

// TestSearchVisitorsDay: a visitor west of UTC asks for their own today,
// in the evening when the server's UTC day is already the next one, with
// the day's bounds as instants with their offset; dates keep meaning UTC
// days; a range in the past or beyond the last start is an empty page,
// never an error.
func TestSearchVisitorsDay(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	// 03:00 UTC: 19:00 the day before at UTC-8 (Los Angeles in winter).
	now := env.Now().UTC()
	at3 := time.Date(now.Year(), now.Month(), now.Day(), 3, 0, 0, 0, time.UTC)
	if !at3.After(now) {
		at3 = at3.AddDate(0, 0, 1)
	}
	env.Advance(at3.Sub(now))
	org := env.NewOrganizer(t)
	startingIn := func(title string, d time.Duration) {
		start := at3.Add(d).Truncate(time.Minute)
		env.CreateEvent(t, org, evFormWith(env.EventForm(1, 10), map[string]string{
			"title": title, "start_time": start.Format(time.RFC3339), "end_time": start.Add(time.Hour).Format(time.RFC3339),
		}))
	}
	startingIn("Tonight", 2*time.Hour)           // 21:00 at UTC-8
	startingIn("Tomorrow morning", 12*time.Hour) // 07:00 at UTC-8, the next day

	west := time.FixedZone("UTC-8", -8*3600)
	local := at3.Add(time.Minute).In(west)
	midnight := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, west)
	for _, c := range []struct {
		query url.Values
		want  []string
	}{
		{url.Values{"from": {midnight.Format(time.RFC3339)}, "to": {midnight.AddDate(0, 0, 1).Format(time.RFC3339)}}, []string{"Tonight"}},
		{url.Values{"from": {at3.In(time.FixedZone("", 3600)).Format(time.RFC3339)}, "to": {at3.Add(6 * time.Hour).Format(time.RFC3339)}}, []string{"Tonight"}},
		{url.Values{"from": {at3.Format(time.DateOnly)}, "to": {at3.Format(time.DateOnly)}}, []string{"Tonight", "Tomorrow morning"}},
		// The visitor's date read as a UTC day, which has ended.
		{url.Values{"from": {local.Format(time.DateOnly)}, "to": {local.Format(time.DateOnly)}}, []string{}},
		{url.Values{"from": {"2025-01-01"}, "to": {"2025-01-02"}}, []string{}},
		{url.Values{"from": {"2099-01-01"}}, []string{}},
		{url.Values{"to": {"2025-01-02"}, "q": {"tonight"}}, []string{}},
		{url.Values{"from": {"2099-01-01"}, "near": {"48.85,2.35"}}, []string{}},
		{url.Values{"to": {"2025-01-02"}, "near": {"48.85,2.35"}}, []string{}},
	} {
		if got, _ := searchTitles(t, env, c.query); !slices.Equal(got, c.want) {
			t.Errorf("search %s = %q, want %q", c.query.Encode(), got, c.want)
		}
	}
	// A page cursor past the range's end.
	_, res := searchTitles(t, env, url.Values{"from": {at3.Format(time.DateOnly)}, "limit": {"1"}})
	if got, _ := searchTitles(t, env, url.Values{"to": {at3.Add(time.Hour).Format(time.RFC3339)}, "after": {res.Header.Get("X-Next-Page")}}); len(got) != 0 {
		t.Errorf("a cursor past the end found %q", got)
	}

	// An unescaped "+" of an offset reads as a space.
	raw := "/api/event/public/?from=" + strings.Replace(at3.In(time.FixedZone("", 3600)).Format(time.RFC3339), "+", "%20", 1)
	Expect(t, env.JSON(http.MethodGet, raw, nil, ""), http.StatusOK)
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?near=48.85,2.35&radius_km=NaN", nil, ""),
		map[string][]string{"radius_km": {"radius_km must be a number from 1 to 500."}})
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?"+url.Values{
		"from": {midnight.Format(time.RFC3339)}, "to": {midnight.Add(-time.Minute).Format(time.RFC3339)},
	}.Encode(), nil, ""), map[string][]string{"to": {"The end date must not be before the start date."}})
	// A date and an instant together: the date is its whole UTC day.
	Expect(t, env.JSON(http.MethodGet, "/api/event/public/?"+url.Values{
		"from": {at3.Add(time.Hour).Format(time.RFC3339)}, "to": {at3.Format(time.DateOnly)},
	}.Encode(), nil, ""), http.StatusOK)
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?from=2026-11-25T25:00:00Z", nil, ""),
		map[string][]string{"from": {"Enter a valid date, as YYYY-MM-DD, or a time with its offset, such as 2026-11-25T00:00:00-08:00."}})
}

// The place picker's suggestions carry the point of the city's events: the
// latest event there with a point gives it, and one without keeps it.
func TestPlacesSuggestPoints(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	create := func(set map[string]string) { env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), set)) }
	create(map[string]string{"city": "Nantes", "latitude": "47.2", "longitude": "-1.55"})
	create(map[string]string{"city": "nantes"}) // no point: Nantes keeps one
	create(map[string]string{"city": "Nanterre"})

	type place struct {
		City                string
		Latitude, Longitude *float64
	}
	var places []place
	res := env.JSON(http.MethodGet, "/api/event/public/places/?q=nant", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &places)
	if len(places) != 2 || places[0].City != "Nanterre" || places[0].Latitude != nil || places[1].City != "nantes" ||
		places[1].Latitude == nil || *places[1].Latitude != 47.2 || places[1].Longitude == nil || *places[1].Longitude != -1.55 {
		t.Errorf("places beginning with nant = %+v; want Nanterre without a point, nantes at 47.2,-1.55", places)
	}
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/places/?q="+strings.Repeat("a", 101), nil, ""),
		map[string][]string{"q": {"Ensure the city has no more than 100 characters."}})
}
