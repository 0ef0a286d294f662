// Package reminders is the reminder job: run every few minutes (by an
// EventBridge rule in AWS, by a timer in the local gateway), it hands
// each reminder that is due to the mailer as a broadcast, which mails
// everyone registered before the reminder's moment, each once.
//
// Exactly once: a reminder leaves the index in the same transaction that
// records its broadcast (store.HandOverReminder), so of two runs that
// overlap, or a run and its retry, one hands it over; a run that crashes
// midway leaves the rest due for the next. The broadcast's fan-out and
// sending are idempotent per person (pkg/mail/mailer).
package reminders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// Store is what the job reads and writes; *store.Store implements it.
type Store interface {
	DueReminders(ctx context.Context, now time.Time) ([]domain.Reminder, error)
	Event(ctx context.Context, id string) (domain.Event, error)
	HandOverReminder(ctx context.Context, r domain.Reminder) error
	DropReminder(ctx context.Context, r domain.Reminder) error
}

var _ Store = (*store.Store)(nil)

// Job is the reminder function's handler.
type Job struct {
	Store Store
	Now   func() time.Time
}

// Result counts what a run did.
type Result struct {
	// Sent reminders were handed to the mailer; Dropped ones were not
	// worth sending (the event is cancelled, deleted, moved or too near).
	Sent, Dropped int
}

// handlers is how many due reminders a run handles at once: a busy hour
// of thousands of events is handed over within the function's minute.
const handlers = 8

// Run handles every reminder due at Now, handlers at a time. A failure
// with one reminder does not hold up the others; the first is returned, so
// the run is counted as failed and retried, and what it handed over is not
// handed over again.
func (j Job) Run(ctx context.Context) (Result, error) {
	now := j.Now()
	due, err := j.Store.DueReminders(ctx, now)
	if err != nil {
		return Result{}, err
	}
	var (
		mu    sync.Mutex
		res   Result
		first error
		g     errgroup.Group
	)
	g.SetLimit(handlers)
	for _, r := range due {
		g.Go(func() error {
			sent, err := j.handle(ctx, r, now)
			if err != nil {
				slog.ErrorContext(ctx, "reminder", "reminder", r.BroadcastID(), "err", err)
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				if first == nil {
					first = err
				}
			case sent:
				res.Sent++
			default:
				res.Dropped++
			}
			return nil
		})
	}
	_ = g.Wait() // each handler reports its error above
	return res, first
}

// handle hands r over, or drops it when it is not to be sent, and reports
// whether it was sent.
func (j Job) handle(ctx context.Context, r domain.Reminder, now time.Time) (bool, error) {
	e, err := j.Store.Event(ctx, r.EventID)
	switch {
	case errors.Is(err, domain.ErrNotFound):
	case err != nil:
		return false, fmt.Errorf("read event %s: %w", r.EventID, err)
	case e.Cancelled || !e.Start.Equal(r.Start) || r.Stale(now):
		// A moved event's reminders were planned again with the move;
		// this one is left over from a race with it.
	default:
		err := j.Store.HandOverReminder(ctx, r)
		if errors.Is(err, store.ErrReminderGone) {
			return false, nil // another run has it, or the event just moved
		}
		return err == nil, err
	}
	return false, j.Store.DropReminder(ctx, r)
}
