package organizations

import (
	"net/http"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// routeWebhooks routes an organization's webhook endpoints and their logs:
// its owners', or a token's with webhooks:write.
func (h handlers) routeWebhooks(rt *httpapi.Router) {
	scoped := func(fn httpapi.AccountHandler) http.HandlerFunc { return h.Auth.Scoped(domain.ScopeWebhooksWrite, fn) }
	rt.Handle("GET /api/organization/webhooks/{$}", scoped(h.webhooks))
	rt.Handle("POST /api/organization/webhooks/{$}", scoped(h.createWebhook))
	rt.Handle("PATCH /api/organization/webhooks/{id}/{$}", scoped(h.updateWebhook))
	rt.Handle("DELETE /api/organization/webhooks/{id}/{$}", scoped(h.deleteWebhook))
	rt.Handle("POST /api/organization/webhooks/{id}/secret/{$}", scoped(h.rotateWebhookSecret))
	rt.Handle("GET /api/organization/webhooks/{id}/deliveries/{$}", scoped(h.deliveries))
	rt.Handle("POST /api/organization/webhooks/{id}/deliveries/{deliveryId}/resend/{$}", scoped(h.sendAgain))
	rt.Handle("POST /api/organization/webhooks/{id}/test/{$}", scoped(h.sendTest))
}

// webhookBody is an endpoint as its owners see it (never its secret).
type webhookBody struct {
	ID              string               `json:"id"`
	URL             string               `json:"url"`
	Description     string               `json:"description"`
	Kinds           []domain.WebhookKind `json:"kinds"`
	Enabled         bool                 `json:"enabled"`
	DisabledAt      *time.Time           `json:"disabled_at"`
	FailingSince    *time.Time           `json:"failing_since"`
	CreatedAt       time.Time            `json:"created_at"`
	PreviousExpires *time.Time           `json:"previous_secret_expires_at"`
}

func webhookBodyOf(w domain.Webhook) webhookBody {
	return webhookBody{
		ID: w.ID, URL: w.URL, Description: w.Description, Kinds: w.Kinds, Enabled: w.Enabled,
		DisabledAt: httpapi.TimeOrNull(w.DisabledAt), FailingSince: httpapi.TimeOrNull(w.FailingSince), CreatedAt: w.Created,
		PreviousExpires: httpapi.TimeOrNull(w.PreviousUntil),
	}
}

// deliveryBody is one delivery of an endpoint's log.
type deliveryBody struct {
	ID            string                `json:"id"`
	Kind          domain.WebhookKind    `json:"kind"`
	Status        domain.DeliveryStatus `json:"status"`
	Attempts      int                   `json:"attempts"`
	CreatedAt     time.Time             `json:"created_at"`
	LastAttemptAt *time.Time            `json:"last_attempt_at"`
	StatusCode    *int                  `json:"status_code"`
	DurationMS    *int64                `json:"duration_ms"`
	Error         *string               `json:"error"`
	NextAttemptAt *time.Time            `json:"next_attempt_at"`
}

func deliveryBodyOf(d domain.Delivery) deliveryBody {
	b := deliveryBody{
		ID: d.ID, Kind: d.Kind, Status: d.Status, Attempts: d.Attempts, CreatedAt: d.Created,
		LastAttemptAt: httpapi.TimeOrNull(d.LastAttempt), Error: httpapi.OrNull(d.Error), NextAttemptAt: httpapi.TimeOrNull(d.Next),
	}
	if d.Attempts > 0 {
		ms := d.Duration.Milliseconds()
		b.DurationMS = &ms
	}
	if d.StatusCode != 0 {
		b.StatusCode = &d.StatusCode
	}
	return b
}

func (h handlers) webhooks(w http.ResponseWriter, r *http.Request, u domain.User) {
	hooks, err := h.Webhooks.List(r.Context(), u, organizationOf(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := struct {
		Webhooks []webhookBody `json:"webhooks"`
	}{make([]webhookBody, len(hooks))}
	for i, hook := range hooks {
		body.Webhooks[i] = webhookBodyOf(hook)
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

// withSecret is an endpoint with its secret, shown once.
type withSecret struct {
	webhookBody
	Secret string `json:"secret"`
}

func (h handlers) createWebhook(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in domain.WebhookInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	hook, err := h.Webhooks.Create(r.Context(), u, organizationOf(r), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, withSecret{webhookBodyOf(hook), hook.Secret})
}

func (h handlers) updateWebhook(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in domain.WebhookInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	hook, err := h.Webhooks.Update(r.Context(), u, organizationOf(r), r.PathValue("id"), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, webhookBodyOf(hook))
}

func (h handlers) deleteWebhook(w http.ResponseWriter, r *http.Request, u domain.User) {
	if err := h.Webhooks.Delete(r.Context(), u, organizationOf(r), r.PathValue("id")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h handlers) rotateWebhookSecret(w http.ResponseWriter, r *http.Request, u domain.User) {
	hook, err := h.Webhooks.Rotate(r.Context(), u, organizationOf(r), r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, struct {
		Secret          string    `json:"secret"`
		PreviousExpires time.Time `json:"previous_secret_expires_at"`
	}{hook.Secret, hook.PreviousUntil})
}

// deliveriesPageSize is the delivery log's default page.
const deliveriesPageSize = 50

func (h handlers) deliveries(w http.ResponseWriter, r *http.Request, u domain.User) {
	limit, after, err := httpapi.PageQuery(r, deliveriesPageSize, 100)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	ds, next, err := h.Webhooks.Deliveries(r.Context(), u, organizationOf(r), r.PathValue("id"), after, limit)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := struct {
		Deliveries []deliveryBody `json:"deliveries"`
	}{make([]deliveryBody, len(ds))}
	for i, d := range ds {
		body.Deliveries[i] = deliveryBodyOf(d)
	}
	if next != "" {
		w.Header().Set(httpapi.NextPageHeader, next)
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

func (h handlers) sendAgain(w http.ResponseWriter, r *http.Request, u domain.User) {
	d, err := h.Webhooks.SendAgain(r.Context(), u, organizationOf(r), r.PathValue("id"), r.PathValue("deliveryId"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, deliveryBodyOf(d))
}

func (h handlers) sendTest(w http.ResponseWriter, r *http.Request, u domain.User) {
	d, err := h.Webhooks.SendTest(r.Context(), u, organizationOf(r), r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, deliveryBodyOf(d))
}
