package events

import (
	"net/http"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// registeredEventBody is one item of a person's registered events; id is
// the registration's, the one the cancel call takes.
type registeredEventBody struct {
	ID        string    `json:"id"`
	EventID   string    `json:"event_id"`
	Title     string    `json:"title"`
	StartTime time.Time `json:"start_time"`
	EndTime   time.Time `json:"end_time"`
	Location  string    `json:"location"`
}

func registeredEventOf(re domain.RegisteredEvent) registeredEventBody {
	reg, e := re.Registration, re.Event
	return registeredEventBody{
		ID: reg.ID, EventID: e.ID, Title: e.Title, StartTime: e.Start, EndTime: e.End, Location: e.Location,
	}
}

type registerReply struct {
	Detail string `json:"detail"`
	registeredEventBody
}

func (h handlers) register(w http.ResponseWriter, r *http.Request, u domain.User) {
	re, err := h.Events.Register(r.Context(), u, r.PathValue("eventId"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, registerReply{Detail: MsgRegistered, registeredEventBody: registeredEventOf(re)})
}

// registrationFor answers whether the caller is registered for the event:
// its registration's id, or 404. The event's page asks it, since the
// public detail is shared by everyone at the edge.
func (h handlers) registrationFor(w http.ResponseWriter, r *http.Request, u domain.User) {
	id, err := h.Events.RegistrationFor(r.Context(), u, r.PathValue("eventId"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, struct {
		RegistrationID string `json:"registration_id"`
	}{id})
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
