package domain

import (
	"testing"
	"time"
)

// TestDeliveryRecord: a failed attempt is due again after a wait that
// grows (1 minute to 12 hours), a delivery is given up once the next wait
// would end past a day since it was made, and any 2xx delivers it.
func TestDeliveryRecord(t *testing.T) {
	made := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	d := Delivery{Created: made, Status: DeliveryPending}
	at := made
	want := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour}
	for i, wait := range want {
		d = d.Record(Attempt{At: at, StatusCode: 500})
		if d.Status != DeliveryPending || d.Attempts != i+1 || !d.Next.Equal(at.Add(wait)) {
			t.Fatalf("attempt %d: %+v, want due again after %s", i+1, d, wait)
		}
		at = d.Next
	}
	d = d.Record(Attempt{At: at, Error: "timeout"})
	if d.Status != DeliveryFailed || !d.Next.IsZero() || d.Attempts != 7 || d.Error != "timeout" {
		t.Fatalf("seventh failure: %+v, want given up", d)
	}
	if at.Sub(made) >= GiveUpAfter {
		t.Fatalf("the last attempt came %s after the delivery was made", at.Sub(made))
	}

	late := Delivery{Created: made, Status: DeliveryPending}.Record(Attempt{At: made.Add(23*time.Hour + 59*time.Minute + 30*time.Second), StatusCode: 502})
	if late.Status != DeliveryFailed {
		t.Errorf("a first failure a minute before the day ends: %+v, want given up", late)
	}
	ok := Delivery{Created: made, Status: DeliveryPending}.Record(Attempt{At: made, StatusCode: 204, Duration: 80 * time.Millisecond})
	if ok.Status != DeliveryDelivered || !ok.Next.IsZero() || ok.Duration != 80*time.Millisecond {
		t.Errorf("a 204: %+v", ok)
	}
	if (Attempt{StatusCode: 302}).Succeeded() || (Attempt{StatusCode: 199}).Succeeded() {
		t.Error("a non-2xx status succeeded")
	}
}

func TestWebhookInput(t *testing.T) {
	str := func(s string) *string { return &s }
	for _, tc := range []struct {
		in     WebhookInput
		create bool
		field  string
	}{
		{WebhookInput{URL: str("https://example.com/h"), Kinds: []WebhookKind{HookEventCreated}}, true, ""},
		{WebhookInput{Kinds: []WebhookKind{HookEventCreated}}, true, "url"},
		{WebhookInput{URL: str("example.com/h"), Kinds: []WebhookKind{HookEventCreated}}, true, "url"},
		{WebhookInput{URL: str("https://example.com/h")}, true, "kinds"},
		{WebhookInput{URL: str("https://example.com/h"), Kinds: []WebhookKind{HookTest}}, true, "kinds"},
		{WebhookInput{Description: str("only this")}, false, ""},
		{WebhookInput{Kinds: []WebhookKind{}}, false, "kinds"},
	} {
		err := tc.in.Validate(tc.create)
		fields := map[string][]string{}
		if de, ok := err.(*Error); ok {
			fields = de.Fields
		}
		if (tc.field == "") != (err == nil) || tc.field != "" && len(fields[tc.field]) == 0 {
			t.Errorf("%+v (create %v): %v, want a message for %q", tc.in, tc.create, err, tc.field)
		}
	}
	in := WebhookInput{URL: str(" https://example.com/h "), Kinds: []WebhookKind{HookEventDeleted, HookEventCreated, HookEventCreated}}
	if err := in.Validate(true); err != nil || *in.URL != "https://example.com/h" || len(in.Kinds) != 2 || in.Kinds[0] != HookEventCreated {
		t.Errorf("normalized: %v %q %v", err, *in.URL, in.Kinds)
	}
}

func TestWebhookSecretsOverlap(t *testing.T) {
	now := time.Now()
	w := Webhook{Secret: "new", PreviousSecret: "old", PreviousUntil: now.Add(time.Hour)}
	if got := w.Secrets(now); len(got) != 2 || got[0] != "new" {
		t.Errorf("during the overlap: %v", got)
	}
	if got := w.Secrets(now.Add(2 * time.Hour)); len(got) != 1 || got[0] != "new" {
		t.Errorf("after it: %v", got)
	}
}
