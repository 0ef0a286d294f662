package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

var (
	testKey = []byte("0123456789abcdef0123456789abcdef") // 32 bytes
	t0      = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)
)

// clock is a settable time source for Issuer.Now and LinkSigner.Now.
type clock struct{ t time.Time }

func (c *clock) Now() time.Time         { return c.t }
func (c *clock) Add(d time.Duration)    { c.t = c.t.Add(d) }
func newClock(t time.Time) *clock       { return &clock{t} }
func (c *clock) Set(t time.Time) *clock { c.t = t; return c }

// MustIssuer returns an Issuer with the test key whose clock is c.
func MustIssuer(tb testing.TB, c *clock) *Issuer {
	tb.Helper()
	return &Issuer{
		Key:        testKey,
		Issuer:     "turnout",
		Audience:   "turnout-api",
		AccessTTL:  15 * time.Minute,
		RefreshTTL: 7 * 24 * time.Hour,
		Now:        c.Now,
	}
}

// MustSign signs claims with method and key, for tokens Issuer would never make.
func MustSign(tb testing.TB, method jwt.SigningMethod, key any, claims jwt.Claims) string {
	tb.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		tb.Fatalf("sign %s token: %v", method.Alg(), err)
	}
	return s
}

// MustRefresh issues a refresh token or fails the test.
func MustRefresh(tb testing.TB, iss *Issuer, userID string) string {
	tb.Helper()
	tok, _, err := iss.Refresh(userID, "jti-1", "fam-1", 3, iss.now().Add(30*24*time.Hour))
	if err != nil {
		tb.Fatalf("Refresh: %v", err)
	}
	return tok
}

// MustAccess issues an access token or fails the test.
func MustAccess(tb testing.TB, iss *Issuer, userID string) string {
	tb.Helper()
	tok, err := iss.Access(userID, 3)
	if err != nil {
		tb.Fatalf("Access: %v", err)
	}
	return tok
}

// handMade signs header and claims as given with HMAC-SHA256 under key,
// whatever the header claims the algorithm is.
func handMade(tb testing.TB, header, claims map[string]any, key []byte) string {
	tb.Helper()
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			tb.Fatalf("marshal: %v", err)
		}
		return base64.RawURLEncoding.EncodeToString(b)
	}
	signing := enc(header) + "." + enc(claims)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(signing))
	return signing + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func TestAccess_RoundTrip(t *testing.T) {
	c := newClock(t0)
	iss := MustIssuer(t, c)
	tok := MustAccess(t, iss, "user-1")
	c.Add(14 * time.Minute)

	got, err := iss.ParseAccess(tok)
	if err != nil {
		t.Fatalf("ParseAccess: %v", err)
	}
	if got, want := got.Subject, "user-1"; got != want {
		t.Errorf("Subject = %q, want %q", got, want)
	}
	if got, want := got.SessionVersion, 3; got != want {
		t.Errorf("SessionVersion = %d, want %d", got, want)
	}
	if got, want := got.Type, "access"; got != want {
		t.Errorf("Type = %q, want %q", got, want)
	}
	if got, want := got.Issuer, "turnout"; got != want {
		t.Errorf("Issuer = %q, want %q", got, want)
	}
	if got, want := strings.Join(got.Audience, ","), "turnout-api"; got != want {
		t.Errorf("Audience = %q, want %q", got, want)
	}
	if got, want := got.ExpiresAt.Time, t0.Add(15*time.Minute); !got.Equal(want) {
		t.Errorf("ExpiresAt = %v, want %v", got, want)
	}
	if got.ID == "" {
		t.Error("ID is empty, want a random jti")
	}
	if other, _ := iss.ParseAccess(MustAccess(t, iss, "user-1")); other != nil && other.ID == got.ID {
		t.Errorf("two access tokens share jti %q", got.ID)
	}
}

func TestRefresh_RoundTrip(t *testing.T) {
	c := newClock(t0)
	iss := MustIssuer(t, c)
	tok, exp, err := iss.Refresh("user-1", "jti-9", "fam-7", 4, t0.Add(30*24*time.Hour))
	if err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	c.Add(6 * 24 * time.Hour)

	got, err := iss.ParseRefresh(tok)
	if err != nil {
		t.Fatalf("ParseRefresh: %v", err)
	}
	for _, f := range []struct{ name, got, want string }{
		{"Subject", got.Subject, "user-1"},
		{"ID", got.ID, "jti-9"},
		{"Family", got.Family, "fam-7"},
		{"Type", got.Type, "refresh"},
	} {
		if f.got != f.want {
			t.Errorf("%s = %q, want %q", f.name, f.got, f.want)
		}
	}
	if got, want := got.SessionVersion, 4; got != want {
		t.Errorf("SessionVersion = %d, want %d", got, want)
	}
	if got, want := exp, t0.Add(7*24*time.Hour); !got.Equal(want) {
		t.Errorf("returned expiry = %v, want %v", got, want)
	}
	if got, want := got.ExpiresAt.Time, exp; !got.Equal(want) {
		t.Errorf("token exp = %v, want the returned expiry %v", got, want)
	}
}

