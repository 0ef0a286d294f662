// Package sendrate paces the mail every mailer instance sends to one
// sending rate: SES's is the account's, while Lambda runs a mailer per
// stream shard (and per mapping), so each instance pacing itself would send
// the rate times the number of shards. The instances share a counter per
// window in the table instead (store.TakeAllowance): a send takes a place
// in the current window, and when the window is full it waits for the
// next. The last place of each window is kept for priority mail (an
// account's activation or reset), so a fan-out to thousands never makes a
// person wait for theirs.
package sendrate

import (
	"context"
	"fmt"
	"maps"
	"math"
	"sync"
	"time"

	"turnout/pkg/domain"
)

// Allowances counts uses per window; *store.Store implements it.
type Allowances interface {
	TakeAllowance(ctx context.Context, a domain.Allowance, now time.Time) (bool, time.Time, error)
}

// Shared paces sends to one rate across every process that uses the same
// table. Its Wait returns when a send may go.
type Shared struct {
	store Allowances
	// window is the allowance of one window: Limit sends per Per.
	window domain.Allowance
	now    func() time.Time
}

// New paces to perSecond mails a second: whole mails per second, or one
// mail per 1/perSecond seconds below one a second.
func New(st Allowances, perSecond float64, now func() time.Time) *Shared {
	w := domain.Allowance{Scope: "SENDRATE", Value: "ses", Limit: int(math.Floor(perSecond)), Per: time.Second}
	if perSecond < 1 {
		w.Limit, w.Per = 1, time.Duration(float64(time.Second)/perSecond)
	}
	return &Shared{store: st, window: w, now: now}
}

// Wait takes a place in the first window that has one, for priority mail
// or not: one UpdateItem per try, one try per window.
func (s *Shared) Wait(ctx context.Context, priority bool) error {
	window := s.window
	if !priority && window.Limit > 1 {
		window.Limit-- // the last place is priority mail's
	}
	for {
		ok, end, err := s.store.TakeAllowance(ctx, window, s.now())
		if err != nil {
			return fmt.Errorf("pace mail to the sending rate: %w", err)
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("pace mail to the sending rate: %w", ctx.Err())
		case <-time.After(end.Sub(s.now())):
		}
	}
}

// Windows counts the places Allowances gave, per second: what the tests and
// the benchmark (tools/bench/lists) check against the rate.
type Windows struct {
	Allowances
	mu     sync.Mutex
	counts map[int64]int
}

// TakeAllowance takes a place from the Allowances and counts it in its
// second.
func (w *Windows) TakeAllowance(ctx context.Context, a domain.Allowance, now time.Time) (bool, time.Time, error) {
	ok, end, err := w.Allowances.TakeAllowance(ctx, a, now)
	if ok && err == nil {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.counts == nil {
			w.counts = map[int64]int{}
		}
		w.counts[now.Unix()]++
	}
	return ok, end, err
}

// Counts returns the places given in each second (Unix time).
func (w *Windows) Counts() map[int64]int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return maps.Clone(w.counts)
}
