package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/oklog/ulid/v2"
)

// NewID returns a new ULID: sortable by creation time, and unguessable
// because its random part comes from crypto/rand (ulid.Make would use a
// time-seeded math/rand).
func NewID() string {
	// crypto/rand.Reader never fails, so MustNew cannot panic.
	return ulid.MustNew(ulid.Now(), rand.Reader).String()
}

// RandomToken returns nbytes random bytes from crypto/rand, base64url encoded
// without padding (URL and header safe). It returns "" when nbytes <= 0.
func RandomToken(nbytes int) string {
	if nbytes <= 0 {
		return ""
	}
	b := make([]byte, nbytes)
	_, _ = rand.Read(b) // never returns an error (it crashes the program instead)
	return base64.RawURLEncoding.EncodeToString(b)
}

// SecretDigest is what the table keeps of an emailed link's secret: its
// SHA-256, so the table alone opens no link.
func SecretDigest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// DerivedID is the ULID that names one thing of parent (a ULID) told by
// parts, the same at every call: its time is the parent's, its random part
// a SHA-256 of both, so a job that runs again makes the same ids.
func DerivedID(parent string, parts ...string) string {
	p, err := ulid.ParseStrict(parent)
	ms := uint64(0)
	if err == nil {
		ms = p.Time()
	}
	sum := sha256.Sum256([]byte(parent + "|" + strings.Join(parts, "|")))
	var entropy [10]byte
	copy(entropy[:], sum[:])
	var id ulid.ULID
	_ = id.SetTime(ms) // a parent's time always fits
	_ = id.SetEntropy(entropy[:])
	return id.String()
}