func TestRefresh_CappedByNotAfter(t *testing.T) {
	c := newClock(t0)
	iss := MustIssuer(t, c)
	for _, tc := range []struct {
		name     string
		notAfter time.Time
		want     time.Time
	}{
		{"family ends first", t0.Add(2 * time.Hour), t0.Add(2 * time.Hour)},
		{"ttl ends first", t0.Add(30 * 24 * time.Hour), t0.Add(7 * 24 * time.Hour)},
		// Never rounded up past notAfter.
		{"sub-second notAfter", t0.Add(time.Hour + 900*time.Millisecond), t0.Add(time.Hour)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tok, exp, err := iss.Refresh("user-1", "jti", "fam", 0, tc.notAfter)
			if err != nil {
				t.Fatalf("Refresh: %v", err)
			}
			if got, want := exp, tc.want; !got.Equal(want) {
				t.Errorf("expiry = %v, want %v", got, want)
			}
			claims, err := iss.ParseRefresh(tok)
			if err != nil {
				t.Fatalf("ParseRefresh: %v", err)
			}
			if got, want := claims.ExpiresAt.Time, tc.want; !got.Equal(want) {
				t.Errorf("token exp = %v, want %v", got, want)
			}
		})
	}

	for _, notAfter := range []time.Time{t0, t0.Add(-time.Second), {}} {
		if _, _, err := iss.Refresh("user-1", "jti", "fam", 0, notAfter); err == nil {
			t.Errorf("Refresh with notAfter %v (not after now) succeeded, want error", notAfter)
		}
	}
}

func TestIssue_Refused(t *testing.T) {
	c := newClock(t0)
	far := t0.Add(time.Hour)
	for _, tc := range []struct {
		name  string
		edit  func(*Issuer)
		issue func(*Issuer) error
	}{
		{"short key", func(i *Issuer) { i.Key = testKey[:31] }, access("u")},
		{"no issuer", func(i *Issuer) { i.Issuer = "" }, access("u")},
		{"no audience", func(i *Issuer) { i.Audience = "" }, access("u")},
		{"no access ttl", func(i *Issuer) { i.AccessTTL = 0 }, access("u")},
		{"empty user", nil, access("")},
		{"short key refresh", func(i *Issuer) { i.Key = nil }, refresh("u", "j", "f", far)},
		{"no refresh ttl", func(i *Issuer) { i.RefreshTTL = 0 }, refresh("u", "j", "f", far)},
		{"empty refresh user", nil, refresh("", "j", "f", far)},
		{"empty jti", nil, refresh("u", "", "f", far)},
		{"empty family", nil, refresh("u", "j", "", far)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			iss := MustIssuer(t, c)
			if tc.edit != nil {
				tc.edit(iss)
			}
			if err := tc.issue(iss); err == nil {
				t.Error("issued a token, want error")
			}
		})
	}
}

func access(user string) func(*Issuer) error {
	return func(i *Issuer) error { _, err := i.Access(user, 0); return err }
}

func refresh(user, jti, fam string, notAfter time.Time) func(*Issuer) error {
	return func(i *Issuer) error { _, _, err := i.Refresh(user, jti, fam, 0, notAfter); return err }
}

// validClaims returns claims that ParseAccess (typ "access") or ParseRefresh
// (typ "refresh") would accept at t0, for tests to spoil one at a time.
func validClaims(typ string) map[string]any {
	return map[string]any{
		"iss": "turnout",
		"aud": "turnout-api",
		"sub": "user-1",
		"jti": "jti-1",
		"iat": t0.Unix(),
		"exp": t0.Add(time.Minute).Unix(),
		"typ": typ,
		"sv":  1,
		"fam": "fam-1",
	}
}

func with(m map[string]any, key string, v any) map[string]any {
	if v == nil {
		delete(m, key)
	} else {
		m[key] = v
	}
	return m
}

