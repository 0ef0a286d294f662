package webhooks

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"code.dny.dev/ssrf"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"turnout/pkg/domain"
)

// Sender makes one attempt of a delivery, as the Standard Webhooks
// specification shapes it: the body as JSON, with webhook-id (the
// delivery's id, the same on every attempt), webhook-timestamp (the
// attempt's, in Unix seconds) and webhook-signature ("v1,<base64 of
// HMAC-SHA256 over id.timestamp.body>", one per valid secret, by the
// specification's reference library).
type Sender struct {
	Client *http.Client
	Now    func() time.Time
}

// userAgent names the sender to receivers.
const userAgent = "Turnout-Webhooks/1"

// Sign is the webhook-signature of body sent as id at ts, with secrets.
func Sign(secrets []string, id string, ts time.Time, body []byte) (string, error) {
	sigs := make([]string, len(secrets))
	for i, secret := range secrets {
		wh, err := standardwebhooks.NewWebhook(secret)
		if err != nil {
			return "", err
		}
		if sigs[i], err = wh.Sign(id, ts, body); err != nil {
			return "", err
		}
	}
	return strings.Join(sigs, " "), nil
}

// Attempt sends d to hook once, within domain.WebhookTimeout.
func (s Sender) Attempt(ctx context.Context, hook domain.Webhook, d domain.Delivery) domain.Attempt {
	start := s.Now()
	a := domain.Attempt{At: start}
	ctx, cancel := context.WithTimeout(ctx, domain.WebhookTimeout)
	defer cancel()
	sig, err := Sign(hook.Secrets(start), d.ID, start, d.Body)
	if err != nil {
		a.Error = "connection"
		return a
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hook.URL, bytes.NewReader(d.Body))
	if err != nil {
		a.Error = "connection"
		return a
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set(standardwebhooks.HeaderWebhookID, d.ID)
	req.Header.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(start.Unix(), 10))
	req.Header.Set(standardwebhooks.HeaderWebhookSignature, sig)
	began := time.Now()
	res, err := s.Client.Do(req)
	a.Duration = time.Since(began)
	if err != nil {
		a.Error = failure(err)
		return a
	}
	// A receiver's answer is read no further than a small bound, so a
	// connection can be reused without waiting on a large body.
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	_ = res.Body.Close()
	a.StatusCode = res.StatusCode
	return a
}

// failure names why a request got no answer.
func failure(err error) string {
	var netErr net.Error
	switch {
	case errors.Is(err, ErrPrivate), errors.Is(err, ssrf.ErrProhibitedIP), errors.Is(err, ssrf.ErrProhibitedPort):
		return "private address"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return "timeout"
	}
	return "connection"
}
