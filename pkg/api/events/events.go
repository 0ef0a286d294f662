// Package events serves /api/event/*: the public list and detail of
// events, organizers' create, update and delete, and people's
// registrations.
package events

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"turnout/pkg/api/formimage"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
	"turnout/pkg/store"
)

// Deps are the events function's dependencies, built once per process.
type Deps struct {
	Store *store.Store
	Media *media.Store
	Auth  httpapi.Authenticator
	Now   func() time.Time
}

// Messages shown to people.
const (
	MsgEventNotFound        = "Event not found."
	MsgNotOrganizer         = "Only organizers can create events."
	MsgNotOwner             = "Only the organization that created this event can change it."
	MsgCapacityBelowTaken   = "Capacity cannot be lower than the number of people already registered."
	MsgAlreadyRegistered    = "You are already registered for this event."
	MsgEventFull            = "This event is full."
	MsgEventStarted         = "This event has already started."
	MsgRegistered           = "Successfully registered for the event!"
	MsgNotYourRegistrations = "You can only see your own registrations."
	MsgRegistrationNotFound = "Registration not found."
	MsgNotYourRegistration  = "You can only cancel your own registrations."
	MsgBusy                 = "This event is very busy right now. Please try again."
	MsgBadLimit             = "limit must be a whole number from 1 to 100."
	MsgBadCursor            = "This page cursor is not valid."
)

// Public lists may be cached this long by browsers and CloudFront.
const (
	publicListCache   = "public, max-age=15, s-maxage=30, stale-while-revalidate=30"
	publicDetailCache = "public, max-age=5, s-maxage=10"
	defaultPageSize   = 50
	maxPageSize       = 100
	// NextPageHeader carries the cursor of the next page of the public list.
	NextPageHeader = "X-Next-Page"
)

var banner = formimage.Field{Kind: domain.MediaBanner, FileField: "banner", KeyField: "banner_key"}

// NewHandler routes every /api/event/ endpoint.
func NewHandler(d Deps) http.Handler {
	h := handlers{d}
	rt := httpapi.NewRouter()
	rt.Handle("GET /api/event/public/{$}", h.public)
	rt.Handle("GET /api/event/detail/{id}/{$}", h.detail)
	rt.Handle("GET /api/event/organization/{organizationId}/events/{$}", h.organizationEvents)
	rt.Handle("POST /api/event/create/{$}", d.Auth.Require(h.create))
	rt.Handle("PATCH /api/event/detail/{id}/{$}", d.Auth.Require(h.update))
	rt.Handle("DELETE /api/event/detail/{id}/{$}", d.Auth.Require(h.delete))
	rt.Handle("POST /api/event/register/{eventId}/{$}", d.Auth.Require(h.register))
	rt.Handle("GET /api/event/user-event/{userId}/{$}", d.Auth.Require(h.userEvents))
	// The path's spelling is the product contract's.
	rt.Handle("DELETE /api/event/cancle/register/{registrationId}/{$}", d.Auth.Require(h.cancel))
	return rt
}

type handlers struct{ Deps }

type organizationRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// eventBody is the event of spec §3 plus seats left and its organizer.
type eventBody struct {
	ID           string          `json:"id"`
	Title        string          `json:"title"`
	Description  string          `json:"description"`
	Location     string          `json:"location"`
	StartTime    time.Time       `json:"start_time"`
	EndTime      time.Time       `json:"end_time"`
	Capacity     int             `json:"capacity"`
	SeatsLeft    int             `json:"seats_left"`
	Banner       *string         `json:"banner"`
	BannerURL    *string         `json:"banner_url"`
	Organization organizationRef `json:"organization"`
}

func (h handlers) bodyOf(e domain.Event) eventBody {
	return eventBody{
		ID: e.ID, Title: e.Title, Description: e.Description, Location: e.Location,
		StartTime: e.Start, EndTime: e.End, Capacity: e.Capacity, SeatsLeft: e.SeatsLeft(),
		Banner: httpapi.OrNull(e.BannerKey), BannerURL: httpapi.OrNull(h.Media.URL(e.BannerKey)),
		Organization: organizationRef{ID: e.OrganizationID, Name: e.OrganizationName},
	}
}

func (h handlers) bodiesOf(es []domain.Event) []eventBody {
	out := make([]eventBody, len(es))
	for i, e := range es {
		out[i] = h.bodyOf(e)
	}
	return out
}

func (h handlers) public(w http.ResponseWriter, r *http.Request) {
	limit := defaultPageSize
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPageSize {
			httpapi.Error(w, r, domain.FieldError("limit", MsgBadLimit))
			return
		}
		limit = n
	}
	events, next, err := h.Store.UpcomingEvents(r.Context(), r.URL.Query().Get("after"), h.Now(), limit)
	if errors.Is(err, store.ErrBadCursor) {
		err = domain.FieldError("after", MsgBadCursor)
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if next != "" {
		w.Header().Set(NextPageHeader, next)
	}
	w.Header().Set("Cache-Control", publicListCache)
	httpapi.WriteJSON(w, http.StatusOK, h.bodiesOf(events))
}