func TestParse_Refused(t *testing.T) {
	c := newClock(t0)
	iss := MustIssuer(t, c)
	hs256 := map[string]any{"alg": "HS256", "typ": "JWT"}

	// The hand-made baseline is accepted, so each case below fails for its
	// own reason only.
	for _, typ := range []string{"access", "refresh"} {
		tok := handMade(t, hs256, validClaims(typ), testKey)
		var err error
		if typ == "access" {
			_, err = iss.ParseAccess(tok)
		} else {
			_, err = iss.ParseRefresh(tok)
		}
		if err != nil {
			t.Fatalf("baseline %s token refused: %v", typ, err)
		}
	}

	otherKey := []byte("another key, also 32 bytes long!")
	wrongIss := MustIssuer(t, c)
	wrongIss.Issuer = "someone-else"
	wrongAud := MustIssuer(t, c)
	wrongAud.Audience = "other-api"
	wrongKey := MustIssuer(t, c)
	wrongKey.Key = otherKey
	expiredAt := newClock(t0.Add(-16 * time.Minute))
	expired := MustIssuer(t, expiredAt)
	future := MustIssuer(t, newClock(t0.Add(time.Hour)))

	var mapClaims jwt.MapClaims = validClaims("access")
	for _, tc := range []struct {
		name   string
		token  string
		asType string // "access" or "refresh": which parser to try
		want   error  // besides ErrInvalidToken; nil to skip
	}{
		{"wrong key", MustAccess(t, wrongKey, "u"), "access", jwt.ErrTokenSignatureInvalid},
		{"wrong key refresh", MustRefresh(t, wrongKey, "u"), "refresh", jwt.ErrTokenSignatureInvalid},
		{"wrong issuer", MustAccess(t, wrongIss, "u"), "access", jwt.ErrTokenInvalidIssuer},
		{"wrong audience", MustAccess(t, wrongAud, "u"), "access", jwt.ErrTokenInvalidAudience},
		{"wrong audience refresh", MustRefresh(t, wrongAud, "u"), "refresh", jwt.ErrTokenInvalidAudience},
		{"expired", MustAccess(t, expired, "u"), "access", jwt.ErrTokenExpired},
		{"issued in the future", MustAccess(t, future, "u"), "access", jwt.ErrTokenUsedBeforeIssued},
		{"access as refresh", MustAccess(t, iss, "u"), "refresh", nil},
		{"refresh as access", MustRefresh(t, iss, "u"), "access", nil},
		// Carries every refresh claim; only typ is wrong.
		{"typ access with family as refresh", handMade(t, hs256, validClaims("access"), testKey), "refresh", nil},
		{"typ refresh as access", handMade(t, hs256, validClaims("refresh"), testKey), "access", nil},
		{"alg none", MustSign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, mapClaims), "access", jwt.ErrTokenSignatureInvalid},
		{"HS512 with the right key", MustSign(t, jwt.SigningMethodHS512, testKey, mapClaims), "access", jwt.ErrTokenSignatureInvalid},
		{"HS384 with the right key", MustSign(t, jwt.SigningMethodHS384, testKey, mapClaims), "access", jwt.ErrTokenSignatureInvalid},
		{"RS256 header, HMAC signature", handMade(t, map[string]any{"alg": "RS256", "typ": "JWT"}, validClaims("access"), testKey), "access", jwt.ErrTokenSignatureInvalid},
		{"missing exp", handMade(t, hs256, with(validClaims("access"), "exp", nil), testKey), "access", jwt.ErrTokenRequiredClaimMissing},
		{"missing iss", handMade(t, hs256, with(validClaims("access"), "iss", nil), testKey), "access", jwt.ErrTokenRequiredClaimMissing},
		{"missing aud", handMade(t, hs256, with(validClaims("access"), "aud", nil), testKey), "access", jwt.ErrTokenRequiredClaimMissing},
		{"missing sub", handMade(t, hs256, with(validClaims("access"), "sub", nil), testKey), "access", nil},
		{"missing jti", handMade(t, hs256, with(validClaims("refresh"), "jti", nil), testKey), "refresh", nil},
		{"missing typ", handMade(t, hs256, with(validClaims("access"), "typ", nil), testKey), "access", nil},
		{"missing family", handMade(t, hs256, with(validClaims("refresh"), "fam", nil), testKey), "refresh", nil},
		{"exp as string", handMade(t, hs256, with(validClaims("access"), "exp", "soon"), testKey), "access", nil},
		{"sv as string", handMade(t, hs256, with(validClaims("access"), "sv", "1"), testKey), "access", nil},
		{"expired long ago", handMade(t, hs256, with(validClaims("access"), "exp", t0.Add(-time.Hour).Unix()), testKey), "access", jwt.ErrTokenExpired},
		{"empty", "", "access", jwt.ErrTokenMalformed},
		{"garbage", "not a token", "access", jwt.ErrTokenMalformed},
		{"two dots", "a.b.c", "access", jwt.ErrTokenMalformed},
		{"huge", strings.Repeat("a", 10000) + ".b.c", "access", jwt.ErrTokenMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.asType == "access" {
				var c *AccessClaims
				c, err = iss.ParseAccess(tc.token)
				if c != nil {
					t.Errorf("claims = %+v, want nil", c)
				}
			} else {
				var c *RefreshClaims
				c, err = iss.ParseRefresh(tc.token)
				if c != nil {
					t.Errorf("claims = %+v, want nil", c)
				}
			}
			if got, want := errors.Is(err, ErrInvalidToken), true; got != want {
				t.Fatalf("errors.Is(%v, ErrInvalidToken) = %v, want %v", err, got, want)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %q does not wrap %q", err, tc.want)
			}
			if tc.token != "" && strings.Contains(err.Error(), tc.token[:min(len(tc.token), 12)]) {
				t.Errorf("error %q quotes the token", err)
			}
		})
	}
}

