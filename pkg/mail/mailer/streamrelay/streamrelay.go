// Package streamrelay runs the mailer locally: it reads the table's stream
// on DynamoDB Local and hands its records to the mailer's handler, as
// Lambda's event source mapping does in AWS. The local gateway and the tests
// use it; no Lambda links it.
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
	// idlePoll is the pause between reads of a stream with nothing new.
	idlePoll = 20 * time.Millisecond
	// attempts bounds the tries of a batch whose delivery fails.
	attempts = 3
	// waitLimit bounds how long Send waits for its message's delivery.
	waitLimit = 10 * time.Second
)

// Relay follows one table's stream.
type Relay struct {
	streams *dynamodbstreams.Client
	arn     string
	handle  Handler
	store   *store.Store
	now     func() time.Time

	mu sync.Mutex
	// done holds the outcome of messages delivered before anyone waited;
	// waiting holds who waits for a message not yet delivered.
	done    map[string]error
	waiting map[string]chan error
}

// Start reads st's stream (turning it on if need be) from now on until ctx
// ends, handing each batch to handle. endpoint is DynamoDB Local's URL.
func Start(ctx context.Context, awsCfg aws.Config, endpoint string, st *store.Store, now func() time.Time, handle Handler) (*Relay, error) {
	arn, err := st.EnsureStream(ctx)
	if err != nil {
		return nil, err
	}
	r := &Relay{
		streams: dynamodbstreams.NewFromConfig(awsCfg, func(o *dynamodbstreams.Options) { o.BaseEndpoint = aws.String(endpoint) }),
		arn:     arn, handle: handle, store: st, now: now,
		done: map[string]error{}, waiting: map[string]chan error{},
	}
	// Each shard is read from its start up to now before Start returns, so
	// every message queued after it is seen and none queued before it (by an
	// earlier run) is sent again. (A LATEST iterator would be simpler, but
	// DynamoDB Local answers TrimmedDataAccessException on one taken from an
	// empty shard.)
	shards, err := r.openShards(ctx, types.ShardIteratorTypeTrimHorizon, nil)
	if err != nil {
		return nil, err
	}
	for _, s := range shards {
		if err := r.skipToEnd(ctx, &s); err != nil {
			return nil, err
		}
		go r.follow(ctx, s)
	}
	return r, nil
}

// Send queues m as the API functions do, then waits until the relay has
// delivered it, so that locally an answer still comes after its mail (the
// tests read the inbox right after a request).
func (r *Relay) Send(ctx context.Context, m domain.Message) error {
	m.Priority = true // the accounts' mail, as outbox.Queue queues it
	id, err := r.store.QueueMail(ctx, m, r.now())
	if err != nil {
		return err
	}
	r.mu.Lock()
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

// position is where a shard is being read: an iterator, and the last
// record read to take a new one from when it fails.
type position struct {
	shard, iterator *string
	last            string
}

// skipToEnd moves at past every record its shard holds.
func (r *Relay) skipToEnd(ctx context.Context, at *position) error {
	for at.iterator != nil {
		out, err := r.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: at.iterator})
		if err != nil {
			return fmt.Errorf("read stream: %w", err)
		}
		if len(out.Records) == 0 {
			return nil
		}
		at.last = aws.ToString(out.Records[len(out.Records)-1].Dynamodb.SequenceNumber)
		at.iterator = out.NextShardIterator
	}
	return nil
}

// resume takes a new iterator after the last record read, or from the
// shard's start when none was.
func (r *Relay) resume(ctx context.Context, at *position) error {
	in := &dynamodbstreams.GetShardIteratorInput{StreamArn: &r.arn, ShardId: at.shard, ShardIteratorType: types.ShardIteratorTypeTrimHorizon}
	if at.last != "" {
		in.ShardIteratorType, in.SequenceNumber = types.ShardIteratorTypeAfterSequenceNumber, &at.last
	}
	out, err := r.streams.GetShardIterator(ctx, in)
	if err != nil {
		return fmt.Errorf("shard iterator: %w", err)
	}
	at.iterator = out.ShardIterator
	return nil
}

// openShards returns a position (of kind) in each open shard, or in each
// child of parent when parent is set.
func (r *Relay) openShards(ctx context.Context, kind types.ShardIteratorType, parent *string) ([]position, error) {
	var positions []position
	var start *string
	for {
		out, err := r.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &r.arn, ExclusiveStartShardId: start})
		if err != nil {
			return nil, fmt.Errorf("describe stream: %w", err)
		}
		for _, s := range out.StreamDescription.Shards {
			open := s.SequenceNumberRange == nil || s.SequenceNumberRange.EndingSequenceNumber == nil
			if parent != nil && aws.ToString(s.ParentShardId) != *parent || parent == nil && !open {
				continue
			}
			it, err := r.streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: &r.arn, ShardId: s.ShardId, ShardIteratorType: kind})
			if err != nil {
				return nil, fmt.Errorf("shard iterator: %w", err)
			}
			positions = append(positions, position{shard: s.ShardId, iterator: it.ShardIterator})
		}
		if start = out.StreamDescription.LastEvaluatedShardId; start == nil {
			return positions, nil
		}
	}
}

