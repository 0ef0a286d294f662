package apitest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"turnout/pkg/app"
	"turnout/pkg/domain"
	"turnout/pkg/webhooks"
)

// receiver is an organization's endpoint on loopback (the test stack, like
// the local one, delivers there): it keeps what it was sent and answers
// status.
type receiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	status int
	got    []received
}

// received is one delivery as the endpoint got it.
type received struct {
	Header http.Header
	Body   []byte
	Msg    struct {
		Type string `json:"type"`
		Data struct {
			OrganizationID string `json:"organization_id"`
			EventID        string `json:"event_id"`
			Attendee       *struct {
				RegistrationID string `json:"registration_id"`
				Email          string `json:"email"`
				Status         string `json:"status"`
			} `json:"attendee"`
			Registration *struct {
				RegistrationID string `json:"registration_id"`
			} `json:"registration"`
			Event *struct {
				ID    string `json:"id"`
				Title string `json:"title"`
			} `json:"event"`
		} `json:"data"`
	}
}

func newReceiver(t *testing.T) *receiver {
	rc := &receiver{status: http.StatusOK}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := received{Header: r.Header.Clone(), Body: must(io.ReadAll(r.Body))}
		if err := json.Unmarshal(got.Body, &got.Msg); err != nil {
			t.Errorf("delivery body %s: %v", got.Body, err)
		}
		if err := messageSchemaCheck(got.Body); err != nil {
			t.Errorf("delivery body %s is not a WebhookMessage of api/openapi.yaml: %v", got.Body, brief(err))
		}
		rc.mu.Lock()
		defer rc.mu.Unlock()
		rc.got = append(rc.got, got)
		w.WriteHeader(rc.status)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// messageSchemaCheck checks a delivery's body against the document's
// WebhookMessage: its event and attendee are the API's shapes.
func messageSchemaCheck(body []byte) error {
	c, err := loadContract()
	if err != nil {
		return err
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	return c.doc.Components.Schemas["WebhookMessage"].Value.VisitJSON(v)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func (rc *receiver) answer(status int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.status = status
}

// wait returns the first delivery of kind after the first skip ones
// (deliveries leave after the answer, from the table's stream).
func (rc *receiver) wait(t *testing.T, kind string, skip int) received {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		rc.mu.Lock()
		seen := 0
		for _, g := range rc.got {
			if g.Msg.Type == kind {
				if seen == skip {
					rc.mu.Unlock()
					return g
				}
				seen++
			}
		}
		rc.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("no %s delivery (after %d) reached the endpoint", kind, skip)
		}
	}
}

func (rc *receiver) count() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.got)
}

// verified fails t unless g is signed with secret, as the reference
// library of the Standard Webhooks specification checks.
func verified(t *testing.T, g received, secret string) {
	t.Helper()
	wh := must(standardwebhooks.NewWebhook(secret))
	if err := wh.VerifyIgnoringTimestamp(g.Body, g.Header); err != nil {
		t.Errorf("%s delivery does not verify: %v", g.Msg.Type, err)
	}
}

// hook is an endpoint as the API answers it.
type hook struct {
	ID           string     `json:"id"`
	Secret       string     `json:"secret"`
	Enabled      bool       `json:"enabled"`
	DisabledAt   *time.Time `json:"disabled_at"`
	FailingSince *time.Time `json:"failing_since"`
}

// delivery is one row of an endpoint's log.
type delivery struct {
	ID         string     `json:"id"`
	Kind       string     `json:"kind"`
	Status     string     `json:"status"`
	Attempts   int        `json:"attempts"`
	StatusCode *int       `json:"status_code"`
	DurationMS *int64     `json:"duration_ms"`
	Next       *time.Time `json:"next_attempt_at"`
}

func (e *Env) newHook(t *testing.T, owner *Account, url string, kinds ...domain.WebhookKind) hook {
	t.Helper()
	res := e.JSON(http.MethodPost, "/api/organization/webhooks/", map[string]any{"url": url, "kinds": kinds, "description": "Our CRM"}, owner.Access)
	Expect(t, res, http.StatusCreated)
	var h hook
	res.Decode(t, &h)
	return h
}

func (e *Env) deliveries(t *testing.T, token, hookID string) []delivery {
	t.Helper()
	res := e.JSON(http.MethodGet, "/api/organization/webhooks/"+hookID+"/deliveries/", nil, token)
	Expect(t, res, http.StatusOK)
	var body struct {
		Deliveries []delivery `json:"deliveries"`
	}
	res.Decode(t, &body)
	return body.Deliveries
}

// retryJob is the retry job of env's stack at clock at.
func (e *Env) retryJob(at time.Time) webhooks.Job {
	clock := func() time.Time { return at }
	return webhooks.NewJob(e.Base.Store, app.WebhookGuard(e.Config), clock)
}

