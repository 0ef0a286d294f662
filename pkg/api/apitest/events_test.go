package apitest

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"turnout/pkg/api/events"
	"turnout/pkg/api/formimage"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/media/mediatest"
)

// evFormWith copies form, sets the values of set and leaves out drop.
func evFormWith(form, set map[string]string, drop ...string) map[string]string {
	out := maps.Clone(form)
	maps.Copy(out, set)
	for _, k := range drop {
		delete(out, k)
	}
	return out
}

// evFormOf is the update form that keeps every field of ev as it is.
func evFormOf(ev Event) map[string]string {
	return map[string]string{
		"title": ev.Title, "description": ev.Description, "location": ev.Location,
		"start_time": ev.StartTime.Format(time.RFC3339), "end_time": ev.EndTime.Format(time.RFC3339),
		"capacity": strconv.Itoa(ev.Capacity),
	}
}

// evSoonForm is a valid event form starting d from the API's now (to the
// second), for tests that then move the clock past the start while the
// accounts' access tokens (15 minutes) stay valid.
func evSoonForm(env *Env, d time.Duration, capacity int) map[string]string {
	start := env.Now().Add(d).UTC().Truncate(time.Second)
	return map[string]string{
		"title": "Soon", "description": "Starts soon.", "location": "Side Room",
		"start_time": start.Format(time.RFC3339), "end_time": start.Add(time.Hour).Format(time.RFC3339),
		"capacity": strconv.Itoa(capacity),
	}
}

// evPatch sends an event update as token.
func evPatch(env *Env, id string, form map[string]string, token string) *Response {
	return env.Multipart(http.MethodPatch, "/api/event/detail/"+id+"/", form, nil, token)
}

// evExpectFields fails unless res is a 400 whose body is exactly want.
func evExpectFields(t *testing.T, res *Response, want map[string][]string) {
	t.Helper()
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t); !reflect.DeepEqual(got, want) {
		t.Fatalf("field errors = %v, want %v", got, want)
	}
}

// evExpectDetail fails unless res has status and detail message msg.
func evExpectDetail(t *testing.T, res *Response, status int, msg string) {
	t.Helper()
	Expect(t, res, status)
	if got := res.Detail(t); got != msg {
		t.Fatalf("detail = %q, want %q", got, msg)
	}
}

// evList reads a list of events at path, expecting 200.
func evList(t *testing.T, env *Env, path string) ([]Event, *Response) {
	t.Helper()
	res := env.JSON(http.MethodGet, path, nil, "")
	Expect(t, res, http.StatusOK)
	var list []Event
	res.Decode(t, &list)
	if list == nil {
		t.Fatalf("GET %s: body %s is not a JSON list", path, res.Body)
	}
	return list, res
}

func evIDs(list []Event) []string {
	ids := make([]string, len(list))
	for i, e := range list {
		ids[i] = e.ID
	}
	return ids
}

