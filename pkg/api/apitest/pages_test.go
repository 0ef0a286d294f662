package apitest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"turnout/pkg/api/events"
)

// parseCalendar fails unless body is an iCalendar file a parser reads, and
// returns the summaries of its events.
func parseCalendar(t *testing.T, body []byte) []string {
	t.Helper()
	cal, err := ics.ParseCalendar(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("parse calendar: %v\n%s", err, body)
	}
	var titles []string
	for _, ev := range cal.Events() {
		titles = append(titles, ev.GetProperty(ics.ComponentPropertySummary).Value)
	}
	return titles
}

// TestOrganizationPage: anyone sees an organization's public page, its
// upcoming events soonest first and the count of its past ones, and
// subscribes to its calendar.
func TestOrganizationPage(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	later := env.CreateEvent(t, org, evFormWith(env.EventForm(9, 10), map[string]string{"title": "Later Talk"}))
	sooner := env.CreateEvent(t, org, evFormWith(env.EventForm(2, 10), map[string]string{"title": "Sooner Talk"}))
	env.Advance(3 * 24 * time.Hour) // Sooner Talk is now past

	path := "/api/organization/public/" + org.OrganizationID + "/"
	res := env.JSON(http.MethodGet, path, nil, "")
	Expect(t, res, http.StatusOK)
	var page struct {
		ID             string  `json:"id"`
		Name           string  `json:"name"`
		LogoURL        *string `json:"logo_url"`
		UpcomingEvents []Event `json:"upcoming_events"`
		PastEvents     int     `json:"past_events"`
		PastEventsMore *bool   `json:"past_events_more"`
		CalendarURL    string  `json:"calendar_url"`
		Webcal         string  `json:"webcal"`
	}
	res.Decode(t, &page)
	if page.ID != org.OrganizationID || page.Name == "" || len(page.UpcomingEvents) != 1 || page.UpcomingEvents[0].ID != later.ID || page.PastEvents != 1 ||
		page.PastEventsMore == nil || *page.PastEventsMore {
		t.Errorf("page = %+v; want %s's page with %s upcoming and 1 past (%s)", page, org.OrganizationID, later.ID, sooner.ID)
	}
	if !strings.HasPrefix(res.Header.Get("Cache-Control"), "public") {
		t.Errorf("Cache-Control = %q, want public", res.Header.Get("Cache-Control"))
	}
	if want := "webcal://" + strings.TrimPrefix(strings.TrimPrefix(page.CalendarURL, "https://"), "http://"); page.Webcal != want {
		t.Errorf("webcal = %q, want %q", page.Webcal, want)
	}

	feed := env.JSON(http.MethodGet, strings.TrimPrefix(page.CalendarURL, env.Config.WebOrigin), nil, "")
	Expect(t, feed, http.StatusOK)
	if titles := parseCalendar(t, feed.Body); len(titles) != 1 || titles[0] != "Later Talk" {
		t.Errorf("the organization's feed holds %v, want [Later Talk]", titles)
	}
	again, _ := http.NewRequest(http.MethodGet, env.Server.URL+strings.TrimPrefix(page.CalendarURL, env.Config.WebOrigin), nil)
	again.Header.Set("If-None-Match", feed.Header.Get("ETag"))
	if r, err := http.DefaultClient.Do(again); err != nil || r.StatusCode != http.StatusNotModified {
		t.Errorf("a poll with the ETag: %v %v, want 304", r, err)
	}

	evExpectDetail(t, env.JSON(http.MethodGet, "/api/organization/public/01ARZ3NDEKTSV4RRFFQ69G5FAV/", nil, ""), http.StatusNotFound, events.MsgOrganizationNotFound)
	evExpectDetail(t, env.JSON(http.MethodGet, "/api/organization/public/not-an-id/", nil, ""), http.StatusNotFound, events.MsgOrganizationNotFound)
}

// TestPersonFeed: a person's secret feed lists the events they have a seat
// at, with no login; resetting it ends the old URL.
func TestPersonFeed(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	seat := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Seat Concert"}))
	full := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 1), map[string]string{"title": "Full Concert", "waitlist": "true"}))
	ada, bob := env.NewPerson(t), env.NewPerson(t)
	Expect(t, regPost(env, full.ID, bob.Access), http.StatusCreated)
	Expect(t, regPost(env, seat.ID, ada.Access), http.StatusCreated)
	Expect(t, regPost(env, full.ID, ada.Access), http.StatusCreated) // waitlisted

	Expect(t, env.JSON(http.MethodGet, "/api/event/feed/", nil, ""), http.StatusUnauthorized)
	var feed struct{ URL, Webcal string }
	res := env.JSON(http.MethodGet, "/api/event/feed/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &feed)
	if !strings.HasPrefix(feed.Webcal, "webcal://") || strings.Contains(feed.URL, ada.Email) {
		t.Errorf("feed = %+v", feed)
	}
	path := strings.TrimPrefix(feed.URL, env.Config.WebOrigin)
	got := env.JSON(http.MethodGet, path, nil, "")
	Expect(t, got, http.StatusOK)
	if titles := parseCalendar(t, got.Body); len(titles) != 1 || titles[0] != "Seat Concert" {
		t.Errorf("the feed holds %v, want only the event with a seat", titles)
	}
	if cc := got.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "private") {
		t.Errorf("Cache-Control = %q, want private", cc)
	}

	var reset struct{ URL string }
	res = env.JSON(http.MethodPost, "/api/event/feed/reset/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &reset)
	if reset.URL == feed.URL {
		t.Fatalf("the reset kept the URL")
	}
	evExpectDetail(t, env.JSON(http.MethodGet, path, nil, ""), http.StatusNotFound, events.MsgFeedNotFound)
	Expect(t, env.JSON(http.MethodGet, strings.TrimPrefix(reset.URL, env.Config.WebOrigin), nil, ""), http.StatusOK)
	// Someone else's id with a made-up signature is no feed.
	forged := strings.Replace(path, ada.ID, bob.ID, 1)
	evExpectDetail(t, env.JSON(http.MethodGet, forged, nil, ""), http.StatusNotFound, events.MsgFeedNotFound)
}
