// Package outbox is how the functions on a request path send mail: they
// queue the message in the table, and the mailer function (pkg/mail/mailer),
// fed by the table's stream, delivers it through SES. So no request waits
// on SES, no API function links an SES client, and a message outlives an
// SES outage.
package outbox

import (
	"context"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// Queue sends mail by queuing it; it is the accounts' Mailer in AWS.
type Queue struct {
	Store *store.Store
	Now   func() time.Time
}

// Send queues m with one PutItem, as priority mail: every message of an
// account (activation, reset, email change, its notices) is one a person
// waits for, which event mail must not hold up.
func (q Queue) Send(ctx context.Context, m domain.Message) error {
	m.Priority = true
	_, err := q.Store.QueueMail(ctx, m, q.Now())
	return err
}
