package httpapi

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"turnout/pkg/domain"
)

// MsgUnavailable answers a request whose dependency is down, throttling or
// too slow.
const MsgUnavailable = "The service is busy right now. Please try again in a moment."

var errUnavailable = domain.Errorf(domain.CodeUnavailable, MsgUnavailable)

// retryAfterSeconds is what every 503 tells the client to wait: the SDK has
// already retried briefly, so a moment more is worth it.
const retryAfterSeconds = "2"

// Unavailable reports whether err is a dependency failing in a way that may
// pass: domain.ErrUnavailable, a deadline, a connection that failed or
// stalled, an AWS throttling error or a 5xx answer from AWS. Everything else
// (a bug, a refused request) stays a 500.
func Unavailable(err error) bool {
	if errors.Is(err, domain.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	// The SDK wraps every transport failure (refused, reset, timed out)
	// in a RequestSendError.
	var send *smithyhttp.RequestSendError
	var netErr net.Error
	if errors.As(err, &send) || errors.As(err, &netErr) {
		return true
	}
	var res *smithyhttp.ResponseError
	if errors.As(err, &res) && res.HTTPStatusCode() >= 500 {
		return true
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		_, throttled := retry.DefaultThrottleErrorCodes[api.ErrorCode()]
		return throttled || api.ErrorFault() == smithy.FaultServer
	}
	return false
}

// WithDeadline bounds every request h serves by d, so that however many
// calls a request makes to AWS it answers (with a 503 at worst) in time.
func WithDeadline(d time.Duration, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), d)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}