func TestEventCreateOnlyByOrganizers(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	form := env.EventForm(7, 30)

	t.Run("anonymous", func(t *testing.T) {
		res := env.Multipart(http.MethodPost, "/api/event/create/", form, nil, "")
		Expect(t, res, http.StatusUnauthorized)
	})
	t.Run("person", func(t *testing.T) {
		res := env.Multipart(http.MethodPost, "/api/event/create/", form, nil, person.Access)
		evExpectDetail(t, res, http.StatusForbidden, events.MsgNotOrganizer)
	})
	t.Run("organizer", func(t *testing.T) {
		res := env.Multipart(http.MethodPost, "/api/event/create/", form, nil, org.Access)
		Expect(t, res, http.StatusCreated)

		var raw map[string]any
		res.Decode(t, &raw)
		// The organizer's answer: with the online and invite links, and who
		// made and last changed it.
		wantKeys := []string{"approval", "banner", "banner_url", "cancelled", "capacity", "category", "changed_at", "changed_by", "city", "created_by",
			"description", "end_time", "id", "invite_url", "language", "latitude", "location", "longitude", "online", "online_url", "organization", "seats_left",
			"start_time", "time_zone", "title", "visibility", "waitlist"}
		if got := slices.Sorted(maps.Keys(raw)); !slices.Equal(got, wantKeys) {
			t.Errorf("event keys = %v, want %v", got, wantKeys)
		}
		orgRaw, _ := raw["organization"].(map[string]any)
		if got, want := slices.Sorted(maps.Keys(orgRaw)), []string{"id", "logo_url", "name"}; !slices.Equal(got, want) {
			t.Errorf("organization keys = %v, want %v", got, want)
		}

		var ev Event
		res.Decode(t, &ev)
		if !domain.ValidID(ev.ID) {
			t.Errorf("id = %q, not an id", ev.ID)
		}
		if got, want := ev.Organization.ID, org.OrganizationID; got != want || want == "" {
			t.Errorf("organization.id = %q, want the organizer's %q", got, want)
		}
		if got, want := ev.Organization.Name, "Org "+org.Username; got != want {
			t.Errorf("organization.name = %q, want %q", got, want)
		}
		start, _ := time.Parse(time.RFC3339, form["start_time"])
		end, _ := time.Parse(time.RFC3339, form["end_time"])
		if ev.Title != form["title"] || ev.Description != form["description"] || ev.Location != form["location"] ||
			!ev.StartTime.Equal(start) || !ev.EndTime.Equal(end) {
			t.Errorf("event = %+v, want the form %v", ev, form)
		}
		if got, want := ev.Capacity, 30; got != want {
			t.Errorf("capacity = %d, want %d", got, want)
		}
		if got, want := ev.SeatsLeft, 30; got != want {
			t.Errorf("seats_left = %d, want %d", got, want)
		}
		if ev.Banner != nil || ev.BannerURL != nil {
			t.Errorf("banner, banner_url = %v, %v; want null without a banner", ev.Banner, ev.BannerURL)
		}
		if got := env.GetEvent(t, ev.ID); !reflect.DeepEqual(got, ev) {
			t.Errorf("detail = %+v, want %+v", got, ev)
		}
	})

	// Only the organizer's attempt created an event.
	list, _ := evList(t, env, "/api/event/public/")
	if got, want := len(list), 1; got != want {
		t.Fatalf("public list has %d events, want %d: %v", got, want, evIDs(list))
	}
	if got, want := list[0].Organization.ID, org.OrganizationID; got != want {
		t.Errorf("listed event's organization = %q, want %q", got, want)
	}
}

func TestEventChangesOnlyByOwningOrganization(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	owner, other, person := env.NewOrganizer(t), env.NewOrganizer(t), env.NewPerson(t)
	ev := env.CreateEvent(t, owner, env.EventForm(5, 10))
	update := evFormWith(evFormOf(ev), map[string]string{"title": "Renamed", "capacity": "12"})

	refusals := []struct {
		name, method, token string
		status              int
	}{
		{"other organizer updates", http.MethodPatch, other.Access, http.StatusForbidden},
		{"person updates", http.MethodPatch, person.Access, http.StatusForbidden},
		{"anonymous updates", http.MethodPatch, "", http.StatusUnauthorized},
		{"other organizer deletes", http.MethodDelete, other.Access, http.StatusForbidden},
		{"person deletes", http.MethodDelete, person.Access, http.StatusForbidden},
		{"anonymous deletes", http.MethodDelete, "", http.StatusUnauthorized},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			var res *Response
			if tc.method == http.MethodPatch {
				res = evPatch(env, ev.ID, update, tc.token)
			} else {
				res = env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", nil, tc.token)
			}
			Expect(t, res, tc.status)
			if tc.status == http.StatusForbidden {
				if got, want := res.Detail(t), events.MsgNotOwner; got != want {
					t.Errorf("detail = %q, want %q", got, want)
				}
			}
		})
	}
	if got := env.GetEvent(t, ev.ID); !reflect.DeepEqual(got, ev) {
		t.Fatalf("after refused changes the event is %+v, want it unchanged %+v", got, ev)
	}

	t.Run("owner updates", func(t *testing.T) {
		res := evPatch(env, ev.ID, update, owner.Access)
		Expect(t, res, http.StatusOK)
		var got Event
		res.Decode(t, &got)
		if got.Title != "Renamed" || got.Capacity != 12 || got.SeatsLeft != 12 {
			t.Errorf("updated title, capacity, seats_left = %q, %d, %d; want Renamed, 12, 12", got.Title, got.Capacity, got.SeatsLeft)
		}
		if got.Organization != ev.Organization || !got.StartTime.Equal(ev.StartTime) {
			t.Errorf("update changed organization or start: %+v", got)
		}
		if read := env.GetEvent(t, ev.ID); !reflect.DeepEqual(read, got) {
			t.Errorf("detail after update = %+v, want %+v", read, got)
		}
	})
	t.Run("owner deletes", func(t *testing.T) {
		Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", nil, owner.Access), http.StatusNoContent)
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, ""), http.StatusNotFound, events.MsgEventNotFound)
		evExpectDetail(t, env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", nil, owner.Access), http.StatusNotFound, events.MsgEventNotFound)
		evExpectDetail(t, evPatch(env, ev.ID, update, owner.Access), http.StatusNotFound, events.MsgEventNotFound)
		if list, _ := evList(t, env, "/api/event/organization/"+owner.OrganizationID+"/events/"); len(list) != 0 {
			t.Errorf("organization still lists %v", evIDs(list))
		}
	})
}

