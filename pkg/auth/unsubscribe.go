package auth

import (
	"crypto/hmac"
	"strings"
)

// Unsubscribes makes and checks the secret of a one-click unsubscribe link:
// "U1.<account id>.<mail kind>.<signature>". It works without logging in
// (mail clients post to it, RFC 8058), turns off only that kind, and
// cannot be made for another account.
type Unsubscribes struct {
	Key []byte // HMAC key (>= 32 bytes; shorter makes no tokens)
}

const (
	unsubscribeVersion = "U1"
	unsubscribeDomain  = "turnout/unsubscribe/v1"
)

// Token returns the secret that turns off kind for userID, or "" when the
// key is too short.
func (u Unsubscribes) Token(userID, kind string) string {
	if len(u.Key) < minKeyLen {
		return ""
	}
	return unsubscribeVersion + "." + userID + "." + kind + "." + sign(u.Key, unsubscribeDomain, userID, kind)
}

// Parse returns the account and kind a genuine token names.
func (u Unsubscribes) Parse(token string) (userID, kind string, ok bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 4 || parts[0] != unsubscribeVersion || len(u.Key) < minKeyLen {
		return "", "", false
	}
	if !hmac.Equal([]byte(parts[3]), []byte(sign(u.Key, unsubscribeDomain, parts[1], parts[2]))) {
		return "", "", false
	}
	return parts[1], parts[2], true
}
