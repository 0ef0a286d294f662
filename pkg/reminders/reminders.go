// Package reminders is the reminder job: run every few minutes (by an
// EventBridge rule in AWS, by a timer in the local gateway), it hands
// each reminder that is due to the mailer as a broadcast, which mails
// everyone registered before the reminder's moment, each once; each
// change notice that is due (domain.ChangeNotice), when the event's net
// change is something and the event's notices of the day allow; and each
// organization's announcement of its new events to its followers that is
// due (domain.AnnouncementDue); and it makes the occurrences of each series
// that its window ahead reached (pkg/series).
//
// Exactly once: a reminder leaves the index in the same transaction that
// records its broadcast (Store.HandOverReminder), so of two runs that
// overlap, or a run and its retry, one hands it over; a run that crashes
// midway leaves the rest due for the next. The broadcast's fan-out and
// sending are idempotent per person (pkg/mail/mailer).
package reminders

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
	"turnout/pkg/series"
)

// Store is what the job reads and writes.
type Store interface {
	Due(ctx context.Context, now time.Time) (domain.DueTimers, error)
	Event(ctx context.Context, id string) (domain.Event, error)
	HandOverReminder(ctx context.Context, r domain.Reminder) error
	DropReminder(ctx context.Context, r domain.Reminder) error
	HandOverChange(ctx context.Context, c domain.ChangeNotice, b domain.Broadcast) error
	PostponeChange(ctx context.Context, c domain.ChangeNotice, until time.Time) error
	DropChange(ctx context.Context, c domain.ChangeNotice) error
	DueAnnouncements(ctx context.Context, now time.Time) ([]domain.Announcement, error)
	HandOverAnnouncement(ctx context.Context, a domain.Announcement, now time.Time) error
	series.Store
}

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
	// Changes are the change notices handed to the mailer; ChangesDropped
	// told nothing in the end, ChangesPostponed wait for the next day.
	Changes, ChangesDropped, ChangesPostponed int
	// Announced are the organizations whose followers are told of their
	// new events.
	Announced int
	// SeriesFilled are the series given the occurrences the window
	// reached.
	SeriesFilled int
}

// handlers is how many due reminders a run handles at once: a busy hour
// of thousands of events is handed over within the function's minute.
const handlers = 8

// Counts are the run's counts by name, for logs and the local gateway's
// answer; nil when it did nothing.
func (r Result) Counts() map[string]int {
	if r == (Result{}) {
		return nil
	}
	return map[string]int{
		"sent": r.Sent, "dropped": r.Dropped,
		"changes": r.Changes, "changes_dropped": r.ChangesDropped, "changes_postponed": r.ChangesPostponed,
		"announced": r.Announced, "series_filled": r.SeriesFilled,
	}
}

// outcome is what handling one timer did.
type outcome int

const (
	reminderSent outcome = iota
	reminderDropped
	changeSent
	changeDropped
	changePostponed
	changeLeft // edited again since it was listed: it waits for its new moment
	announced
)

func (res *Result) count(o outcome) {
	switch o {
	case reminderSent:
		res.Sent++
	case reminderDropped:
		res.Dropped++
	case changeSent:
		res.Changes++
	case changeDropped:
		res.ChangesDropped++
	case changePostponed:
		res.ChangesPostponed++
	case announced:
		res.Announced++
	}
}

// Run handles every reminder and change notice due at Now, handlers at a
// time. A failure with one does not hold up the others; the first is
// returned, so the run is counted as failed and retried, and what it
// handed over is not handed over again.
func (j Job) Run(ctx context.Context) (Result, error) {
	now := j.Now()
	due, err := j.Store.Due(ctx, now)
	if err != nil {
		return Result{}, err
	}
	news, err := j.Store.DueAnnouncements(ctx, now)
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
	run := func(name string, handle func() (outcome, error)) {
		g.Go(func() error {
			o, err := handle()
			if err != nil {
				slog.ErrorContext(ctx, "timer", "timer", name, "err", err)
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				res.count(o)
			case first == nil:
				first = err
			}
			return nil
		})
	}
	for _, r := range due.Reminders {
		run(r.BroadcastID(), func() (outcome, error) { return j.handle(ctx, r, now) })
	}
	for _, c := range due.Changes {
		run("change notice of "+c.EventID, func() (outcome, error) { return j.handleChange(ctx, c, now) })
	}
	for _, a := range news {
		run("announcement of "+a.OrganizationID, func() (outcome, error) { return announced, j.Store.HandOverAnnouncement(ctx, a, now) })
	}
	_ = g.Wait() // each handler reports its error above
	filled, err := series.FillDue(ctx, j.Store, now)
	if err != nil {
		slog.ErrorContext(ctx, "fill series", "err", err)
		first = cmp.Or(first, err)
	}
	res.SeriesFilled = filled
	return res, first
}

// handleChange hands notice c over with the net change it tells, or drops
// it when there is none (or the event is over, cancelled or gone), or
// postpones it to the next day when the event's notices of today are spent.
func (j Job) handleChange(ctx context.Context, c domain.ChangeNotice, now time.Time) (outcome, error) {
	e, err := j.Store.Event(ctx, c.EventID)
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return changeDropped, j.Store.DropChange(ctx, c)
	case err != nil:
		return 0, fmt.Errorf("read event %s: %w", c.EventID, err)
	}
	was, moved := domain.Moved(c.Told, e)
	if !moved || e.Cancelled || !now.Before(e.Start) {
		return changeDropped, j.Store.DropChange(ctx, c)
	}
	err = j.Store.HandOverChange(ctx, c, c.Broadcast(was, now))
	switch {
	case errors.Is(err, domain.ErrTooManyChangeNotices):
		return changePostponed, j.Store.PostponeChange(ctx, c, domain.NextDay(now))
	case errors.Is(err, domain.ErrChangeNoticeGone):
		return changeLeft, nil
	}
	return changeSent, err
}

// handle hands r over, or drops it when it is not to be sent.
func (j Job) handle(ctx context.Context, r domain.Reminder, now time.Time) (outcome, error) {
	e, err := j.Store.Event(ctx, r.EventID)
	switch {
	case errors.Is(err, domain.ErrNotFound):
	case err != nil:
		return 0, fmt.Errorf("read event %s: %w", r.EventID, err)
	case e.Cancelled || !e.Start.Equal(r.Start) || r.Stale(now):
		// A moved event's reminders were planned again with the move;
		// this one is left over from a race with it.
	default:
		err := j.Store.HandOverReminder(ctx, r)
		if errors.Is(err, domain.ErrReminderGone) {
			return reminderDropped, nil // another run has it, or the event just moved
		}
		return reminderSent, err
	}
	return reminderDropped, j.Store.DropReminder(ctx, r)
}
