package events

import (
	"net/http"

	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// Messages of cancelling an event and messaging its people.
const (
	MsgCancelled       = eventsvc.MsgCancelled
	MsgEventCancelled  = eventsvc.MsgEventCancelled
	MsgMessageQueued   = eventsvc.MsgMessageQueued
	MsgTooManyMessages = eventsvc.MsgTooManyMessages
)

type cancelReply struct {
	httpapi.Said
	Event eventBody `json:"event"`
}

// cancelEvent calls off an event (owner only) and tells its people.
func (h handlers) cancelEvent(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in eventsvc.CancelInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	e, err := h.Events.CancelEvent(r.Context(), u, r.PathValue("id"), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	h.announce(r.Context(), e, domain.HookEventCancelled)
	httpapi.WriteJSON(w, http.StatusOK, cancelReply{Said: httpapi.Say(MsgCancelled), Event: h.bodyOf(e)})
}

// message sends an organizer's message to everyone registered (owner
// only): 202, as the mailer delivers it after the answer.
func (h handlers) message(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in eventsvc.MessageInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Events.Message(r.Context(), u, r.PathValue("id"), in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusAccepted, MsgMessageQueued)
}
