package streamrelay

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// position is where a mapping reads a shard: an iterator, and the last
// record read to take a new one from when it fails.
type position struct {
	shard, iterator *string
	last            string
}

// shard is one shard of the stream and the one it split from.
type shard struct {
	id, parent string
	open       bool
}

// startPositions is where mapping m starts reading: after its checkpoint
// in each shard it has one for (unless it had moved on to a child), and at
// the end of each open shard none of whose ancestors it has one for, so
// that nothing queued before a first run is sent and nothing queued while
// the relay was stopped is lost. (A LATEST iterator would be simpler, but
// DynamoDB Local answers TrimmedDataAccessException on one taken from an
// empty shard.)
func (r *Relay) startPositions(ctx context.Context, m mapping) ([]position, error) {
	shards, err := r.shards(ctx)
	if err != nil {
		return nil, err
	}
	saved := r.marks.of(m.name)
	parentOf := map[string]string{}
	for _, s := range shards {
		parentOf[s.id] = s.parent
	}
	ancestorSaved := func(id string) bool {
		for p := parentOf[id]; p != ""; p = parentOf[p] {
			if _, ok := saved[p]; ok {
				return true
			}
		}
		return false
	}
	descendantSaved := map[string]bool{}
	for id := range saved {
		for p := parentOf[id]; p != ""; p = parentOf[p] {
			descendantSaved[p] = true
		}
	}
	var positions []position
	for _, s := range shards {
		at := position{shard: aws.String(s.id)}
		switch last, ok := saved[s.id]; {
		case ok && !descendantSaved[s.id]:
			at.last = last
			if err := r.resume(ctx, &at); err != nil {
				return nil, err
			}
		case !ok && s.open && !ancestorSaved(s.id):
			if err := r.resume(ctx, &at); err != nil {
				return nil, err
			}
			if err := r.skipToEnd(ctx, &at); err != nil {
				return nil, err
			}
			// Kept at once: a relay stopped before this one reads anything
			// must resume here, not skip what came meanwhile.
			r.marks.set(m.name, s.id, at.last)
		default:
			continue
		}
		positions = append(positions, at)
	}
	return positions, nil
}

// shards lists every shard the stream still has.
func (r *Relay) shards(ctx context.Context) ([]shard, error) {
	var out []shard
	var start *string
	for {
		desc, err := r.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &r.arn, ExclusiveStartShardId: start})
		if err != nil {
			return nil, fmt.Errorf("describe stream: %w", err)
		}
		for _, s := range desc.StreamDescription.Shards {
			open := s.SequenceNumberRange == nil || s.SequenceNumberRange.EndingSequenceNumber == nil
			out = append(out, shard{id: aws.ToString(s.ShardId), parent: aws.ToString(s.ParentShardId), open: open})
		}
		if start = desc.StreamDescription.LastEvaluatedShardId; start == nil {
			return out, nil
		}
	}
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
// shard's start when none was (or when that record is trimmed away).
func (r *Relay) resume(ctx context.Context, at *position) error {
	in := &dynamodbstreams.GetShardIteratorInput{StreamArn: &r.arn, ShardId: at.shard, ShardIteratorType: types.ShardIteratorTypeTrimHorizon}
	if at.last != "" {
		in.ShardIteratorType, in.SequenceNumber = types.ShardIteratorTypeAfterSequenceNumber, &at.last
	}
	out, err := r.streams.GetShardIterator(ctx, in)
	if err != nil && at.last != "" {
		in.ShardIteratorType, in.SequenceNumber = types.ShardIteratorTypeTrimHorizon, nil
		out, err = r.streams.GetShardIterator(ctx, in)
	}
	if err != nil {
		return fmt.Errorf("shard iterator: %w", err)
	}
	at.iterator = out.ShardIterator
	return nil
}

// follow reads one shard for mapping m until it closes, handing on the
// records m admits and keeping its checkpoint, then follows its children.
func (r *Relay) follow(ctx context.Context, m mapping, at position) {
	empty := 0 // reads in a row that found nothing
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
			empty = 0
			r.deliver(ctx, m, r.admitted(m, out.Records))
			if ctx.Err() != nil {
				return // the batch may be unfinished: the checkpoint stays before it
			}
			at.last = aws.ToString(out.Records[n-1].Dynamodb.SequenceNumber)
			r.marks.set(m.name, *at.shard, at.last)
		} else {
			empty++
			r.idle(ctx, m, empty)
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
		if children, err = r.children(ctx, *at.shard); err != nil {
			slog.Error("local mail relay: find the next shards", "err", err)
		}
		if len(children) == 0 {
			sleep(ctx, time.Second)
		}
	}
	for _, c := range children {
		r.marks.set(m.name, *c.shard, "")
		r.running.Go(func() { r.follow(ctx, m, c) })
	}
	r.marks.drop(m.name, *at.shard)
}

// children returns a position at the start of each child of parent.
func (r *Relay) children(ctx context.Context, parent string) ([]position, error) {
	shards, err := r.shards(ctx)
	if err != nil {
		return nil, err
	}
	var out []position
	for _, s := range shards {
		if s.parent != parent {
			continue
		}
		at := position{shard: aws.String(s.id)}
		if err := r.resume(ctx, &at); err != nil {
			return nil, err
		}
		out = append(out, at)
	}
	return out, nil
}

// admitted is the records of a read that mapping m hands on.
func (r *Relay) admitted(m mapping, records []types.Record) []types.Record {
	var out []types.Record
	for _, rec := range records {
		if m.admits(r.store.ChangeOf(lambdaRecord(rec))) {
			out = append(out, rec)
		}
	}
	return out
}
