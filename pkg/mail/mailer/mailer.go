// Package mailer is the mailer function: it reads the table's stream and
// sends through SES the messages the other functions queue
// (pkg/mail/outbox) and the mails of registrations (confirmed, waiting,
// given a seat, cancelled), each once. The same stream brings an
// organization's changes, whose name and logo it copies to its events.
package mailer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/auth"
	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/mail/sendrate"
	"turnout/pkg/mail/ses"
	"turnout/pkg/webhooks"
	"turnout/pkg/webhooks/ownermail"
)

// Sender delivers one message; *ses.Sender implements it.
type Sender interface {
	Send(ctx context.Context, m domain.Message) error
}

// Store is what the mailer reads and writes in the table.
type Store interface {
	DeleteQueuedMail(ctx context.Context, id string, priority bool) error
	DeleteBroadcast(ctx context.Context, id string) error
	DeleteDeparture(ctx context.Context, regID string) error
	ClaimMail(ctx context.Context, mailKey, address string, now time.Time) (bool, error)
	ReleaseMail(ctx context.Context, mailKey string) error
	MarkMaybeSent(ctx context.Context, m domain.Message, at time.Time) error
	Event(ctx context.Context, id string) (domain.Event, error)
	DeletedEvent(ctx context.Context, id string) (domain.Event, error)
	User(ctx context.Context, id string) (domain.User, error)
	Organization(ctx context.Context, id string) (domain.Organization, error)
	EachAttendee(ctx context.Context, eventID, after string, fn func(domain.Attendee) error) error
	MutedBy(ctx context.Context, ids []string, kind domain.MailKind) (map[string]bool, error)
	EachFollowerPage(ctx context.Context, orgID string, fn func(ids []string) error) error
	Reachable(ctx context.Context, ids []string, kind domain.MailKind) ([]domain.User, error)
	QueueMails(ctx context.Context, msgs map[string]domain.Message, now time.Time) error
	Attendee(ctx context.Context, eventID, userID string) (domain.Attendee, error)
	sendrate.Allowances
	CopyOrganizationToEvents(ctx context.Context, o domain.Organization) error
	// ChangeOf reads a record of the table's stream.
	ChangeOf(r events.DynamoDBEventRecord) domain.TableChange
	// The webhooks' deliveries ride on the same stream.
	webhooks.Store
	ownermail.Store
}

// Deliverer is the function's handler.
type Deliverer struct {
	Mail  Sender
	Store Store
	// Tickets signs the ticket codes the registration mails carry.
	Tickets auth.Tickets
	// Unsubscribes signs the one-click unsubscribe links of optional mail.
	Unsubscribes auth.Unsubscribes
	// WebOrigin is the site, where the mails' links lead.
	WebOrigin string
	Now       func() time.Time
	// Webhooks queues the webhook deliveries the same changes ask for and
	// makes their first attempts (pkg/webhooks).
	Webhooks webhooks.Worker
}

// sendBudget is the time a send may take (config.ResponseTimeout with a
// margin): with less left before the invocation's deadline, Handle stops.
const sendBudget = config.ResponseTimeout + time.Second

// Handle sends the mail a batch of stream records asks for, in order: the
// messages the API queued (pkg/mail/outbox), the mails of registrations,
// made from the changes of their attendee items (registrations.go), and
// the broadcasts to an event's people, queued one message per person
// (broadcasts.go). Each mail has a key and is claimed under it before
// it is sent, so a record delivered again sends nothing twice.
// A mail SES refused for good (domain.ErrUndeliverable) is settled: logged,
// counted (MailSendFailures) and not tried again. Any other failure is
// reported, and the rest of the batch still handled: Lambda (with
// ReportBatchItemFailures) retries from the first record reported, and
// what was sent meanwhile is not sent again. So one bad message never holds
// up or loses the mail behind it. When the invocation's time is running
// out it stops, reporting the next record: a timed-out invocation would
// have its whole batch retried. Other records are skipped (the event
// source's filter already keeps most of them out).
func (d Deliverer) Handle(ctx context.Context, batch events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
	var res events.DynamoDBEventResponse
	fail := func(r events.DynamoDBEventRecord) {
		res.BatchItemFailures = append(res.BatchItemFailures, events.DynamoDBBatchItemFailure{ItemIdentifier: r.Change.SequenceNumber})
	}
	for _, r := range batch.Records {
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < sendBudget {
			fail(r)
			return res, nil
		}
		err := d.handleChange(ctx, d.Store.ChangeOf(r))
		switch {
		case errors.Is(err, domain.ErrUndeliverable):
			slog.ErrorContext(ctx, "gave up an undeliverable mail", "record", r.Change.SequenceNumber, "err", err)
		case err != nil:
			fail(r)
		}
	}
	return res, nil
}

