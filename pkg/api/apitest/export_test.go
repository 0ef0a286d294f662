package apitest

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

// TestDataExport: a person downloads everything held about them (profile,
// mail settings, every registration with its status and when it was made
// and checked in, their sessions, the failed logins kept under their
// username); an organizer's includes the organization.
func TestDataExport(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	open := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": "Open Studio"}))
	full := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 1), map[string]string{"title": "Full Studio", "waitlist": "true"}))
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	Expect(t, regPost(env, full.ID, ben.Access), http.StatusCreated)
	before := env.Now().Add(-time.Second)
	var seat waitReply
	regPost(env, open.ID, ana.Access).Decode(t, &seat)
	Expect(t, regPost(env, full.ID, ana.Access), http.StatusCreated)
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+open.ID+"/check-in/", map[string]string{"code": seat.Ticket}, org.Access), http.StatusOK)
	Expect(t, env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": ana.Username, "password": "not-her-password"}, ""), http.StatusUnauthorized)
	Expect(t, env.JSON(http.MethodPut, "/api/user/notifications/", map[string]bool{"event_changes": false}, ana.Access), http.StatusOK)

	Expect(t, env.JSON(http.MethodGet, "/api/user/export/", nil, ""), http.StatusUnauthorized)
	res := env.JSON(http.MethodGet, "/api/user/export/", nil, ana.Access)
	Expect(t, res, http.StatusOK)
	if got := res.Header.Get("Content-Disposition"); got != `attachment; filename=turnout-`+ana.Username+`.json` {
		t.Errorf("Content-Disposition = %q", got)
	}
	var x struct {
		Profile struct {
			ID, Username, Email string
		}
		Organization  *struct{ Name string }
		Notifications map[string]bool
		Registrations []struct {
			Title, Status string
			Position      int
			RegisteredAt  *time.Time `json:"registered_at"`
			CheckedInAt   *time.Time `json:"checked_in_at"`
		}
		Sessions []struct {
			Status  string
			Expires time.Time `json:"expires_at"`
		}
		FailedLogins struct {
			ByAddress []struct {
				Attempts int
				Address  string `json:"client_address"`
			} `json:"by_client_address"`
			FromAnywhere int `json:"from_any_address"`
		} `json:"failed_logins"`
	}
	res.Decode(t, &x)
	if x.Profile.ID != ana.ID || x.Profile.Email != ana.Email || x.Organization != nil || x.Notifications["event_changes"] || !x.Notifications["organizer_messages"] {
		t.Errorf("export = %+v", x)
	}
	var regs []string
	for _, r := range x.Registrations {
		regs = append(regs, r.Title+" "+r.Status)
	}
	if !slices.Equal(regs, []string{"Open Studio registered", "Full Studio waitlisted"}) || x.Registrations[1].Position != 1 {
		t.Errorf("registrations = %+v", x.Registrations)
	}
	for i, r := range x.Registrations {
		if r.RegisteredAt == nil || r.RegisteredAt.Before(before) || r.RegisteredAt.After(env.Now()) {
			t.Errorf("registration %d made at %v, want the time it was made", i, r.RegisteredAt)
		}
		if checkedIn := r.CheckedInAt != nil && !r.CheckedInAt.Before(*r.RegisteredAt); checkedIn != (i == 0) {
			t.Errorf("registration %d checked in at %v", i, r.CheckedInAt)
		}
	}
	if len(x.Sessions) == 0 || x.Sessions[0].Status == "" || !x.Sessions[0].Expires.After(env.Now()) {
		t.Errorf("sessions = %+v, want the sign-in the test made", x.Sessions)
	}
	if f := x.FailedLogins; len(f.ByAddress) != 1 || f.ByAddress[0].Attempts != 1 || f.ByAddress[0].Address == "" || f.FromAnywhere != 1 {
		t.Errorf("failed logins = %+v, want the one failed attempt", f)
	}

	// Its registrations in pages: each page the whole account, the pages'
	// registrations in order all of them, only the last named complete.
	var paged []string
	after, pages := "", 0
	for ; pages == 0 || after != ""; pages++ {
		res := env.JSON(http.MethodGet, "/api/user/export/?limit=1&after="+after, nil, ana.Access)
		Expect(t, res, http.StatusOK)
		var page struct {
			Profile       struct{ ID string }
			Registrations []struct{ Title string }
		}
		res.Decode(t, &page)
		after = res.Header.Get("X-Next-Page")
		name := "turnout-" + ana.Username + ".json"
		if after != "" {
			name = "turnout-" + ana.Username + "-incomplete.json"
		}
		// A page that ends at its limit names a next, which may be empty.
		if got := res.Header.Get("Content-Disposition"); page.Profile.ID != ana.ID || len(page.Registrations) > 1 || got != "attachment; filename="+name || pages > 2 {
			t.Fatalf("page %d: %s (%s), want the account and at most one registration in %s", pages, res.Body, got, name)
		}
		for _, r := range page.Registrations {
			paged = append(paged, r.Title)
		}
	}
	if !slices.Equal(paged, []string{"Open Studio", "Full Studio"}) {
		t.Errorf("paged registrations %v, want both in order", paged)
	}
	Expect(t, env.JSON(http.MethodGet, "/api/user/export/?after=not-a-cursor", nil, ana.Access), http.StatusBadRequest)
	Expect(t, env.JSON(http.MethodGet, "/api/user/export/?limit=5001", nil, ana.Access), http.StatusBadRequest)

	env.JSON(http.MethodGet, "/api/user/export/", nil, org.Access).Decode(t, &x)
	if x.Organization == nil || x.Organization.Name == "" {
		t.Errorf("an organizer's export has no organization: %+v", x)
	}
}
