package events

import (
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// ownerFields are what only an event's organizer reads of it: its online
// link, for a private event the link that opens it, and who made and last
// changed it.
type ownerFields struct {
	OnlineURL *string     `json:"online_url"`
	InviteURL *string     `json:"invite_url"`
	CreatedBy *editorBody `json:"created_by"`
	ChangedBy *editorBody `json:"changed_by"`
	ChangedAt *time.Time  `json:"changed_at"`
}

// editorBody is an account that made or changed an event.
type editorBody struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

// editorOf is e's body, nil for nobody (events from before it was kept).
func editorOf(e domain.Editor) *editorBody {
	if e.ID == "" {
		return nil
	}
	return &editorBody{ID: e.ID, Username: e.Username}
}

// ownerBodyOf is e as its organizer reads it: with its private fields.
func (h handlers) ownerBodyOf(e domain.Event) eventBody {
	b := h.bodyOf(e)
	b.ownerFields = &ownerFields{
		OnlineURL: httpapi.OrNull(e.OnlineURL), InviteURL: httpapi.OrNull(h.inviteURL(e)),
		CreatedBy: editorOf(e.CreatedBy), ChangedBy: editorOf(e.ChangedBy), ChangedAt: httpapi.TimeOrNull(e.Changed),
	}
	return b
}

// inviteURL is the link that opens private event e, "" for another.
func (h handlers) inviteURL(e domain.Event) string {
	if e.Visibility != domain.VisibilityPrivate || e.InviteCode == "" {
		return ""
	}
	return h.WebOrigin + domain.InvitePagePath(e.ID, e.InviteCode)
}
