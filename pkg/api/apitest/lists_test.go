package apitest

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"turnout/pkg/api/events"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
	eventrules "turnout/pkg/events"
)

// maxResponse is the most bytes a list answer may take, whatever the data.
const maxResponse = 1 << 20

// listPages follows a list's X-Next-Page cursors from path and returns the
// ids of every page, failing when a page costs more than maxCalls DynamoDB
// calls or takes more than 1 MB.
func listPages(t *testing.T, env *Env, path, token string, maxCalls int) (ids []string, pages int) {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	for next := ""; pages == 0 || next != ""; pages++ {
		if pages > 20 {
			t.Fatalf("GET %s: more than 20 pages", path)
		}
		p := path
		if next != "" {
			p += sep + "after=" + url.QueryEscape(next)
		}
		env.Ops.Take()
		res := env.JSON(http.MethodGet, p, nil, token)
		Expect(t, res, http.StatusOK)
		if n := callCount(env.Ops.Take()); n > maxCalls {
			t.Errorf("GET %s made %d DynamoDB calls, want at most %d", p, n, maxCalls)
		}
		if len(res.Body) > maxResponse {
			t.Errorf("GET %s answered %d bytes, over 1 MB", p, len(res.Body))
		}
		var page []struct {
			ID      string `json:"id"`
			EventID string `json:"event_id"`
		}
		res.Decode(t, &page)
		for _, it := range page {
			ids = append(ids, it.ID)
		}
		next = res.Header.Get(events.NextPageHeader)
	}
	return ids, pages
}

