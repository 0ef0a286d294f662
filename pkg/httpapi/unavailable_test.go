package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"turnout/pkg/domain"
)

func TestUnavailable(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}
	status := func(code int, err error) error {
		return &smithyhttp.ResponseError{Response: &smithyhttp.Response{Response: &http.Response{StatusCode: code}}, Err: err}
	}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"sentinel", fmt.Errorf("store: %w", domain.ErrUnavailable), true},
		{"deadline", fmt.Errorf("get event: %w", context.DeadlineExceeded), true},
		{"connection refused", fmt.Errorf("get: %w", &smithyhttp.RequestSendError{Err: refused}), true},
		{"bare net error", refused, true},
		{"throttled", status(400, &smithy.GenericAPIError{Code: "ThrottlingException"}), true},
		{"throughput", &smithy.GenericAPIError{Code: "ProvisionedThroughputExceededException"}, true},
		{"request limit", &smithy.GenericAPIError{Code: "RequestLimitExceeded"}, true},
		{"server fault", &smithy.GenericAPIError{Code: "InternalFailure", Fault: smithy.FaultServer}, true},
		{"5xx", status(503, errors.New("slow down")), true},
		{"bug", errors.New("nil map"), false},
		{"validation", status(400, &smithy.GenericAPIError{Code: "ValidationException", Fault: smithy.FaultClient}), false},
		{"canceled by client", context.Canceled, false},
	}
	for _, tt := range tests {
		if got := Unavailable(tt.err); got != tt.want {
			t.Errorf("%s: Unavailable(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}

func TestUnavailableAnswer(t *testing.T) {
	for _, err := range []error{
		fmt.Errorf("list events: %w", context.DeadlineExceeded),
		domain.Errorf(domain.CodeUnavailable, "Busy."),
	} {
		rec := httptest.NewRecorder()
		Error(rec, httptest.NewRequest(http.MethodGet, "/", nil), err)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%v: status %d, Retry-After %q; want 503 with Retry-After", err, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
}