// TestWebhookDeliveries: an owner's endpoint hears of the changes it
// chose, each signed per Standard Webhooks (verified by its reference
// library) with the object as the API shows it; a failed delivery is
// retried with the same id until it gets through; the log shows each.
func TestWebhookDeliveries(t *testing.T) {
	env := MustEnv(t)
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	rc := newReceiver(t)
	h := env.newHook(t, org, rc.srv.URL+"/turnout", domain.HookEventCreated, domain.HookEventUpdated,
		domain.HookRegistrationCreated, domain.HookRegistrationCancelled)
	if !strings.HasPrefix(h.Secret, "whsec_") || !h.Enabled {
		t.Fatalf("new endpoint = %+v", h)
	}

	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	created := rc.wait(t, "event.created", 0)
	verified(t, created, h.Secret)
	if created.Msg.Data.Event == nil || created.Msg.Data.Event.ID != ev.ID || created.Msg.Data.OrganizationID != org.OrganizationID {
		t.Errorf("event.created data = %s", created.Body)
	}
	reg := regRegister(t, env, ev.ID, person)
	joined := rc.wait(t, "registration.created", 0)
	verified(t, joined, h.Secret)
	if a := joined.Msg.Data.Attendee; a == nil || a.RegistrationID != reg.ID || a.Email != person.Email || a.Status != "registered" {
		t.Errorf("registration.created data = %s", joined.Body)
	}
	Expect(t, regCancel(env, reg.ID, person.Access), http.StatusNoContent)
	if left := rc.wait(t, "registration.cancelled", 0); left.Msg.Data.Registration == nil || left.Msg.Data.Registration.RegistrationID != reg.ID {
		t.Errorf("registration.cancelled data = %s", left.Body)
	}

	// The receiver breaks: the delivery fails, and is due again.
	rc.answer(http.StatusInternalServerError)
	moved := env.EventForm(6, 10)
	moved["title"] = "Moved"
	Expect(t, env.Multipart(http.MethodPatch, "/api/event/detail/"+ev.ID+"/", moved, nil, org.Access), http.StatusOK)
	first := rc.wait(t, "event.updated", 0)
	var failed delivery
	for deadline := time.Now().Add(15 * time.Second); failed.Attempts == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		failed = env.deliveries(t, org.Access, h.ID)[0]
	}
	if failed.Kind != "event.updated" || failed.Status != "pending" || failed.Attempts != 1 || failed.StatusCode == nil || *failed.StatusCode != 500 || failed.Next == nil {
		t.Fatalf("failed delivery = %+v", failed)
	}
	// Not due yet: nothing is tried.
	if n := must(env.retryJob(failed.Next.Add(-time.Second)).Run(t.Context())); n != 0 {
		t.Fatalf("%d retries before the next attempt's time", n)
	}
	if n := must(env.retryJob(*failed.Next).Run(t.Context())); n != 1 {
		t.Fatalf("%d retries due, want 1", n)
	}
	again := rc.wait(t, "event.updated", 1)
	if again.Header.Get("webhook-id") != first.Header.Get("webhook-id") {
		t.Errorf("a retry's webhook-id %q, the first's %q", again.Header.Get("webhook-id"), first.Header.Get("webhook-id"))
	}
	retried := env.deliveries(t, org.Access, h.ID)[0]
	if retried.Attempts != 2 || retried.Status != "pending" || !retried.Next.After(*failed.Next) {
		t.Fatalf("after a retry: %+v (before %+v)", retried, failed)
	}
	// Fixed: the next retry gets through, and nothing more is due.
	rc.answer(http.StatusNoContent)
	must(env.retryJob(*retried.Next).Run(t.Context()))
	if done := env.deliveries(t, org.Access, h.ID)[0]; done.Status != "delivered" || done.Attempts != 3 || done.Next != nil || done.DurationMS == nil {
		t.Fatalf("after the fix: %+v", done)
	}
	if n := must(env.retryJob(retried.Next.Add(24 * time.Hour)).Run(t.Context())); n != 0 {
		t.Errorf("%d retries after delivery", n)
	}

	// Send again, and a test event, by the owner's buttons.
	res := env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/deliveries/"+retried.ID+"/resend/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	var resent delivery
	res.Decode(t, &resent)
	if resent.Attempts != 4 || resent.Status != "delivered" {
		t.Errorf("sent again: %+v", resent)
	}
	res = env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/test/", nil, org.Access)
	Expect(t, res, http.StatusCreated)
	verified(t, rc.wait(t, "webhook.test", 0), h.Secret)

	// A rotation: both secrets sign for a while.
	res = env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/secret/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	var rotated struct {
		Secret string `json:"secret"`
	}
	res.Decode(t, &rotated)
	Expect(t, env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/test/", nil, org.Access), http.StatusCreated)
	last := rc.wait(t, "webhook.test", 1)
	verified(t, last, rotated.Secret)
	verified(t, last, h.Secret)
}
