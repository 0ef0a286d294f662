package events

import (
	"mime"
	"net/http"

	"turnout/pkg/calendar"
	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// Registering without an account: the request a guest's form sends, the
// confirmation its mailed link's page posts, and the private manage link
// that shows, adds to a calendar and cancels the registration.

// Messages of guest registrations.
const (
	MsgGuestCheckMail    = eventsvc.MsgGuestCheckMail
	MsgRSVPLinkInvalid   = eventsvc.MsgRSVPLinkInvalid
	MsgManageLinkInvalid = eventsvc.MsgManageLinkInvalid
	MsgTooManyGuestAsks  = eventsvc.MsgTooManyGuestAsks
)

// registerGuest takes a guest's registration: nothing is held until its
// mailed link confirms it.
func (h handlers) registerGuest(w http.ResponseWriter, r *http.Request, in domain.GuestInput) {
	client := httpapi.ClientAddress(r, h.OriginSecret)
	in.Language = domain.PreferredLanguage(r.Header.Get("Accept-Language"))
	if err := h.Events.RequestAsGuest(r.Context(), r.PathValue("eventId"), r.URL.Query().Get("invite"), in, client); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusAccepted, MsgGuestCheckMail)
}

type confirmInput struct {
	Token string `json:"token"`
}

// guestRegistrationReply is a confirmed registration with the page that
// manages it.
type guestRegistrationReply struct {
	registerReply
	ManageURL string `json:"manage_url"`
}

// confirmGuest takes the place a confirmation link stands for.
func (h handlers) confirmGuest(w http.ResponseWriter, r *http.Request) {
	var in confirmInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	re, manage, err := h.Events.ConfirmGuest(r.Context(), in.Token)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, guestRegistrationReply{registerReply: h.registerReplyOf(re), ManageURL: h.WebOrigin + domain.RSVPManagePath(manage)})
}

// managedBody is what a manage link opens: the event, who holds the
// registration, and the registration as its person sees it.
type managedBody struct {
	Event        managedEvent       `json:"event"`
	Name         string             `json:"name"`
	Email        string             `json:"email"`
	Guest        bool               `json:"guest"`
	Registration myRegistrationBody `json:"registration"`
}

type managedEvent struct {
	ticketEvent
	Online bool `json:"online"`
	// PageURL is the event's page as the link's person opens it (a
	// private event's with its invite code: a guest has no login).
	PageURL string `json:"page_url"`
}

// managed answers the registration a manage link opens: one person's,
// which no cache may keep and no search engine list.
func (h handlers) managed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", privateCache)
	w.Header().Set("X-Robots-Tag", "noindex")
	e, a, err := h.Events.Managed(r.Context(), r.PathValue("secret"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, managedBody{
		Event: managedEvent{ticketEventOf(e), e.Online, h.WebOrigin + e.GuestPagePath()},
		Name:  fullName(a), Email: a.Email, Guest: a.Guest, Registration: h.myRegistrationOf(a.Registration, e),
	})
}

func (h handlers) cancelManaged(w http.ResponseWriter, r *http.Request) {
	if err := h.Events.CancelManaged(r.Context(), r.PathValue("secret")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// managedCalendar is the event's calendar file for the person a manage
// link names: with the online link while they hold a seat.
func (h handlers) managedCalendar(w http.ResponseWriter, r *http.Request) {
	e, a, err := h.Events.Managed(r.Context(), r.PathValue("secret"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	file := calendar.File(h.calendarEntry(e, joinLink(a.Registration, e), a.Language))
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": fileName(e.Title, ".ics")}))
	writeCalendar(w, r, privateCache, file)
}
