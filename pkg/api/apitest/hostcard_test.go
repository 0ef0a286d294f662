package apitest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"turnout/pkg/media/mediatest"
)

// TestEventsCarryTheirOrganizationsNameAndLogo: an event answers its
// organization's logo (its page's host card), and when the organization
// changes its name or logo, each of its events shows the new ones: on its
// page, in lists and in search.
func TestEventsCarryTheirOrganizationsNameAndLogo(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	if got := env.GetEvent(t, ev.ID).Organization.LogoURL; got != nil {
		t.Fatalf("logo_url of an organization without a logo = %q, want null", *got)
	}

	name := Unique("Harbourlights")
	update := map[string]string{"organization": name, "email": org.Email}
	res := env.Multipart(http.MethodPut, "/api/organization/details/update/", update, map[string]File{"logo": {"logo.png", mediatest.PNG(16, 16)}}, org.Access)
	Expect(t, res, http.StatusOK)
	var updated struct {
		LogoURL string `json:"logo_url"`
	}
	res.Decode(t, &updated)
	if !strings.HasPrefix(updated.LogoURL, env.Config.WebOrigin+"/media/logos/") {
		t.Fatalf("logo_url after update = %q", updated.LogoURL)
	}

	// The copy follows from the table's stream, after the answer.
	var got Event
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		got = env.GetEvent(t, ev.ID)
		if got.Organization.Name == name && sameURL(got.Organization.LogoURL, updated.LogoURL) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("event's organization = %+v, want name %q and logo %q", got.Organization, name, updated.LogoURL)
		}
	}

	res = env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, "")
	Expect(t, res, http.StatusOK)
	var owned []Event
	res.Decode(t, &owned)
	if len(owned) != 1 || owned[0].Organization.Name != name || !sameURL(owned[0].Organization.LogoURL, updated.LogoURL) {
		t.Errorf("organization's list = %+v, want the event under %q with its logo", owned, name)
	}
	res = env.JSON(http.MethodGet, "/api/event/public/?"+url.Values{"q": {name}}.Encode(), nil, "")
	Expect(t, res, http.StatusOK)
	var found []Event
	res.Decode(t, &found)
	if len(found) != 1 || found[0].ID != ev.ID || !sameURL(found[0].Organization.LogoURL, updated.LogoURL) {
		t.Errorf("search for the new name found %+v, want the event with its logo", found)
	}

	// An event made now carries the logo from the start.
	later := env.CreateEvent(t, org, env.EventForm(6, 10))
	if logo := env.GetEvent(t, later.ID).Organization.LogoURL; !sameURL(logo, updated.LogoURL) {
		t.Errorf("new event's logo_url = %v, want %q", logo, updated.LogoURL)
	}
}

func sameURL(got *string, want string) bool { return got != nil && *got == want }
