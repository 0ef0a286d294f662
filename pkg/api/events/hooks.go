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
	Announce(ctx context.Context, data webhooks.Data, once string, kinds ...domain.WebhookKind) error
}

// announce tells e's organization's endpoints that hear of kinds, with e
// as its organizers see it (one Query of them). The change is made: a
// failure to queue is logged.
func (h handlers) announce(ctx context.Context, e domain.Event, kinds ...domain.WebhookKind) {
	if e.OrganizationID == "" {
		return // a delete finished before: told then
	}
	data := webhooks.Data{OrganizationID: e.OrganizationID, EventID: e.ID, SeriesID: e.SeriesID, Event: h.ownerBodyOf(e)}
	if err := h.Hooks.Announce(ctx, data, "", kinds...); err != nil {
		slog.ErrorContext(ctx, "queue webhook deliveries", "kinds", kinds, "event", e.ID, "err", err)
	}
}
