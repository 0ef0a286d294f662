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

var feedTokens = versionedTokens{prefix: "F1", domain: "turnout/feed/v1"}

// Token returns the feed secret of userID at version, or "" when the key is
// too short.
func (f Feeds) Token(userID string, version int) string {
	return feedTokens.token(f.Key, userID, version)
}

// Parse returns the account and feed version a genuine token names.
func (f Feeds) Parse(token string) (userID string, version int, ok bool) {
	return feedTokens.parse(f.Key, token)
}

// versionedTokens makes and checks bearer secrets of one use,
// "<prefix>.<id>.<version>.<signature>": the signature makes them
// unguessable, and the version, kept with what id names, ends every older
// secret once it moves on.
type versionedTokens struct{ prefix, domain string }

// token is the secret of id at version, or "" when key is too short.
func (v versionedTokens) token(key []byte, id string, version int) string {
	if len(key) < minKeyLen {
		return ""
	}
	n := strconv.Itoa(version)
	return v.prefix + "." + id + "." + n + "." + sign(key, v.domain, id, n)
}

// parse returns the id and version a genuine secret names.
func (v versionedTokens) parse(key []byte, token string) (id string, version int, ok bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 4 || parts[0] != v.prefix || len(key) < minKeyLen {
		return "", 0, false
	}
	version, err := strconv.Atoi(parts[2])
	if err != nil || version < 0 || !hmac.Equal([]byte(parts[3]), []byte(sign(key, v.domain, parts[1], parts[2]))) {
		return "", 0, false
	}
	return parts[1], version, true
}
