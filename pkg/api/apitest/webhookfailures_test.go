package apitest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
)

// TestWebhookGivesUpAndDisables: a delivery the endpoint keeps refusing is
// retried with growing waits and given up within 24 hours; an endpoint
// still failing three days after its first failure is turned off, its
// owners are mailed, and nothing more is queued for it until an owner
// turns it on again.
func TestWebhookGivesUpAndDisables(t *testing.T) {
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	rc := newReceiver(t)
	rc.answer(http.StatusServiceUnavailable)
	h := env.newHook(t, org, rc.srv.URL+"/down", domain.HookEventCreated)
	env.CreateEvent(t, org, env.EventForm(5, 10))
	rc.wait(t, "event.created", 0)

	var d delivery
	for deadline := time.Now().Add(15 * time.Second); d.Attempts == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		d = env.deliveries(t, org.Access, h.ID)[0]
	}
	created := time.Now()
	var (
		waits  []time.Duration
		lastAt time.Time
	)
	for d.Status == "pending" {
		at := *d.Next
		lastAt = at
		must(env.retryJob(at).Run(t.Context()))
		next := env.deliveries(t, org.Access, h.ID)[0]
		if next.Attempts != d.Attempts+1 {
			t.Fatalf("the retry at %s did not happen: %+v", at, next)
		}
		if next.Next != nil {
			waits = append(waits, next.Next.Sub(at))
		}
		d = next
	}
	if d.Status != "failed" || d.Attempts != 7 || rc.count() != 7 {
		t.Fatalf("given up: %+v after %d deliveries, want failed after 7", d, rc.count())
	}
	for i := 1; i < len(waits); i++ {
		if waits[i] <= waits[i-1] {
			t.Errorf("waits %v do not grow", waits)
		}
	}
	if d.Next != nil || lastAt.Sub(created) > domain.GiveUpAfter || lastAt.Sub(created) < 12*time.Hour {
		t.Errorf("attempts from %s to %s, want within a day, given up after the last: %+v", created, lastAt, d)
	}

	// Three days on, a failure turns the endpoint off and tells the owner.
	env.Advance(domain.DisableAfter + time.Minute)
	env.Login(t, org)
	Expect(t, env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/test/", nil, org.Access), http.StatusCreated)
	got := env.hooks(t, org)[0]
	if got.Enabled || got.DisabledAt == nil || got.FailingSince == nil {
		t.Fatalf("after three days of failures: %+v", got)
	}
	mail := regMail(t, env, org.Email, "A webhook of")
	if !strings.Contains(mail.Text, rc.srv.URL+"/down") || !strings.Contains(mail.Text, "/dashboard/developers") {
		t.Errorf("the owner's mail says %q", mail.Text)
	}
	// An event's deliveries are queued before its answer: none is.
	env.CreateEvent(t, org, env.EventForm(6, 10))
	if n := len(env.deliveries(t, org.Access, h.ID)); n != 2 {
		t.Errorf("%d deliveries in the log, want the first and the test: a disabled endpoint was queued for", n)
	}

	res := env.JSON(http.MethodPatch, "/api/organization/webhooks/"+h.ID+"/", map[string]any{"enabled": true}, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &got)
	if !got.Enabled || got.DisabledAt != nil || got.FailingSince != nil {
		t.Errorf("turned on again: %+v", got)
	}
	if n := len(mailtest.Inbox(t, env.Config.SESEndpoint, org.Email)); n < 2 {
		t.Errorf("%d mails to the owner", n)
	}
}

func (e *Env) hooks(t *testing.T, owner *Account) []hook {
	t.Helper()
	res := e.JSON(http.MethodGet, "/api/organization/webhooks/", nil, owner.Access)
	Expect(t, res, http.StatusOK)
	var body struct {
		Webhooks []hook `json:"webhooks"`
	}
	res.Decode(t, &body)
	return body.Webhooks
}

