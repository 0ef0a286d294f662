package events

import (
	"encoding/json"
	"net/http"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// statusBody is where a registration stands: "registered" or
// "waitlisted" with its place in the queue.
type statusBody struct {
	Status   domain.RegistrationStatus `json:"status"`
	Position int                       `json:"position,omitempty"`
}

func statusOf(reg domain.Registration) statusBody {
	return statusBody{Status: reg.Status, Position: reg.Position}
}

// registeredEventBody is one item of a person's registered events; id is
// the registration's, the one the cancel call takes.
type registeredEventBody struct {
	ID        string    `json:"id"`
	EventID   string    `json:"event_id"`
	Title     string    `json:"title"`
	StartTime time.Time `json:"start_time"`
	EndTime   time.Time `json:"end_time"`
	Location  string    `json:"location"`
	// TimeZone is the IANA zone the event's times are told in.
	TimeZone string `json:"time_zone"`
	// Cancelled is there, true, once the organizer calls the event off.
	Cancelled bool `json:"cancelled,omitempty"`
	statusBody
}

func registeredEventOf(re domain.RegisteredEvent) registeredEventBody {
	reg, e := re.Registration, re.Event
	return registeredEventBody{
		ID: reg.ID, EventID: e.ID, Title: e.Title, StartTime: e.Start, EndTime: e.End, Location: e.Location,
		TimeZone: e.TimeZone, Cancelled: e.Cancelled, statusBody: statusOf(reg),
	}
}

type registerReply struct {
	httpapi.Said
	registeredEventBody
	// Ticket is the code the ticket's QR code carries ("" while waiting).
	Ticket string `json:"ticket,omitempty"`
	// TicketLink opens the ticket's own page without a login.
	TicketLink string `json:"ticket_link,omitempty"`
	// OnlineURL is the online event's link, for a person with a seat.
	OnlineURL string `json:"online_url,omitempty"`
	// Answers are the person's answers to the event's questions.
	Answers []domain.LabeledAnswer `json:"answers"`
}

// register registers the caller, or without a token a guest by the name
// and address the body names (guests.go); without either, 401 as before.
func (h handlers) register(w http.ResponseWriter, r *http.Request, viewer *domain.User) {
	// The body is optional (the product contract's call sends none), and
	// only a JSON one is read: a client that sends a form there as before
	// registers as before.
	var in domain.GuestInput
	if r.ContentLength != 0 && httpapi.IsJSON(r) {
		if err := httpapi.DecodeJSON(w, r, &in); err != nil {
			httpapi.Error(w, r, err)
			return
		}
	}
	switch {
	case viewer != nil:
		h.registerAccount(w, r, *viewer, in.Answers)
	case in.Name == "" && in.Email == "":
		httpapi.Error(w, r, httpapi.ErrNotAuthenticated)
	default:
		h.registerGuest(w, r, in)
	}
}

func (h handlers) registerAccount(w http.ResponseWriter, r *http.Request, u domain.User, answers map[string]json.RawMessage) {
	re, err := h.Events.Register(r.Context(), u, r.PathValue("eventId"), r.URL.Query().Get("invite"), answers)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, h.registerReplyOf(re))
}

// registerReplyOf is the answer of a registration made.
func (h handlers) registerReplyOf(re domain.RegisteredEvent) registerReply {
	detail := MsgRegistered
	switch re.Registration.Status {
	case domain.StatusWaitlisted:
		detail = MsgWaitlisted
	case domain.StatusPending:
		detail = MsgRequestReceived
	}
	return registerReply{
		Said: httpapi.Say(detail), registeredEventBody: registeredEventOf(re), Ticket: h.Events.Ticket(re.Registration),
		TicketLink: h.ticketLink(h.Events.TicketLink(re.Registration)),
		OnlineURL:  joinLink(re.Registration, re.Event), Answers: re.Event.LabeledAnswers(re.Registration.Answers),
	}
}

// registrationFor answers whether the caller is registered for the event:
// its registration's id, status and ticket (and a seat's online link), or
// nulls. The event's page asks it, since the public detail is shared by
// everyone at the edge.
func (h handlers) registrationFor(w http.ResponseWriter, r *http.Request, u domain.User) {
	reg, e, registered, err := h.Events.RegistrationFor(r.Context(), u, r.PathValue("eventId"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if !registered {
		httpapi.WriteJSON(w, http.StatusOK, struct {
			RegistrationID *string `json:"registration_id"`
			Status         *string `json:"status"`
		}{})
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.myRegistrationOf(reg, e))
}

// myRegistrationBody is a person's own registration, as they see it.
type myRegistrationBody struct {
	RegistrationID string `json:"registration_id"`
	statusBody
	Ticket      string                 `json:"ticket,omitempty"`
	TicketLink  string                 `json:"ticket_link,omitempty"`
	CheckedInAt *time.Time             `json:"checked_in_at"`
	OnlineURL   string                 `json:"online_url,omitempty"`
	Answers     []domain.LabeledAnswer `json:"answers"`
}

func (h handlers) myRegistrationOf(reg domain.Registration, e domain.Event) myRegistrationBody {
	return myRegistrationBody{
		reg.ID, statusOf(reg), h.Events.Ticket(reg), h.ticketLink(h.Events.TicketLink(reg)),
		httpapi.TimeOrNull(reg.CheckedIn), joinLink(reg, e), e.LabeledAnswers(reg.Answers),
	}
}

// joinLink is e's online link for the holder of reg: "" unless they hold
// a seat.
func joinLink(reg domain.Registration, e domain.Event) string {
	if reg.Status != domain.StatusRegistered {
		return ""
	}
	return e.OnlineURL
}

func (h handlers) userEvents(w http.ResponseWriter, r *http.Request, u domain.User) {
	limit, after, err := pageQuery(r, ownedPageSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	regs, next, err := h.Events.Registrations(r.Context(), u, r.PathValue("userId"), after, limit)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := make([]registeredEventBody, len(regs))
	for i, re := range regs {
		out[i] = registeredEventOf(re)
	}
	writePage(w, next, out)
}

func (h handlers) cancel(w http.ResponseWriter, r *http.Request, u domain.User) {
	if err := h.Events.Cancel(r.Context(), u, r.PathValue("registrationId")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
