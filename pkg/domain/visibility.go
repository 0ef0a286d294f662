package domain

import (
	"crypto/subtle"
	"net/url"
	"strings"
)

// Visibility says who finds and opens an event.
type Visibility string

const (
	// VisibilityPublic events are in every list, search, feed and
	// sitemap.
	VisibilityPublic Visibility = "public"
	// VisibilityUnlisted events open by their URL but are in no public
	// list, and ask search engines not to index them.
	VisibilityUnlisted Visibility = "unlisted"
	// VisibilityPrivate events are unlisted and open only with their
	// invite code (or to their organizer and people registered).
	VisibilityPrivate Visibility = "private"
)

// Messages of the fields this file checks.
const (
	MsgVisibility = "Choose public, unlisted or private."
	MsgOnlineURL  = "Enter a valid https:// link."
)

// MaxOnlineURL bounds an online link: long enough for any meeting
// service's link with its passcode, short enough for a calendar line.
const MaxOnlineURL = 1000

// Listed reports whether e is in the public lists, search, feeds and
// sitemap ("" is an event from before visibility: public).
func (e Event) Listed() bool { return e.Visibility == "" || e.Visibility == VisibilityPublic }

// VisibilityOf is e's visibility, public for "".
func (e Event) VisibilityOf() Visibility {
	if e.Visibility == "" {
		return VisibilityPublic
	}
	return e.Visibility
}

// OpensWith reports whether invite opens e for anyone: every event but a
// private one opens without, a private one with its current code only.
func (e Event) OpensWith(invite string) bool {
	if e.Visibility != VisibilityPrivate {
		return true
	}
	return e.InviteCode != "" && subtle.ConstantTimeCompare([]byte(invite), []byte(e.InviteCode)) == 1
}

// InvitePagePath is the web app's page of private event id opened with its
// invite code; the site's origin goes before it.
func InvitePagePath(id, code string) string {
	return EventPagePath(id) + "&invite=" + url.QueryEscape(code)
}

// GuestPagePath is e's page as its guests open it (they have no login
// that a registration opens a private event to): a private event's with
// its invite code.
func (e Event) GuestPagePath() string {
	if e.Visibility == VisibilityPrivate {
		return InvitePagePath(e.ID, e.InviteCode)
	}
	return EventPagePath(e.ID)
}

// visibilityFields parses the optional visibility and online link of an
// event form: each is nil when the form did not send it.
func (in EventInput) visibilityFields(f FieldErrors, out *EventFields) {
	if in.Visibility != nil {
		v := Visibility(strings.TrimSpace(*in.Visibility))
		switch v {
		case VisibilityPublic, VisibilityUnlisted, VisibilityPrivate:
		default:
			f.Add("visibility", MsgVisibility)
		}
		out.Visibility = &v
	}
	if in.OnlineURL != nil {
		link := strings.TrimSpace(*in.OnlineURL)
		if link != "" && !ValidOnlineURL(link) {
			f.Add("online_url", MsgOnlineURL)
		}
		out.OnlineURL = &link
	}
}

// ValidOnlineURL accepts an absolute https link to a named host, without
// credentials in it, of at most MaxOnlineURL bytes.
func ValidOnlineURL(link string) bool {
	if len(link) > MaxOnlineURL || strings.ContainsAny(link, " \t\r\n") {
		return false
	}
	u, err := url.Parse(link)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.Hostname() != "" && u.User == nil
}

// OwnedPart is a part of an organization's events as its deletion walks
// them: those whose delete began first, then the public, then the others.
type OwnedPart int

const (
	OwnedDeleting OwnedPart = iota
	OwnedListed
	OwnedUnlisted
)

// OnlineOnly reports whether an online event's location says it has no
// place but online (the form asks a location of every event).
func OnlineOnly(location string) bool {
	l := strings.ToLower(strings.TrimSpace(location))
	return l == "" || l == "online"
}