func callCount(counts map[string]int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// seedEvents imports events of org with the given description, starting
// at starts.
func seedEvents(t *testing.T, env *Env, org *Account, description string, starts []time.Time) []string {
	t.Helper()
	ids := make([]string, len(starts))
	evs := make([]domain.Event, len(starts))
	for i, start := range starts {
		ids[i] = auth.NewID()
		evs[i] = domain.Event{ID: ids[i], OrganizationID: org.OrganizationID, OrganizationName: "Org", Title: "Event",
			Description: description, Location: "Hall", Start: start, End: start.Add(time.Hour), Capacity: 10}
	}
	if err := env.Base.Store.ImportEvents(context.Background(), evs); err != nil {
		t.Fatalf("seed events: %v", err)
	}
	return ids
}

// TestListsAreBounded pages an organization's 130 events of the longest
// descriptions (every character escaped in JSON), a person's 105
// registrations (and another's 60 places in queues, joined with their
// events' counters) and a public list of 122 events over 11 months: each page
// costs at most 2 DynamoDB calls (3 for the public list, 4 for its pages
// that reach the cancelled events; plus the GetItem that authenticates a
// person), stays under 1 MB, and every item comes exactly once.
func TestListsAreBounded(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	now := env.Now()
	starts := make([]time.Time, 130)
	for i := range starts {
		starts[i] = now.Add(time.Duration(i+1) * 330 * 24 * time.Hour / 130)
	}
	// 5,000 characters each: half escaped to six bytes in JSON, half four
	// bytes in UTF-8, so a hundred of them are 1.25 MB in the table.
	ids := seedEvents(t, env, org, strings.Repeat("<😀", 2500), starts)

	t.Run("organization events", func(t *testing.T) {
		got, pages := listPages(t, env, "/api/event/organization/"+org.OrganizationID+"/events/", "", 2)
		if !slices.Equal(got, ids) {
			t.Errorf("listed %d events in %d pages, want all %d in start order", len(got), pages, len(ids))
		}
		if pages < 4 {
			t.Errorf("%d pages of ~25 KB events, want them cut to fit 1 MB", pages)
		}
	})
	t.Run("public list", func(t *testing.T) {
		got, _ := listPages(t, env, "/api/event/public/?limit=100", "", 4)
		if !slices.Equal(got, ids) {
			t.Errorf("listed %d events, want all %d in start order", len(got), len(ids))
		}
	})
	t.Run("registrations", func(t *testing.T) {
		var want []string
		for i, id := range ids[:105] {
			// One account registers at most so often (429 past it): the
			// clock moves on a window when the allowance is used.
			if i > 0 && i%eventrules.RegistrationChangesPerWindow == 0 {
				env.Advance(eventrules.RegistrationChangeWindow)
				env.Login(t, person)
			}
			want = append(want, regRegister(t, env, id, person).ID)
		}
		got, pages := listPages(t, env, "/api/event/user-event/"+person.ID+"/", person.Access, 3)
		if !slices.Equal(got, want) || pages != 2 {
			t.Errorf("listed %d registrations in %d pages, want all %d in 2 pages", len(got), pages, len(want))
		}
		if got, _ := listPages(t, env, "/api/event/user-event/"+person.ID+"/?limit=7", person.Access, 3); !slices.Equal(got, want) {
			t.Errorf("pages of 7 listed %d registrations, want %d", len(got), len(want))
		}
	})
	t.Run("waitlisted registrations", func(t *testing.T) {
		// 60 full events with a waitlist: another person waits first at
		// every third. A page joins each place with its event's counter,
		// not a count of the queue per place.
		waiter, early := env.NewPerson(t), env.NewPerson(t)
		full := make([]domain.Event, 60)
		for i := range full {
			start := now.Add(time.Duration(i+1) * time.Hour)
			full[i] = domain.Event{ID: auth.NewID(), OrganizationID: org.OrganizationID, OrganizationName: "Org", Title: "Full",
				Description: "Sold out", Location: "Hall", Start: start, End: start.Add(time.Hour), Capacity: 1, SeatsTaken: 1, Waitlist: true}
		}
		if err := env.Base.Store.ImportEvents(context.Background(), full); err != nil {
			t.Fatalf("seed full events: %v", err)
		}
		changes := 0
		register := func(a *Account, id string) waitReply {
			if changes > 0 && changes%eventrules.RegistrationChangesPerWindow == 0 {
				env.Advance(eventrules.RegistrationChangeWindow)
				env.Login(t, waiter)
				env.Login(t, early)
			}
			changes++
			var w waitReply
			res := env.JSON(http.MethodPost, "/api/event/register/"+id+"/", nil, a.Access)
			Expect(t, res, http.StatusCreated)
			res.Decode(t, &w)
			return w
		}
		want := map[string]int{}
		for i, e := range full {
			place := 1
			if i%3 == 0 {
				register(early, e.ID)
				place = 2
			}
			if w := register(waiter, e.ID); w.Status != "waitlisted" || w.Position != place {
				t.Fatalf("joining the queue of event %d: %+v, want place %d", i, w, place)
			}
			want[e.ID] = place
		}
		type listed struct {
			EventID  string `json:"event_id"`
			Status   string `json:"status"`
			Position int    `json:"position"`
		}
		var all []listed
		pages := 0
		for next := ""; pages == 0 || next != ""; pages++ {
			env.Ops.Take()
			res := env.JSON(http.MethodGet, "/api/event/user-event/"+waiter.ID+"/?limit=100&after="+next, nil, waiter.Access)
			Expect(t, res, http.StatusOK)
			if n := callCount(env.Ops.Take()); n > 3 {
				t.Errorf("a page of places in queues made %d DynamoDB calls, want at most 3 (the login's GetItem, a Query, a BatchGetItem)", n)
			}
			var page []listed
			res.Decode(t, &page)
			all = append(all, page...)
			next = res.Header.Get(events.NextPageHeader)
		}
		if len(all) != len(full) || pages != 2 {
			t.Fatalf("listed %d registrations in %d pages, want %d in 2 (a BatchGetItem joins at most 50 places with their counters)", len(all), pages, len(full))
		}
		for _, r := range all {
			if r.Status != "waitlisted" || r.Position != want[r.EventID] {
				t.Errorf("event %s listed %s at %d, want waitlisted at %d", r.EventID, r.Status, r.Position, want[r.EventID])
			}
		}
	})
	env.Login(t, person) // the clock moved on past its access token
	for _, path := range []string{"/api/event/organization/" + org.OrganizationID + "/events/", "/api/event/user-event/" + person.ID + "/"} {
		for _, q := range []string{"limit=0", "limit=101", "after=garbage"} {
			res := env.JSON(http.MethodGet, path+"?"+q, nil, person.Access)
			Expect(t, res, http.StatusBadRequest)
		}
	}
}