// handleChange sends the mail one change of the table asks for, after
// the webhook deliveries it asks for are queued (or, for a queued
// delivery, attempted).
func (d Deliverer) handleChange(ctx context.Context, change domain.TableChange) error {
	if err := d.Webhooks.HandleChange(ctx, change); err != nil {
		slog.ErrorContext(ctx, "webhooks of a change", "err", err)
		return err
	}
	switch c := change.(type) {
	case domain.BroadcastAdded:
		if err := d.fanOut(ctx, c.Broadcast); err != nil {
			slog.ErrorContext(ctx, "fan out a broadcast", "err", err)
			return err
		}
		return nil
	case domain.MailQueued:
		return d.deliverQueued(ctx, c.ID, mail.WithCalendar(c.Message, c.Calendar))
	case domain.OrganizationWritten:
		if err := d.Store.CopyOrganizationToEvents(ctx, c.Organization); err != nil {
			slog.ErrorContext(ctx, "copy an organization to its events", "err", err)
			return err
		}
		return nil
	}
	key, m, err := d.registrationMail(ctx, change)
	if err != nil {
		slog.ErrorContext(ctx, "make registration mail", "err", err)
		return err
	}
	if key == "" {
		return nil
	}
	if err := d.deliverOnce(ctx, key, m); err != nil {
		slog.ErrorContext(ctx, "deliver registration mail", "key", key, "subject", m.Subject, "err", err)
		return err
	}
	return nil
}

// deliverQueued sends a queued message once and deletes it.
func (d Deliverer) deliverQueued(ctx context.Context, id string, m domain.Message) error {
	if !complete(m) {
		// Retrying cannot make it sendable; it would only hold up the
		// messages behind it.
		slog.ErrorContext(ctx, "dropped an incomplete queued message", "id", id, "subject", m.Subject)
		d.forget(ctx, id, m.Priority)
		return nil
	}
	err := d.deliverOnce(ctx, "MAIL#"+id, m)
	if err != nil && !errors.Is(err, domain.ErrUndeliverable) {
		slog.ErrorContext(ctx, "deliver queued mail", "id", id, "subject", m.Subject, "err", err)
		return err
	}
	// Sent, or refused for good (Handle logs that): either way handled.
	d.forget(ctx, id, m.Priority)
	return err
}

// deliverOnce sends m unless the mail named key was sent already or its
// address is suppressed (it bounced for good, or complained: nothing is
// sent, and that is settled): the claim comes first, and a send that failed
// for now withdraws it for the retry. A send that timed out may have
// reached SES: it keeps its claim, so it is not sent again at once, and the
// message waits for SES's report of the send (pkg/mail/feedback), which
// sends it again only if none comes. (A crash between claim and send loses
// that one mail rather than sending any twice.)
func (d Deliverer) deliverOnce(ctx context.Context, key string, m domain.Message) error {
	claimed, err := d.Store.ClaimMail(ctx, key, m.To, d.Now())
	if errors.Is(err, domain.ErrAddressSuppressed) {
		slog.InfoContext(ctx, "skipped a mail to a suppressed address", "key", key, "subject", m.Subject)
		return nil
	}
	if err != nil || !claimed {
		return err
	}
	m.Ref = mailRef(key)
	err = d.Mail.Send(ctx, m)
	switch {
	case err == nil || errors.Is(err, domain.ErrUndeliverable):
		// Sent, or refused for good: either way settled, claim kept.
		return err
	case errors.Is(err, domain.ErrMaybeSent):
		perr := d.Store.MarkMaybeSent(ctx, m, d.Now())
		if perr == nil {
			slog.WarnContext(ctx, "a send timed out: waiting for SES to report it", "key", key, "ref", m.Ref, "subject", m.Subject)
			return nil
		}
		// Unparked, it would be lost: better sent twice.
		slog.ErrorContext(ctx, "park a mail maybe sent", "key", key, "err", perr)
	}
	if rerr := d.Store.ReleaseMail(ctx, key); rerr != nil {
		slog.ErrorContext(ctx, "release the claim of an unsent mail", "key", key, "err", rerr)
	}
	return err
}

// mailRef names the mail of key to SES: a digest, since keys hold account
// ids and SES keeps tags in its event records.
func mailRef(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// forget deletes a handled message; if that fails, TTL removes it later.
func (d Deliverer) forget(ctx context.Context, id string, priority bool) {
	if err := d.Store.DeleteQueuedMail(ctx, id, priority); err != nil {
		slog.WarnContext(ctx, "delete queued mail", "id", id, "err", err)
	}
}

func complete(m domain.Message) bool {
	return m.To != "" && m.Subject != "" && (m.Text != "" || m.HTML != "")
}

// New builds the mailer's handler once per process: SES (at cfg's
// endpoint, "" in AWS), the table, and the webhooks' sender.
func New(cfg config.Config, awsCfg aws.Config, st Store) Deliverer {
	return Deliverer{
		Mail: ses.New(awsCfg, cfg.SESEndpoint, cfg.MailFrom).Paced(sendrate.New(st, cfg.MailRate, time.Now)), Store: st,
		Tickets: auth.Tickets{Key: cfg.SigningKey}, Unsubscribes: auth.Unsubscribes{Key: cfg.SigningKey},
		WebOrigin: cfg.WebOrigin, Now: time.Now,
		Webhooks: webhooks.NewWorker(st, webhooks.NewGuard(cfg.Local()), ownermail.Owners{Store: st, WebOrigin: cfg.WebOrigin}, time.Now),
	}
}
