package domain

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// A guest registers without an account: a name and an address, which a
// mailed link confirms before anything is held (GuestRequest). The
// registration is then a guest's: its holder is the address's guest id
// (auth.Guests), an id shaped like an account's that no login reaches, so
// one address holds at most one registration per event as any account.
// Signing up with the address later makes the guest's registrations the
// account's.

// GuestNameMax bounds a guest's name as the sign-up form bounds first and
// last name together.
const GuestNameMax = 150

// GuestRequestTTL is how long a guest's confirmation link works.
const GuestRequestTTL = 24 * time.Hour

// GuestInput is what a guest registration sends: who, and the answers to
// the event's questions (as sent).
type GuestInput struct {
	Name    string                     `json:"name"`
	Email   string                     `json:"email"`
	Answers map[string]json.RawMessage `json:"answers"`
	// Language is the one the guest registered in (Accept-Language), their
	// mail's.
	Language string `json:"-"`
}

// Validate checks the name and the address (the answers are the event's
// to check).
func (in GuestInput) Validate() FieldErrors {
	f := FieldErrors{}
	RequiredText(f, "name", strings.TrimSpace(in.Name), GuestNameMax)
	if strings.ContainsFunc(in.Name, func(r rune) bool { return unicode.IsControl(r) || r == utf8.RuneError }) {
		f.Add("name", MsgNameControl)
	}
	validateEmail(f, "email", in.Email)
	return f
}

// MsgNameControl refuses a name with line breaks, tabs or bytes that are
// not text (which JSON decoding turns into U+FFFD): they would break the
// lines of a mail or a CSV row, or greet nobody.
const MsgNameControl = "Enter a name without line breaks, tabs or unreadable characters."

// GuestRequest is a guest registration waiting for its address to
// confirm it: Key is the digest of its link's secret (the table never
// holds the secret itself).
type GuestRequest struct {
	Key, EventID, Name, Email, Language string
	Answers                             Answers
	Expires                             time.Time
}

// GuestAddress is the form of an address that names its guest: folded,
// without a "+tag" in its local part, and for Gmail without dots, so one
// mailbox cannot pass for many people.
func GuestAddress(email string) string {
	local, host, ok := strings.Cut(strings.ToLower(strings.TrimSpace(email)), "@")
	if !ok {
		return strings.ToLower(strings.TrimSpace(email))
	}
	if i := strings.IndexByte(local, '+'); i > 0 {
		local = local[:i]
	}
	if host == "googlemail.com" {
		host = "gmail.com"
	}
	if host == "gmail.com" {
		local = strings.ReplaceAll(local, ".", "")
	}
	return local + "@" + host
}

// RSVPConfirmPath is the web app's page that confirms a guest's
// registration by its link's secret (a page that posts it, so a mail
// scanner opening the link takes nothing).
func RSVPConfirmPath(secret string) string { return "/rsvp/confirm?t=" + url.QueryEscape(secret) }

// RSVPManagePath is the web app's page of a registration opened by its
// private manage link.
func RSVPManagePath(secret string) string { return "/rsvp?t=" + url.QueryEscape(secret) }