func TestEventInputValidation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	keep := evFormOf(ev)
	now := env.Now().UTC().Truncate(time.Second)
	tooFar := now.AddDate(domain.MaxStartYears, 0, 1)

	type check struct {
		name  string
		form  map[string]string
		field string
		msg   string
	}
	var updates []check
	for _, f := range []string{"title", "location", "description", "start_time", "end_time", "capacity"} {
		updates = append(updates, check{"missing " + f, evFormWith(keep, nil, f), f, domain.MsgRequired})
	}
	updates = append(updates,
		check{"blank title", evFormWith(keep, map[string]string{"title": "   "}), "title", domain.MsgRequired},
		check{"end before start", evFormWith(keep, map[string]string{"end_time": ev.StartTime.Add(-time.Hour).Format(time.RFC3339)}), "end_time", domain.MsgEndBeforeStart},
		check{"end at start", evFormWith(keep, map[string]string{"end_time": keep["start_time"]}), "end_time", domain.MsgEndBeforeStart},
		check{"start not a time", evFormWith(keep, map[string]string{"start_time": "next tuesday"}), "start_time", domain.MsgInvalidDateTime},
		check{"start moved into the past", evFormWith(keep, map[string]string{"start_time": now.Add(-time.Hour).Format(time.RFC3339)}), "start_time", domain.MsgStartInPast},
		check{"start moved 2 years and a day ahead", evFormWith(keep, map[string]string{
			"start_time": tooFar.Format(time.RFC3339), "end_time": tooFar.Add(time.Hour).Format(time.RFC3339),
		}), "start_time", domain.MsgStartTooFar},
	)
	badCapacities := []string{"0", "-3", "2.5", "abc", "100001"}
	for _, c := range badCapacities {
		updates = append(updates, check{"capacity " + c, evFormWith(keep, map[string]string{"capacity": c}), "capacity", domain.MsgCapacity})
	}
	for _, tc := range updates {
		t.Run("update/"+tc.name, func(t *testing.T) {
			evExpectFields(t, evPatch(env, ev.ID, tc.form, org.Access), map[string][]string{tc.field: {tc.msg}})
		})
	}

	fresh := env.EventForm(3, 10)
	creates := []check{
		{"start in the past", evFormWith(fresh, map[string]string{
			"start_time": now.Add(-time.Hour).Format(time.RFC3339), "end_time": now.Add(time.Hour).Format(time.RFC3339),
		}), "start_time", domain.MsgStartInPast},
		{"end before start", evFormWith(fresh, map[string]string{"end_time": now.Add(time.Hour).Format(time.RFC3339)}), "end_time", domain.MsgEndBeforeStart},
		{"start 2 years and a day ahead", evFormWith(fresh, map[string]string{
			"start_time": tooFar.Format(time.RFC3339), "end_time": tooFar.Add(time.Hour).Format(time.RFC3339),
		}), "start_time", domain.MsgStartTooFar},
	}
	for _, c := range badCapacities {
		creates = append(creates, check{"capacity " + c, evFormWith(fresh, map[string]string{"capacity": c}), "capacity", domain.MsgCapacity})
	}
	for _, tc := range creates {
		t.Run("create/"+tc.name, func(t *testing.T) {
			res := env.Multipart(http.MethodPost, "/api/event/create/", tc.form, nil, org.Access)
			evExpectFields(t, res, map[string][]string{tc.field: {tc.msg}})
		})
	}
	if got := env.GetEvent(t, ev.ID); !reflect.DeepEqual(got, ev) {
		t.Errorf("refused updates changed the event to %+v, want %+v", got, ev)
	}
	if list, _ := evList(t, env, "/api/event/organization/"+org.OrganizationID+"/events/"); len(list) != 1 {
		t.Errorf("refused creates left %d events, want 1", len(list))
	}
}

