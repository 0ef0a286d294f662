package apitest

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Crawlers find organizations' pages: the sitemap lists the page of each
// organization holding an upcoming event, once, and that page's HTML
// carries the organization in its title, description, Open Graph tags and
// structured data, not the app's generic ones.
func TestCrawlersSeeOrganizationPages(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	env.CreateEvent(t, org, env.EventForm(2, 5))
	env.CreateEvent(t, org, env.EventForm(3, 5))
	pageURL := env.Config.WebOrigin + "/organizations/" + org.OrganizationID

	res := env.JSON(http.MethodGet, "/api/event/public/sitemap.xml", nil, "")
	Expect(t, res, http.StatusOK)
	if n := strings.Count(string(res.Body), "<loc>"+pageURL+"</loc>"); n != 1 {
		t.Errorf("the sitemap lists %s %d times, want once:\n%s", pageURL, n, res.Body)
	}

	var profile struct {
		Name string `json:"name"`
	}
	res = env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &profile)
	name := html.EscapeString(profile.Name)

	page := sharedPage(t, env, "/api/organization/public/"+org.OrganizationID+"/share", http.StatusOK)
	for _, want := range []string{
		`<div id="root">`, "<title>" + name + " · Turnout</title>",
		`<meta name="description" content="We run events.">`,
		`<link rel="canonical" href="` + pageURL + `">`,
		`<meta property="og:title" content="` + name + `">`,
		`<meta property="og:description" content="We run events.">`,
		`<meta property="og:url" content="` + pageURL + `">`,
		`<meta name="twitter:card" content="summary">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the organization's page lacks %s:\n%s", want, page)
		}
	}
	if strings.Count(page, "<title>") != 1 {
		t.Errorf("the organization's page keeps the app's own title:\n%s", page)
	}
	const ldOpen = `<script type="application/ld+json">`
	var data map[string]any
	if i := strings.Index(page, ldOpen); i < 0 {
		t.Errorf("no structured data in:\n%s", page)
	} else if ld := page[i+len(ldOpen):]; json.Unmarshal([]byte(ld[:strings.Index(ld, "</script>")]), &data) != nil ||
		data["@type"] != "Organization" || data["name"] != profile.Name || data["url"] != pageURL {
		t.Errorf("structured data %v, want the organization %q at %s", data, profile.Name, pageURL)
	}

	// An unknown organization gets the app's own page, as not found.
	for _, id := range []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-an-id"} {
		if page := sharedPage(t, env, "/api/organization/public/"+id+"/share", http.StatusNotFound); !strings.Contains(page, "<title>Turnout</title>") {
			t.Errorf("organization %s: %s, want the app's plain page", id, page)
		}
	}
}

// sharedPage reads the HTML page at path and checks its status.
func sharedPage(t *testing.T, env *Env, path string, status int) string {
	t.Helper()
	res, err := http.Get(env.Server.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != status || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET %s = %d %s, want %d text/html", path, res.StatusCode, res.Header.Get("Content-Type"), status)
	}
	return string(body)
}

// robots.txt disallows the signed-in pages and names the sitemap, and a
// shareable URL without an event id is the app's plain page; both answers
// are also checked against the contract, like every other.
func TestRobotsAndThePlainPage(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	res := env.JSON(http.MethodGet, "/api/event/public/robots.txt", nil, "")
	Expect(t, res, http.StatusOK)
	for _, want := range []string{"Disallow: /api/\n", "Disallow: /rsvp\n", "Sitemap: " + env.Config.WebOrigin + "/sitemap.xml\n"} {
		if !strings.Contains(string(res.Body), want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, res.Body)
		}
	}
	if page := sharedPage(t, env, "/api/event/public/share/", http.StatusOK); !strings.Contains(page, "<title>Turnout</title>") {
		t.Errorf("the plain page is not the app's:\n%s", page)
	}
}
