package mailer_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/mail/mailtest"
)

// flakySender fails the first fails sends to one address, then sends.
type flakySender struct {
	mailer.Sender
	to    string
	mu    sync.Mutex
	fails int
}

func (f *flakySender) Send(ctx context.Context, m domain.Message) error {
	f.mu.Lock()
	failing := m.To == f.to && f.fails != 0
	if failing && f.fails > 0 {
		f.fails--
	}
	f.mu.Unlock()
	if failing {
		return errors.New("SES is down")
	}
	return f.Sender.Send(ctx, m)
}

func (o outbox) relay(t *testing.T, ctx context.Context, d mailer.Deliverer, opts streamrelay.Options) *streamrelay.Relay {
	t.Helper()
	r, err := streamrelay.StartWith(ctx, o.awsCfg, o.endpoint, o.st, time.Now, d.Handle, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRelayRetriesAFailingRecordUntilItPasses: as the deployed mapping
// does, the relay tries a failing record again (not three times and no
// more) until it is delivered.
func TestRelayRetriesAFailingRecordUntilItPasses(t *testing.T) {
	o := newOutbox(t)
	ana := unique("ana")
	d := o.d
	d.Mail = &flakySender{Sender: o.d.Mail, to: ana, fails: 5}
	r := o.relay(t, t.Context(), d, streamrelay.Options{})
	if err := r.Send(t.Context(), message(ana, "Patience")); err != nil {
		t.Fatalf("a mail SES refused five times: %v", err)
	}
	if n := len(mailtest.Inbox(t, o.sesURL, ana)); n != 1 {
		t.Errorf("%d mails arrived, want 1", n)
	}
}

// TestRelayGivesUpARecordPastItsAgeAndGoesOn: a record that keeps failing
// is given up once older than the maximum record age, and the mail behind
// it goes.
func TestRelayGivesUpARecordPastItsAgeAndGoesOn(t *testing.T) {
	o := newOutbox(t)
	poison, ana := unique("poison"), unique("ana")
	d := o.d
	d.Mail = &flakySender{Sender: o.d.Mail, to: poison, fails: -1}
	r := o.relay(t, t.Context(), d, streamrelay.Options{MaxRecordAge: 300 * time.Millisecond})
	if err := r.Send(t.Context(), message(poison, "Never")); err == nil {
		t.Error("a mail that never went was reported delivered")
	}
	if err := r.Send(t.Context(), message(ana, "Next")); err != nil {
		t.Fatalf("the mail behind a given-up one: %v", err)
	}
	if n := len(mailtest.Inbox(t, o.sesURL, ana)); n != 1 {
		t.Errorf("%d mails arrived, want 1", n)
	}
}

// TestRelayAccountMailPassesABacklogOfEventMail: while the mapping of event
// mail is held up (a fan-out, a stalled send), account mail, read by its
// own mapping, still goes at once.
func TestRelayAccountMailPassesABacklogOfEventMail(t *testing.T) {
	o := newOutbox(t)
	fan, ana := unique("fan"), unique("ana")
	release := make(chan struct{})
	defer close(release)
	held := func(ctx context.Context, batch events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
		for _, rec := range batch.Records {
			if q, ok := o.st.ChangeOf(rec).(domain.MailQueued); ok && !q.Message.Priority {
				select {
				case <-release:
				case <-ctx.Done():
				}
			}
		}
		return o.d.Handle(ctx, batch)
	}
	r, err := streamrelay.Start(t.Context(), o.awsCfg, o.endpoint, o.st, time.Now, held)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.st.QueueMail(t.Context(), message(fan, "Event news"), time.Now()); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	if err := r.Send(t.Context(), message(ana, "Reset your password")); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(began); took > 3*time.Second {
		t.Errorf("account mail took %v behind held event mail", took)
	}
	if a, f := len(mailtest.Inbox(t, o.sesURL, ana)), len(mailtest.Inbox(t, o.sesURL, fan)); a != 1 || f != 0 {
		t.Errorf("account mail %d (want 1), event mail %d (want 0: held)", a, f)
	}
}

// TestRelayResumesFromItsCheckpoint: mail queued while the relay was
// stopped goes when it starts again, and what it sent before is not sent
// again.
func TestRelayResumesFromItsCheckpoint(t *testing.T) {
	o := newOutbox(t)
	marks := t.TempDir()
	before := unique("before")
	ctx, stop := context.WithCancel(t.Context())
	first := o.relay(t, ctx, o.d, streamrelay.Options{Checkpoints: marks})
	if err := first.Send(t.Context(), message(before, "Before")); err != nil {
		t.Fatal(err)
	}
	stop()
	first.Wait()

	var meanwhile []string
	for i := range 5 {
		to := unique(fmt.Sprint("meanwhile", i))
		meanwhile = append(meanwhile, to)
		if _, err := o.st.QueueMail(t.Context(), message(to, "While stopped"), time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	o.relay(t, t.Context(), o.d, streamrelay.Options{Checkpoints: marks})
	for _, to := range meanwhile {
		for deadline := time.Now().Add(10 * time.Second); len(mailtest.Inbox(t, o.sesURL, to)) == 0 && time.Now().Before(deadline); {
			time.Sleep(50 * time.Millisecond)
		}
		if n := len(mailtest.Inbox(t, o.sesURL, to)); n != 1 {
			t.Errorf("%s: %d mails, want 1", to, n)
		}
	}
	if n := len(mailtest.Inbox(t, o.sesURL, before)); n != 1 {
		t.Errorf("the mail sent before the restart arrived %d times, want once", n)
	}
}
