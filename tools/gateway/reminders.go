package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"turnout/pkg/mail/feedback"
	"turnout/pkg/reminders"
	"turnout/pkg/webhooks"
)

// The reminder job runs here on a timer, as an EventBridge rule runs the
// reminders function in AWS (every 5 minutes there; every minute here, so
// trying it out takes less waiting), and so does the reconciliation of
// mail maybe sent (which the emulator never reports: a send that timed
// out here goes again after feedback.MaybeSentWait).
const reminderPeriod = time.Minute

// runReminders runs job, reconcile and the webhook retries every period
// until ctx ends.
func runReminders(ctx context.Context, job reminders.Job, reconcile feedback.Reconciler, retries webhooks.Job, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		res, err := job.Run(ctx)
		if err != nil {
			slog.ErrorContext(ctx, "reminder job", "err", err)
		} else if counts := res.Counts(); counts != nil {
			slog.InfoContext(ctx, "reminder job", "counts", counts)
		}
		if _, err := reconcile.Run(ctx); err != nil {
			slog.ErrorContext(ctx, "reconcile mail maybe sent", "err", err)
		}
		if _, err := retries.Run(ctx); err != nil {
			slog.ErrorContext(ctx, "webhook retries", "err", err)
		}
	}
}

// devRemindersPath runs the reminder job once at a given clock, with -dev
// only: the end-to-end journeys use it to be a day ahead.
const devRemindersPath = "/_dev/reminders"

// withDevReminders answers POST devRemindersPath?at=<RFC 3339 time> with
// one run of job at that time and its counts; other paths go to next.
func withDevReminders(job reminders.Job, next http.Handler) http.Handler {
	return withDevRun(devRemindersPath, next, func(ctx context.Context, at time.Time) (any, error) {
		job.Now = func() time.Time { return at }
		res, err := job.Run(ctx)
		counts := res.Counts()
		if counts == nil {
			counts = map[string]int{"sent": 0, "dropped": 0}
		}
		return counts, err
	})
}

// devWebhooksPath makes the webhook retries due at a given clock, with -dev
// only: the end-to-end journeys use it to watch a delivery's retries
// without waiting for them.
const devWebhooksPath = "/_dev/webhooks"

// withDevWebhooks answers POST devWebhooksPath?at=<RFC 3339 time> with one
// run of the retry job at that time and how many it tried.
func withDevWebhooks(job webhooks.Job, next http.Handler) http.Handler {
	return withDevRun(devWebhooksPath, next, func(ctx context.Context, at time.Time) (any, error) {
		job.Now = func() time.Time { return at }
		job.Deliverer.Sender.Now = job.Now
		n, err := job.Run(ctx)
		return map[string]int{"tried": n}, err
	})
}

// withDevRun answers POST path?at=<RFC 3339 time> with run at that clock
// (its answer as JSON); other paths go to next.
func withDevRun(path string, next http.Handler, run func(ctx context.Context, at time.Time) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != path {
			next.ServeHTTP(w, r)
			return
		}
		at, err := time.Parse(time.RFC3339, r.URL.Query().Get("at"))
		switch {
		case r.Method != http.MethodPost:
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		case err != nil:
			http.Error(w, "at: an RFC 3339 time, e.g. 2026-11-26T18:00:00Z", http.StatusBadRequest)
			return
		}
		answer, err := run(r.Context(), at)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(answer)
	})
}
