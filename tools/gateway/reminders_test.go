package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"turnout/pkg/reminders"
	"turnout/pkg/webhooks"
)

// TestDevRemindersRoute: the dev routes take only a POST with a time, and
// leave every other path to the product.
func TestDevRemindersRoute(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	h := withDevWebhooks(webhooks.Job{}, withDevReminders(reminders.Job{}, next))
	for _, tc := range []struct {
		method, target string
		want           int
	}{
		{http.MethodGet, devRemindersPath + "?at=2026-11-26T18:00:00Z", http.StatusMethodNotAllowed},
		{http.MethodPost, devRemindersPath, http.StatusBadRequest},
		{http.MethodPost, devRemindersPath + "?at=tomorrow", http.StatusBadRequest},
		{http.MethodPost, devWebhooksPath + "?at=tomorrow", http.StatusBadRequest},
		{http.MethodGet, devWebhooksPath + "?at=2026-11-26T18:00:00Z", http.StatusMethodNotAllowed},
		{http.MethodPost, "/api/event/public/", http.StatusTeapot},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.target, nil))
		if rec.Code != tc.want {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.target, rec.Code, tc.want)
		}
	}
}
