package events

import (
	"net/http"

	"turnout/pkg/calendar"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// An organization's public page and calendar. They are served by the
// organizations function (under /api/organization/public/), which mounts
// this handler: what they show is events, rendered as everywhere else.

// MsgOrganizationNotFound answers an unknown organization.
const MsgOrganizationNotFound = eventsvc.MsgOrganizationNotFound

// NewOrganizationPages routes GET /api/organization/public/{id}/, its
// calendar.ics and share (the web app's page with its preview tags).
func NewOrganizationPages(d Deps) *httpapi.Router {
	h := handlers{d}
	rt := httpapi.NewRouter()
	rt.Handle("GET /api/organization/public/{id}/{$}", h.organizationPage)
	rt.Handle("GET /api/organization/public/{id}/share", h.organizationShare)
	rt.Handle("GET /api/organization/public/{id}/calendar.ics", h.organizationCalendar)
	return rt
}

type organizationPageBody struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Link        string  `json:"link"`
	LogoURL     *string `json:"logo_url"`
	// UpcomingEvents are those that have not started, soonest first.
	UpcomingEvents []eventBody `json:"upcoming_events"`
	PastEvents     int         `json:"past_events"`
	PastEventsMore bool        `json:"past_events_more"`
	// CalendarURL is the organization's public feed; Webcal the same for
	// calendar apps.
	CalendarURL string `json:"calendar_url"`
	Webcal      string `json:"webcal"`
}

func (h handlers) organizationPage(w http.ResponseWriter, r *http.Request) {
	org, upcoming, past, err := h.Events.OrganizationPage(r.Context(), r.PathValue("id"), eventsvc.FeedSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	feed := h.WebOrigin + "/api/organization/public/" + org.ID + "/calendar.ics"
	w.Header().Set("Cache-Control", publicListCache)
	httpapi.WriteJSON(w, http.StatusOK, organizationPageBody{
		ID: org.ID, Name: org.Name, Description: org.Description, Link: org.Link,
		LogoURL: httpapi.OrNull(h.Media.URL(org.LogoKey)), UpcomingEvents: h.bodiesOf(upcoming), PastEvents: past.N, PastEventsMore: past.AtLeast,
		CalendarURL: feed, Webcal: webcal(feed),
	})
}

// organizationCalendar answers the organization's upcoming events as a
// public iCalendar feed.
func (h handlers) organizationCalendar(w http.ResponseWriter, r *http.Request) {
	org, upcoming, err := h.Events.OrganizationCalendar(r.Context(), r.PathValue("id"), eventsvc.FeedSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	entries := make([]calendar.Entry, len(upcoming))
	for i, e := range upcoming {
		entries[i] = h.calendarEntry(e, "")
	}
	writeCalendar(w, r, publicListCache, calendar.Feed(org.Name+" on Turnout", entries))
}
