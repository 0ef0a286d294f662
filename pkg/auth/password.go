package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// argonParams are the cost parameters of one argon2id hash.
type argonParams struct {
	memory  uint32 // KiB
	time    uint32 // passes
	threads uint8
}

// Parameters for new hashes: OWASP's first argon2id recommendation.
var defaultParams = argonParams{memory: 19456, time: 2, threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// Bounds on what VerifyPassword accepts from an encoding, so that a corrupt
// or hostile stored hash cannot make it allocate without limit.
const (
	maxMemory  = 256 * 1024 // KiB
	maxTime    = 16
	maxThreads = 16
	minSalt    = 8
	maxSalt    = 64
	minKey     = 16
	maxKey     = 64
)

var b64 = base64.RawStdEncoding.Strict()

// argon2Key is argon2.IDKey; tests replace it to observe the work done.
var argon2Key = argon2.IDKey

// HashPassword returns an argon2id hash of password with a fresh random salt,
// encoded as "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>".
func HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash password: read salt: %w", err)
	}
	p := defaultParams
	key := argon2Key([]byte(password), salt, p.time, p.memory, p.threads, keyLen)
	return encodeHash(p, salt, key), nil
}

// VerifyPassword reports whether password matches encoded, a hash made by
// HashPassword (with any parameters within sane bounds). The error is only
// for an encoding that cannot be parsed; a wrong password is (false, nil).
func VerifyPassword(encoded, password string) (bool, error) {
	p, salt, want, err := decodeHash(encoded)
	if err != nil {
		return false, fmt.Errorf("verify password: %w", err)
	}
	got := argon2Key([]byte(password), salt, p.time, p.memory, p.threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

var burn struct {
	once sync.Once
	hash string
}

// BurnPasswordCheck does the work of a VerifyPassword against a real hash
// and throws the answer away, so that a login for an unknown account takes as
// long as one with a wrong password. The hash is made on first use, so the
// first call costs one hash more.
func BurnPasswordCheck(password string) {
	burn.once.Do(func() {
		h, err := HashPassword("turnout: no such account")
		if err != nil {
			// Cannot happen (crypto/rand does not fail); an all-zero hash with
			// the current parameters still costs the same to check.
			h = encodeHash(defaultParams, make([]byte, saltLen), make([]byte, keyLen))
		}
		burn.hash = h
	})
	_, _ = VerifyPassword(burn.hash, password)
}

func encodeHash(p argonParams, salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memory, p.time, p.threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

var errMalformedHash = errors.New("malformed password hash")

// decodeHash parses an encoding made by encodeHash. Its errors never quote
// the encoding.
func decodeHash(encoded string) (p argonParams, salt, key []byte, err error) {
	bad := func(what string) (argonParams, []byte, []byte, error) {
		return argonParams{}, nil, nil, fmt.Errorf("%w: %s", errMalformedHash, what)
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" {
		return bad("wrong number of fields")
	}
	if parts[1] != "argon2id" {
		return bad("not argon2id")
	}
	if parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return bad("unsupported version")
	}
	params := strings.Split(parts[3], ",")
	if len(params) != 3 {
		return bad("wrong number of parameters")
	}
	m, okM := paramValue(params[0], "m=", maxMemory)
	t, okT := paramValue(params[1], "t=", maxTime)
	th, okP := paramValue(params[2], "p=", maxThreads)
	if !okM || !okT || !okP || t < 1 || th < 1 || m < 8*th {
		return bad("parameters out of range")
	}
	p = argonParams{memory: m, time: t, threads: uint8(th)}
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < minSalt || len(salt) > maxSalt {
		return bad("bad salt")
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < minKey || len(key) > maxKey {
		return bad("bad hash")
	}
	return p, salt, key, nil
}

// paramValue parses "<prefix><decimal>" with a value of at most limit.
func paramValue(s, prefix string, limit uint32) (uint32, bool) {
	digits, ok := strings.CutPrefix(s, prefix)
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.ParseUint(digits, 10, 32)
	if err != nil || v > uint64(limit) {
		return 0, false
	}
	return uint32(v), true
}
