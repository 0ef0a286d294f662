package events

import (
	"encoding/xml"
	"net/http"
	"net/url"

	"turnout/pkg/httpapi"
)

// What crawlers read: robots.txt and a sitemap of the site's public pages.
// CloudFront (and the local gateway) serve them at /robots.txt and
// /sitemap.xml from these API paths.

// sitemapEvents bounds the events a sitemap lists (the soonest): one
// answer, well under the sitemap protocol's 50,000 URLs and 50 MB.
const sitemapEvents = 1000

// crawlerCache lets the edge keep both for an hour.
const crawlerCache = "public, max-age=3600, s-maxage=3600"

// privatePaths are the app's pages behind a login: nothing for a crawler.
var privatePaths = []string{"/profile", "/dashboard", "/organization_info/", "/reset-password", "/api/"}

func (h handlers) robots(w http.ResponseWriter, r *http.Request) {
	body := "User-agent: *\n"
	for _, p := range privatePaths {
		body += "Disallow: " + p + "\n"
	}
	body += "\nSitemap: " + h.WebOrigin + "/sitemap.xml\n"
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", crawlerCache)
	_, _ = w.Write([]byte(body))
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	XMLNS   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemap lists the home page, the events list and each upcoming event's
// shareable page (/event/detail?id=...).
func (h handlers) sitemap(w http.ResponseWriter, r *http.Request) {
	events, _, err := h.Events.Upcoming(r.Context(), "", sitemapEvents)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	set := urlSet{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9", URLs: []sitemapURL{{Loc: h.WebOrigin + "/"}, {Loc: h.WebOrigin + "/events"}}}
	for _, e := range events {
		set.URLs = append(set.URLs, sitemapURL{
			Loc:     h.WebOrigin + "/event/detail?id=" + url.QueryEscape(e.ID),
			LastMod: e.Created.UTC().Format("2006-01-02"),
		})
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", crawlerCache)
	_, _ = w.Write(append([]byte(xml.Header), out...))
}
