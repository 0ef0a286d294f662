package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"strings"
)

// Tickets makes and checks the codes on attendees' tickets, which their QR
// codes carry: "T1.<registration id>.<signature>". The signature binds the
// registration to its event under the server's key, so a code cannot be
// guessed or forged, and it names no account.
type Tickets struct {
	Key []byte // HMAC key (>= 32 bytes; shorter makes no codes)
}

const (
	ticketVersion = "T1"
	// Separates ticket MACs from any other use of the same key.
	ticketDomain = "turnout/ticket/v1"
	// ticketSigLen is the signature's length: 22 base64url characters =
	// 128 bits, short enough for a small QR code.
	ticketSigLen = 22
)

// Code returns the ticket code of registration regID for eventID, or ""
// when the key is too short.
func (t Tickets) Code(eventID, regID string) string {
	if len(t.Key) < minKeyLen {
		return ""
	}
	return ticketVersion + "." + regID + "." + sign(t.Key, ticketDomain, eventID, regID)
}

// ticketLinks are the secrets of tickets' own pages, which open without a
// login (from a mail, on a phone): "L1.<registration id>.<link version>.
// <signature>". The version is kept on the registration, so cancelling it
// ends its link, and so does its holder's reset, for a link sent too far.
var ticketLinks = versionedTokens{prefix: "L1", domain: "turnout/ticket-link/v1"}

// Link returns the secret of registration regID's ticket page at version,
// or "" when the key is too short.
func (t Tickets) Link(regID string, version int) string {
	return ticketLinks.token(t.Key, regID, version)
}

// ParseLink returns the registration and link version a genuine ticket
// page secret names.
func (t Tickets) ParseLink(token string) (regID string, version int, ok bool) {
	return ticketLinks.parse(t.Key, token)
}

// Registration returns the registration id a well-formed code names,
// without checking its signature.
func (t Tickets) Registration(code string) (string, bool) {
	version, rest, ok := strings.Cut(strings.TrimSpace(code), ".")
	if !ok || version != ticketVersion {
		return "", false
	}
	regID, sig, ok := strings.Cut(rest, ".")
	if !ok || regID == "" || len(sig) != ticketSigLen {
		return "", false
	}
	return regID, true
}

// Valid reports whether code is a ticket signed for eventID.
func (t Tickets) Valid(code, eventID string) bool {
	regID, ok := t.Registration(code)
	if !ok || len(t.Key) < minKeyLen {
		return false
	}
	sig := strings.TrimSpace(code)[len(ticketVersion)+1+len(regID)+1:]
	return hmac.Equal([]byte(sig), []byte(sign(t.Key, ticketDomain, eventID, regID)))
}

// sign is the short (128-bit, base64url) HMAC-SHA256 of fields under key;
// the first field names the use, so one use's MAC is never another's.
func sign(key []byte, fields ...string) string {
	mac := hmac.New(sha256.New, key)
	// Length-prefixed fields, so no two field lists feed the same bytes.
	for _, f := range fields {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		mac.Write(n[:])
		mac.Write([]byte(f))
	}
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))[:ticketSigLen]
}

// manageLinks are the secrets of a registration's private manage page
// (a guest's, who has no login): "M1.<registration id>.<version>.
// <signature>", at the version of its ticket link, so cancelling the
// registration (or resetting its ticket link) ends it.
var manageLinks = versionedTokens{prefix: "M1", domain: "turnout/manage/v1"}

// Manage returns the secret of registration regID's manage page at
// version, or "" when the key is too short.
func (t Tickets) Manage(regID string, version int) string {
	return manageLinks.token(t.Key, regID, version)
}

// ParseManage returns the registration and version a genuine manage
// secret names.
func (t Tickets) ParseManage(token string) (regID string, version int, ok bool) {
	return manageLinks.parse(t.Key, token)
}
