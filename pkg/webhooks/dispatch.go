package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/oklog/ulid/v2"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// Dispatcher queues the messages changes ask for, one delivery per
// endpoint of the organization that hears of the change's kind; an
// organization with no endpoint costs one Query a change.
type Dispatcher struct {
	Store Store
	Now   func() time.Time
}

// Message is a delivery's body: the kind, when the change was told, and
// its object as the API shows it.
type Message struct {
	Type      domain.WebhookKind `json:"type"`
	Timestamp time.Time          `json:"timestamp"`
	Data      Data               `json:"data"`
}

// Data is what a message is about: the organization, the event, and the
// attendee, the registration given up, or the event itself.
type Data struct {
	OrganizationID string                  `json:"organization_id"`
	EventID        string                  `json:"event_id,omitempty"`
	SeriesID       string                  `json:"series_id,omitempty"`
	WebhookID      string                  `json:"webhook_id,omitempty"`
	Attendee       *httpapi.ListedAttendee `json:"attendee,omitempty"`
	Registration   *Departed               `json:"registration,omitempty"`
	// Event is the event as its organizers see it (the events API's answer).
	Event any `json:"event,omitempty"`
}

// Departed is a registration given up or declined: the attendee is gone,
// so only its ids and the status it had.
type Departed struct {
	RegistrationID string                    `json:"registration_id"`
	UserID         string                    `json:"user_id"`
	Status         domain.RegistrationStatus `json:"status"`
}

// NewDeliveryID is a delivery's webhook-id: "msg_" and a ULID, so an
// endpoint's log sorts by time.
func NewDeliveryID(at time.Time) string {
	return "msg_" + ulid.MustNew(ulid.Timestamp(at), ulid.DefaultEntropy()).String()
}

// Announce queues a message of each of kinds with data to every endpoint
// of data's organization that hears of it, reading its endpoints once;
// once names the fact when it may be told again (domain.Delivery.Once).
func (d Dispatcher) Announce(ctx context.Context, data Data, once string, kinds ...domain.WebhookKind) error {
	hooks, err := d.Store.Webhooks(ctx, data.OrganizationID)
	if err != nil {
		return err
	}
	for _, kind := range kinds {
		var hearing []domain.Webhook
		for _, h := range hooks {
			if h.Hears(kind) {
				hearing = append(hearing, h)
			}
		}
		if len(hearing) == 0 {
			continue
		}
		if err := d.queue(ctx, hearing, kind, data, once); err != nil {
			return err
		}
	}
	return nil
}

func (d Dispatcher) queue(ctx context.Context, hooks []domain.Webhook, kind domain.WebhookKind, data Data, once string) error {
	now := d.Now()
	ds := make([]domain.Delivery, len(hooks))
	for i, h := range hooks {
		body, err := json.Marshal(Message{Type: kind, Timestamp: now, Data: data.shownTo(h)})
		if err != nil {
			return fmt.Errorf("webhook message %s: %w", kind, err)
		}
		ds[i] = domain.Delivery{
			ID: NewDeliveryID(now), WebhookID: h.ID, OrganizationID: h.OrganizationID, Kind: kind,
			Body: body, Created: now, Status: domain.DeliveryPending, Once: once,
		}
	}
	return d.Store.QueueDeliveries(ctx, ds)
}

// shownTo is data as h's messages may show it: without the attendee or
// the event when h's scopes would hide them (its ids stay).
func (data Data) shownTo(h domain.Webhook) Data {
	if !h.Shows(domain.ScopeAttendeesRead) {
		data.Attendee = nil
	}
	if !h.Shows(domain.ScopeEventsRead) {
		data.Event = nil
	}
	return data
}

// FromChange queues what a change of the table's stream tells: the
// registration kinds, from attendee items and departures.
func (d Dispatcher) FromChange(ctx context.Context, change domain.TableChange) error {
	switch c := change.(type) {
	case domain.AttendeeWritten:
		return d.fromAttendee(ctx, c)
	case domain.DepartureAdded:
		return d.fromDeparture(ctx, c.Departure)
	}
	return nil
}

// attendeeKind is what a change of an attendee item tells, as the mailer
// reads the same changes (pkg/mail/mailer/registrations.go); "" for none.
func attendeeKind(c domain.AttendeeWritten) domain.WebhookKind {
	switch {
	case c.Inserted && c.Status == domain.StatusPending:
		return domain.HookRegistrationPending
	case c.Inserted:
		return domain.HookRegistrationCreated
	case c.CheckedIn:
		return domain.HookCheckedIn
	case c.Approved && (c.Status == domain.StatusRegistered || c.Status == domain.StatusWaitlisted):
		if c.Promoted {
			return domain.HookRegistrationPromoted
		}
		return domain.HookRegistrationApproved
	case c.Promoted && c.Status == domain.StatusRegistered:
		return domain.HookRegistrationPromoted
	}
	return ""
}

func (d Dispatcher) fromAttendee(ctx context.Context, c domain.AttendeeWritten) error {
	kind := attendeeKind(c)
	if kind == "" || c.RegistrationID == "" {
		return nil
	}
	e, err := d.Store.Event(ctx, c.EventID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // deleted meanwhile: event.deleted tells
	} else if err != nil {
		return err
	}
	hooks, err := d.hearing(ctx, e.OrganizationID, kind)
	if err != nil || len(hooks) == 0 {
		return err
	}
	a, err := d.Store.Attendee(ctx, c.EventID, c.UserID)
	if errors.Is(err, domain.ErrNotFound) || err == nil && a.ID != c.RegistrationID {
		return nil // given up meanwhile: registration.cancelled tells
	} else if err != nil {
		return err
	}
	listed := httpapi.ListedAttendeeOf(e, a)
	data := Data{OrganizationID: e.OrganizationID, EventID: e.ID, Attendee: &listed}
	return d.queue(ctx, hooks, kind, data, string(kind)+"#"+c.RegistrationID)
}

func (d Dispatcher) fromDeparture(ctx context.Context, dep domain.Departure) error {
	kind, had := domain.HookRegistrationCancelled, dep.Status
	if dep.Declined() {
		kind, had = domain.HookRegistrationDeclined, domain.StatusPending
	}
	e, err := d.Store.Event(ctx, dep.EventID)
	if errors.Is(err, domain.ErrNotFound) {
		e, err = d.Store.DeletedEvent(ctx, dep.EventID)
	}
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	reg := &Departed{RegistrationID: dep.RegistrationID, UserID: dep.UserID, Status: had}
	data := Data{OrganizationID: e.OrganizationID, EventID: e.ID, Registration: reg}
	return d.Announce(ctx, data, string(kind)+"#"+dep.RegistrationID, kind)
}

// hearing are orgID's endpoints that hear of kind.
func (d Dispatcher) hearing(ctx context.Context, orgID string, kind domain.WebhookKind) ([]domain.Webhook, error) {
	hooks, err := d.Store.Webhooks(ctx, orgID)
	if err != nil {
		return nil, err
	}
	var out []domain.Webhook
	for _, h := range hooks {
		if h.Hears(kind) {
			out = append(out, h)
		}
	}
	return out, nil
}
