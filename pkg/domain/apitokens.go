package domain

import (
	"slices"
	"strings"
	"time"
)

// Scope is a kind of work an organization's API token may do: each
// organizer endpoint a token may call names the one scope it needs.
type Scope string

const (
	// ScopeEventsRead reads the organization's events as its organizers see them.
	ScopeEventsRead Scope = "events:read"
	// ScopeEventsWrite creates, changes, cancels, deletes and messages
	// events, decides on requests and uploads images.
	ScopeEventsWrite Scope = "events:write"
	// ScopeAttendeesRead reads attendee lists and their CSV.
	ScopeAttendeesRead Scope = "attendees:read"
	// ScopeCheckinWrite checks people in and undoes it.
	ScopeCheckinWrite Scope = "checkin:write"
	// ScopeWebhooksWrite manages the webhook endpoints and their deliveries.
	ScopeWebhooksWrite Scope = "webhooks:write"
)

// Scopes are the scopes in the order the dashboard offers them.
var Scopes = []Scope{ScopeEventsRead, ScopeEventsWrite, ScopeAttendeesRead, ScopeCheckinWrite, ScopeWebhooksWrite}

// APITokenRate is how many calls a token may make in a minute.
const APITokenRate = 300

// MaxAPITokens bounds an organization's tokens, so a list is one page.
const MaxAPITokens = 50

// APIToken is an organization's key to its API. The table keeps only the
// digest of its secret (Hash); the secret's first characters (Prefix) tell
// tokens apart in the dashboard.
type APIToken struct {
	ID, OrganizationID, Name string
	Scopes                   []Scope
	Hash, Prefix             string
	Created                  time.Time
	CreatedBy                Editor
	// Expires is when it stops working (zero: never).
	Expires time.Time
	// LastUsed is the start of the minute of its last call (zero: never).
	LastUsed time.Time
	// Window and Calls count its calls in the minute Window (Unix minutes).
	Window int64
	Calls  int
}

// Allows reports whether t carries scope s.
func (t APIToken) Allows(s Scope) bool { return slices.Contains(t.Scopes, s) }

// Expired reports whether t no longer works at now.
func (t APIToken) Expired(now time.Time) bool { return !t.Expires.IsZero() && !now.Before(t.Expires) }

// Principal is who a call made with t acts as: an owner of t's
// organization and of nothing else (the scope check comes first), named by
// the token in what its calls change.
func (t APIToken) Principal() User {
	return User{
		ID: t.ID, Username: "API: " + t.Name, IsActive: true, IsOrganizer: true, OrganizationID: t.OrganizationID,
		Memberships: map[string]Role{t.OrganizationID: RoleOwner}, Scopes: t.Scopes,
	}
}

// Messages of API tokens.
const (
	MsgBadScope          = "Choose scopes from events:read, events:write, attendees:read, checkin:write and webhooks:write."
	MsgNoScope           = "Choose at least one scope."
	MsgExpiryPast        = "Choose a time in the future."
	MsgTooManyAPITokens  = "An organization has at most 50 API tokens. Revoke one first."
	MsgInsufficientScope = "Insufficient scope: this token may not make this call."
	MsgAPITokenRate      = "This token made too many calls this minute. Try again in %d seconds."
)

// APITokenInput is an owner's new token.
type APITokenInput struct {
	Name    string     `json:"name"`
	Scopes  []Scope    `json:"scopes"`
	Expires *time.Time `json:"expires_at"`
}

// Validate checks the name, scopes (deduplicated, in Scopes' order) and
// expiry of in at now.
func (in *APITokenInput) Validate(now time.Time) error {
	bad := FieldErrors{}
	in.Name = strings.TrimSpace(in.Name)
	RequiredText(bad, "name", in.Name, 100)
	in.Scopes = choose(bad, "scopes", Scopes, in.Scopes, MsgNoScope, MsgBadScope)
	if in.Expires != nil && !in.Expires.After(now) {
		bad.Add("expires_at", MsgExpiryPast)
	}
	return bad.Err()
}

// choose is what chosen names of all, once each in all's order; field is
// told none (a message for no choice) or unknown (for one not in all).
func choose[T comparable](bad FieldErrors, field string, all, chosen []T, none, unknown string) []T {
	var kept []T
	for _, v := range all {
		if slices.Contains(chosen, v) {
			kept = append(kept, v)
		}
	}
	switch {
	case len(chosen) == 0:
		bad.Add(field, none)
	case slices.ContainsFunc(chosen, func(v T) bool { return !slices.Contains(all, v) }):
		bad.Add(field, unknown)
	}
	return kept
}
