package webhooks

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"turnout/pkg/domain"
)

// The test vector of the Standard Webhooks specification (its reference
// libraries test against it): a secret, a message and its signature.
const (
	vectorSecret    = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	vectorID        = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	vectorTimestamp = 1614265330
	vectorBody      = `{"test": 2432232314}`
	vectorSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

func TestSignMatchesTheSpecificationsVector(t *testing.T) {
	got, err := Sign([]string{vectorSecret}, vectorID, time.Unix(vectorTimestamp, 0), []byte(vectorBody))
	if err != nil || got != vectorSignature {
		t.Fatalf("Sign = %q, %v; want %q", got, err, vectorSignature)
	}
}

// receiver records what a delivery sent it and answers status.
type receiver struct {
	status int
	header http.Header
	body   []byte
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc.header, rc.body = r.Header.Clone(), must(io.ReadAll(r.Body))
	w.WriteHeader(rc.status)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestAttemptIsVerifiedByTheReferenceLibrary: what Attempt sends verifies
// with the specification's Go library under the endpoint's secret, and,
// while a rotation overlaps, under the previous one too.
func TestAttemptIsVerifiedByTheReferenceLibrary(t *testing.T) {
	rc := &receiver{status: http.StatusNoContent}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	now := time.Now()
	hook := domain.Webhook{
		ID: "H", OrganizationID: "O", URL: srv.URL + "/hook", Enabled: true,
		Secret: "whsec_" + "dGhlIG5ldyBzZWNyZXQgb2YgdGhlIGVuZHBvaW50", PreviousSecret: vectorSecret, PreviousUntil: now.Add(time.Hour),
	}
	s := Sender{Client: Guard{Resolver: noLookups{}, Local: true}.Client(), Now: func() time.Time { return now }}
	d := domain.Delivery{ID: "msg_1", Body: []byte(`{"type":"webhook.test"}`)}
	a := s.Attempt(context.Background(), hook, d)
	if !a.Succeeded() || a.StatusCode != http.StatusNoContent {
		t.Fatalf("attempt = %+v, want 204", a)
	}
	if got := rc.header.Get("webhook-id"); got != "msg_1" {
		t.Errorf("webhook-id = %q", got)
	}
	if n := len(strings.Fields(rc.header.Get("webhook-signature"))); n != 2 {
		t.Errorf("%d signatures during a rotation, want 2", n)
	}
	for _, secret := range []string{hook.Secret, hook.PreviousSecret} {
		wh := must(standardwebhooks.NewWebhook(secret))
		if err := wh.Verify(rc.body, rc.header); err != nil {
			t.Errorf("verify under %s: %v", secret[:10], err)
		}
	}
	wrong := must(standardwebhooks.NewWebhook("whsec_" + "b3RoZXIgc2VjcmV0IG9mIHNvbWVvbmUgZWxzZQ=="))
	if wrong.Verify(rc.body, rc.header) == nil {
		t.Error("another secret verifies the delivery")
	}
	hook.PreviousUntil = now.Add(-time.Second)
	s.Attempt(context.Background(), hook, d)
	if n := len(strings.Fields(rc.header.Get("webhook-signature"))); n != 1 {
		t.Errorf("%d signatures after the overlap, want 1", n)
	}
}

// TestAttemptFailures: a server error, a timeout and a redirect are
// failures with what the log shows; a redirect is not followed.
func TestAttemptFailures(t *testing.T) {
	followed := false
	mux := http.NewServeMux()
	mux.HandleFunc("/fail", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/elsewhere", http.StatusFound) })
	mux.HandleFunc("/elsewhere", func(w http.ResponseWriter, r *http.Request) { followed = true })
	release := make(chan struct{})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-release })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer close(release) // before Close, which waits for the handler
	s := Sender{Client: Guard{Resolver: noLookups{}, Local: true}.Client(), Now: time.Now}
	attempt := func(ctx context.Context, path string) domain.Attempt {
		hook := domain.Webhook{URL: srv.URL + path, Secret: vectorSecret, Enabled: true}
		return s.Attempt(ctx, hook, domain.Delivery{ID: "msg_2", Body: []byte(`{}`)})
	}
	if a := attempt(context.Background(), "/fail"); a.Succeeded() || a.StatusCode != 500 {
		t.Errorf("500: %+v", a)
	}
	if a := attempt(context.Background(), "/moved"); a.Succeeded() || a.StatusCode != http.StatusFound || followed {
		t.Errorf("redirect: %+v, followed %v", a, followed)
	}
	// The attempt's own bound is domain.WebhookTimeout; a shorter one
	// from its caller shows the same failure without the wait.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if a := attempt(ctx, "/slow"); a.Error != "timeout" || a.StatusCode != 0 {
		t.Errorf("slow endpoint: %+v, want a timeout", a)
	}
}
