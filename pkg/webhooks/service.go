package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/oklog/ulid/v2"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// Service is the owners' calls about their endpoints and deliveries (an
// API token with webhooks:write acts as an owner).
type Service struct {
	Store     Store
	Guard     Guard
	Deliverer Deliverer
	Now       func() time.Time
}

// owned is the organization u manages endpoints of: orgID, or u's own.
func owned(u domain.User, orgID string) (string, error) {
	return domain.MemberOrganization(u, orgID, domain.DutyOrganization)
}

// List is orgID's endpoints.
func (s *Service) List(ctx context.Context, u domain.User, orgID string) ([]domain.Webhook, error) {
	orgID, err := owned(u, orgID)
	if err != nil {
		return nil, err
	}
	return s.Store.Webhooks(ctx, orgID)
}

// Create registers an endpoint of orgID; the answer holds its secret.
func (s *Service) Create(ctx context.Context, u domain.User, orgID string, in domain.WebhookInput) (domain.Webhook, error) {
	orgID, err := owned(u, orgID)
	if err != nil {
		return domain.Webhook{}, err
	}
	if err := in.Validate(true); err != nil {
		return domain.Webhook{}, err
	}
	if err := s.Guard.CheckURL(ctx, *in.URL); err != nil {
		return domain.Webhook{}, err
	}
	hooks, err := s.Store.Webhooks(ctx, orgID)
	if err != nil {
		return domain.Webhook{}, err
	}
	if len(hooks) >= domain.MaxWebhooks {
		return domain.Webhook{}, domain.Errorf(domain.CodeConflict, domain.MsgTooManyWebhooks)
	}
	now := s.Now()
	w := domain.Webhook{
		ID: ulid.Make().String(), OrganizationID: orgID, URL: *in.URL, Kinds: in.Kinds,
		Secret: auth.NewWebhookSecret(), Enabled: true, Created: now, Scopes: u.Scopes,
	}
	if in.Description != nil {
		w.Description = *in.Description
	}
	return w, s.Store.SaveWebhook(ctx, w, true)
}

// endpoint reads endpoint id of orgID for u.
func (s *Service) endpoint(ctx context.Context, u domain.User, orgID, id string) (domain.Webhook, error) {
	orgID, err := owned(u, orgID)
	if err != nil {
		return domain.Webhook{}, err
	}
	w, err := s.Store.Webhook(ctx, orgID, id)
	if err != nil {
		return w, notFound(err, domain.MsgWebhookNotFound)
	}
	return w, nil
}

// Update changes what in names of endpoint id; turning a disabled endpoint
// on clears its failures.
func (s *Service) Update(ctx context.Context, u domain.User, orgID, id string, in domain.WebhookInput) (domain.Webhook, error) {
	w, err := s.endpoint(ctx, u, orgID, id)
	if err != nil {
		return w, err
	}
	if err := in.Validate(false); err != nil {
		return w, err
	}
	if in.URL != nil && *in.URL != w.URL {
		if err := s.Guard.CheckURL(ctx, *in.URL); err != nil {
			return w, err
		}
		w.URL = *in.URL
	}
	if in.Description != nil {
		w.Description = *in.Description
	}
	if in.Kinds != nil {
		w.Kinds = in.Kinds
	}
	if in.Enabled != nil && *in.Enabled != w.Enabled {
		w.Enabled, w.DisabledAt, w.FailingSince = *in.Enabled, time.Time{}, time.Time{}
	}
	w.Scopes = u.Scopes // its messages show what the last to change it may see
	return w, notFound(s.Store.SaveWebhook(ctx, w, false), domain.MsgWebhookNotFound)
}

// Delete removes endpoint id.
func (s *Service) Delete(ctx context.Context, u domain.User, orgID, id string) error {
	w, err := s.endpoint(ctx, u, orgID, id)
	if err != nil {
		return err
	}
	return notFound(s.Store.DeleteWebhook(ctx, w.OrganizationID, id), domain.MsgWebhookNotFound)
}

// Rotate gives endpoint id a new secret; the one before still signs for
// domain.SecretOverlap.
func (s *Service) Rotate(ctx context.Context, u domain.User, orgID, id string) (domain.Webhook, error) {
	w, err := s.endpoint(ctx, u, orgID, id)
	if err != nil {
		return w, err
	}
	w.PreviousSecret, w.PreviousUntil, w.Secret = w.Secret, s.Now().Add(domain.SecretOverlap), auth.NewWebhookSecret()
	return w, notFound(s.Store.SaveWebhook(ctx, w, false), domain.MsgWebhookNotFound)
}

// Deliveries is a page of endpoint id's log, newest first.
func (s *Service) Deliveries(ctx context.Context, u domain.User, orgID, id, after string, limit int) ([]domain.Delivery, string, error) {
	w, err := s.endpoint(ctx, u, orgID, id)
	if err != nil {
		return nil, "", err
	}
	return s.Store.Deliveries(ctx, w.ID, after, limit)
}

// SendAgain attempts a delivery of endpoint id again now.
func (s *Service) SendAgain(ctx context.Context, u domain.User, orgID, id, deliveryID string) (domain.Delivery, error) {
	w, err := s.endpoint(ctx, u, orgID, id)
	if err != nil {
		return domain.Delivery{}, err
	}
	d, err := s.Deliverer.SendAgain(ctx, w.OrganizationID, w.ID, deliveryID)
	return d, notFound(err, domain.MsgDeliveryNotFound)
}

// SendTest sends endpoint id a webhook.test message now (not through the
// stream: it is Inline) and answers its delivery.
func (s *Service) SendTest(ctx context.Context, u domain.User, orgID, id string) (domain.Delivery, error) {
	w, err := s.endpoint(ctx, u, orgID, id)
	if err != nil {
		return domain.Delivery{}, err
	}
	now := s.Now()
	body, err := testMessage(w, now)
	if err != nil {
		return domain.Delivery{}, err
	}
	d := domain.Delivery{
		ID: NewDeliveryID(now), WebhookID: w.ID, OrganizationID: w.OrganizationID, Kind: domain.HookTest,
		Body: body, Created: now, Status: domain.DeliveryPending, Inline: true,
	}
	if err := s.Store.QueueDeliveries(ctx, []domain.Delivery{d}); err != nil {
		return d, err
	}
	return s.Deliverer.attempt(ctx, d, true)
}

// notFound gives a missing endpoint or delivery its message.
func notFound(err error, msg string) error {
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeNotFound, "%s", msg)
	}
	return err
}

// testMessage is the body of a webhook.test message to w.
func testMessage(w domain.Webhook, now time.Time) ([]byte, error) {
	return json.Marshal(Message{Type: domain.HookTest, Timestamp: now, Data: Data{OrganizationID: w.OrganizationID, WebhookID: w.ID}})
}