// follow reads one shard until it closes, then follows its children.
func (r *Relay) follow(ctx context.Context, at position) {
	for at.iterator != nil && ctx.Err() == nil {
		out, err := r.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: at.iterator})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			// DynamoDB Local sometimes refuses a valid iterator
			// (TrimmedDataAccessException); a new one after the last
			// record read goes on where it stopped.
			slog.Debug("local mail relay: read stream", "err", err)
			if err := r.resume(ctx, &at); err != nil {
				slog.Error("local mail relay: read stream", "err", err)
				sleep(ctx, time.Second)
			}
			continue
		}
		if n := len(out.Records); n > 0 {
			r.deliver(ctx, out.Records)
			at.last = aws.ToString(out.Records[n-1].Dynamodb.SequenceNumber)
		} else {
			sleep(ctx, idlePoll)
		}
		at.iterator = out.NextShardIterator
	}
	if ctx.Err() != nil {
		return
	}
	// The shard closed: its records continue in its children, which may
	// take a moment to appear.
	var children []position
	for len(children) == 0 && ctx.Err() == nil {
		var err error
		if children, err = r.openShards(ctx, types.ShardIteratorTypeTrimHorizon, at.shard); err != nil {
			slog.Error("local mail relay: find the next shards", "err", err)
		}
		if len(children) == 0 {
			sleep(ctx, time.Second)
		}
	}
	for _, c := range children {
		go r.follow(ctx, c)
	}
}

// deliver hands records to the mailer as Lambda would: a failed record and
// those after it are retried, up to attempts times, then dropped.
func (r *Relay) deliver(ctx context.Context, records []types.Record) {
	for try := 1; len(records) > 0; try++ {
		batch := events.DynamoDBEvent{Records: make([]events.DynamoDBEventRecord, len(records))}
		for i, rec := range records {
			batch.Records[i] = lambdaRecord(rec)
		}
		res, err := r.handle(ctx, batch)
		failed := len(records)
		if err == nil {
			failed = firstFailure(batch, res)
		}
		for _, rec := range batch.Records[:failed] {
			if id, ok := r.queuedID(rec); ok {
				r.settle(id, nil)
			}
		}
		records = records[failed:]
		if len(records) > 0 && try == attempts {
			for _, rec := range batch.Records[failed:] {
				if id, ok := r.queuedID(rec); ok {
					r.settle(id, errors.New("the mailer failed to deliver it"))
				}
			}
			return
		}
		if len(records) > 0 {
			sleep(ctx, time.Duration(try)*100*time.Millisecond)
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

// lambdaRecord is rec as Lambda hands it to a function. The mailer reads
// strings, numbers and booleans; other attribute types are left out.
func lambdaRecord(rec types.Record) events.DynamoDBEventRecord {
	out := events.DynamoDBEventRecord{
		EventID: aws.ToString(rec.EventID), EventName: string(rec.EventName),
		EventSource: "aws:dynamodb", AWSRegion: aws.ToString(rec.AwsRegion),
	}
	if d := rec.Dynamodb; d != nil {
		out.Change = events.DynamoDBStreamRecord{
			Keys: attributes(d.Keys), NewImage: attributes(d.NewImage),
			SequenceNumber: aws.ToString(d.SequenceNumber), StreamViewType: string(d.StreamViewType),
		}
	}
	return out
}

func attributes(in map[string]types.AttributeValue) map[string]events.DynamoDBAttributeValue {
	out := make(map[string]events.DynamoDBAttributeValue, len(in))
	for name, v := range in {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			out[name] = events.NewStringAttribute(v.Value)
		case *types.AttributeValueMemberN:
			out[name] = events.NewNumberAttribute(v.Value)
		case *types.AttributeValueMemberBOOL:
			out[name] = events.NewBooleanAttribute(v.Value)
		}
	}
	return out
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// queuedID is the id of the message a stream record queues, and false for
// a record that queues none.
func (r *Relay) queuedID(rec events.DynamoDBEventRecord) (string, bool) {
	q, ok := r.store.ChangeOf(rec).(domain.MailQueued)
	return q.ID, ok
}
