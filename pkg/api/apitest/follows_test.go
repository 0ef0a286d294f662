package apitest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
)

type followAnswer struct {
	Following bool `json:"following"`
	Followers int  `json:"followers"`
}

func followCall(t *testing.T, env *Env, method, orgID, token string, want int) followAnswer {
	t.Helper()
	res := env.JSON(method, "/api/organization/public/"+orgID+"/follow/", nil, token)
	Expect(t, res, want)
	var f followAnswer
	if want == http.StatusOK {
		res.Decode(t, &f)
	}
	return f
}

// People follow an organization and stop; the count and each person's
// follow are told where they belong, and no follower's address is.
func TestFollowAnOrganization(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	if got := followCall(t, env, http.MethodPost, org.OrganizationID, ana.Access, http.StatusOK); got != (followAnswer{true, 1}) {
		t.Errorf("ana follows: %+v", got)
	}
	if got := followCall(t, env, http.MethodPost, org.OrganizationID, ana.Access, http.StatusOK); got != (followAnswer{true, 1}) {
		t.Errorf("ana follows again: %+v", got)
	}
	followCall(t, env, http.MethodPost, org.OrganizationID, ben.Access, http.StatusOK)
	if got := followCall(t, env, http.MethodGet, org.OrganizationID, ben.Access, http.StatusOK); got != (followAnswer{true, 2}) {
		t.Errorf("ben's follow: %+v", got)
	}

	var page map[string]any
	res := env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &page)
	if _, told := page["following"]; told || page["followers"] != 2.0 || res.Header.Get("Cache-Control") == "private, no-store" {
		t.Errorf("a visitor's page: followers %v, following %v, %q", page["followers"], page["following"], res.Header.Get("Cache-Control"))
	}
	res = env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, ana.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &page)
	if page["following"] != true || res.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("a follower's page: following %v, %q", page["following"], res.Header.Get("Cache-Control"))
	}

	var details map[string]any
	res = env.JSON(http.MethodGet, "/api/organization/details/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &details)
	if details["followers"] != 2.0 {
		t.Errorf("the organizer's follower count: %v", details["followers"])
	}

	var followed []struct{ ID string }
	res = env.JSON(http.MethodGet, "/api/user/following/", nil, ana.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &followed)
	if len(followed) != 1 || followed[0].ID != org.OrganizationID {
		t.Errorf("what ana follows: %+v", followed)
	}

	var export struct {
		Following []struct{ ID string } `json:"following"`
	}
	res = env.JSON(http.MethodGet, "/api/user/export/", nil, ana.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &export)
	if len(export.Following) != 1 || export.Following[0].ID != org.OrganizationID {
		t.Errorf("ana's data export: following %+v", export.Following)
	}
	if got := followCall(t, env, http.MethodDelete, org.OrganizationID, ben.Access, http.StatusOK); got != (followAnswer{false, 1}) {
		t.Errorf("ben stops: %+v", got)
	}
	if got := followCall(t, env, http.MethodDelete, org.OrganizationID, ben.Access, http.StatusOK); got != (followAnswer{false, 1}) {
		t.Errorf("ben stops again: %+v", got)
	}
	followCall(t, env, http.MethodPost, "01ARZ3NDEKTSV4RRFFQ69G5FAV", ana.Access, http.StatusNotFound)
	followCall(t, env, http.MethodPost, "not-an-id", ana.Access, http.StatusNotFound)
	followCall(t, env, http.MethodPost, org.OrganizationID, "", http.StatusUnauthorized)
}

// Followers are mailed once about the new public events of a day (an hour
// after the first, the events added meanwhile in the same mail), never
// about unlisted or private ones, at most once a day, and not once they
// turned such mail off. The table is the test's own: the job hands over
// every due announcement in it.
func TestFollowersAreToldOfNewEventsOnceADay(t *testing.T) {
	t.Parallel()
	env := MustEnvOfItsOwn(t)
	org := env.NewOrganizer(t)
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	followCall(t, env, http.MethodPost, org.OrganizationID, ana.Access, http.StatusOK)
	followCall(t, env, http.MethodPost, org.OrganizationID, ben.Access, http.StatusOK)
	followCall(t, env, http.MethodDelete, org.OrganizationID, ben.Access, http.StatusOK)

	start := env.Now()
	env.CreateEvent(t, org, evFormWith(env.EventForm(5, 10), map[string]string{"title": "Spring Run"}))
	env.CreateEvent(t, org, evFormWith(env.EventForm(6, 10), map[string]string{"title": "Summer Run"}))
	env.CreateEvent(t, org, evFormWith(env.EventForm(7, 10), map[string]string{"title": "Hidden Run", "visibility": "unlisted"}))
	env.CreateEvent(t, org, evFormWith(env.EventForm(8, 10), map[string]string{"title": "Secret Run", "visibility": "private"}))

	announce := func(at time.Duration, want int) {
		t.Helper()
		res, err := env.runReminders(t, start.Add(at))
		if err != nil || res.Announced != want {
			t.Fatalf("the job at +%s: %+v, %v; want %d announced", at, res, err, want)
		}
	}
	announce(30*time.Minute, 0)
	announce(domain.AnnouncementDelay+time.Minute, 1)
	announce(domain.AnnouncementDelay+2*time.Minute, 0)
	if n := countMails(t, env, ana.Email, "New from ", 1); n != 1 {
		t.Fatalf("ana got %d announcements, want 1", n)
	}
	m := newestMail(t, env, ana.Email, "New from ")
	for _, want := range []string{"Spring Run", "Summer Run", "/organizations/" + org.OrganizationID, "/unsubscribe?t="} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the announcement lacks %q:\n%s", want, m.Text)
		}
	}
	for _, hidden := range []string{"Hidden Run", "Secret Run"} {
		if strings.Contains(m.Text, hidden) {
			t.Errorf("the announcement tells of %q", hidden)
		}
	}
	if n := countMails(t, env, ben.Email, "New from ", 0); n != 0 {
		t.Errorf("ben, who stopped following, got %d", n)
	}

	// A day's gap between two announcements.
	env.CreateEvent(t, org, evFormWith(env.EventForm(9, 10), map[string]string{"title": "Autumn Run"}))
	announce(3*time.Hour, 0)
	announce(domain.AnnouncementGap+2*time.Hour, 1)
	if n := countMails(t, env, ana.Email, "New from ", 2); n != 2 {
		t.Fatalf("ana got %d announcements, want 2", n)
	}

	// Turned off, no more.
	Expect(t, env.JSON(http.MethodPut, "/api/user/notifications/", map[string]bool{"new_events": false}, ana.Access), http.StatusOK)
	env.CreateEvent(t, org, evFormWith(env.EventForm(10, 10), map[string]string{"title": "Winter Run"}))
	announce(2*domain.AnnouncementGap+3*time.Hour, 1)
	if n := countMails(t, env, ana.Email, "New from ", 3); n != 2 {
		t.Errorf("ana, who turned them off, has %d announcements", n)
	}
}
