package apitest

import (
	"net/http"
	"slices"
	"testing"
)

// TestDataExport: a person downloads everything held about them (profile,
// mail settings, every registration with its status); an organizer's
// includes the organization.
func TestDataExport(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	open := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": "Open Studio"}))
	full := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 1), map[string]string{"title": "Full Studio", "waitlist": "true"}))
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	Expect(t, regPost(env, full.ID, ben.Access), http.StatusCreated)
	Expect(t, regPost(env, open.ID, ana.Access), http.StatusCreated)
	Expect(t, regPost(env, full.ID, ana.Access), http.StatusCreated)
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
		}
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

	env.JSON(http.MethodGet, "/api/user/export/", nil, org.Access).Decode(t, &x)
	if x.Organization == nil || x.Organization.Name == "" {
		t.Errorf("an organizer's export has no organization: %+v", x)
	}
}
