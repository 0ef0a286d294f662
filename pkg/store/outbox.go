package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"turnout/pkg/mail"
)

// The outbox: a function that sends mail writes the message as an item,
// and the mailer function, fed by the table's stream, delivers it through
// SES and deletes it. Functions on a request path thus need no SES client,
// and a message outlives an SES outage (the stream is retried).

// outboxPrefix starts the partition key of every queued message; the
// mailer's stream filter matches on it (infra/lib/app-stack.ts).
const outboxPrefix = "MAIL#"

// OutboxTTL bounds how long an undelivered message waits: past it, the links
// it carries are close to expiry or expired, and TTL removes the item.
const OutboxTTL = 24 * time.Hour

type outboxItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	To      string
	Subject string
	Text    string    `dynamo:",omitempty"`
	HTML    string    `dynamo:",omitempty"`
	Expires time.Time `dynamo:"TTL,unixtime"`
}

func outboxKey(id string) key { return key{outboxPrefix + id, "MAIL"} }

// QueueMail writes m to the outbox (one PutItem) and returns its id.
func (s *Store) QueueMail(ctx context.Context, m mail.Message, now time.Time) (string, error) {
	id := ulid.Make().String()
	k := outboxKey(id)
	item := outboxItem{PK: k.PK, SK: k.SK, To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, Expires: now.Add(OutboxTTL)}
	if err := s.table.Put(item).Run(ctx); err != nil {
		return "", fmt.Errorf("queue mail %q: %w", m.Subject, err)
	}
	return id, nil
}

// QueuedMailID returns the id of the outbox message whose partition key is
// pk, and false for any other item.
func QueuedMailID(pk string) (string, bool) {
	id, ok := strings.CutPrefix(pk, outboxPrefix)
	return id, ok && id != ""
}

// DeleteQueuedMail removes a delivered message, so the links it carries
// do not wait in the table for TTL.
func (s *Store) DeleteQueuedMail(ctx context.Context, id string) error {
	k := outboxKey(id)
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("delete queued mail %s: %w", id, err)
	}
	return nil
}
