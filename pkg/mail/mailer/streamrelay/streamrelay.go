// Package streamrelay runs the mailer locally: it reads the table's stream
// on DynamoDB Local and hands its records to the mailer's handler, as
// Lambda's event source mappings do in AWS, and behaves as they do: two
// mappings, each with its own place in every shard (account mail apart,
// infra/lib/app/stream.ts), a failed record retried until it is older than
// the mapping's maximum record age, and a place kept across restarts when
// Options.Checkpoints names a folder. The local gateway and the tests use
// it; no Lambda links it.
package streamrelay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// Handler is the mailer function's entry point (mailer.Deliverer.Handle).
type Handler func(context.Context, events.DynamoDBEvent) (events.DynamoDBEventResponse, error)

const (
	// idlePoll is the pause after a read of a stream with nothing new,
	// doubling with each such read up to quietPoll (every read costs the
	// emulator, which the tests share, CPU; AWS's mappings poll a shard
	// about four times a second); the account mail mapping, which Send
	// wakes, pauses idleWoken (its mail comes through Send, but for a
	// resent one).
	idlePoll, quietPoll, idleWoken = 20 * time.Millisecond, 100 * time.Millisecond, time.Second
	// waitLimit bounds how long Send waits for its message's delivery.
	waitLimit = 10 * time.Second
	// maxRecordAge is the deployed mappings' (infra/lib/app/stream.ts).
	maxRecordAge = time.Hour
	// Retries of a failed record back off from firstBackoff to maxBackoff.
	firstBackoff, maxBackoff = 100 * time.Millisecond, 2 * time.Second
)

// Options are how a relay differs from the defaults.
type Options struct {
	// Checkpoints is a folder where the relay keeps how far each mapping
	// has read each shard, so that a relay started again resumes there.
	// "" starts every run at the stream's end (a test's table is its own).
	Checkpoints string
	// MaxRecordAge is how long a record that keeps failing is retried;
	// 0 is the deployed mappings' hour.
	MaxRecordAge time.Duration
}

// mapping is one event source mapping: the records it admits, and
// whether Send wakes its readers (else they poll).
type mapping struct {
	name   string
	admits func(domain.TableChange) bool
	woken  bool
}

// priorityMail is account mail, which the deployed stack reads by a
// mapping of its own; mail reads everything else.
func isPriorityMail(c domain.TableChange) bool {
	q, ok := c.(domain.MailQueued)
	return ok && q.Message.Priority
}

var mappings = []mapping{
	{"priority-mail", isPriorityMail, true},
	{"mail", func(c domain.TableChange) bool { return !isPriorityMail(c) }, false},
}

// Relay follows one table's stream.
type Relay struct {
	streams *dynamodbstreams.Client
	arn     string
	handle  Handler
	store   *store.Store
	now     func() time.Time
	opts    Options
	marks   *checkpoints
	running sync.WaitGroup

	mu sync.Mutex
	// done holds the outcome of messages delivered before anyone waited;
	// waiting holds who waits for a message not yet delivered.
	done    map[string]error
	waiting map[string]chan error
	// queued is closed (and replaced) when Send queues a message, which
	// wakes the readers of the account mail mapping.
	queued chan struct{}
}

// Start is StartWith the default options.
func Start(ctx context.Context, awsCfg aws.Config, endpoint string, st *store.Store, now func() time.Time, handle Handler) (*Relay, error) {
	return StartWith(ctx, awsCfg, endpoint, st, now, handle, Options{})
}

// StartWith reads st's stream (turning it on if need be) until ctx ends,
// handing each mapping's batches to handle: from each mapping's
// checkpoint, or else from now on. endpoint is DynamoDB Local's URL.
func StartWith(ctx context.Context, awsCfg aws.Config, endpoint string, st *store.Store, now func() time.Time, handle Handler, opts Options) (*Relay, error) {
	arn, err := st.EnsureStream(ctx)
	if err != nil {
		return nil, err
	}
	if opts.MaxRecordAge == 0 {
		opts.MaxRecordAge = maxRecordAge
	}
	marks, err := loadCheckpoints(opts.Checkpoints, arn)
	if err != nil {
		return nil, err
	}
	r := &Relay{
		streams: dynamodbstreams.NewFromConfig(awsCfg, func(o *dynamodbstreams.Options) { o.BaseEndpoint = aws.String(endpoint) }),
		arn:     arn, handle: handle, store: st, now: now, opts: opts, marks: marks,
		done: map[string]error{}, waiting: map[string]chan error{}, queued: make(chan struct{}),
	}
	for _, m := range mappings {
		positions, err := r.startPositions(ctx, m)
		if err != nil {
			return nil, err
		}
		for _, p := range positions {
			r.running.Go(func() { r.follow(ctx, m, p) })
		}
	}
	return r, nil
}

