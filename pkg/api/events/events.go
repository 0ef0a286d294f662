// Package events serves /api/event/*: the public list and detail of
// events, organizers' create, update and delete, and people's
// registrations.
package events

import (
	"cmp"
	"context"
	"net/http"

	"turnout/pkg/api/formimage"
	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
	"turnout/pkg/webshell"
)

// Deps are the events function's dependencies, built once per process.
type Deps struct {
	Events *eventsvc.Service
	Media  *media.Store
	Auth   httpapi.Authenticator
	// WebOrigin is the site's scheme://host, the base of the sitemap's URLs.
	WebOrigin string
	// Shell is the web app's page, which an event's shareable URL answers
	// with the event's tags (share.go).
	Shell *webshell.Shell
	// OriginSecret lets CloudFront name the client's address (guest
	// registrations are counted per client).
	OriginSecret string
	// Hooks tells the organization's webhook endpoints of its events'
	// changes.
	Hooks Announcer
}

// Messages shown to people: the service's, and the ones of decoding.
const (
	MsgEventNotFound        = eventsvc.MsgEventNotFound
	MsgNotOrganizer         = eventsvc.MsgNotOrganizer
	MsgNotOwner             = eventsvc.MsgNotOwner
	MsgCapacityBelowTaken   = eventsvc.MsgCapacityBelowTaken
	MsgAlreadyRegistered    = eventsvc.MsgAlreadyRegistered
	MsgEventFull            = eventsvc.MsgEventFull
	MsgEventStarted         = eventsvc.MsgEventStarted
	MsgRegistered           = "Successfully registered for the event!"
	MsgWaitlisted           = "The event is full: you are on the waitlist."
	MsgRequestReceived      = eventsvc.MsgRequestReceived
	MsgNotYourRegistrations = eventsvc.MsgNotYourRegistrations
	MsgRegistrationNotFound = eventsvc.MsgRegistrationNotFound
	MsgNotYourRegistration  = eventsvc.MsgNotYourRegistration
	MsgNotRegistered        = eventsvc.MsgNotRegistered
	MsgBusy                 = eventsvc.MsgBusy
	MsgBadLimit             = "limit must be a whole number from 1 to 100."
	MsgBadCursor            = eventsvc.MsgBadCursor
)

// Public lists may be cached this long by browsers and CloudFront.
const (
	publicListCache   = "public, max-age=15, s-maxage=30, stale-while-revalidate=30"
	publicDetailCache = "public, max-age=5, s-maxage=10"
	// privateCache keeps an answer out of every shared cache.
	privateCache    = "private, no-store"
	defaultPageSize = 50
	maxPageSize     = 100
	// ownedPageSize is an owned list's default page: as many as a page
	// may hold, so screens that read only the first page show the most.
	ownedPageSize = maxPageSize
	// NextPageHeader carries the cursor of a list's next page.
	NextPageHeader = httpapi.NextPageHeader
)

var banner = formimage.Field{Kind: domain.MediaBanner, FileField: "banner", KeyField: "banner_key"}