func TestEventCapacityNotBelowSeatsTaken(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, ada, bob := env.NewOrganizer(t), env.NewPerson(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(4, 3))
	for _, p := range []*Account{ada, bob} {
		Expect(t, env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, p.Access), http.StatusCreated)
	}

	res := evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"capacity": "1"}), org.Access)
	evExpectFields(t, res, map[string][]string{"capacity": {events.MsgCapacityBelowTaken}})
	if got := env.GetEvent(t, ev.ID); got.Capacity != 3 || got.SeatsLeft != 1 {
		t.Fatalf("after refused update capacity, seats_left = %d, %d; want 3, 1", got.Capacity, got.SeatsLeft)
	}

	res = evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"capacity": "2"}), org.Access)
	Expect(t, res, http.StatusOK)
	var got Event
	res.Decode(t, &got)
	if got.Capacity != 2 || got.SeatsLeft != 0 {
		t.Fatalf("capacity, seats_left = %d, %d; want 2, 0", got.Capacity, got.SeatsLeft)
	}
}

func TestEventBannerFile(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	png := mediatest.PNG(64, 32)

	res := env.Multipart(http.MethodPost, "/api/event/create/", env.EventForm(6, 10),
		map[string]File{"banner": {Name: "banner.png", Data: png}}, org.Access)
	Expect(t, res, http.StatusCreated)
	var ev Event
	res.Decode(t, &ev)
	if ev.Banner == nil || ev.BannerURL == nil {
		t.Fatalf("banner, banner_url = %v, %v; want both set", ev.Banner, ev.BannerURL)
	}
	if prefix := env.Config.WebOrigin + "/media/banners/"; !strings.HasPrefix(*ev.BannerURL, prefix) {
		t.Errorf("banner_url = %q, want it to start with %q", *ev.BannerURL, prefix)
	}
	if u, err := url.Parse(*ev.BannerURL); err != nil || !u.IsAbs() {
		t.Errorf("banner_url = %q is not an absolute URL", *ev.BannerURL)
	}
	if got, want := *ev.BannerURL, env.Config.WebOrigin+"/"+*ev.Banner; got != want {
		t.Errorf("banner_url = %q, want %q (the origin plus the banner key)", got, want)
	}
	if got := env.GetEvent(t, ev.ID); got.BannerURL == nil || *got.BannerURL != *ev.BannerURL {
		t.Errorf("detail banner_url = %v, want %q", got.BannerURL, *ev.BannerURL)
	}
	body, _, _, err := env.Base.Media.Open(context.Background(), *ev.Banner)
	if err != nil {
		t.Fatalf("open stored banner %s: %v", *ev.Banner, err)
	}
	stored, _ := io.ReadAll(body)
	body.Close()
	if !bytes.Equal(stored, png) {
		t.Errorf("stored banner is %d bytes, want the %d uploaded", len(stored), len(png))
	}

	notImage := []struct{ name, data string }{
		{"text named png", "this is not an image at all"},
		{"html named png", "<!DOCTYPE html><html><body>hi</body></html>"},
		{"png header only", string(png[:40])},
	}
	for _, tc := range notImage {
		t.Run(tc.name, func(t *testing.T) {
			res := env.Multipart(http.MethodPost, "/api/event/create/", env.EventForm(6, 10),
				map[string]File{"banner": {Name: "x.png", Data: []byte(tc.data)}}, org.Access)
			evExpectFields(t, res, map[string][]string{"banner": {formimage.MsgNotImage}})
		})
	}
	if list, _ := evList(t, env, "/api/event/organization/"+org.OrganizationID+"/events/"); len(list) != 1 {
		t.Errorf("organization has %d events, want only the one with a real banner", len(list))
	}
}

