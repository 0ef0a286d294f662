package events

import (
	"net/http"
	"strings"
	"time"

	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// A ticket's own page, opened by its secret link without a login, and the
// reset that ends every older link.

// Messages of ticket links.
const (
	MsgTicketLinkNotFound = eventsvc.MsgTicketLinkNotFound
	MsgNotYourTicket      = eventsvc.MsgNotYourTicket
	MsgNoTicketYet        = eventsvc.MsgNoTicketYet
)

// ticketPageBody is what the ticket page shows: the event, the holder's
// name and the ticket's code, and nothing else of the person.
type ticketPageBody struct {
	Event ticketEvent `json:"event"`
	Name  string      `json:"name"`
	// Ticket is the code the QR code carries; absent once the event is
	// cancelled, when there is no door to show it at.
	Ticket      string     `json:"ticket,omitempty"`
	CheckedInAt *time.Time `json:"checked_in_at"`
}

// ticketEvent is what the pages of one person's registration (and the
// attendee screens) show of its event.
type ticketEvent struct {
	ID        string    `json:"id"`
	Title     string    `json:"title"`
	StartTime time.Time `json:"start_time"`
	EndTime   time.Time `json:"end_time"`
	Location  string    `json:"location"`
	TimeZone  string    `json:"time_zone"`
	Cancelled bool      `json:"cancelled"`
}

func ticketEventOf(e domain.Event) ticketEvent {
	return ticketEvent{ID: e.ID, Title: e.Title, StartTime: e.Start, EndTime: e.End, Location: e.Location, TimeZone: e.TimeZone, Cancelled: e.Cancelled}
}

// ticketPage answers the ticket a link secret opens. The answer is one
// person's: no cache may keep it, and no search engine list it.
func (h handlers) ticketPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Robots-Tag", "noindex")
	e, a, err := h.Events.TicketPage(r.Context(), r.PathValue("secret"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := ticketPageBody{
		Event: ticketEventOf(e),
		Name:  fullName(a), CheckedInAt: httpapi.TimeOrNull(a.CheckedIn),
	}
	if !e.Cancelled {
		body.Ticket = h.Events.Ticket(a.Registration)
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

// fullName is how a ticket names its holder: their names, or their
// username when they gave none.
func fullName(a domain.Attendee) string {
	if name := strings.TrimSpace(a.FirstName + " " + a.LastName); name != "" {
		return name
	}
	return a.Username
}

type ticketLinkReply struct {
	TicketLink string `json:"ticket_link"`
}

// resetTicketLink gives the caller's registration a new ticket link; the
// old one answers 404.
func (h handlers) resetTicketLink(w http.ResponseWriter, r *http.Request, u domain.User) {
	secret, err := h.Events.ResetTicketLink(r.Context(), u, r.PathValue("registrationId"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, ticketLinkReply{TicketLink: h.ticketLink(secret)})
}

// ticketLink is the address of the ticket page a secret opens ("" for none).
func (h handlers) ticketLink(secret string) string {
	if secret == "" {
		return ""
	}
	return h.WebOrigin + domain.TicketPagePath(secret)
}
