// Package mailer is the mailer function: it reads the messages the other
// functions queue (pkg/mail/outbox) from the table's stream, sends each
// through SES and deletes it.
package mailer

import (
	"context"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/config"
	"turnout/pkg/mail"
	"turnout/pkg/mail/ses"
	"turnout/pkg/store"
)

// Sender delivers one message; *ses.Sender implements it.
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// Outbox forgets a delivered message; *store.Store implements it.
type Outbox interface {
	DeleteQueuedMail(ctx context.Context, id string) error
}

// Deliverer is the function's handler.
type Deliverer struct {
	Mail   Sender
	Outbox Outbox
}

// sendBudget is the time a send may take (config.ResponseTimeout with a
// margin): with less left before the invocation's deadline, Handle stops.
const sendBudget = config.ResponseTimeout + time.Second

// Handle sends the messages queued in a batch of stream records, in order.
// On a failed send it stops and reports that record: Lambda (with
// ReportBatchItemFailures) then retries the batch from it, so the messages
// before it are not sent twice. For the same reason it stops, reporting the
// next record, when the invocation's time is running out: a timed-out
// invocation would have its whole batch retried. Records that are not newly
// queued messages are skipped (the event source's filter already keeps most
// of them out).
func (d Deliverer) Handle(ctx context.Context, batch events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
	var res events.DynamoDBEventResponse
	for _, r := range batch.Records {
		id, m, ok := queued(r)
		if !ok {
			continue
		}
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < sendBudget {
			res.BatchItemFailures = append(res.BatchItemFailures, events.DynamoDBBatchItemFailure{ItemIdentifier: r.Change.SequenceNumber})
			return res, nil
		}
		if !complete(m) {
			// Retrying cannot make it sendable; it would only hold up
			// the messages behind it.
			slog.ErrorContext(ctx, "dropped an incomplete queued message", "id", id, "subject", m.Subject)
			d.forget(ctx, id)
			continue
		}
		if err := d.Mail.Send(ctx, m); err != nil {
			slog.ErrorContext(ctx, "deliver queued mail", "id", id, "subject", m.Subject, "err", err)
			res.BatchItemFailures = append(res.BatchItemFailures, events.DynamoDBBatchItemFailure{ItemIdentifier: r.Change.SequenceNumber})
			return res, nil
		}
		d.forget(ctx, id)
	}
	return res, nil
}

// forget deletes a handled message; if that fails, TTL removes it later.
func (d Deliverer) forget(ctx context.Context, id string) {
	if err := d.Outbox.DeleteQueuedMail(ctx, id); err != nil {
		slog.WarnContext(ctx, "delete queued mail", "id", id, "err", err)
	}
}

// QueuedID returns the id of the message a stream record queues, and false
// for a record that queues none.
func QueuedID(r events.DynamoDBEventRecord) (string, bool) {
	if r.EventName != "INSERT" {
		return "", false
	}
	return store.QueuedMailID(text(r.Change.Keys, "PK"))
}

// queued reads a newly queued message from a stream record.
func queued(r events.DynamoDBEventRecord) (string, mail.Message, bool) {
	id, ok := QueuedID(r)
	if !ok {
		return "", mail.Message{}, false
	}
	image := r.Change.NewImage
	return id, mail.Message{To: text(image, "To"), Subject: text(image, "Subject"), Text: text(image, "Text"), HTML: text(image, "HTML")}, true
}

func complete(m mail.Message) bool {
	return m.To != "" && m.Subject != "" && (m.Text != "" || m.HTML != "")
}

// text is a string attribute of an image, or "".
func text(image map[string]events.DynamoDBAttributeValue, name string) string {
	if v, ok := image[name]; ok && v.DataType() == events.DataTypeString {
		return v.String()
	}
	return ""
}

// New builds the mailer's handler once per process: SES (at cfg's
// endpoint, "" in AWS) and the table's outbox.
func New(cfg config.Config, awsCfg aws.Config, st *store.Store) Deliverer {
	return Deliverer{Mail: ses.New(awsCfg, cfg.SESEndpoint, cfg.MailFrom), Outbox: st}
}