// TestWebhookEndpoints: an address must be a public web address (the
// guard's own tests cover each private range and DNS answers pointing
// inside), kinds come from the list, endpoints are their organization's
// only, and a token with webhooks:write manages them as an owner does.
func TestWebhookEndpoints(t *testing.T) {
	env := MustEnv(t)
	org, other := env.NewOrganizer(t), env.NewOrganizer(t)
	for _, tc := range []struct {
		body        map[string]any
		field, code string
	}{
		{map[string]any{"url": "https://10.0.0.1/hook", "kinds": []string{"event.created"}}, "url", "webhook_private"},
		{map[string]any{"url": "https://169.254.169.254/latest/meta-data/", "kinds": []string{"event.created"}}, "url", "webhook_private"},
		{map[string]any{"url": "https://[fd00::1]/", "kinds": []string{"event.created"}}, "url", "webhook_private"},
		{map[string]any{"url": "ftp://example.com/", "kinds": []string{"event.created"}}, "url", "webhook_https"},
		{map[string]any{"url": "https://user:pw@example.com/", "kinds": []string{"event.created"}}, "url", "webhook_https"},
		{map[string]any{"url": "https://example.com/", "kinds": []string{}}, "kinds", "webhook_no_kind"},
		{map[string]any{"url": "https://example.com/", "kinds": []string{"event.exploded"}}, "kinds", "webhook_bad_kind"},
	} {
		res := env.JSON(http.MethodPost, "/api/organization/webhooks/", tc.body, org.Access)
		Expect(t, res, http.StatusBadRequest)
		if !strings.Contains(string(res.Body), `"`+tc.code+`"`) || len(res.Fields(t)[tc.field]) == 0 {
			t.Errorf("%v: %s, want %s on %s", tc.body, res.Body, tc.code, tc.field)
		}
	}

	// The receivers' check of a message's shape can fail.
	if messageSchemaCheck([]byte(`{"type":"event.created","timestamp":"2026-11-27T10:00:00Z","data":{"organization_id":"o","event":{"id":1}}}`)) == nil {
		t.Error("a message whose event is not the API's Event passed the WebhookMessage check")
	}

	rc := newReceiver(t)
	tok := env.newToken(t, org, domain.ScopeWebhooksWrite)
	res := env.JSON(http.MethodPost, "/api/organization/webhooks/", map[string]any{"url": rc.srv.URL, "kinds": []string{"event.created"}}, tok.Secret)
	Expect(t, res, http.StatusCreated)
	var h hook
	res.Decode(t, &h)
	if got := env.hooks(t, org); len(got) != 1 || got[0].ID != h.ID || got[0].Secret != "" {
		t.Fatalf("listed = %+v, want the endpoint without its secret", got)
	}
	Expect(t, env.JSON(http.MethodGet, "/api/organization/webhooks/"+h.ID+"/deliveries/", nil, tok.Secret), http.StatusOK)
	// Made by a token that may not read events, its messages carry the
	// event's id only; once an owner changes it, the event as the API shows it.
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	if got := rc.wait(t, "event.created", 0); got.Msg.Data.Event != nil || got.Msg.Data.EventID != ev.ID {
		t.Errorf("a webhooks:write token's endpoint got %s", got.Body)
	}
	Expect(t, env.JSON(http.MethodPatch, "/api/organization/webhooks/"+h.ID+"/", map[string]any{"description": "Ours now"}, org.Access), http.StatusOK)
	env.CreateEvent(t, org, env.EventForm(6, 10))
	if got := rc.wait(t, "event.created", 1); got.Msg.Data.Event == nil {
		t.Errorf("an owner's endpoint got %s", got.Body)
	}
	// Another organization's owner finds no such endpoint.
	Expect(t, env.JSON(http.MethodPatch, "/api/organization/webhooks/"+h.ID+"/", map[string]any{"enabled": false}, other.Access), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/test/", nil, other.Access), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodDelete, "/api/organization/webhooks/"+h.ID+"/", nil, tok.Secret), http.StatusNoContent)
	if got := env.hooks(t, org); len(got) != 0 {
		t.Errorf("after delete: %+v", got)
	}
}
