package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"strconv"
	"strings"
	"time"
)

// LinkSigner makes and checks the stateless tokens of activation and
// password-reset links (see the package comment for what state must hold).
type LinkSigner struct {
	Key []byte           // HMAC key (>= 32 bytes; shorter makes no tokens)
	Now func() time.Time // nil = time.Now
}

const (
	// How far in the future a token's timestamp may lie (clock skew).
	linkSkew = time.Minute
	// Length of the signature part: 32 base64url characters = 192 bits.
	linkSigLen = 32
	// base36 of the largest int64 has 13 digits.
	maxLinkLen = 13 + 1 + linkSigLen
	// Separates link MACs from any other use of the same key.
	linkDomain = "turnout/auth/link/v1"
)

func (s LinkSigner) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Make returns a token "<base36 unix seconds>-<signature>" for purpose,
// userID and state; it uses only URL-path-safe characters. It returns "" when
// Key is shorter than 32 bytes.
func (s LinkSigner) Make(purpose, userID, state string) string {
	if len(s.Key) < minKeyLen {
		return ""
	}
	return s.makeAt(purpose, userID, state, s.now().Unix())
}

func (s LinkSigner) makeAt(purpose, userID, state string, ts int64) string {
	mac := hmac.New(sha256.New, s.Key)
	// Each field is length-prefixed so that no two different field lists
	// feed the same bytes to the MAC ("ab"+"c" vs "a"+"bc").
	for _, f := range []string{linkDomain, purpose, userID, state} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		mac.Write(n[:])
		mac.Write([]byte(f))
	}
	var t [8]byte
	binary.BigEndian.PutUint64(t[:], uint64(ts))
	mac.Write(t[:])
	sig := base64.RawURLEncoding.EncodeToString(mac.Sum(nil))[:linkSigLen]
	return strconv.FormatInt(ts, 36) + "-" + sig
}

// Valid reports whether token was made by Make for the same purpose, userID
// and state, at most maxAge ago and not more than a minute in the future.
func (s LinkSigner) Valid(purpose, userID, state, token string, maxAge time.Duration) bool {
	if len(s.Key) < minKeyLen || maxAge <= 0 || len(token) > maxLinkLen {
		return false
	}
	tsText, _, ok := strings.Cut(token, "-")
	if !ok {
		return false
	}
	// Any other spelling of the timestamp ("+", leading zeros, upper case)
	// fails the comparison with what Make would produce below.
	ts, err := strconv.ParseInt(tsText, 36, 64)
	if err != nil {
		return false
	}
	now := s.now()
	made := time.Unix(ts, 0)
	if made.After(now.Add(linkSkew)) || now.Sub(made) > maxAge {
		return false
	}
	want := s.makeAt(purpose, userID, state, ts)
	return subtle.ConstantTimeCompare([]byte(token), []byte(want)) == 1
}