// jwt's own error text can quote parts of the token (an exp that is not a
// number, for one); ours must not.
func TestParse_ErrorHidesToken(t *testing.T) {
	iss := MustIssuer(t, newClock(t0))
	hs256 := map[string]any{"alg": "HS256"}
	for _, tok := range []string{
		handMade(t, hs256, with(validClaims("access"), "exp", "SECRET-IN-EXP"), testKey),
		handMade(t, hs256, with(validClaims("access"), "iat", "SECRET-IN-IAT"), testKey),
		handMade(t, map[string]any{"alg": "SECRET-ALG"}, validClaims("access"), testKey),
		handMade(t, map[string]any{"alg": "HS256", "kid": "SECRET-KID"}, validClaims("access"), []byte("SECRET-KEY-SECRET-KEY-SECRET-KEY")),
	} {
		_, err := iss.ParseAccess(tok)
		if err == nil {
			t.Fatalf("ParseAccess accepted %q", tok)
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("error %q quotes the token", err)
		}
	}
}

// A misconfigured Issuer must refuse every token rather than skip checks.
func TestParse_RefusesBadConfig(t *testing.T) {
	c := newClock(t0)
	tok := MustAccess(t, MustIssuer(t, c), "u")
	for _, tc := range []struct {
		name string
		edit func(*Issuer)
	}{
		{"no issuer", func(i *Issuer) { i.Issuer = "" }},
		{"no audience", func(i *Issuer) { i.Audience = "" }},
		{"short key", func(i *Issuer) { i.Key = testKey[:16] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			iss := MustIssuer(t, c)
			tc.edit(iss)
			if _, err := iss.ParseAccess(tok); !errors.Is(err, ErrInvalidToken) {
				t.Errorf("ParseAccess error = %v, want ErrInvalidToken", err)
			}
		})
	}
}

func TestAccess_Expiry(t *testing.T) {
	c := newClock(t0)
	iss := MustIssuer(t, c)
	tok := MustAccess(t, iss, "u")
	for _, tc := range []struct {
		after time.Duration
		ok    bool
	}{
		{0, true},
		{15*time.Minute - time.Second, true},
		{15*time.Minute + clockLeeway + time.Second, false},
		{24 * time.Hour, false},
	} {
		c.Set(t0.Add(tc.after))
		_, err := iss.ParseAccess(tok)
		if got, want := err == nil, tc.ok; got != want {
			t.Errorf("after %v: accepted = %v (err %v), want %v", tc.after, got, err, want)
		}
	}
}

// A pair handed out once can be handed out again identically, later, from
// its ids and time of issue (the refresh grace relies on it).
func TestAtIsDeterministic(t *testing.T) {
	c := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	iss := MustIssuer(t, c)
	at := c.Now()
	notAfter := at.Add(30 * 24 * time.Hour)
	a1, err1 := iss.AccessAt("u1", "a-jti", 3, at)
	r1, _, err2 := iss.RefreshAt("u1", "r-jti", "fam", 3, notAfter, at)
	c.Add(9 * time.Second)
	a2, err3 := iss.AccessAt("u1", "a-jti", 3, at)
	r2, _, err4 := iss.RefreshAt("u1", "r-jti", "fam", 3, notAfter, at)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		t.Fatal(err)
	}
	if a1 != a2 || r1 != r2 {
		t.Error("the same arguments signed different tokens")
	}
	if claims, err := iss.ParseRefresh(r2); err != nil || claims.ID != "r-jti" {
		t.Errorf("re-signed refresh token: %v, %v", claims, err)
	}
}
