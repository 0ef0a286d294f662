package mailer_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/mail/feedback"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/mail/ses"
	"turnout/pkg/testenv"
)

// TestATimedOutSendIsNeverSentAgainAtOnce: two sends SES took but never
// answered (a stall) keep their claims: the stream's redelivery sends
// neither again. SES then reports one of them sent, which settles it; the
// other, never reported, goes again once after feedback.MaybeSentWait.
func TestATimedOutSendIsNeverSentAgainAtOnce(t *testing.T) {
	o := newOutbox(t)
	stalledCfg := o.cfg
	stalledCfg.Deadlines = config.ProductionDeadlines
	awsCfg, err := stalledCfg.AWS()
	if err != nil {
		t.Fatal(err)
	}
	ana, bo := unique("ana"), unique("bo")
	idA, recA := o.queue(t, message(ana, "Maybe A"), "1")
	idB, recB := o.queue(t, message(bo, "Maybe B"), "2")
	batch := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recA, recB}}
	stalled := o.d
	stalled.Mail = ses.New(awsCfg, testenv.StalledEndpoint(t), o.cfg.MailFrom)
	if res, err := stalled.Handle(t.Context(), batch); err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("Handle = %+v, %v; want both settled as maybe sent", res, err)
	}
	if o.queued(t, idA) || o.queued(t, idB) {
		t.Error("a message maybe sent is still queued")
	}
	// The stream hands the records again, SES answering now: nothing goes.
	if res, err := o.d.Handle(t.Context(), batch); err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("redelivery = %+v, %v", res, err)
	}
	if a, b := len(mailtest.Inbox(t, o.sesURL, ana)), len(mailtest.Inbox(t, o.sesURL, bo)); a+b != 0 {
		t.Fatalf("a mail maybe sent was sent again at once (%d, %d)", a, b)
	}
	parked, err := o.st.MaybeSentBefore(t.Context(), time.Now().Add(time.Hour))
	if err != nil || len(parked) != 2 {
		t.Fatalf("parked %+v, %v; want the two", parked, err)
	}
	refOf := map[string]string{}
	for _, p := range parked {
		refOf[p.Message.To] = p.Message.Ref
	}

	// SES reports ana's mail sent (an event of the configuration set).
	sent := fmt.Sprintf(`{"eventType":"Send","send":{},"mail":{"messageId":"EXAMPLE-1","destination":[%q],"tags":{%q:[%q]}}}`, ana, domain.MailRefTag, refOf[ana])
	h := feedback.Handler{Store: o.st, Now: time.Now}
	if err := h.Handle(t.Context(), events.SNSEvent{Records: []events.SNSEventRecord{{SNS: events.SNSEntity{MessageID: "s1", Message: sent}}}}); err != nil {
		t.Fatal(err)
	}

	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	if _, err := streamrelay.Start(ctx, o.awsCfg, o.endpoint, o.st, time.Now, o.d.Handle); err != nil {
		t.Fatal(err)
	}
	at := func(d time.Duration) feedback.Reconciler {
		return feedback.Reconciler{Store: o.st, Now: func() time.Time { return time.Now().Add(d) }}
	}
	if n, err := at(0).Run(t.Context()); n != 0 || err != nil {
		t.Fatalf("reconciled %d (%v) before SES had time to report", n, err)
	}
	if n, err := at(feedback.MaybeSentWait + time.Minute).Run(t.Context()); n != 1 || err != nil {
		t.Fatalf("reconciled %d (%v), want bo's unreported mail", n, err)
	}
	for deadline := time.Now().Add(15 * time.Second); len(mailtest.Inbox(t, o.sesURL, bo)) == 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if n, err := at(feedback.MaybeSentWait + time.Minute).Run(t.Context()); n != 0 || err != nil {
		t.Errorf("reconciled %d (%v) again", n, err)
	}
	if a, b := len(mailtest.Inbox(t, o.sesURL, ana)), len(mailtest.Inbox(t, o.sesURL, bo)); a != 0 || b != 1 {
		t.Errorf("ana got %d mails (reported sent: want 0), bo %d (never reported: want 1)", a, b)
	}
}
