package config

import (
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
)

// Deadlines of every AWS call. The functions run with a 15 s Lambda timeout
// (infra/lib/app/functions.ts); a stalled or unreachable dependency must cost a
// request a few seconds and end in a 503, never use up the function's time.
const (
	// ConnectTimeout bounds opening a connection (DNS, TCP, TLS each).
	ConnectTimeout = time.Second
	// ResponseTimeout bounds the wait for a reply's headers once the request
	// is sent. DynamoDB, S3 and SES answer in milliseconds; a call that has
	// not begun to answer in this time is stalled.
	ResponseTimeout = 3 * time.Second
	// MaxAttempts and MaxBackoff bound the SDK's retries of throttling,
	// refused connections and 5xx answers.
	MaxAttempts = 3
	MaxBackoff  = 300 * time.Millisecond
	// RequestTimeout bounds a whole API request, however many calls it makes.
	RequestTimeout = 8 * time.Second
)

// Deadlines are the time limits a configuration runs under. The zero value
// means the production ones above; tests on a busy machine give longer
// ones (pkg/testenv), so a slow emulator is not taken for a stalled AWS.
type Deadlines struct {
	Connect, Response, Request time.Duration
}

// ProductionDeadlines are the limits every deployed function runs under.
var ProductionDeadlines = Deadlines{Connect: ConnectTimeout, Response: ResponseTimeout, Request: RequestTimeout}

// Scaled returns d with every limit multiplied by factor.
func (d Deadlines) Scaled(factor float64) Deadlines {
	scale := func(v time.Duration) time.Duration { return time.Duration(float64(v) * factor) }
	return Deadlines{Connect: scale(d.Connect), Response: scale(d.Response), Request: scale(d.Request)}
}

// Limits are the deadlines c runs under: its own, or the production ones.
func (c Config) Limits() Deadlines {
	if c.Deadlines == (Deadlines{}) {
		return ProductionDeadlines
	}
	return c.Deadlines
}

func dependencyHTTPClient(d Deadlines) *awshttp.BuildableClient {
	return awshttp.NewBuildableClient().WithDialerOptions(func(dialer *net.Dialer) {
		dialer.Timeout = d.Connect
	}).WithTransportOptions(func(t *http.Transport) {
		t.TLSHandshakeTimeout = d.Connect
		t.ResponseHeaderTimeout = d.Response
	})
}

// dependencyRetryer retries what may pass in a moment (throttling, refused
// connections, 5xx) a bounded number of times, but not a timed-out call: a
// stalled service would only stall the retry too, and the client is better
// told at once to come back later. Without quota, retries are not rationed
// by the SDK's client-side token bucket (see Config.ServesManyAtOnce).
func dependencyRetryer(withoutQuota bool) func() aws.Retryer {
	return func() aws.Retryer {
		return retry.NewStandard(func(o *retry.StandardOptions) {
			o.MaxAttempts = MaxAttempts
			o.MaxBackoff = MaxBackoff
			o.Retryables = append([]retry.IsErrorRetryable{retry.IsErrorRetryableFunc(noRetryOnTimeout)}, o.Retryables...)
			if withoutQuota {
				o.RateLimiter = ratelimit.None
			}
		})
	}
}

func noRetryOnTimeout(err error) aws.Ternary {
	if TimedOut(err) {
		return aws.FalseTernary
	}
	return aws.UnknownTernary
}

// TimedOut reports whether err is a call that ran out of one of its
// deadlines (the connection, the wait for the reply's headers).
func TimedOut(err error) bool {
	var timeout interface{ Timeout() bool }
	return errors.As(err, &timeout) && timeout.Timeout()
}