func TestPublicEventList(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	// Created out of order; soon starts in ten minutes.
	day3 := env.CreateEvent(t, org, env.EventForm(3, 5))
	day1 := env.CreateEvent(t, org, env.EventForm(1, 5))
	soon := env.CreateEvent(t, org, evSoonForm(env, 10*time.Minute, 5))
	day2 := env.CreateEvent(t, org, env.EventForm(2, 5))

	list, res := evList(t, env, "/api/event/public/")
	if got, want := evIDs(list), []string{soon.ID, day1.ID, day2.ID, day3.ID}; !slices.Equal(got, want) {
		t.Fatalf("public list = %v, want soonest first %v", got, want)
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "public") {
		t.Errorf("Cache-Control = %q, want it public", cc)
	}
	if next := res.Header.Get(events.NextPageHeader); next != "" {
		t.Errorf("%s = %q on a list that fits one page", events.NextPageHeader, next)
	}

	t.Run("pages", func(t *testing.T) {
		var got []string
		path := "/api/event/public/?limit=2"
		for page := 0; ; page++ {
			if page == 4 {
				t.Fatalf("more pages than events; so far %v", got)
			}
			list, res := evList(t, env, path)
			if len(list) > 2 {
				t.Fatalf("page %d has %d events, want at most 2", page, len(list))
			}
			got = append(got, evIDs(list)...)
			next := res.Header.Get(events.NextPageHeader)
			if next == "" {
				break
			}
			path = "/api/event/public/?limit=2&after=" + url.QueryEscape(next)
		}
		if want := []string{soon.ID, day1.ID, day2.ID, day3.ID}; !slices.Equal(got, want) {
			t.Errorf("pages gave %v, want %v", got, want)
		}
	})

	bad := []struct{ name, query, field, msg string }{
		{"limit 0", "limit=0", "limit", events.MsgBadLimit},
		{"limit negative", "limit=-1", "limit", events.MsgBadLimit},
		{"limit 101", "limit=101", "limit", events.MsgBadLimit},
		{"limit word", "limit=abc", "limit", events.MsgBadLimit},
		{"limit fraction", "limit=2.5", "limit", events.MsgBadLimit},
		{"after word", "after=garbage", "after", events.MsgBadCursor},
		{"after time only", "after=" + url.QueryEscape("2030-01-01T00:00:00Z"), "after", events.MsgBadCursor},
		{"after without id", "after=" + url.QueryEscape("2030-01-01T00:00:00Z#"), "after", events.MsgBadCursor},
		{"after bad time", "after=" + url.QueryEscape("yesterday#"+auth.NewID()), "after", events.MsgBadCursor},
		{"after long id", "after=" + url.QueryEscape("2030-01-01T00:00:00Z#"+strings.Repeat("A", 65)), "after", events.MsgBadCursor},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?"+tc.query, nil, ""), map[string][]string{tc.field: {tc.msg}})
		})
	}

	t.Run("started events leave the list", func(t *testing.T) {
		env.Advance(11 * time.Minute)
		list, _ := evList(t, env, "/api/event/public/")
		if got, want := evIDs(list), []string{day1.ID, day2.ID, day3.ID}; !slices.Equal(got, want) {
			t.Errorf("public list after the first event started = %v, want %v", got, want)
		}
		env.GetEvent(t, soon.ID) // its detail is still there
	})
}

func TestOrganizationEventsList(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a, b := env.NewOrganizer(t), env.NewOrganizer(t)
	a2 := env.CreateEvent(t, a, env.EventForm(2, 5))
	a1 := env.CreateEvent(t, a, env.EventForm(1, 5))
	b1 := env.CreateEvent(t, b, env.EventForm(1, 5))

	cases := []struct {
		name, orgID string
		want        []string
	}{
		{"first organization", a.OrganizationID, []string{a1.ID, a2.ID}},
		{"second organization", b.OrganizationID, []string{b1.ID}},
		{"organization without events", auth.NewID(), []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			list, res := evList(t, env, "/api/event/organization/"+tc.orgID+"/events/")
			if got := evIDs(list); !slices.Equal(got, tc.want) {
				t.Errorf("events = %v, want %v (body %s)", got, tc.want, res.Body)
			}
			for _, e := range list {
				if e.Organization.ID != tc.orgID {
					t.Errorf("event %s has organization %q, want %q", e.ID, e.Organization.ID, tc.orgID)
				}
			}
		})
	}
}
