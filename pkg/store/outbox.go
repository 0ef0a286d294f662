package store

import (
	"context"
	"fmt"
	"time"

	"turnout/pkg/domain"

	"github.com/guregu/dynamo/v2"
	"github.com/oklog/ulid/v2"
)

// The outbox: a function that sends mail writes the message as an item,
// and the mailer function, fed by the table's stream, delivers it through
// SES and deletes it. Functions on a request path thus need no SES client,
// and a message outlives an SES outage (the stream is retried).

// OutboxTTL bounds how long an undelivered message waits: past it, the links
// it carries are close to expiry or expired, and TTL removes the item.
const OutboxTTL = 24 * time.Hour

type outboxItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	To      string
	Subject string
	Text    string `dynamo:",omitempty"`
	HTML    string `dynamo:",omitempty"`
	// Calendar is an event's calendar file to attach (the only attachment
	// a queued message has).
	Calendar string `dynamo:",omitempty"`
	// Unsubscribe is the message's one-click unsubscribe address.
	Unsubscribe string `dynamo:",omitempty"`
	// ReplyTo is where replies to the message go ("" to the sender).
	ReplyTo string `dynamo:",omitempty"`
	// Priority is the message's (its key says it in the outbox; a parked
	// message keeps it here).
	Priority bool      `dynamo:",omitempty"`
	Expires  time.Time `dynamo:"TTL,unixtime"`
}

// QueueMail writes m to the outbox (one PutItem) and returns its id.
func (s *Store) QueueMail(ctx context.Context, m domain.Message, now time.Time) (string, error) {
	id := ulid.Make().String()
	k := outboxKey(id, m.Priority)
	item := newOutboxItem(k, m, now)
	if err := s.table.Put(item).Run(ctx); err != nil {
		return "", fmt.Errorf("queue mail %q: %w", m.Subject, err)
	}
	return id, nil
}

func newOutboxItem(k key, m domain.Message, now time.Time) outboxItem {
	it := outboxItem{
		PK: k.PK, SK: k.SK, To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, Unsubscribe: m.Unsubscribe,
		ReplyTo: m.ReplyTo, Priority: m.Priority, Expires: now.Add(OutboxTTL),
	}
	for _, a := range m.Attachments {
		if a.Name == domain.CalendarFile {
			it.Calendar = string(a.Data)
		}
	}
	return it
}

// DeleteQueuedMail removes a delivered message (priority mail or not), so
// the links it carries do not wait in the table for TTL.
func (s *Store) DeleteQueuedMail(ctx context.Context, id string, priority bool) error {
	k := outboxKey(id, priority)
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("delete queued mail %s: %w", id, err)
	}
	return nil
}

// A mail's claim: written before the mail goes to SES and kept for
// SentTTL, so a mail named by the same key is sent once however often the
// stream delivers the record that asks for it.

// SentTTL is how long a claim is kept: longer than the stream keeps a
// record (24 hours), so no retry outlives it.
const SentTTL = 7 * 24 * time.Hour

type sentItem struct {
	PK      string    `dynamo:"PK,hash"`
	SK      string    `dynamo:"SK,range"`
	Expires time.Time `dynamo:"TTL,unixtime"`
}

// ClaimMail records that the mail named mailKey is being sent to address,
// and reports false when it already was, in one transaction that also
// checks the address is not suppressed (domain.ErrAddressSuppressed).
func (s *Store) ClaimMail(ctx context.Context, mailKey, address string, now time.Time) (bool, error) {
	k, nk := sentKey(mailKey), noMailKey(address)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Put(s.table.Put(sentItem{PK: k.PK, SK: k.SK, Expires: now.Add(SentTTL)}).If("attribute_not_exists(PK)")).
			Check(s.table.Check(attrPK, nk.PK).Range(attrSK, nk.SK).IfNotExists())
	})
	switch reasons := cancelReasons(err); {
	case err == nil:
		return true, nil
	case failedAt(reasons, 0):
		return false, nil
	case failedAt(reasons, 1):
		return false, fmt.Errorf("claim mail %s: %w", mailKey, domain.ErrAddressSuppressed)
	}
	return false, fmt.Errorf("claim mail %s: %w", mailKey, err)
}

// ReleaseMail withdraws the claim of a mail whose send failed, so the
// retry sends it.
func (s *Store) ReleaseMail(ctx context.Context, mailKey string) error {
	k := sentKey(mailKey)
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("release mail %s: %w", mailKey, err)
	}
	return nil
}
