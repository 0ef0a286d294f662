package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/app"
	"turnout/pkg/domain"
	"turnout/pkg/emulators"
	"turnout/pkg/media/mediatest"
	"turnout/pkg/testenv"
)

// newGateway is the gateway's handler on a fresh table seeded with the
// demo data, with passwords as given (nil: argon2id).
func newGateway(t *testing.T, passwords accounts.Passwords) (http.Handler, app.Base) {
	t.Helper()
	cfg, awsCfg := testenv.Config(t)
	awsCfg.Logger = sdkLogger{} // as run does
	b := app.NewBase(cfg, awsCfg, time.Now)
	if passwords != nil {
		b.Passwords = passwords
	}
	must(t, prepare(t.Context(), b, true))
	h, err := newHandler(b, awsCfg, t.TempDir())
	must(t, err)
	return h, b
}

func call(t *testing.T, h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func login(t *testing.T, h http.Handler, username, password string) *httptest.ResponseRecorder {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	r := httptest.NewRequest(http.MethodPost, "/api/user/login/", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return call(t, h, r)
}

// useLogger makes the gateway's logger (verbose or not) the default, writing
// into the returned buffer, until the test ends.
func useLogger(t *testing.T, verbose bool) *bytes.Buffer {
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(newLogger(&buf, verbose))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return &buf
}

func TestGatewayLogsCallsOnlyWhenAskedAndNeverACancelledOneAsAnError(t *testing.T) {
	h, b := newGateway(t, nil)
	cancelled := func() *http.Request {
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // the browser went away before the table answered
		return httptest.NewRequestWithContext(ctx, http.MethodGet, "/api/event/public/", nil)
	}

	logs := useLogger(t, false)
	if rec := call(t, h, httptest.NewRequest(http.MethodGet, "/api/event/public/", nil)); rec.Code != 200 {
		t.Fatalf("public list: %d", rec.Code)
	}
	call(t, h, cancelled())
	// S3 reads log an SDK debug line each against the emulator.
	key, err := b.Media.PutImage(t.Context(), domain.MediaBanner, mediatest.PNG(4, 4))
	must(t, err)
	if rec := call(t, h, httptest.NewRequest(http.MethodGet, "/"+key, nil)); rec.Code != 200 {
		t.Fatalf("image: %d", rec.Code)
	}
	if logs.Len() != 0 {
		t.Errorf("without -v, calls logged:\n%s", logs)
	}
	logs = useLogger(t, true)
	call(t, h, httptest.NewRequest(http.MethodGet, "/"+key, nil))
	if !strings.Contains(logs.String(), "level=DEBUG msg=\"Response has no supported checksum") {
		t.Errorf("with -v, no SDK debug line:\n%s", logs)
	}

	logs = useLogger(t, true)
	call(t, h, cancelled())
	if strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "client_gone=true") {
		t.Errorf("a call its client left logged:\n%s", logs)
	}
	logs.Reset()

	// With -v, one line a call, with the route, status, and the account once it signed in.
	res := login(t, h, demoData[0].org.OwnerName, demoPassword)
	if res.Code != 200 {
		t.Fatalf("demo login: %d %s", res.Code, res.Body)
	}
	var tokens struct{ Access string }
	must(t, json.NewDecoder(res.Body).Decode(&tokens))
	r := httptest.NewRequest(http.MethodGet, "/api/user/profile/", nil)
	r.Header.Set("Authorization", "Bearer "+tokens.Access)
	res = call(t, h, r)
	var profile struct{ ID string }
	must(t, json.NewDecoder(res.Body).Decode(&profile))
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines for 2 calls:\n%s", len(lines), logs)
	}
	for i, want := range []string{
		`level=DEBUG msg=request method=POST route="POST /api/user/login/{$}" status=200 duration_ms=`,
		`level=DEBUG msg=request method=GET route="GET /api/user/profile/{$}" status=200 duration_ms=`,
	} {
		if !strings.Contains(lines[i], want) || !strings.Contains(lines[i], "request_id=") {
			t.Errorf("line %d = %s, want %s… with a request_id", i, lines[i], want)
		}
	}
	if strings.Contains(lines[0], "account_id=") || !strings.Contains(lines[1], "account_id="+profile.ID+" ") || profile.ID == "" {
		t.Errorf("account of the login line and of the profile line (%s):\n%s", profile.ID, logs)
	}
}

// countingPasswords counts the hashes running at once.
type countingPasswords struct {
	inner        accounts.Passwords
	running, top atomic.Int32
}

