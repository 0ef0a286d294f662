package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// An organization's API token is "tn_<token id>_<organization id>_<secret>":
// the ids find its item in one read, and only the digest of the whole is
// kept, so a leaked table names no working token. The "tn_" prefix lets
// secret scanners (and Authenticate) tell it from a login's access token.

// APITokenPrefix starts every API token.
const APITokenPrefix = "tn_"

// NewAPIToken makes the secret of token id of organization orgID, and the
// digest the table keeps.
func NewAPIToken(id, orgID string) (secret, digest string) {
	secret = APITokenPrefix + id + "_" + orgID + "_" + strings.ToLower(rand.Text())
	return secret, APITokenDigest(secret)
}

// APITokenDigest is the hex SHA-256 of an API token (a random secret of
// 128 bits needs no slow hash).
func APITokenDigest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// IsAPIToken reports whether a bearer credential is an API token.
func IsAPIToken(credential string) bool { return strings.HasPrefix(credential, APITokenPrefix) }

// ParseAPIToken reads the token and organization ids of an API token; ok
// is false for anything not shaped as one.
func ParseAPIToken(secret string) (id, orgID string, ok bool) {
	parts := strings.Split(strings.TrimPrefix(secret, APITokenPrefix), "_")
	if !IsAPIToken(secret) || len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" || len(secret) > 200 {
		return "", "", false
	}
	return parts[0], parts[1], true
}

// SameDigest compares a token's digest with the one kept, in constant time.
func SameDigest(secret, kept string) bool {
	return subtle.ConstantTimeCompare([]byte(APITokenDigest(secret)), []byte(kept)) == 1
}

// NewWebhookSecret makes an endpoint's signing secret in the Standard
// Webhooks form: "whsec_" and 24 random bytes in base64.
func NewWebhookSecret() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand never fails on supported platforms
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}
