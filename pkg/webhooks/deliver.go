// Package webhooks tells an organization's endpoints of changes to its
// events and registrations: it queues a delivery per endpoint that hears
// of a change (dispatch.go), makes each delivery's attempts, signed as the
// Standard Webhooks specification says (send.go), only to public
// addresses (guard.go), retries it with backoff for a day (job.go), turns
// off an endpoint failing for three days and mails its owners, and serves
// the owners' calls about endpoints and their logs (service.go).
package webhooks

import (
	"context"
	"errors"
	"time"

	"turnout/pkg/domain"
)

// Store is what webhooks read and write in the table.
type Store interface {
	Webhooks(ctx context.Context, orgID string) ([]domain.Webhook, error)
	Webhook(ctx context.Context, orgID, id string) (domain.Webhook, error)
	SaveWebhook(ctx context.Context, w domain.Webhook, create bool) error
	DeleteWebhook(ctx context.Context, orgID, id string) error
	NoteWebhookFailure(ctx context.Context, w domain.Webhook, at time.Time, mayDisable bool) (bool, error)
	NoteWebhookSuccess(ctx context.Context, w domain.Webhook) error
	QueueDeliveries(ctx context.Context, ds []domain.Delivery) error
	Delivery(ctx context.Context, hookID, id string) (domain.Delivery, error)
	Deliveries(ctx context.Context, hookID, after string, limit int) ([]domain.Delivery, string, error)
	RecordDelivery(ctx context.Context, d domain.Delivery) error
	DueDeliveries(ctx context.Context, now time.Time) ([]domain.Delivery, error)
	Event(ctx context.Context, id string) (domain.Event, error)
	DeletedEvent(ctx context.Context, id string) (domain.Event, error)
	Attendee(ctx context.Context, eventID, userID string) (domain.Attendee, error)
}

// Owners tells an organization's owners that its endpoint was turned off
// (ownermail.Owners mails them).
type Owners interface {
	WebhookDisabled(ctx context.Context, hook domain.Webhook, at time.Time) error
}

// Deliverer makes deliveries' attempts and records them.
type Deliverer struct {
	Store  Store
	Sender Sender
	// Owners, when set, are told when an endpoint failing for
	// domain.DisableAfter is turned off; without it (the scheduled retry
	// job, which sends no mail) failures are recorded and the next first
	// attempt or test, made where mail is at hand, turns it off.
	Owners Owners
}

// Deliver attempts delivery id to endpoint hookID once, if it is still
// pending (a stream record handed over again, or a retry the job found
// twice, sends nothing more), and records how it went.
func (d Deliverer) Deliver(ctx context.Context, hookID, id string) error {
	del, err := d.Store.Delivery(ctx, hookID, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // expired
	}
	if err != nil || del.Status != domain.DeliveryPending || del.Attempts > 0 && d.Sender.Now().Before(del.Next) {
		return err
	}
	_, err = d.attempt(ctx, del, false)
	return err
}

// SendAgain attempts delivery id of orgID's endpoint hookID now, whatever
// its status: an owner's "send again".
func (d Deliverer) SendAgain(ctx context.Context, orgID, hookID, id string) (domain.Delivery, error) {
	del, err := d.Store.Delivery(ctx, hookID, id)
	if err == nil && del.OrganizationID != orgID {
		err = domain.ErrNotFound
	}
	if err != nil {
		return del, err
	}
	return d.attempt(ctx, del, true)
}

// attempt sends del to its endpoint and records how it went; a disabled
// endpoint is sent nothing unless again.
func (d Deliverer) attempt(ctx context.Context, del domain.Delivery, again bool) (domain.Delivery, error) {
	hook, err := d.Store.Webhook(ctx, del.OrganizationID, del.WebhookID)
	if errors.Is(err, domain.ErrNotFound) {
		return del, nil // removed: nothing to send to; the log expires
	}
	if err != nil {
		return del, err
	}
	if !hook.Enabled && !again {
		del.Status, del.Next, del.Error = domain.DeliveryFailed, time.Time{}, "endpoint disabled"
		return del, d.Store.RecordDelivery(ctx, del)
	}
	a := d.Sender.Attempt(ctx, hook, del)
	del = del.Record(a)
	if err := d.Store.RecordDelivery(ctx, del); err != nil {
		return del, err
	}
	return del, d.noteHealth(ctx, hook, a)
}

// noteHealth keeps hook's run of failures, turning it off and telling its
// owners once it lasts domain.DisableAfter.
func (d Deliverer) noteHealth(ctx context.Context, hook domain.Webhook, a domain.Attempt) error {
	if a.Succeeded() {
		if hook.FailingSince.IsZero() {
			return nil
		}
		return d.Store.NoteWebhookSuccess(ctx, hook)
	}
	disabled, err := d.Store.NoteWebhookFailure(ctx, hook, a.At, d.Owners != nil)
	if err != nil || !disabled {
		return err
	}
	return d.Owners.WebhookDisabled(ctx, hook, a.At)
}
