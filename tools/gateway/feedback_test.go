package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail/feedback"
)

// suppressions records what the feedback handler asks of the store.
type suppressions struct{ addresses []string }

func (s *suppressions) SuppressAddress(_ context.Context, address string, _ domain.MailProblem, _ time.Time) error {
	s.addresses = append(s.addresses, address)
	return nil
}

func (s *suppressions) ConfirmSent(context.Context, string) error { return nil }

// TestDevFeedbackRoute: the dev route hands a POSTed SES notification to
// the feedback handler, refuses other methods and an empty body, and
// leaves every other path to the product.
func TestDevFeedbackRoute(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	st := &suppressions{}
	h := withDevFeedback(feedback.Handler{Store: st, Now: time.Now}, next)
	bounce := `{"eventType":"Bounce","bounce":{"bounceType":"Permanent","bouncedRecipients":[{"emailAddress":"gone@example.com"}]}}`
	for _, tc := range []struct {
		method, target, body string
		want                 int
	}{
		{http.MethodGet, devFeedbackPath, "", http.StatusMethodNotAllowed},
		{http.MethodPost, devFeedbackPath, "", http.StatusBadRequest},
		{http.MethodPost, devFeedbackPath, bounce, http.StatusNoContent},
		{http.MethodPost, "/api/event/public/", bounce, http.StatusTeapot},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body)))
		if rec.Code != tc.want {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.target, rec.Code, tc.want)
		}
	}
	if len(st.addresses) != 1 || st.addresses[0] != "gone@example.com" {
		t.Errorf("suppressed %v, want the bounced address once", st.addresses)
	}
}