// NewHandler routes every /api/event/ endpoint.
func NewHandler(d Deps) http.Handler {
	h := handlers{d}
	rt := httpapi.NewRouter()
	rt.Handle("GET /api/event/public/{$}", h.public)
	rt.Handle("GET /api/event/public/sitemap.xml", h.sitemap)
	rt.Handle("GET /api/event/public/robots.txt", h.robots)
	rt.Handle("GET /api/event/public/categories/{$}", h.categories)
	rt.Handle("GET /api/event/public/cities/{$}", h.cities)
	rt.Handle("GET /api/event/public/places/{$}", h.places)
	rt.Handle("GET /api/event/public/share/{$}", h.share)
	rt.Handle("GET /api/event/public/share/{id}", h.share)
	rt.Handle("GET /api/event/detail/{id}/{$}", d.Auth.OptionalScoped(domain.ScopeEventsRead, h.detail))
	rt.Handle("GET /api/event/detail/{id}/calendar.ics", h.calendarFile)
	rt.Handle("POST /api/event/detail/{id}/invite/reset/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.resetInvite))
	rt.Handle("POST /api/event/detail/{id}/duplicate/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.duplicate))
	rt.Handle("GET /api/event/organization/{organizationId}/events/{$}", d.Auth.OptionalScoped(domain.ScopeEventsRead, h.organizationEvents))
	rt.Handle("POST /api/event/create/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.create))
	h.routeSeries(rt)
	rt.Handle("PATCH /api/event/detail/{id}/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.update))
	rt.Handle("DELETE /api/event/detail/{id}/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.delete))
	rt.Handle("POST /api/event/register/{eventId}/{$}", d.Auth.Optional(h.register))
	rt.Handle("POST /api/event/rsvp/confirm/{$}", h.confirmGuest)
	rt.Handle("GET /api/event/rsvp/{secret}/{$}", h.managed)
	rt.Handle("POST /api/event/rsvp/{secret}/cancel/{$}", h.cancelManaged)
	rt.Handle("GET /api/event/rsvp/{secret}/calendar.ics", h.managedCalendar)
	rt.Handle("GET /api/event/register/{eventId}/{$}", d.Auth.Require(h.registrationFor))
	rt.Handle("GET /api/event/detail/{id}/attendees/{$}", d.Auth.Scoped(domain.ScopeAttendeesRead, h.attendees))
	rt.Handle("GET /api/event/detail/{id}/attendees.csv", d.Auth.Scoped(domain.ScopeAttendeesRead, h.attendeesCSV))
	rt.Handle("POST /api/event/detail/{id}/check-in/{$}", d.Auth.Scoped(domain.ScopeCheckinWrite, h.checkIn))
	rt.Handle("POST /api/event/detail/{id}/attendees/{registrationId}/approve/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.approve))
	rt.Handle("POST /api/event/detail/{id}/attendees/{registrationId}/decline/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.decline))
	rt.Handle("DELETE /api/event/detail/{id}/check-in/{registrationId}/{$}", d.Auth.Scoped(domain.ScopeCheckinWrite, h.undoCheckIn))
	rt.Handle("GET /api/event/ticket/{secret}/{$}", h.ticketPage)
	rt.Handle("POST /api/event/ticket/reset/{registrationId}/{$}", d.Auth.Require(h.resetTicketLink))
	rt.Handle("POST /api/event/detail/{id}/cancel/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.cancelEvent))
	rt.Handle("POST /api/event/detail/{id}/message/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, h.message))
	rt.Handle("GET /api/event/user-event/{userId}/{$}", d.Auth.Require(h.userEvents))
	rt.Handle("GET /api/event/feed/{$}", d.Auth.Require(h.feed))
	rt.Handle("POST /api/event/feed/reset/{$}", d.Auth.Require(h.resetFeed))
	rt.Handle("GET /api/event/feed/{token}/calendar.ics", h.personFeed)
	// The path's spelling is the product contract's.
	rt.Handle("DELETE /api/event/cancle/register/{registrationId}/{$}", d.Auth.Require(h.cancel))
	return rt
}

type handlers struct{ Deps }

// opened reads the path's event for viewer with the request's invite code
// (Service.Opened) and says how its answer may be cached: a private
// event's, or its organizer's, by nobody but the browser that asked.
func (h handlers) opened(w http.ResponseWriter, r *http.Request, id string, viewer *domain.User, shared string) (domain.Event, bool, error) {
	e, owner, err := h.Events.Opened(r.Context(), id, r.URL.Query().Get("invite"), viewer)
	if err != nil {
		return e, owner, err
	}
	cache := shared
	if owner || e.Visibility == domain.VisibilityPrivate {
		cache = privateCache
	}
	w.Header().Set("Cache-Control", cache)
	if !e.Listed() {
		w.Header().Set("X-Robots-Tag", "noindex")
	}
	return e, owner, nil
}

func (h handlers) bodiesOf(es []domain.Event) []eventBody {
	out := make([]eventBody, len(es))
	for i, e := range es {
		out[i] = h.bodyOf(e)
	}
	return out
}

// pageQuery is a list request's page: its limit (fallback when absent)
// and the cursor after which it starts.
func pageQuery(r *http.Request, fallback int) (limit int, after string, err error) {
	return httpapi.PageQuery(r, fallback, maxPageSize)
}

// writePage answers a list page, its next page's cursor in NextPageHeader.
func writePage(w http.ResponseWriter, next string, body any) {
	if next != "" {
		w.Header().Set(NextPageHeader, next)
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

// public answers the upcoming events, or with any search parameter, a
// search of them (search.go).
func (h handlers) public(w http.ResponseWriter, r *http.Request) {
	limit, after, err := pageQuery(r, defaultPageSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	var (
		events []domain.Event
		next   string
	)
	if search := searchInput(r, after, limit); search.Empty() {
		events, next, err = h.Events.Upcoming(r.Context(), after, limit)
	} else {
		events, next, err = h.Events.Search(r.Context(), search)
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", publicListCache)
	writePage(w, next, h.bodiesOf(events))
}

// detail answers an event: to its organizer with its private fields; a
// private one only with its invite code (or to people registered).
func (h handlers) detail(w http.ResponseWriter, r *http.Request, viewer *domain.User) {
	e, owner, err := h.opened(w, r, r.PathValue("id"), viewer, publicDetailCache)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if owner {
		httpapi.WriteJSON(w, http.StatusOK, h.ownerBodyOf(e))
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.bodyOf(e))
}

// organizationEvents lists an organization's public events, and to its
// own organizer every one of them.
func (h handlers) organizationEvents(w http.ResponseWriter, r *http.Request, viewer *domain.User) {
	limit, after, err := pageQuery(r, ownedPageSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	events, next, err := h.Events.OrganizationEvents(r.Context(), r.PathValue("organizationId"), after, limit, viewer)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	writePage(w, next, h.bodiesOf(events))
}

// resetInvite gives a private event a new invite link; the old stops
// opening it.
func (h handlers) resetInvite(w http.ResponseWriter, r *http.Request, u domain.User) {
	e, err := h.Events.ResetInvite(r.Context(), u, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, struct {
		InviteURL string `json:"invite_url"`
	}{h.inviteURL(e)})
}

func eventInput(f *httpapi.Form) domain.EventInput {
	return domain.EventInput{
		Title: f.Value("title"), Description: f.Value("description"), Location: f.Value("location"),
		StartTime: f.Value("start_time"), EndTime: f.Value("end_time"), Capacity: f.Value("capacity"),
		Waitlist: f.Value("waitlist"), Approval: f.Value("approval"),
		Category: optional(f, "category"), City: optional(f, "city"), TimeZone: optional(f, "time_zone"),
		Latitude: optional(f, "latitude"), Longitude: optional(f, "longitude"),
		Visibility: optional(f, "visibility"), OnlineURL: optional(f, "online_url"), Questions: optional(f, "questions"),
		Language: optional(f, "language"),
		Repeat:   f.Value("repeat"),
	}
}

// optional is a form field's value, or nil when the form did not send it.
func optional(f *httpapi.Form, name string) *string {
	if !f.Has(name) {
		return nil
	}
	v := f.Value(name)
	return &v
}

// bannerOf stores or claims the form's banner when the service asks.
func (h handlers) bannerOf(f *httpapi.Form, u domain.User) eventsvc.Banner {
	return func(ctx context.Context) (string, error) { return formimage.Resolve(ctx, h.Media, f, banner, u.ID) }
}

// create adds an event of the organization the query names (by default
// the caller's own).
func (h handlers) create(w http.ResponseWriter, r *http.Request, u domain.User) {
	// Refuse before reading a body that could not be used.
	orgID, err := h.Events.MayCreate(u, r.URL.Query().Get("organization"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	f, err := formimage.ParseForm(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	e, err := h.Events.Create(r.Context(), u, orgID, eventInput(f), h.bannerOf(f, u))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	kinds := []domain.WebhookKind{domain.HookEventCreated}
	if e.SeriesID != "" {
		kinds = append(kinds, domain.HookSeriesCreated)
	}
	h.announce(r.Context(), e, kinds...)
	httpapi.WriteJSON(w, http.StatusCreated, h.ownerBodyOf(e))
}

// duplicate creates a copy of the caller's event, starting at the body's
// optional start_time (by default a week after it).
func (h handlers) duplicate(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in struct {
		StartTime string `json:"start_time"`
	}
	if r.ContentLength != 0 {
		if err := httpapi.DecodeJSON(w, r, &in); err != nil {
			httpapi.Error(w, r, err)
			return
		}
	}
	e, err := h.Events.Duplicate(r.Context(), u, r.PathValue("id"), in.StartTime)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	h.announce(r.Context(), e, domain.HookEventCreated)
	httpapi.WriteJSON(w, http.StatusCreated, h.ownerBodyOf(e))
}

func (h handlers) update(w http.ResponseWriter, r *http.Request, u domain.User) {
	current, err := h.Events.Editable(r.Context(), u, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	f, err := formimage.ParseForm(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	update := h.Events.Update
	switch cmp.Or(f.Value("scope"), r.URL.Query().Get("scope")) {
	case "", "this":
	case eventsvc.ScopeFollowing:
		update = h.Events.UpdateFollowing
	default:
		httpapi.Error(w, r, domain.FieldError("scope", eventsvc.MsgScope))
		return
	}
	next, err := update(r.Context(), u, current, eventInput(f), h.bannerOf(f, u))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	h.announce(r.Context(), next, domain.HookEventUpdated)
	httpapi.WriteJSON(w, http.StatusOK, h.ownerBodyOf(next))
}

func (h handlers) delete(w http.ResponseWriter, r *http.Request, u domain.User) {
	gone, err := h.Events.Delete(r.Context(), u, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	h.announce(r.Context(), gone, domain.HookEventDeleted)
	w.WriteHeader(http.StatusNoContent)
}
