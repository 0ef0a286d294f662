package apitest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"turnout/pkg/api/organizations"
	"turnout/pkg/domain"
	"turnout/pkg/media/mediatest"
)

func TestOrganizationSignUpAndProfile(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	form := OrganizationForm(Unique("Acme"))
	res := env.Multipart(http.MethodPost, "/api/organization/register/", form, map[string]File{"logo": {"logo.png", mediatest.PNG(16, 16)}}, "")
	Expect(t, res, http.StatusCreated)
	org := env.finishSignUp(t, form)
	if org.OrganizationID == "" {
		t.Fatal("organizer profile has no organization_id")
	}
	p := env.profile(t, org)
	if p["is_organizer"] != true {
		t.Errorf("is_organizer = %v", p["is_organizer"])
	}

	res = env.JSON(http.MethodGet, "/api/organization/details/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	var body map[string]any
	res.Decode(t, &body)
	for field, want := range map[string]any{
		"id": org.OrganizationID, "organization": form["organization"], "email": form["email"],
		"phone": form["phone"], "address1": form["address1"], "address2": form["address2"],
		"link": form["link"], "description": form["description"],
	} {
		if body[field] != want {
			t.Errorf("%s = %v, want %v", field, body[field], want)
		}
	}
	if got := body["organizer"].(map[string]any)["username"]; got != form["username"] {
		t.Errorf("organizer.username = %v", got)
	}
	if u, _ := body["logo_url"].(string); !strings.HasPrefix(u, env.Config.WebOrigin+"/media/logos/") {
		t.Errorf("logo_url = %v", body["logo_url"])
	}

	// Name and email are required on update (a new email waits for its
	// confirmation: TestEmailChangeTakesEffectFromTheNewAddress).
	update := map[string]string{"organization": "Acme Events", "email": org.Email, "phone": "", "link": "https://acme.example", "description": "New"}
	res = env.Multipart(http.MethodPut, "/api/organization/details/update/", update, nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &body)
	if body["organization"] != "Acme Events" || body["email"] != update["email"] || body["description"] != "New" {
		t.Errorf("after update: %v", body)
	}
	for _, missing := range []string{"organization", "email"} {
		bad := map[string]string{"organization": "X", "email": "x@example.org"}
		delete(bad, missing)
		res = env.Multipart(http.MethodPut, "/api/organization/details/update/", bad, nil, org.Access)
		Expect(t, res, http.StatusBadRequest)
		if got := res.Fields(t)[missing]; len(got) == 0 || got[0] != domain.MsgRequired {
			t.Errorf("%s errors = %v", missing, got)
		}
	}
	bad := map[string]string{"organization": "X", "email": "x@example.org", "link": "javascript:alert(1)"}
	Expect(t, env.Multipart(http.MethodPut, "/api/organization/details/update/", bad, nil, org.Access), http.StatusBadRequest)

	person := env.NewPerson(t)
	res = env.JSON(http.MethodGet, "/api/organization/details/", nil, person.Access)
	Expect(t, res, http.StatusForbidden)
	if got, want := res.Detail(t), organizations.MsgNotOrganizer; got != want {
		t.Errorf("detail = %q, want %q", got, want)
	}
	Expect(t, env.Multipart(http.MethodPut, "/api/organization/details/update/", update, nil, person.Access), http.StatusForbidden)
	Expect(t, env.JSON(http.MethodGet, "/api/organization/details/", nil, ""), http.StatusUnauthorized)
}

func TestOrganizationSignUpValidation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	form := OrganizationForm(Unique("Bad"))
	form["password1"] = "does-not-match-at-all"
	form["phone"] = "0123456789012"
	delete(form, "organization")
	res := env.Multipart(http.MethodPost, "/api/organization/register/", form, nil, "")
	Expect(t, res, http.StatusBadRequest)
	fields := res.Fields(t)
	for field, want := range map[string]string{"password1": domain.MsgPasswordsDiffer, "phone": domain.MsgPhoneLength, "organization": domain.MsgRequired} {
		if got := fields[field]; len(got) == 0 || got[0] != want {
			t.Errorf("%s errors = %v, want [%q]", field, got, want)
		}
	}
}

func queryValue(tb testing.TB, link, name string) string {
	tb.Helper()
	u, err := url.Parse(link)
	if err != nil {
		tb.Fatalf("parse %q: %v", link, err)
	}
	v := u.Query().Get(name)
	if v == "" {
		tb.Fatalf("link %q has no %s", link, name)
	}
	return v
}
