package auth

import (
	"strings"
	"sync"
	"testing"
)

// cheap are parameters low enough to exercise parsing without argon2's
// full cost.
var cheap = argonParams{memory: 64, time: 1, threads: 1}

func TestHashPassword_Format(t *testing.T) {
	h := MustHash(t, "correct horse")
	if got, want := strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$"), true; got != want {
		t.Fatalf("hash %q: OWASP prefix = %v, want %v", h, got, want)
	}
	p, salt, key, err := decodeHash(h)
	if err != nil {
		t.Fatalf("decode own hash: %v", err)
	}
	if got, want := p, defaultParams; got != want {
		t.Errorf("params = %+v, want %+v", got, want)
	}
	if got, want := len(salt), 16; got != want {
		t.Errorf("salt length = %d, want %d", got, want)
	}
	if got, want := len(key), 32; got != want {
		t.Errorf("key length = %d, want %d", got, want)
	}
}

func TestVerifyPassword(t *testing.T) {
	h := MustHash(t, "correct horse")
	for _, tc := range []struct {
		name, password string
		want           bool
	}{
		{"right", "correct horse", true},
		{"wrong", "correct horsE", false},
		{"empty", "", false},
		{"prefix", "correct", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ok, err := VerifyPassword(h, tc.password)
			if err != nil {
				t.Fatalf("VerifyPassword: %v", err)
			}
			if got, want := ok, tc.want; got != want {
				t.Errorf("VerifyPassword(%q) = %v, want %v", tc.password, got, want)
			}
		})
	}
}

func TestHashPassword_Salted(t *testing.T) {
	a, b := MustHash(t, "same"), MustHash(t, "same")
	if a == b {
		t.Fatalf("two hashes of one password are equal: %q", a)
	}
}

// VerifyPassword takes its parameters from the encoding, so hashes made with
// other (older or newer) parameters keep working.
func TestVerifyPassword_ParamsFromEncoding(t *testing.T) {
	salt := []byte("0123456789abcdef")
	for _, p := range []argonParams{
		cheap,
		{memory: 128, time: 3, threads: 2},
	} {
		key := argon2Key([]byte("pw"), salt, p.time, p.memory, p.threads, 24)
		h := encodeHash(p, salt, key)
		for _, tc := range []struct {
			password string
			want     bool
		}{{"pw", true}, {"px", false}} {
			ok, err := VerifyPassword(h, tc.password)
			if err != nil {
				t.Fatalf("VerifyPassword(%q): %v", h, err)
			}
			if got, want := ok, tc.want; got != want {
				t.Errorf("VerifyPassword(%q, %q) = %v, want %v", h, tc.password, got, want)
			}
		}
	}
}

func TestVerifyPassword_Malformed(t *testing.T) {
	salt := b64.EncodeToString([]byte("0123456789abcdef"))
	key := b64.EncodeToString([]byte("0123456789abcdef0123456789abcdef"))
	valid := "$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key
	if _, err := VerifyPassword(valid, "x"); err != nil {
		t.Fatalf("baseline %q refused: %v", valid, err)
	}
	for _, enc := range []string{
		"",
		"$",
		"plain-text-password",
		"$argon2id$",
		"$argon2id$v=19$m=64,t=1,p=1$" + salt,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key + "$",
		"x$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2i$v=19$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2d$v=19$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=16$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=1,x=2$" + salt + "$" + key,
		"$argon2id$v=19$t=1,m=64,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=abc,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=-64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=+64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=0,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=0$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=256$" + salt + "$" + key,
		"$argon2id$v=19$m=7,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=4294967295,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=99999999999999999999,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1000000,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$",
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "==$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key + "=",
		"$argon2id$v=19$m=64,t=1,p=1$!!!!$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + b64.EncodeToString([]byte("short")) + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + b64.EncodeToString([]byte("short")),
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + b64.EncodeToString(make([]byte, 65)),
	} {
		ok, err := VerifyPassword(enc, "x")
		if err == nil {
			t.Errorf("VerifyPassword(%q) error = nil, want malformed", enc)
		}
		if ok {
			t.Errorf("VerifyPassword(%q) = true, want false", enc)
		}
		if enc != "" && err != nil && strings.Contains(err.Error(), enc) {
			t.Errorf("error %q quotes the encoding", err)
		}
	}
}

// argon2Call is one call of argon2Key, without the secret inputs.
type argon2Call struct {
	params argonParams
	keyLen uint32
}

// recordArgon2 replaces argon2Key for the rest of the test and returns a
// function that reports the calls made so far and forgets them.
func recordArgon2(tb testing.TB) func() []argon2Call {
	tb.Helper()
	orig := argon2Key
	var (
		mu    sync.Mutex
		calls []argon2Call
	)
	argon2Key = func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
		mu.Lock()
		calls = append(calls, argon2Call{argonParams{memory, time, threads}, keyLen})
		mu.Unlock()
		return orig(password, salt, time, memory, threads, keyLen)
	}
	tb.Cleanup(func() { argon2Key = orig })
	return func() []argon2Call {
		mu.Lock()
		defer mu.Unlock()
		c := calls
		calls = nil
		return c
	}
}

// BurnPasswordCheck must do exactly the argon2 work of a real check, with
// the current parameters, so an unknown user costs as much as a known one.
// Counting the computations is exact where timing would be flaky.
func TestBurnPasswordCheck(t *testing.T) {
	h := MustHash(t, "correct horse")
	calls := recordArgon2(t)

	BurnPasswordCheck("guess") // may also make the burn hash (sync.Once)
	calls()

	if _, err := VerifyPassword(h, "guess"); err != nil {
		t.Fatalf("VerifyPassword: %v", err)
	}
	verify := calls()
	BurnPasswordCheck("guess")
	burnCalls := calls()

	want := []argon2Call{{defaultParams, keyLen}}
	if got := verify; len(got) != 1 || got[0] != want[0] {
		t.Fatalf("VerifyPassword argon2 calls = %+v, want %+v", got, want)
	}
	if got := burnCalls; len(got) != 1 || got[0] != want[0] {
		t.Errorf("BurnPasswordCheck argon2 calls = %+v, want %+v (same work as VerifyPassword)", got, want)
	}
}

// MustHash hashes password or fails the test.
func MustHash(tb testing.TB, password string) string {
	tb.Helper()
	h, err := HashPassword(password)
	if err != nil {
		tb.Fatalf("HashPassword: %v", err)
	}
	return h
}