func (c *countingPasswords) enter() func() {
	n := c.running.Add(1)
	for {
		top := c.top.Load()
		if n <= top || c.top.CompareAndSwap(top, n) {
			break
		}
	}
	return func() { c.running.Add(-1) }
}

func (c *countingPasswords) Hash(p string) (string, error) { defer c.enter()(); return c.inner.Hash(p) }
func (c *countingPasswords) Verify(e, p string) (bool, error) {
	defer c.enter()()
	return c.inner.Verify(e, p)
}
func (c *countingPasswords) Burn(p string) { defer c.enter()(); c.inner.Burn(p) }

func TestGatewayHashesAtMostOnePasswordPerCPUAtOnce(t *testing.T) {
	counted := &countingPasswords{inner: accounts.Argon2id{}}
	h, _ := newGateway(t, counted)
	useLogger(t, false)
	const logins = 24
	var wg sync.WaitGroup
	codes := make(chan int, logins)
	for i := range logins {
		wg.Go(func() {
			// A username of its own for each, so no lockout cuts the burst
			// short; an unknown username costs the same hash as a known one.
			codes <- login(t, h, fmt.Sprintf("nobody%d", i), demoPassword).Code
		})
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		if code != http.StatusUnauthorized {
			t.Errorf("login: %d", code)
		}
	}
	limit := int32(runtime.GOMAXPROCS(0))
	t.Logf("%d parallel logins: at most %d hashes at once (limit %d)", logins, counted.top.Load(), limit)
	if got := counted.top.Load(); got > limit || got < 1 {
		t.Errorf("%d hashes ran at once, want at most %d", got, limit)
	}
}

func TestGatewaySendsCloudFrontsSecurityHeaders(t *testing.T) {
	h, b := newGateway(t, nil)
	key, err := b.Media.PutImage(t.Context(), domain.MediaBanner, mediatest.PNG(4, 4))
	must(t, err)
	// The policy the CDK app gives CloudFront, with the S3 emulator as the upload origin.
	root, err := emulators.RepoRoot()
	must(t, err)
	raw, err := os.ReadFile(filepath.Join(root, "infra", "lib", "security-headers.json"))
	must(t, err)
	var policy struct {
		ContentSecurityPolicy        []string
		FrameOptions, ReferrerPolicy string
		Embeddable                   struct{ Paths []string }
	}
	must(t, json.Unmarshal(raw, &policy))
	csp := strings.ReplaceAll(strings.Join(policy.ContentSecurityPolicy, "; "), "{uploads}", b.Config.S3Endpoint)
	if !strings.Contains(csp, "connect-src 'self' http://127.0.0.1:") {
		t.Fatalf("uploads to the emulator not allowed: %s", csp)
	}
	// The widget's loader is not a page others frame: it keeps the policy.
	for _, path := range []string{"/", "/events", "/api/event/public/", "/api/nothing/", "/" + key, "/media/banners/missing.png", "/embed.js"} {
		got := call(t, h, httptest.NewRequest(http.MethodGet, path, nil)).Header()
		for name, want := range map[string]string{
			"Content-Security-Policy": csp,
			"X-Frame-Options":         policy.FrameOptions,
			"Referrer-Policy":         policy.ReferrerPolicy,
			"X-Content-Type-Options":  "nosniff",
		} {
			if got.Get(name) != want {
				t.Errorf("GET %s: %s = %q, want %q", path, name, got.Get(name), want)
			}
		}
		// Browsers ignore HSTS over http, which the gateway serves.
		if got.Get("Strict-Transport-Security") != "" {
			t.Errorf("GET %s sends HSTS over http", path)
		}
	}
	// The widget's page may be framed by any site, and only that changes.
	framed := strings.Replace(csp, "frame-ancestors 'none'", "frame-ancestors *", 1)
	if framed == csp || len(policy.Embeddable.Paths) == 0 {
		t.Fatalf("no frame-ancestors to open, or no embeddable page: %s %v", csp, policy.Embeddable.Paths)
	}
	for _, path := range policy.Embeddable.Paths {
		got := call(t, h, httptest.NewRequest(http.MethodGet, path, nil)).Header()
		for name, want := range map[string]string{
			"Content-Security-Policy": framed,
			"X-Frame-Options":         "",
			"Referrer-Policy":         policy.ReferrerPolicy,
			"X-Content-Type-Options":  "nosniff",
		} {
			if got.Get(name) != want {
				t.Errorf("GET %s: %s = %q, want %q", path, name, got.Get(name), want)
			}
		}
	}
}
