package events

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail"
)

// An event's shareable URL (/event/detail?id=…) is answered here, as the
// web app's page with the event in its head: Open Graph and Twitter tags
// for link previews, a canonical URL and schema.org Event data for search
// engines. People get the same page and the app takes over as usual.
// CloudFront (infra: SharePages) and the local gateway rewrite the URL to
// /api/event/public/share/{id}. An organization's page (/organizations/{id})
// is answered the same way, from /api/organization/public/{id}/share
// (infra: OrganizationPages).

// shareCache lets CloudFront keep a page briefly; browsers revalidate it
// like index.html, whose asset names change with each deploy.
const shareCache = "public, max-age=0, s-maxage=30"

var (
	titleTag       = regexp.MustCompile(`(?is)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?is)<meta\s+name="description"[^>]*>`)
)

// share answers the app's page for event id, with its tags; without an id
// (or for an unknown event, or a private one without its invite code,
// with 404) the page is the app's own. An unlisted or private event's page
// asks search engines not to index it.
func (h handlers) share(w http.ResponseWriter, r *http.Request) {
	h.sharePage(w, r, func(id string) (preview, error) {
		e, _, err := h.opened(w, r, id, nil, shareCache)
		return h.eventPreview(e), err
	})
}

// organizationShare answers the app's page for organization id, with its
// tags, as share does for an event.
func (h handlers) organizationShare(w http.ResponseWriter, r *http.Request) {
	h.sharePage(w, r, func(id string) (preview, error) {
		org, err := h.Events.Organization(r.Context(), id)
		return h.organizationPreview(org), err
	})
}

