package events

import (
	"html"
	"net/http"
	"strings"

	"turnout/pkg/domain"
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

// privatePaths are the app's pages behind a login or a private link
// (a ticket, a guest's registration): nothing for a crawler.
var privatePaths = []string{"/profile", "/dashboard", "/organization_info/", "/reset-password", "/ticket", "/rsvp", "/api/"}

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

// sitemap lists the home page, the events list, each upcoming event's
// shareable page (/event/detail?id=...) and the page of each organization
// holding one (/organizations/{id}). The document is five kinds of
// element, written directly: encoding/xml would add 60 KB to the function,
// which must stay within 4 MB zipped (functions/lean_test.go).
func (h handlers) sitemap(w http.ResponseWriter, r *http.Request) {
	events, _, err := h.Events.Upcoming(r.Context(), "", sitemapEvents)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	page := func(loc, lastMod string) {
		// html.EscapeString escapes the five characters XML reserves.
		b.WriteString("  <url>\n    <loc>" + html.EscapeString(loc) + "</loc>\n")
		if lastMod != "" {
			b.WriteString("    <lastmod>" + lastMod + "</lastmod>\n")
		}
		b.WriteString("  </url>\n")
	}
	page(h.WebOrigin+"/", "")
	page(h.WebOrigin+"/events", "")
	var organizations []string
	seen := map[string]bool{}
	for _, e := range events {
		page(h.WebOrigin+domain.EventPagePath(e.ID), e.Created.UTC().Format("2006-01-02"))
		if !seen[e.OrganizationID] {
			seen[e.OrganizationID] = true
			organizations = append(organizations, e.OrganizationID)
		}
	}
	for _, id := range organizations {
		page(h.WebOrigin+domain.OrganizationPagePath(id), "")
	}
	b.WriteString("</urlset>\n")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", crawlerCache)
	_, _ = w.Write([]byte(b.String()))
}
