package events

import (
	"context"
	"log/slog"

	"turnout/pkg/domain"
	"turnout/pkg/webhooks"
)

// Announcer queues webhook messages for the endpoints that hear of them
// (webhooks.Dispatcher).
type Announcer interface {
	Announce(ctx context.Context, kind domain.WebhookKind, data webhooks.Data, once string) error
}

// announce tells e's organization's endpoints of kind, with e as its
// organizers see it. The change is made: a failure to queue is logged.
func (h handlers) announce(ctx context.Context, kind domain.WebhookKind, e domain.Event) {
	if e.OrganizationID == "" {
		return // a delete finished before: told then
	}
	data := webhooks.Data{OrganizationID: e.OrganizationID, EventID: e.ID, Event: h.ownerBodyOf(e)}
	if kind == domain.HookSeriesCreated {
		data.SeriesID = e.SeriesID
	}
	if err := h.Hooks.Announce(ctx, kind, data, ""); err != nil {
		slog.ErrorContext(ctx, "queue webhook deliveries", "kind", kind, "event", e.ID, "err", err)
	}
}
