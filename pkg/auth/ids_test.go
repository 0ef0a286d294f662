package auth

import (
	"encoding/base64"
	"testing"

	"github.com/oklog/ulid/v2"
)

func TestNewID(t *testing.T) {
	seen := make(map[string]bool)
	prev := ""
	for range 1000 {
		id := NewID()
		if _, err := ulid.ParseStrict(id); err != nil {
			t.Fatalf("NewID() = %q, not a ULID: %v", id, err)
		}
		if seen[id] {
			t.Fatalf("NewID() repeated %q", id)
		}
		seen[id] = true
		// ULIDs start with the millisecond, so later ids sort no earlier.
		if id[:10] < prev {
			t.Fatalf("NewID() = %q sorts before the earlier %q", id, prev)
		}
		prev = id[:10]
	}
}

func TestRandomToken(t *testing.T) {
	for _, tc := range []struct {
		nbytes, wantLen int
	}{
		{-1, 0},
		{0, 0},
		{1, 2},
		{16, 22},
		{32, 43},
	} {
		tok := RandomToken(tc.nbytes)
		if got, want := len(tok), tc.wantLen; got != want {
			t.Errorf("len(RandomToken(%d)) = %d, want %d", tc.nbytes, got, want)
		}
		if !urlPathSafe(tok) {
			t.Errorf("RandomToken(%d) = %q, not URL safe", tc.nbytes, tok)
		}
		if b, err := base64.RawURLEncoding.DecodeString(tok); err != nil || len(b) != max(tc.nbytes, 0) {
			t.Errorf("RandomToken(%d) = %q decodes to %d bytes (err %v)", tc.nbytes, tok, len(b), err)
		}
	}
	if a, b := RandomToken(16), RandomToken(16); a == b {
		t.Errorf("RandomToken(16) repeated %q", a)
	}
}
