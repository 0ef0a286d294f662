package mailer_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/store"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// outbox is a fresh table on the emulators, with a raw client to look at it.
type outbox struct {
	st     *store.Store
	db     *dynamodb.Client
	table  string
	sesURL string
	d      mailer.Deliverer
	cfg    config.Config
	// awsCfg and endpoint reach DynamoDB Local (for the stream relay).
	awsCfg   aws.Config
	endpoint string
}

func newOutbox(t *testing.T) outbox {
	t.Helper()
	cfg, awsCfg := testenv.Config(t)
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(t.Context()); err != nil {
		t.Fatal(err)
	}
	db := dynamodb.NewFromConfig(awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(cfg.DynamoDBEndpoint) })
	return outbox{st: st, db: db, table: cfg.Table, sesURL: cfg.SESEndpoint, d: mailer.New(cfg, awsCfg, st), cfg: cfg, awsCfg: awsCfg, endpoint: cfg.DynamoDBEndpoint}
}

func message(to, subject string) domain.Message {
	return domain.Message{To: to, Subject: subject, Text: "Hello " + to, HTML: "<p>Hello</p>"}
}

// queue queues m and returns the stream record Lambda would hand the mailer.
func (o outbox) queue(t *testing.T, m domain.Message, seq string) (string, events.DynamoDBEventRecord) {
	t.Helper()
	id, err := o.st.QueueMail(t.Context(), m, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	pk := events.NewStringAttribute("MAIL#" + id)
	return id, events.DynamoDBEventRecord{EventName: "INSERT", Change: events.DynamoDBStreamRecord{
		SequenceNumber: seq,
		Keys:           map[string]events.DynamoDBAttributeValue{"PK": pk, "SK": events.NewStringAttribute("MAIL")},
		NewImage: map[string]events.DynamoDBAttributeValue{
			"PK": pk, "SK": events.NewStringAttribute("MAIL"), "To": events.NewStringAttribute(m.To),
			"Subject": events.NewStringAttribute(m.Subject), "Text": events.NewStringAttribute(m.Text), "HTML": events.NewStringAttribute(m.HTML),
		},
	}}
}

// queued reports whether message id is still in the outbox.
func (o outbox) queued(t *testing.T, id string) bool {
	t.Helper()
	out, err := o.db.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: &o.table, Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "MAIL#" + id}, "SK": &types.AttributeValueMemberS{Value: "MAIL"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item != nil
}

func unique(name string) string {
	return name + "-" + strings.ToLower(time.Now().Format("150405.000000000")) + "@example.com"
}

func TestDeliverSendsEachQueuedMessageAndForgetsIt(t *testing.T) {
	o := newOutbox(t)
	ana, bo := unique("ana"), unique("bo")
	idA, recA := o.queue(t, message(ana, "First"), "1")
	idB, recB := o.queue(t, message(bo, "Second"), "2")
	other := events.DynamoDBEventRecord{EventName: "MODIFY", Change: events.DynamoDBStreamRecord{SequenceNumber: "3",
		Keys: map[string]events.DynamoDBAttributeValue{"PK": events.NewStringAttribute("USER#x")}}}
	res, err := o.d.Handle(t.Context(), events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recA, other, recB}})
	if err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("Handle = %+v, %v; want every record handled", res, err)
	}
	for to, subject := range map[string]string{ana: "First", bo: "Second"} {
		inbox := mailtest.Inbox(t, o.sesURL, to)
		if len(inbox) != 1 || inbox[0].Subject != subject || inbox[0].Text != "Hello "+to {
			t.Errorf("inbox of %s = %+v, want the one message %q", to, inbox, subject)
		}
	}
	if o.queued(t, idA) || o.queued(t, idB) {
		t.Error("a delivered message is still in the outbox")
	}
}

// failingSender fails every message to one address.
type failingSender struct {
	mailer.Sender
	failTo string
	sent   []string
}

func (f *failingSender) Send(ctx context.Context, m domain.Message) error {
	if m.To == f.failTo {
		return errors.New("SES is down")
	}
	f.sent = append(f.sent, m.To)
	return f.Sender.Send(ctx, m)
}

