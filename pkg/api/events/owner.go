package events

import (
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// ownerFields are what only an event's organizer reads of it: its online
// link, for a private event the link that opens it, and who made and last
// changed it.
type ownerFields struct {
	OnlineURL *string `json:"online_url"`
	InviteURL *string `json:"invite_url"`
	httpapi.Edits
}

// ownerBodyOf is e as its organizer reads it: with its private fields.
func (h handlers) ownerBodyOf(e domain.Event) eventBody {
	b := h.bodyOf(e)
	b.ownerFields = &ownerFields{
		OnlineURL: httpapi.OrNull(e.OnlineURL), InviteURL: httpapi.OrNull(h.inviteURL(e)),
		Edits: httpapi.EditsOf(e.CreatedBy, e.ChangedBy, e.Changed),
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