// event loads the event named by a path value; unknown or malformed ids
// are a 404.
func (h handlers) event(r *http.Request, id string) (domain.Event, error) {
	if !domain.ValidID(id) {
		return domain.Event{}, domain.Errorf(domain.CodeNotFound, MsgEventNotFound)
	}
	e, err := h.Store.Event(r.Context(), id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Event{}, domain.Errorf(domain.CodeNotFound, MsgEventNotFound)
	}
	return e, err
}

func (h handlers) detail(w http.ResponseWriter, r *http.Request) {
	e, err := h.event(r, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", publicDetailCache)
	httpapi.WriteJSON(w, http.StatusOK, h.bodyOf(e))
}

func (h handlers) organizationEvents(w http.ResponseWriter, r *http.Request) {
	orgID := r.PathValue("organizationId")
	if !domain.ValidID(orgID) {
		httpapi.Error(w, r, domain.Errorf(domain.CodeNotFound, "Organization not found."))
		return
	}
	events, err := h.Store.OrganizationEvents(r.Context(), orgID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.bodiesOf(events))
}

func eventInput(f *httpapi.Form) domain.EventInput {
	return domain.EventInput{
		Title: f.Value("title"), Description: f.Value("description"), Location: f.Value("location"),
		StartTime: f.Value("start_time"), EndTime: f.Value("end_time"), Capacity: f.Value("capacity"),
	}
}

func (h handlers) create(w http.ResponseWriter, r *http.Request, u domain.User) {
	if !u.IsOrganizer || u.OrganizationID == "" {
		httpapi.Error(w, r, domain.Errorf(domain.CodeForbidden, MsgNotOrganizer))
		return
	}
	f, err := httpapi.ParseForm(w, r, formimage.MaxFormBytes)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	now := h.Now()
	fields, err := eventInput(f).Parse(now)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	org, err := h.Store.Organization(r.Context(), u.OrganizationID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	bannerKey, err := formimage.Resolve(r.Context(), h.Media, f, banner, u.ID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	e := domain.Event{
		ID: auth.NewID(), OrganizationID: org.ID, OrganizationName: org.Name,
		BannerKey: bannerKey, Created: now.UTC().Truncate(time.Second),
	}
	fields.Apply(&e)
	if err := h.Store.CreateEvent(r.Context(), e); err != nil {
		formimage.Discard(r.Context(), h.Media, bannerKey)
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, h.bodyOf(e))
}

// ownEvent loads an event the signed-in organizer may change.
func (h handlers) ownEvent(r *http.Request, u domain.User) (domain.Event, error) {
	e, err := h.event(r, r.PathValue("id"))
	if err != nil {
		return e, err
	}
	if !u.IsOrganizer || e.OrganizationID != u.OrganizationID {
		return e, domain.Errorf(domain.CodeForbidden, MsgNotOwner)
	}
	return e, nil
}

func (h handlers) update(w http.ResponseWriter, r *http.Request, u domain.User) {
	current, err := h.ownEvent(r, u)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	f, err := httpapi.ParseForm(w, r, formimage.MaxFormBytes)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	in := eventInput(f)
	// A start that is not moved may already lie in the past.
	var earliest time.Time
	if start, ok := sameInstant(in.StartTime, current.Start); !ok || !start {
		earliest = h.Now()
	}
	fields, err := in.Parse(earliest)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	bannerKey, err := formimage.Resolve(r.Context(), h.Media, f, banner, u.ID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	next := current
	fields.Apply(&next)
	if bannerKey != "" {
		next.BannerKey = bannerKey
	}
	if err := h.Store.UpdateEvent(r.Context(), next); err != nil {
		formimage.Discard(r.Context(), h.Media, bannerKey)
		httpapi.Error(w, r, eventWriteError(err))
		return
	}
	if bannerKey != "" && current.BannerKey != "" {
		formimage.Discard(r.Context(), h.Media, current.BannerKey)
	}
	httpapi.WriteJSON(w, http.StatusOK, h.bodyOf(next))
}

// sameInstant reports whether the form's start value names t; ok is false
// when the value does not parse (Parse then reports it).
func sameInstant(v string, t time.Time) (same, ok bool) {
	parsed, err := domain.ParseTime(v)
	if err != nil {
		return false, false
	}
	return parsed.Equal(t), true
}

func eventWriteError(err error) error {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return domain.Errorf(domain.CodeNotFound, MsgEventNotFound)
	case errors.Is(err, store.ErrNotOwner):
		return domain.Errorf(domain.CodeForbidden, MsgNotOwner)
	case errors.Is(err, store.ErrCapacityBelowTaken):
		return domain.FieldError("capacity", MsgCapacityBelowTaken)
	}
	return err
}

func (h handlers) delete(w http.ResponseWriter, r *http.Request, u domain.User) {
	id := r.PathValue("id")
	if !domain.ValidID(id) {
		httpapi.Error(w, r, domain.Errorf(domain.CodeNotFound, MsgEventNotFound))
		return
	}
	if !u.IsOrganizer {
		httpapi.Error(w, r, domain.Errorf(domain.CodeForbidden, MsgNotOwner))
		return
	}
	deleted, err := h.Store.DeleteEvent(r.Context(), id, u.OrganizationID)
	if err != nil {
		httpapi.Error(w, r, eventWriteError(err))
		return
	}
	formimage.Discard(r.Context(), h.Media, deleted.BannerKey)
	w.WriteHeader(http.StatusNoContent)
}