// A send that fails for now (SES down) is reported for the retry, and
// the rest of the batch is still sent; the retry sends each mail once.
func TestDeliverReportsAFailedSendAndGoesOn(t *testing.T) {
	o := newOutbox(t)
	ana, bo, cy := unique("ana"), unique("bo"), unique("cy")
	_, recA := o.queue(t, message(ana, "First"), "10")
	idB, recB := o.queue(t, message(bo, "Second"), "20")
	idC, recC := o.queue(t, message(cy, "Third"), "30")
	sender := &failingSender{Sender: o.d.Mail, failTo: bo}
	d := o.d
	d.Mail = sender
	res, err := d.Handle(t.Context(), events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recA, recB, recC}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "20" {
		t.Fatalf("failures = %+v, want the failed record (20) alone", res.BatchItemFailures)
	}
	if len(sender.sent) != 2 || sender.sent[0] != ana || sender.sent[1] != cy {
		t.Errorf("sent to %v, want the messages before and after the failure", sender.sent)
	}
	if !o.queued(t, idB) || o.queued(t, idC) {
		t.Error("the failed message must stay queued for the retry, the sent one not")
	}

	// Lambda retries from the failed record on: each is sent once (the
	// failed send's claim was withdrawn, the sent one's kept).
	res, err = o.d.Handle(t.Context(), events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recB, recC}})
	if err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("retry = %+v, %v", res, err)
	}
	for _, to := range []string{ana, bo, cy} {
		if n := len(mailtest.Inbox(t, o.sesURL, to)); n != 1 {
			t.Errorf("%s got %d mails, want 1", to, n)
		}
	}
}

// A batch delivered twice (Lambda retries whole batches after a timeout,
// and a stream delivers at least once) sends each mail once.
func TestDeliverSendsEachMailOnceWhenABatchComesAgain(t *testing.T) {
	o := newOutbox(t)
	ana, bo := unique("ana"), unique("bo")
	_, recA := o.queue(t, message(ana, "First"), "1")
	_, recB := o.queue(t, message(bo, "Second"), "2")
	batch := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recA, recB}}
	for range 2 {
		if res, err := o.d.Handle(t.Context(), batch); err != nil || len(res.BatchItemFailures) != 0 {
			t.Fatalf("Handle = %+v, %v", res, err)
		}
	}
	for _, to := range []string{ana, bo} {
		if n := len(mailtest.Inbox(t, o.sesURL, to)); n != 1 {
			t.Errorf("%s got %d mails, want 1", to, n)
		}
	}
}

// TestDeliverSettlesAMailSESRefusesForGood: a batch holding a poison
// record (SES rejects its address, as the sandbox does an unverified one)
// between good ones sends every good mail once and reports nothing to
// retry: the refused mail is settled, not retried for the record's hour
// while the mail behind it waits (and then lost with it).
func TestDeliverSettlesAMailSESRefusesForGood(t *testing.T) {
	o := newOutbox(t)
	ana, bad, cy := unique("ana"), unique("bad"), unique("cy")
	_, recA := o.queue(t, message(ana, "First"), "1")
	idBad, recBad := o.queue(t, message(bad, "Refused"), "2")
	_, recC := o.queue(t, message(cy, "Third"), "3")
	awsCfg := o.awsCfg.Copy()
	awsCfg.HTTPClient = sesRejecting{next: awsCfg.HTTPClient, address: bad}
	d := mailer.New(o.cfg, awsCfg, o.st)
	batch := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recA, recBad, recC}}
	for range 2 { // a batch may come again: nothing is sent twice
		if res, err := d.Handle(t.Context(), batch); err != nil || len(res.BatchItemFailures) != 0 {
			t.Fatalf("Handle = %+v, %v; want every record settled", res, err)
		}
	}
	for to, want := range map[string]int{ana: 1, bad: 0, cy: 1} {
		if n := len(mailtest.Inbox(t, o.sesURL, to)); n != want {
			t.Errorf("%s got %d mails, want %d", to, n, want)
		}
	}
	if o.queued(t, idBad) {
		t.Error("the refused message is still queued")
	}
}

// sesRejecting answers SendEmail to address as SES answers a message it
// refuses (400 MessageRejected), and passes every other call on.
type sesRejecting struct {
	next    aws.HTTPClient
	address string
}

