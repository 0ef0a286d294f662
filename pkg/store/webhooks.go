package store

import (
	"context"

	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An organization's webhook endpoints live in a partition of their own,
// one item each: a change finds the endpoints that hear of it with one
// Query. Each endpoint's deliveries live in another, newest last by their
// ids (ULIDs), for its log; TTL removes them after
// domain.DeliveryRetention. A delivery's insert is on the table's stream,
// which feeds the mailer function its first attempt (the outbox pattern
// of mail); a delivery waiting for a retry is in GSI1 under the UTC day of
// its next attempt, where the retry job finds what is due.

const (
	webhookPrefix   = "HOOK#"
	deliveryPrefix  = "DELIVERIES#"
	webhooksPKStart = "WEBHOOKS#"
)

func webhooksPK(orgID string) string     { return webhooksPKStart + orgID }
func webhookKey(orgID, id string) key    { return key{webhooksPK(orgID), webhookPrefix + id} }
func deliveryKey(hookID, id string) key  { return key{deliveryPrefix + hookID, id} }
func deliveriesDuePK(t time.Time) string { return "WEBHOOKRETRIES#" + t.UTC().Format("2006-01-02") }
func deliveriesDueSK(d domain.Delivery) string {
	return sortTime(d.Next) + "#" + d.WebhookID + "#" + d.ID
}

type webhookItem struct {
	PK, SK                 string
	URL                    string
	Description            string `dynamo:",omitempty"`
	Kinds                  []string
	Secret, PreviousSecret string    `dynamo:",omitempty"`
	PreviousUntil          time.Time `dynamo:",omitempty"`
	Enabled                bool
	DisabledAt             time.Time `dynamo:",omitempty"`
	FailingSince           time.Time `dynamo:",omitempty"`
	Created                time.Time
	// Scopes are absent (nil: everything) for an endpoint an owner made.
	Scopes []string `dynamo:",omitempty"`
}

func webhookItemOf(w domain.Webhook) webhookItem {
	k := webhookKey(w.OrganizationID, w.ID)
	kinds := make([]string, len(w.Kinds))
	for i, kind := range w.Kinds {
		kinds[i] = string(kind)
	}
	return webhookItem{
		PK: k.PK, SK: k.SK, URL: w.URL, Description: w.Description, Kinds: kinds, Secret: w.Secret,
		PreviousSecret: w.PreviousSecret, PreviousUntil: w.PreviousUntil, Enabled: w.Enabled,
		DisabledAt: w.DisabledAt, FailingSince: w.FailingSince, Created: w.Created, Scopes: scopeNames(w.Scopes),
	}
}

func scopeNames(scopes []domain.Scope) []string {
	if scopes == nil {
		return nil
	}
	names := make([]string, len(scopes))
	for i, s := range scopes {
		names[i] = string(s)
	}
	return names
}

func scopesOf(names []string) []domain.Scope {
	if names == nil {
		return nil
	}
	scopes := make([]domain.Scope, len(names))
	for i, n := range names {
		scopes[i] = domain.Scope(n)
	}
	return scopes
}

func (it webhookItem) domain() domain.Webhook {
	kinds := make([]domain.WebhookKind, len(it.Kinds))
	for i, k := range it.Kinds {
		kinds[i] = domain.WebhookKind(k)
	}
	return domain.Webhook{
		ID: strings.TrimPrefix(it.SK, webhookPrefix), OrganizationID: strings.TrimPrefix(it.PK, webhooksPKStart),
		URL: it.URL, Description: it.Description, Kinds: kinds, Secret: it.Secret, PreviousSecret: it.PreviousSecret,
		PreviousUntil: it.PreviousUntil, Enabled: it.Enabled, DisabledAt: it.DisabledAt, FailingSince: it.FailingSince, Created: it.Created,
		Scopes: scopesOf(it.Scopes),
	}
}

// Webhooks lists orgID's endpoints, oldest first (one Query).
func (s *Store) Webhooks(ctx context.Context, orgID string) ([]domain.Webhook, error) {
	var items []webhookItem
	if err := s.table.Get(attrPK, webhooksPK(orgID)).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("list webhooks of %s: %w", orgID, err)
	}
	hooks := make([]domain.Webhook, len(items))
	for i, it := range items {
		hooks[i] = it.domain()
	}
	return hooks, nil
}

// Webhook reads endpoint id of orgID (domain.ErrNotFound when there is none).
func (s *Store) Webhook(ctx context.Context, orgID, id string) (domain.Webhook, error) {
	var it webhookItem
	if err := s.get(ctx, webhookKey(orgID, id), &it, true); err != nil {
		return domain.Webhook{}, fmt.Errorf("get webhook %s: %w", id, err)
	}
	return it.domain(), nil
}

// SaveWebhook writes w: a new endpoint (create), or over the one there
// (domain.ErrNotFound when it was deleted meanwhile).
func (s *Store) SaveWebhook(ctx context.Context, w domain.Webhook, create bool) error {
	cond := "attribute_exists(PK)"
	if create {
		cond = "attribute_not_exists(PK)"
	}
	err := s.table.Put(webhookItemOf(w)).If(cond).Run(ctx)
	if dynamo.IsCondCheckFailed(err) && !create {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("save webhook %s: %w", w.ID, err)
	}
	return nil
}

// DeleteWebhook removes endpoint id of orgID (its deliveries expire).
func (s *Store) DeleteWebhook(ctx context.Context, orgID, id string) error {
	if err := s.deleteExisting(ctx, webhookKey(orgID, id)); err != nil {
		return fmt.Errorf("delete webhook %s: %w", id, err)
	}
	return nil
}

// NoteWebhookFailure records a failed attempt at at on w: the start of its
// failures if it had none, and, once they last domain.DisableAfter and
// mayDisable, turns it off. disabled is true only for the call that
// turned it off.
func (s *Store) NoteWebhookFailure(ctx context.Context, w domain.Webhook, at time.Time, mayDisable bool) (disabled bool, err error) {
	k := webhookKey(w.OrganizationID, w.ID)
	var it webhookItem
	err = s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).SetIfNotExists("FailingSince", at).
		If("attribute_exists(PK)").Value(ctx, &it)
	if dynamo.IsCondCheckFailed(err) {
		return false, nil // removed meanwhile
	}
	if err != nil {
		return false, fmt.Errorf("note failure of webhook %s: %w", w.ID, err)
	}
	if !mayDisable || !it.Enabled || at.Sub(it.FailingSince) < domain.DisableAfter {
		return false, nil
	}
	err = s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Enabled", false).Set("DisabledAt", at).
		If("Enabled = ?", true).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return false, nil // another attempt turned it off
	}
	if err != nil {
		return false, fmt.Errorf("disable webhook %s: %w", w.ID, err)
	}
	return true, nil
}

// NoteWebhookSuccess ends w's failures.
func (s *Store) NoteWebhookSuccess(ctx context.Context, w domain.Webhook) error {
	k := webhookKey(w.OrganizationID, w.ID)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Remove("FailingSince").If("attribute_exists(PK)").Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("note success of webhook %s: %w", w.ID, err)
	}
	return nil
}

// developerPartitions are the partitions of orgID's API tokens, webhook
// endpoints and each endpoint's deliveries, which go with the organization.
func (s *Store) developerPartitions(ctx context.Context, orgID string) ([]string, error) {
	hooks, err := s.Webhooks(ctx, orgID)
	if err != nil {
		return nil, err
	}
	pks := []string{apiTokensPK(orgID), webhooksPK(orgID)}
	for _, h := range hooks {
		pks = append(pks, deliveryPrefix+h.ID)
	}
	return pks, nil
}
