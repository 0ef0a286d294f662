package main

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"turnout/pkg/app"
	"turnout/pkg/domain"
	"turnout/pkg/media/mediatest"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

func get(t *testing.T, h http.Handler, path string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Result()
}

func TestGatewayServesAPIMediaAndWeb(t *testing.T) {
	ctx := context.Background()
	cfg, awsCfg := testenv.Config(t)
	b := app.NewBase(cfg, awsCfg, time.Now)
	// Preparing twice creates and seeds once.
	for range 2 {
		if err := prepare(ctx, b, true); err != nil {
			t.Fatalf("prepare: %v", err)
		}
	}
	web := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(web, "assets"), 0o755))
	must(t, os.WriteFile(filepath.Join(web, "index.html"), []byte(`<html><head><title>Turnout</title><meta name="description" content="Discover and join events near you."></head><body><div id="root"></div></body></html>`), 0o644))
	must(t, os.WriteFile(filepath.Join(web, "assets", "app-1a2b.js"), []byte(`console.log(1)`), 0o644))
	h, err := newHandler(b, awsCfg, web)
	must(t, err)

	res := get(t, h, "/api/event/public/")
	var events []map[string]any
	must(t, json.NewDecoder(res.Body).Decode(&events))
	seeded := 0
	for _, d := range demoData {
		seeded += len(d.events)
	}
	if res.StatusCode != 200 || len(events) != seeded {
		t.Fatalf("public list: %d with %d events, want 200 with %d (seeded once)", res.StatusCode, len(events), seeded)
	}

	// The demo events come with drawn banners, served like any image.
	banner, _ := events[0]["banner_url"].(string)
	if u, err := url.Parse(banner); err != nil || u.Path == "" {
		t.Fatalf("seeded event without a banner: %v", events[0])
	} else if res := get(t, h, u.Path); res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("GET %s = %d %s", u.Path, res.StatusCode, res.Header.Get("Content-Type"))
	}

	// Gzipped as CloudFront would, for a client that accepts it.
	req := httptest.NewRequest(http.MethodGet, "/api/event/public/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if ce := rec.Header().Get("Content-Encoding"); rec.Code != 200 || ce != "gzip" {
		t.Errorf("public list with Accept-Encoding gzip: %d, Content-Encoding %q", rec.Code, ce)
	}

	for path, want := range map[string]string{"/": `<div id="root">`, "/events": `<div id="root">`, "/event/detail": `<div id="root">`, "/assets/app-1a2b.js": "console.log"} {
		res := get(t, h, path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s = %d %q, want 200 with %q", path, res.StatusCode, body, want)
		}
	}
	if cc := get(t, h, "/assets/app-1a2b.js").Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("hashed asset Cache-Control = %q", cc)
	}
	if cc := get(t, h, "/events").Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("index.html Cache-Control = %q", cc)
	}
	// An event's shareable URL is the app with the event's tags in its
	// head, for link previews and search engines.
	id, _ := events[0]["id"].(string)
	title, _ := events[0]["title"].(string)
	res = get(t, h, "/event/detail?id="+id)
	body, _ := io.ReadAll(res.Body)
	page := string(body)
	for _, want := range []string{
		`<div id="root">`, "<title>" + html.EscapeString(title) + " · Turnout</title>", `<meta property="og:title" content="` + html.EscapeString(title) + `">`,
		`<link rel="canonical" href="` + cfg.WebOrigin + `/event/detail?id=` + id + `">`, `<meta property="og:image" content="` + banner + `">`,
		`<meta name="twitter:card" content="summary_large_image">`, `<script type="application/ld+json">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the event's page lacks %s:\n%s", want, page)
		}
	}
	if res.StatusCode != 200 || strings.Count(page, "<title>") != 1 || strings.Contains(page, "Discover and join events near you.") {
		t.Errorf("GET /event/detail?id=%s = %d, with the app's own title or description left in:\n%s", id, res.StatusCode, page)
	}
	var data map[string]any
	ld := page[strings.Index(page, `<script type="application/ld+json">`)+len(`<script type="application/ld+json">`):]
	must(t, json.Unmarshal([]byte(ld[:strings.Index(ld, "</script>")]), &data))
	if data["@type"] != "Event" || data["name"] != title || data["eventStatus"] != "https://schema.org/EventScheduled" {
		t.Errorf("structured data = %v", data)
	}
	if start, _ := data["startDate"].(string); !strings.HasSuffix(start, "Z") {
		t.Errorf("startDate %q has no offset", start)
	}
	if res := get(t, h, "/event/detail?id=01ARZ3NDEKTSV4RRFFQ69G5FAV"); res.StatusCode != 404 {
		t.Errorf("an unknown event's page: %d, want 404", res.StatusCode)
	}
	// So is an organization's page, with the organization's.
	org := events[0]["organization"].(map[string]any)
	body, _ = io.ReadAll(get(t, h, "/organizations/"+org["id"].(string)).Body)
	if want := "<title>" + html.EscapeString(org["name"].(string)) + " · Turnout</title>"; !strings.Contains(string(body), want) || !strings.Contains(string(body), `<div id="root">`) {
		t.Errorf("the organization's page lacks %s:\n%s", want, body)
	}
	for _, path := range []string{"/organizations/01ARZ3NDEKTSV4RRFFQ69G5FAV", "/organizations/../user/profile", "/organizations/"} {
		if res := get(t, h, path); res.StatusCode != 404 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("GET %s = %d %s, want the app's page as 404", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}

	// Crawlers get a real robots.txt and a sitemap of the upcoming events,
	// not the app.
	res = get(t, h, "/robots.txt")
	body, _ = io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") ||
		!strings.Contains(string(body), "Disallow: /dashboard") || !strings.Contains(string(body), "Sitemap: "+cfg.WebOrigin+"/sitemap.xml") {
		t.Errorf("GET /robots.txt = %d %s %q", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	res = get(t, h, "/sitemap.xml")
	var sitemap struct {
		URLs []sitemapLoc `xml:"url"`
	}
	must(t, xml.NewDecoder(res.Body).Decode(&sitemap))
	if want := 2 + seeded + len(demoData); res.StatusCode != 200 || len(sitemap.URLs) != want {
		t.Errorf("GET /sitemap.xml = %d with %d URLs, want 200 with %d", res.StatusCode, len(sitemap.URLs), want)
	} else if id, _ := events[0]["id"].(string); !slices.Contains(sitemap.URLs, sitemapLoc{cfg.WebOrigin + "/event/detail?id=" + id}) {
		t.Errorf("the sitemap has no page of event %s: %+v", id, sitemap.URLs[:3])
	}

	res = get(t, h, "/api/nothing/")
	if ct := res.Header.Get("Content-Type"); res.StatusCode != 404 || ct != "application/json" {
		t.Errorf("unknown API path: %d %s, want a JSON 404", res.StatusCode, ct)
	}

	key, err := b.Media.PutImage(ctx, domain.MediaBanner, mediatest.PNG(4, 4))
	must(t, err)
	res = get(t, h, "/"+key)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
		t.Errorf("GET /%s = %d %s", key, res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, path := range []string{"/media/banners/missing.png", "/media/uploads/banner/x/y", "/media/../secret",
		"/media/banners/a%00b.png", "/media/banners/a%ff.png", "/media/banners/" + strings.Repeat("a", 1100) + ".png"} {
		if got := get(t, h, path).StatusCode; got != 404 {
			t.Errorf("GET %s = %d, want 404", path, got)
		}
	}

	bare, err := newHandler(b, awsCfg, t.TempDir())
	must(t, err)
	body, _ = io.ReadAll(get(t, bare, "/").Body)
	if !strings.Contains(string(body), "has not been built yet") {
		t.Errorf("without a build: %q", body)
	}
}

type sitemapLoc struct {
	Loc string `xml:"loc"`
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// The share rewrite keeps a private event's invite code when it could be
// one, as CloudFront's SharePages function does, and nothing else.
func TestShareRewriteKeepsTheInviteCode(t *testing.T) {
	for code, want := range map[string]string{
		"Ab-_9": "invite=Ab-_9", "": "", "a b": "", "<x>": "", strings.Repeat("a", 65): "",
	} {
		if got := inviteQuery(code); got != want {
			t.Errorf("inviteQuery(%q) = %q, want %q", code, got, want)
		}
	}
}

// The web build is served as CloudFront serves it: a file as itself, a
// path without a dot as the app's page, and a missing file as not found,
// never the app's page (which must not open at the widget's frameable
// address when the widget is not built).
func TestWebBuildServesFilesAndTheAppOnlyWithoutADot(t *testing.T) {
	web := t.TempDir()
	must(t, os.WriteFile(filepath.Join(web, "index.html"), []byte(`<div id="root">`), 0o644))
	must(t, os.WriteFile(filepath.Join(web, "embed.js"), []byte(`(()=>{})()`), 0o644))
	h := spaHandler(web)
	for path, want := range map[string]string{"/events": `<div id="root">`, "/event/detail": `<div id="root">`, "/embed.js": "(()=>{})()"} {
		res := get(t, h, path)
		if body, _ := io.ReadAll(res.Body); res.StatusCode != 200 || string(body) != want {
			t.Errorf("GET %s = %d %q, want 200 %q", path, res.StatusCode, body, want)
		}
	}
	for _, path := range []string{"/embed.html", "/favicon.ico", "/assets/gone-1a2b.js"} {
		if res := get(t, h, path); res.StatusCode != 404 {
			t.Errorf("GET %s = %d, want 404", path, res.StatusCode)
		}
	}
	must(t, os.WriteFile(filepath.Join(web, "embed.html"), []byte(`<main>`), 0o644))
	if body, _ := io.ReadAll(get(t, h, "/embed.html").Body); string(body) != "<main>" {
		t.Errorf("GET /embed.html = %q, want the widget's page", body)
	}
}