// sharePage answers the app's page with the head of what read finds for
// the path's id; without an id (or when read finds nothing, with 404) the
// page is the app's own.
func (h handlers) sharePage(w http.ResponseWriter, r *http.Request, read func(id string) (preview, error)) {
	shell, err := h.Shell.HTML(r.Context())
	if err != nil {
		httpapi.Error(w, r, fmt.Errorf("%w: %w", domain.ErrUnavailable, err))
		return
	}
	status, page := http.StatusOK, shell
	if id := r.PathValue("id"); id != "" {
		p, err := read(id)
		switch {
		case err == nil:
			page = withHead(shell, p.head())
		case domain.ErrorCode(err) == domain.CodeNotFound || errors.Is(err, domain.ErrNotFound):
			status = http.StatusNotFound
		default:
			httpapi.Error(w, r, err)
			return
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// A private event's page stays private (opened); any other is shared.
	if status != http.StatusOK || w.Header().Get("Cache-Control") != privateCache {
		w.Header().Set("Cache-Control", shareCache)
	}
	w.WriteHeader(status)
	_, _ = w.Write([]byte(page))
}

// withHead puts head in place of the shell's title and description.
func withHead(shell, head string) string {
	shell = descriptionTag.ReplaceAllString(titleTag.ReplaceAllString(shell, ""), "")
	return strings.Replace(shell, "</head>", head+"</head>", 1)
}

// preview is what a shared page's head tells: its title, a description,
// its address, an image ("" for none; Wide for a banner, shown large) and
// schema.org data.
type preview struct {
	Title, Description, URL, Image string
	Wide                           bool
	// NoIndex asks search engines to leave the page out.
	NoIndex bool
	Data    map[string]any
}

// eventPreview is event e's page.
func (h handlers) eventPreview(e domain.Event) preview {
	p := preview{Title: e.Title, Description: summary(e.Description, 200), URL: h.WebOrigin + domain.EventPagePath(e.ID), Image: h.Media.URL(e.BannerKey), Wide: true, NoIndex: !e.Listed()}
	if e.Cancelled {
		// In the language the event is held in, when Turnout speaks it.
		p.Title = mail.In(domain.PreferredLanguage(e.Language)).CancelledTitle(p.Title)
	}
	p.Data = h.eventData(e, p.URL, p.Description, p.Image)
	return p
}

// organizationPreview is organization org's page.
func (h handlers) organizationPreview(org domain.Organization) preview {
	p := preview{Title: org.Name, Description: summary(org.Description, 200), URL: h.WebOrigin + domain.OrganizationPagePath(org.ID), Image: h.Media.URL(org.LogoKey)}
	if p.Description == "" {
		p.Description = mail.In(domain.DefaultLanguage).OrganizationSummary(org.Name)
	}
	p.Data = map[string]any{"@context": "https://schema.org", "@type": "Organization", "name": org.Name, "description": p.Description, "url": p.URL}
	if org.Link != "" {
		p.Data["sameAs"] = []string{org.Link}
	}
	if p.Image != "" {
		p.Data["logo"] = p.Image
	}
	return p
}

// head is the page's title, description, canonical URL, Open Graph and
// Twitter tags and structured data.
func (p preview) head() string {
	title, description, pageURL, image := p.Title, p.Description, p.URL, p.Image
	var b strings.Builder
	tag := func(format string, args ...any) {
		for i, a := range args {
			args[i] = html.EscapeString(fmt.Sprint(a))
		}
		b.WriteString(fmt.Sprintf(format, args...) + "\n")
	}
	tag(`<title>%s · Turnout</title>`, title)
	tag(`<meta name="description" content="%s">`, description)
	tag(`<link rel="canonical" href="%s">`, pageURL)
	if p.NoIndex {
		tag(`<meta name="robots" content="noindex">`)
	}
	tag(`<meta property="og:type" content="website">`)
	tag(`<meta property="og:site_name" content="Turnout">`)
	tag(`<meta property="og:title" content="%s">`, title)
	tag(`<meta property="og:description" content="%s">`, description)
	tag(`<meta property="og:url" content="%s">`, pageURL)
	card := "summary"
	if image != "" {
		if p.Wide {
			card = "summary_large_image"
		}
		tag(`<meta property="og:image" content="%s">`, image)
		tag(`<meta name="twitter:image" content="%s">`, image)
	}
	tag(`<meta name="twitter:card" content="%s">`, card)
	tag(`<meta name="twitter:title" content="%s">`, title)
	tag(`<meta name="twitter:description" content="%s">`, description)
	// json.Marshal escapes <, > and &, so no text can close the script.
	data, _ := json.Marshal(p.Data)
	b.WriteString(`<script type="application/ld+json">` + string(data) + "</script>\n")
	return b.String()
}

// eventData is e as schema.org Event structured data.
func (h handlers) eventData(e domain.Event, pageURL, description, image string) map[string]any {
	status, availability := "https://schema.org/EventScheduled", "https://schema.org/InStock"
	if e.Cancelled {
		status = "https://schema.org/EventCancelled"
	}
	if e.SeatsLeft() == 0 || e.Cancelled {
		availability = "https://schema.org/SoldOut"
	}
	data := map[string]any{
		"@context": "https://schema.org", "@type": "Event",
		"name": e.Title, "description": description, "url": pageURL,
		"startDate": e.Start.UTC().Format(time.RFC3339), "endDate": e.End.UTC().Format(time.RFC3339),
		"eventStatus": status, "eventAttendanceMode": attendanceMode(e),
		"location":  eventLocation(e, pageURL),
		"organizer": map[string]any{"@type": "Organization", "name": e.OrganizationName, "url": h.WebOrigin + domain.OrganizationPagePath(e.OrganizationID)},
		"offers":    map[string]any{"@type": "Offer", "price": 0, "availability": availability, "url": pageURL},
	}
	if image != "" {
		data["image"] = []string{image}
	}
	if e.Language != "" {
		data["inLanguage"] = e.Language
	}
	return data
}

// eventLocation is where e is, in schema.org's terms: its place, and for
// an online event a VirtualPlace whose address is the event's page (which
// gives its link to the people holding a seat; the link itself is theirs).
func eventLocation(e domain.Event, pageURL string) any {
	place := map[string]any{"@type": "Place", "name": e.Location, "address": e.Location}
	virtual := map[string]any{"@type": "VirtualPlace", "url": pageURL}
	switch {
	case !e.Online:
		return place
	case domain.OnlineOnly(e.Location):
		return virtual
	}
	return []any{place, virtual}
}

// attendanceMode is how e is attended, in schema.org's terms: an online
// event with a place is mixed (its link is never in the page).
func attendanceMode(e domain.Event) string {
	switch {
	case !e.Online:
		return "https://schema.org/OfflineEventAttendanceMode"
	case domain.OnlineOnly(e.Location):
		return "https://schema.org/OnlineEventAttendanceMode"
	}
	return "https://schema.org/MixedEventAttendanceMode"
}

// summary is text on one line, cut at a word to at most n characters.
func summary(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	cut := string([]rune(text)[:n-1])
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