// Wait returns once the relay has stopped reading (its context ended).
func (r *Relay) Wait() { r.running.Wait() }

// Send queues m as the accounts' mail (outbox.Queue) is queued, then waits
// until the relay has delivered it, so that locally an answer still comes
// after its mail (the tests read the inbox right after a request).
func (r *Relay) Send(ctx context.Context, m domain.Message) error {
	m.Priority = true
	id, err := r.store.QueueMail(ctx, m, r.now())
	if err != nil {
		return err
	}
	r.mu.Lock()
	close(r.queued)
	r.queued = make(chan struct{})
	if err, ok := r.done[id]; ok {
		delete(r.done, id)
		r.mu.Unlock()
		return err
	}
	ch := make(chan error, 1)
	r.waiting[id] = ch
	r.mu.Unlock()
	select {
	case err := <-ch:
		return err
	case <-time.After(waitLimit):
		return fmt.Errorf("mail %q queued but not delivered within %s", m.Subject, waitLimit)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// settle records the outcome of delivering queued message id.
func (r *Relay) settle(id string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ch, ok := r.waiting[id]; ok {
		delete(r.waiting, id)
		ch <- err
		return
	}
	r.done[id] = err
}

// deliver hands records to the mailer as a mapping would: a failed record
// and those after it are retried, backing off, until the failed one is
// older than the maximum record age; then they are given up (in AWS, to
// the on-failure queue) and the rest goes on.
func (r *Relay) deliver(ctx context.Context, m mapping, records []types.Record) {
	seen, backoff := time.Now(), firstBackoff
	for len(records) > 0 && ctx.Err() == nil {
		batch := events.DynamoDBEvent{Records: make([]events.DynamoDBEventRecord, len(records))}
		for i, rec := range records {
			batch.Records[i] = lambdaRecord(rec)
		}
		res, err := r.handle(ctx, batch)
		failed := len(records)
		if err == nil {
			failed = firstFailure(batch, res)
		}
		r.settleAll(batch.Records[:failed], nil)
		records, batch.Records = records[failed:], batch.Records[failed:]
		if len(records) == 0 {
			return
		}
		if age := time.Since(created(records[0], seen)); age > r.opts.MaxRecordAge {
			slog.Error("local mail relay: gave up records older than the maximum record age", "mapping", m.name, "records", len(records), "age", age)
			r.settleAll(batch.Records, errors.New("the mailer failed to deliver it"))
			return
		}
		sleep(ctx, backoff)
		backoff = min(2*backoff, maxBackoff)
	}
}

// settleAll settles the queued messages among records with err.
func (r *Relay) settleAll(records []events.DynamoDBEventRecord, err error) {
	for _, rec := range records {
		if q, ok := r.store.ChangeOf(rec).(domain.MailQueued); ok {
			r.settle(q.ID, err)
		}
	}
}

// firstFailure is the index of the first record the handler reported.
func firstFailure(batch events.DynamoDBEvent, res events.DynamoDBEventResponse) int {
	for i, rec := range batch.Records {
		for _, f := range res.BatchItemFailures {
			if f.ItemIdentifier == rec.Change.SequenceNumber {
				return i
			}
		}
	}
	return len(batch.Records)
}

// idle pauses a reader of m whose last empty reads found nothing new.
func (r *Relay) idle(ctx context.Context, m mapping, empty int) {
	if !m.woken {
		sleep(ctx, min(idlePoll<<min(empty-1, 8), quietPoll))
		return
	}
	r.mu.Lock()
	queued := r.queued
	r.mu.Unlock()
	select {
	case <-ctx.Done():
	case <-queued:
	case <-time.After(idleWoken):
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