func (s sesRejecting) Do(r *http.Request) (*http.Response, error) {
	if r.Body != nil && strings.HasSuffix(r.URL.Path, "/v2/email/outbound-emails") {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		if bytes.Contains(body, []byte(s.address)) {
			return &http.Response{
				StatusCode: http.StatusBadRequest, Request: r,
				Header: http.Header{"X-Amzn-Errortype": {"MessageRejected"}, "Content-Type": {"application/json"}},
				Body:   io.NopCloser(strings.NewReader(`{"message":"Email address is not verified. The following identities failed the check in region EU-WEST-1: ` + s.address + `"}`)),
			}, nil
		}
	}
	if s.next == nil {
		return http.DefaultClient.Do(r)
	}
	return s.next.Do(r)
}

func TestDeliverDropsAMessageThatCanNeverBeSent(t *testing.T) {
	o := newOutbox(t)
	id, rec := o.queue(t, domain.Message{To: unique("ana"), Subject: "No body"}, "1")
	res, err := o.d.Handle(t.Context(), events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{rec}})
	if err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("Handle = %+v, %v; want it dropped, not retried", res, err)
	}
	if o.queued(t, id) {
		t.Error("a message with no body is still queued")
	}
}

// The local relay reads the real stream: what was queued before it started
// (by an earlier run) is not sent again; what is queued after is delivered
// before Send returns.
func TestRelayDeliversWhatIsQueuedAfterItStarts(t *testing.T) {
	o := newOutbox(t)
	before, after := unique("before"), unique("after")
	if _, err := o.st.QueueMail(t.Context(), message(before, "Old"), time.Now()); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	relay, err := streamrelay.Start(ctx, o.awsCfg, o.endpoint, o.st, time.Now, o.d.Handle)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := relay.Send(t.Context(), message(after, "New")); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
		if got := len(mailtest.Inbox(t, o.sesURL, after)); got != i+1 {
			t.Fatalf("after send %d the inbox holds %d messages, want %d", i, got, i+1)
		}
	}
	if got := mailtest.Inbox(t, o.sesURL, before); len(got) != 0 {
		t.Errorf("the message queued before the relay started was sent: %+v", got)
	}
}

func TestDeliverStopsBeforeTheInvocationRunsOutOfTime(t *testing.T) {
	o := newOutbox(t)
	ana := unique("ana")
	id, rec := o.queue(t, message(ana, "Late"), "7")
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	res, err := o.d.Handle(ctx, events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{rec}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "7" {
		t.Errorf("failures = %+v, want the record left for the retry", res.BatchItemFailures)
	}
	if got := mailtest.Inbox(t, o.sesURL, ana); len(got) != 0 || !o.queued(t, id) {
		t.Errorf("sent %d, queued %v; want nothing sent and the message kept", len(got), o.queued(t, id))
	}
}

// TestDeliverSendsNothingToASuppressedAddress: once SES reported an
// address bounced for good, a mail queued to it (in whatever case) is
// settled unsent, and the mail behind it goes.
func TestDeliverSendsNothingToASuppressedAddress(t *testing.T) {
	o := newOutbox(t)
	gone, ana := unique("gone"), unique("ana")
	if err := o.st.SuppressAddress(t.Context(), gone, domain.AddressBounced, time.Now()); err != nil {
		t.Fatal(err)
	}
	idGone, recGone := o.queue(t, message(strings.ToUpper(gone), "Reset"), "1")
	_, recAna := o.queue(t, message(ana, "Welcome"), "2")
	res, err := o.d.Handle(t.Context(), events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{recGone, recAna}})
	if err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("Handle = %+v, %v; want every record handled", res, err)
	}
	if n := len(mailtest.Inbox(t, o.sesURL, gone)); n != 0 {
		t.Errorf("the suppressed address got %d mails", n)
	}
	if n := len(mailtest.Inbox(t, o.sesURL, ana)); n != 1 {
		t.Errorf("the mail behind it: %d sent, want 1", n)
	}
	if o.queued(t, idGone) {
		t.Error("the unsent mail is still queued")
	}
}
