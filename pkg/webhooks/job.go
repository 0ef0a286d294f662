package webhooks

import (
	"context"
	"errors"
	"sync"
	"time"

	"turnout/pkg/domain"
)

// Job makes the attempts that are due: the retries of failed deliveries.
// The reminders function runs it on its schedule; the local gateway on a
// timer.
type Job struct {
	Deliverer Deliverer
	Store     Store
	Now       func() time.Time
}

// parallel bounds the attempts under way at once: each may wait
// domain.WebhookTimeout on a slow endpoint.
const parallel = 8

// Run attempts every delivery due at now and reports how many it tried.
func (j Job) Run(ctx context.Context) (int, error) {
	due, err := j.Store.DueDeliveries(ctx, j.Now())
	if err != nil {
		return 0, err
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		slot = make(chan struct{}, parallel)
	)
	for _, d := range due {
		slot <- struct{}{}
		wg.Go(func() {
			defer func() { <-slot }()
			if err := j.Deliverer.Deliver(ctx, d.WebhookID, d.ID); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return len(due), errors.Join(errs...)
}

// Worker is the webhooks' part of the mailer function on the table's
// stream: it queues the deliveries changes ask for and makes the first
// attempt of each queued delivery.
type Worker struct {
	Dispatcher Dispatcher
	Deliverer  Deliverer
}

// HandleChange handles one change of the stream.
func (w Worker) HandleChange(ctx context.Context, change domain.TableChange) error {
	if q, ok := change.(domain.DeliveryQueued); ok {
		return w.Deliverer.Deliver(ctx, q.WebhookID, q.ID)
	}
	return w.Dispatcher.FromChange(ctx, change)
}

// NewJob builds the retry job once per process, with one HTTP client
// through guard; it tells no owner (see Deliverer.Owners).
func NewJob(st Store, guard Guard, now func() time.Time) Job {
	return Job{Store: st, Now: now, Deliverer: NewWorker(st, guard, nil, now).Deliverer}
}

// NewWorker builds the stream's worker once per process, with one HTTP
// client through guard.
func NewWorker(st Store, guard Guard, owners Owners, now func() time.Time) Worker {
	return Worker{
		Dispatcher: Dispatcher{Store: st, Now: now},
		Deliverer:  Deliverer{Store: st, Sender: Sender{Client: guard.Client(), Now: now}, Owners: owners},
	}
}
