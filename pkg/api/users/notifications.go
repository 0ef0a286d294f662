package users

import (
	"net/http"

	"turnout/pkg/accounts"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// MsgUnsubscribed answers a one-click unsubscribe; MsgGuestUnsubscribed
// a guest's, who has no profile.
const (
	MsgUnsubscribed      = "Done: you will no longer get these mails. You can turn them back on from your profile."
	MsgGuestUnsubscribed = "Done: you will no longer get these mails."
)

// notifications answers the caller's settings: kind → on.
func (h handlers) notifications(w http.ResponseWriter, r *http.Request, u domain.User) {
	httpapi.WriteJSON(w, http.StatusOK, accounts.NotificationsOf(u))
}

// setNotifications changes the kinds the body names ({"event_changes":
// false}); the others stay.
func (h handlers) setNotifications(w http.ResponseWriter, r *http.Request, u domain.User) {
	var changes map[string]bool
	if err := httpapi.DecodeJSON(w, r, &changes); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	settings, err := h.Accounts.SetNotifications(r.Context(), u, changes)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, settings)
}

type unsubscribeReply struct {
	httpapi.Said
	Kind domain.MailKind `json:"kind"`
}

// unsubscribe is the one-click address of an optional mail (RFC 8058):
// mail clients post "List-Unsubscribe=One-Click" to it, and the web page
// the mail links posts too. No login; a GET changes nothing (link
// scanners follow links).
func (h handlers) unsubscribe(w http.ResponseWriter, r *http.Request) {
	done, err := h.Accounts.Unsubscribe(r.Context(), r.PathValue("token"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	detail := MsgUnsubscribed
	if done.Guest {
		detail = MsgGuestUnsubscribed
	}
	httpapi.WriteJSON(w, http.StatusOK, unsubscribeReply{Said: httpapi.Say(detail), Kind: done.Kind})
}
