package auth

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// MustLinkSigner returns a LinkSigner with the test key whose clock is c.
func MustLinkSigner(tb testing.TB, c *clock) LinkSigner {
	tb.Helper()
	return LinkSigner{Key: testKey, Now: c.Now}
}

const day = 24 * time.Hour

func TestLink_Valid(t *testing.T) {
	c := newClock(t0)
	s := MustLinkSigner(t, c)
	tok := s.Make("reset", "user-1", "hash|true|3")
	if tok == "" {
		t.Fatal("Make returned an empty token")
	}
	ts, sig, ok := strings.Cut(tok, "-")
	if !ok {
		t.Fatalf("token %q has no '-'", tok)
	}
	if got, want := ts, strconv.FormatInt(t0.Unix(), 36); got != want {
		t.Errorf("timestamp part = %q, want %q", got, want)
	}
	if got, want := len(sig), 32; got != want {
		t.Errorf("signature length = %d, want %d", got, want)
	}
	if !urlPathSafe(tok) {
		t.Errorf("token %q is not URL-path safe", tok)
	}

	other := s
	other.Key = []byte("another key, also 32 bytes long!")
	tsOnly, _, _ := strings.Cut(tok, "-")
	flip := func(i int) string { // tok with character i changed
		b := []byte(tok)
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
		return string(b)
	}
	for _, tc := range []struct {
		name                 string
		signer               LinkSigner
		purpose, user, state string
		token                string
		after, maxAge        time.Duration
		want                 bool
	}{
		{"same everything", s, "reset", "user-1", "hash|true|3", tok, 0, day, true},
		{"exactly max age", s, "reset", "user-1", "hash|true|3", tok, day, day, true},
		{"past max age", s, "reset", "user-1", "hash|true|3", tok, day + time.Second, day, false},
		{"zero max age", s, "reset", "user-1", "hash|true|3", tok, 0, 0, false},
		{"slightly before it was made (skew)", s, "reset", "user-1", "hash|true|3", tok, -30 * time.Second, day, true},
		{"long before it was made", s, "reset", "user-1", "hash|true|3", tok, -time.Hour, day, false},
		{"wrong purpose", s, "activate", "user-1", "hash|true|3", tok, 0, day, false},
		{"wrong user", s, "reset", "user-2", "hash|true|3", tok, 0, day, false},
		{"state changed (used or password changed)", s, "reset", "user-1", "hash2|true|4", tok, 0, day, false},
		{"fields shifted", s, "reset", "user-1h", "ash|true|3", tok, 0, day, false},
		{"other key", other, "reset", "user-1", "hash|true|3", tok, 0, day, false},
		{"short key", LinkSigner{Key: testKey[:31], Now: c.Now}, "reset", "user-1", "hash|true|3", tok, 0, day, false},
		{"last char tampered", s, "reset", "user-1", "hash|true|3", flip(len(tok) - 1), 0, day, false},
		{"first sig char tampered", s, "reset", "user-1", "hash|true|3", flip(len(tsOnly) + 1), 0, day, false},
		{"timestamp moved", s, "reset", "user-1", "hash|true|3", strconv.FormatInt(t0.Unix()-60, 36) + tok[len(tsOnly):], 0, day, false},
		{"timestamp with leading zero", s, "reset", "user-1", "hash|true|3", "0" + tok, 0, day, false},
		{"signature truncated", s, "reset", "user-1", "hash|true|3", tok[:len(tok)-1], 0, day, false},
		{"signature extended", s, "reset", "user-1", "hash|true|3", tok + "A", 0, day, false},
		{"no timestamp", s, "reset", "user-1", "hash|true|3", tok[len(tsOnly):], 0, day, false},
		{"no signature", s, "reset", "user-1", "hash|true|3", tsOnly + "-", 0, day, false},
		{"empty", s, "reset", "user-1", "hash|true|3", "", 0, day, false},
		{"garbage", s, "reset", "user-1", "hash|true|3", "not-a-token", 0, day, false},
		{"upper-case timestamp", s, "reset", "user-1", "hash|true|3", strings.ToUpper(tsOnly) + tok[len(tsOnly):], 0, day, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Set(t0.Add(tc.after))
			defer c.Set(t0)
			if got, want := tc.signer.Valid(tc.purpose, tc.user, tc.state, tc.token, tc.maxAge), tc.want; got != want {
				t.Errorf("Valid(%q, %q, %q, %q, %v) = %v, want %v", tc.purpose, tc.user, tc.state, tc.token, tc.maxAge, got, want)
			}
		})
	}
}

func TestLink_ShortKeyMakesNothing(t *testing.T) {
	s := LinkSigner{Key: testKey[:31]}
	if got, want := s.Make("reset", "u", "s"), ""; got != want {
		t.Errorf("Make with a 31-byte key = %q, want %q", got, want)
	}
}

func urlPathSafe(s string) bool {
	return strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") == ""
}

// FuzzLink checks that Valid never panics and never accepts what Make did
// not produce for the same inputs, and that Make's tokens are URL-path safe
// and valid, whatever the inputs.
func FuzzLink(f *testing.F) {
	s := LinkSigner{Key: testKey, Now: func() time.Time { return t0 }}
	good := s.Make("reset", "user-1", "state")
	for _, seed := range []struct{ purpose, user, state, token string }{
		{"reset", "user-1", "state", good},
		{"reset", "user-1", "state", good + "x"},
		{"activate", "", "", "0-"},
		{"", "-", "--", "zzzzzzzzzzzzz-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},
		{"reset", "user-1", "state", "-" + good},
		{"p", "u", "s\x00\xff", "\xff\xfe-\x00"},
	} {
		f.Add(seed.purpose, seed.user, seed.state, seed.token)
	}
	f.Fuzz(func(t *testing.T, purpose, user, state, token string) {
		if s.Valid(purpose, user, state, token, day) {
			ts, _, _ := strings.Cut(token, "-")
			n, err := strconv.ParseInt(ts, 36, 64)
			if err != nil || token != s.makeAt(purpose, user, state, n) {
				t.Fatalf("Valid accepted %q, which Make would not produce", token)
			}
		}
		made := s.Make(purpose, user, state)
		if !urlPathSafe(made) {
			t.Fatalf("Make(%q, %q, %q) = %q, not URL-path safe", purpose, user, state, made)
		}
		if !s.Valid(purpose, user, state, made, day) {
			t.Fatalf("Make(%q, %q, %q) = %q, refused by Valid", purpose, user, state, made)
		}
	})
}
