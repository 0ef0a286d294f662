package auth

import (
	"crypto/hmac"
	"strconv"
	"strings"
)

// Feeds makes and checks the secret in a person's calendar feed URL:
// "F1.<account id>.<feed version>.<signature>". Anyone with the URL can
// read the feed (calendar apps fetch it without logging in), so the
// signature makes it unguessable, and the version lets the person end an
// old URL by resetting it.
type Feeds struct {
	Key []byte // HMAC key (>= 32 bytes; shorter makes no tokens)
}

const (
	feedVersion = "F1"
	feedDomain  = "turnout/feed/v1"
)

// Token returns the feed secret of userID at version, or "" when the key is
// too short.
func (f Feeds) Token(userID string, version int) string {
	if len(f.Key) < minKeyLen {
		return ""
	}
	v := strconv.Itoa(version)
	return feedVersion + "." + userID + "." + v + "." + sign(f.Key, feedDomain, userID, v)
}

// Parse returns the account and feed version a genuine token names.
func (f Feeds) Parse(token string) (userID string, version int, ok bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 4 || parts[0] != feedVersion || len(f.Key) < minKeyLen {
		return "", 0, false
	}
	version, err := strconv.Atoi(parts[2])
	if err != nil || version < 0 || !hmac.Equal([]byte(parts[3]), []byte(sign(f.Key, feedDomain, parts[1], parts[2]))) {
		return "", 0, false
	}
	return parts[1], version, true
}
