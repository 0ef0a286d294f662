package events

import (
	"errors"
	"net/http"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/store"
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

func registeredEventOf(reg domain.Registration, e domain.Event) registeredEventBody {
	return registeredEventBody{
		ID: reg.ID, EventID: e.ID, Title: e.Title, StartTime: e.Start, EndTime: e.End, Location: e.Location,
	}
}

type registerReply struct {
	Detail string `json:"detail"`
	registeredEventBody
}

func (h handlers) register(w http.ResponseWriter, r *http.Request, u domain.User) {
	eventID := r.PathValue("eventId")
	if !domain.ValidID(eventID) {
		httpapi.Error(w, r, domain.Errorf(domain.CodeNotFound, MsgEventNotFound))
		return
	}
	now := h.Now()
	reg := domain.Registration{ID: auth.NewID(), EventID: eventID, UserID: u.ID, Created: now.UTC().Truncate(time.Second)}
	err := h.Store.Register(r.Context(), reg, now)
	if err != nil {
		httpapi.Error(w, r, registerError(err))
		return
	}
	// The transaction cannot return the event, so read it for the reply.
	e, err := h.event(r, eventID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, registerReply{Detail: MsgRegistered, registeredEventBody: registeredEventOf(reg, e)})
}

func registerError(err error) error {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return domain.Errorf(domain.CodeNotFound, MsgEventNotFound)
	case errors.Is(err, store.ErrAlreadyRegistered):
		return domain.Errorf(domain.CodeConflict, MsgAlreadyRegistered)
	case errors.Is(err, store.ErrEventFull):
		return domain.Errorf(domain.CodeConflict, MsgEventFull)
	case errors.Is(err, store.ErrEventStarted):
		return domain.Errorf(domain.CodeConflict, MsgEventStarted)
	case errors.Is(err, store.ErrBusy):
		return domain.Errorf(domain.CodeUnavailable, MsgBusy)
	}
	return err
}

func (h handlers) userEvents(w http.ResponseWriter, r *http.Request, u domain.User) {
	userID := r.PathValue("userId")
	if !domain.ValidID(userID) {
		httpapi.Error(w, r, domain.Errorf(domain.CodeNotFound, "User not found."))
		return
	}
	if userID != u.ID {
		httpapi.Error(w, r, domain.Errorf(domain.CodeForbidden, MsgNotYourRegistrations))
		return
	}
	regs, err := h.Store.UserRegistrations(r.Context(), u.ID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := make([]registeredEventBody, len(regs))
	for i, re := range regs {
		out[i] = registeredEventOf(re.Registration, re.Event)
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

func (h handlers) cancel(w http.ResponseWriter, r *http.Request, u domain.User) {
	id := r.PathValue("registrationId")
	notFound := domain.Errorf(domain.CodeNotFound, MsgRegistrationNotFound)
	if !domain.ValidID(id) {
		httpapi.Error(w, r, notFound)
		return
	}
	reg, err := h.Store.Registration(r.Context(), id)
	switch {
	case errors.Is(err, domain.ErrNotFound):
		err = notFound
	case err == nil && reg.UserID != u.ID:
		err = domain.Errorf(domain.CodeForbidden, MsgNotYourRegistration)
	case err == nil:
		err = h.Store.CancelRegistration(r.Context(), reg)
		if errors.Is(err, domain.ErrNotFound) {
			err = notFound
		} else if errors.Is(err, store.ErrBusy) {
			err = domain.Errorf(domain.CodeUnavailable, MsgBusy)
		}
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
