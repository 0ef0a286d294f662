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
)

// An event's shareable URL (/event/detail?id=…) is answered here, as the
// web app's page with the event in its head: Open Graph and Twitter tags
// for link previews, a canonical URL and schema.org Event data for search
// engines. People get the same page and the app takes over as usual.
// CloudFront (infra: SharePages) and the local gateway rewrite the URL to
// /api/event/public/share/{id}.

// shareCache lets CloudFront keep a page briefly; browsers revalidate it
// like index.html, whose asset names change with each deploy.
const shareCache = "public, max-age=0, s-maxage=30"

var (
	titleTag       = regexp.MustCompile(`(?is)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?is)<meta\s+name="description"[^>]*>`)
)

// share answers the app's page for event id, with its tags; without an id
// (or for an unknown event, with 404) the page is the app's own.
func (h handlers) share(w http.ResponseWriter, r *http.Request) {
	shell, err := h.Shell.HTML(r.Context())
	if err != nil {
		httpapi.Error(w, r, fmt.Errorf("%w: %w", domain.ErrUnavailable, err))
		return
	}
	status, page := http.StatusOK, shell
	if id := r.PathValue("id"); id != "" {
		e, err := h.Events.Event(r.Context(), id)
		switch {
		case err == nil:
			page = withHead(shell, h.shareHead(e))
		case domain.ErrorCode(err) == domain.CodeNotFound || errors.Is(err, domain.ErrNotFound):
			status = http.StatusNotFound
		default:
			httpapi.Error(w, r, err)
			return
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", shareCache)
	w.WriteHeader(status)
	_, _ = w.Write([]byte(page))
}

// withHead puts head in place of the shell's title and description.
func withHead(shell, head string) string {
	shell = descriptionTag.ReplaceAllString(titleTag.ReplaceAllString(shell, ""), "")
	return strings.Replace(shell, "</head>", head+"</head>", 1)
}

// shareHead is the head of event e's page.
func (h handlers) shareHead(e domain.Event) string {
	pageURL := h.WebOrigin + domain.EventPagePath(e.ID)
	title := e.Title
	if e.Cancelled {
		title = "Cancelled: " + title
	}
	description := summary(e.Description, 200)
	image := h.Media.URL(e.BannerKey)
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
	tag(`<meta property="og:type" content="website">`)
	tag(`<meta property="og:site_name" content="Turnout">`)
	tag(`<meta property="og:title" content="%s">`, title)
	tag(`<meta property="og:description" content="%s">`, description)
	tag(`<meta property="og:url" content="%s">`, pageURL)
	card := "summary"
	if image != "" {
		card = "summary_large_image"
		tag(`<meta property="og:image" content="%s">`, image)
		tag(`<meta name="twitter:image" content="%s">`, image)
	}
	tag(`<meta name="twitter:card" content="%s">`, card)
	tag(`<meta name="twitter:title" content="%s">`, title)
	tag(`<meta name="twitter:description" content="%s">`, description)
	// json.Marshal escapes <, > and &, so no text can close the script.
	data, _ := json.Marshal(h.eventData(e, pageURL, description, image))
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
		"eventStatus": status, "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
		"location":  map[string]any{"@type": "Place", "name": e.Location, "address": e.Location},
		"organizer": map[string]any{"@type": "Organization", "name": e.OrganizationName, "url": h.WebOrigin + "/organizations/" + e.OrganizationID},
		"offers":    map[string]any{"@type": "Offer", "price": 0, "availability": availability, "url": pageURL},
	}
	if image != "" {
		data["image"] = []string{image}
	}
	return data
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
