package events

import (
	"net/http"

	"turnout/pkg/calendar"
	"turnout/pkg/domain"
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
	rt.Handle("GET /api/organization/public/{id}/{$}", d.Auth.Optional(h.organizationPage))
	rt.Handle("GET /api/organization/public/{id}/follow/{$}", d.Auth.Require(h.followState))
	rt.Handle("POST /api/organization/public/{id}/follow/{$}", d.Auth.Require(h.follow))
	rt.Handle("DELETE /api/organization/public/{id}/follow/{$}", d.Auth.Require(h.unfollow))
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
	// Followers count its followers; Following, for a signed-in caller
	// only, says whether they are one.
	Followers int   `json:"followers"`
	Following *bool `json:"following,omitempty"`
}

// organizationPage answers the organization's page: cached at the edge for
// visitors, and private for a signed-in caller, whose follow it tells.
func (h handlers) organizationPage(w http.ResponseWriter, r *http.Request, viewer *domain.User) {
	org, upcoming, past, err := h.Events.OrganizationPage(r.Context(), r.PathValue("id"), eventsvc.FeedSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	follow, err := h.Events.FollowState(r.Context(), viewer, org.ID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	feed := h.WebOrigin + "/api/organization/public/" + org.ID + "/calendar.ics"
	body := organizationPageBody{
		ID: org.ID, Name: org.Name, Description: org.Description, Link: org.Link,
		LogoURL: httpapi.OrNull(h.Media.URL(org.LogoKey)), UpcomingEvents: h.bodiesOf(upcoming), PastEvents: past.N, PastEventsMore: past.AtLeast,
		CalendarURL: feed, Webcal: webcal(feed), Followers: follow.Followers,
	}
	w.Header().Set("Cache-Control", publicListCache)
	if viewer != nil {
		body.Following = &follow.Following
		w.Header().Set("Cache-Control", "private, no-store")
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

// followBody is a person's follow of an organization, with its count.
type followBody struct {
	Following bool `json:"following"`
	Followers int  `json:"followers"`
}

func writeFollow(w http.ResponseWriter, r *http.Request, f domain.FollowState, err error) {
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, followBody{Following: f.Following, Followers: f.Followers})
}

func (h handlers) followState(w http.ResponseWriter, r *http.Request, u domain.User) {
	if _, err := h.Events.Organization(r.Context(), r.PathValue("id")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	f, err := h.Events.FollowState(r.Context(), &u, r.PathValue("id"))
	writeFollow(w, r, f, err)
}

func (h handlers) follow(w http.ResponseWriter, r *http.Request, u domain.User) {
	f, err := h.Events.Follow(r.Context(), u, r.PathValue("id"))
	writeFollow(w, r, f, err)
}

func (h handlers) unfollow(w http.ResponseWriter, r *http.Request, u domain.User) {
	f, err := h.Events.Unfollow(r.Context(), u, r.PathValue("id"))
	writeFollow(w, r, f, err)
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
		entries[i] = h.calendarEntry(e, "", "")
	}
	writeCalendar(w, r, publicListCache, calendar.Feed(org.Name+" on Turnout", entries))
}
