package store

import (
	"context"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
)

// OperationCounter counts the DynamoDB API calls a client makes, by
// operation name ("GetItem", "Query", ...). Retries of one call count once.
//
// A Query or Scan counts the pages DynamoDB would answer it in: it stops
// a page after reading 1 MB, before any filter, and DynamoDB Local does
// not. So the counter asks each for the capacity it consumed, which
// follows the bytes read, and counts one call per MB of them: a filter
// over a big partition costs locally what it costs in AWS.
type OperationCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

// pageLimit is the most a Query or Scan page reads.
const pageLimit = 1 << 20

// ClientOption installs the counter on a DynamoDB client (pass it to New).
func (c *OperationCounter) ClientOption() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutCountOperation",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					askCapacity(in.Parameters)
					out, md, err := next.HandleInitialize(ctx, in)
					c.add(middleware.GetOperationName(ctx), pagesRead(in.Parameters, out.Result))
					return out, md, err
				}), middleware.Before)
		})
	}
}

// pagesRead is how many pages AWS would answer a call in: for a Query or
// Scan, one per MB it read (a read unit is 4 KB strongly consistent, 8 KB
// eventually), at least one; one for any other call.
func pagesRead(params, result any) int {
	consistent := false
	switch p := params.(type) {
	case *dynamodb.QueryInput:
		consistent = aws.ToBool(p.ConsistentRead)
	case *dynamodb.ScanInput:
		consistent = aws.ToBool(p.ConsistentRead)
	default:
		return 1
	}
	var units float64
	switch o := result.(type) {
	case *dynamodb.QueryOutput:
		units, _ = consumed(o)
	case *dynamodb.ScanOutput:
		if o.ConsumedCapacity != nil {
			units = aws.ToFloat64(o.ConsumedCapacity.CapacityUnits)
		}
	}
	unitBytes := 8 << 10
	if consistent {
		unitBytes = 4 << 10
	}
	bytes := int(units * float64(unitBytes))
	return max(1, (bytes+pageLimit-1)/pageLimit)
}

func (c *OperationCounter) add(op string, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[op] += n
}

// Take returns the counts since the last Take and starts again from zero.
func (c *OperationCounter) Take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.counts
	c.counts = nil
	if out == nil {
		out = map[string]int{}
	}
	return out
}

// CapacityMeter asks every DynamoDB call for the capacity it consumed
// (with its indexes) and sums read and write units: what a request costs,
// whatever the emulator's speed. For tests and benchmarks.
type CapacityMeter struct {
	mu          sync.Mutex
	read, write float64
}

// ClientOption installs the meter on a DynamoDB client (pass it to New).
func (m *CapacityMeter) ClientOption() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutCapacityMeter",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					askCapacity(in.Parameters)
					out, md, err := next.HandleInitialize(ctx, in)
					read, write := consumed(out.Result)
					m.mu.Lock()
					m.read, m.write = m.read+read, m.write+write
					m.mu.Unlock()
					return out, md, err
				}), middleware.Before)
		})
	}
}

// Take returns the read and write units since the last Take and starts
// again from zero.
func (m *CapacityMeter) Take() (read, write float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	read, write, m.read, m.write = m.read, m.write, 0, 0
	return read, write
}

func askCapacity(params any) {
	const rc = types.ReturnConsumedCapacityIndexes
	switch p := params.(type) {
	case *dynamodb.GetItemInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.QueryInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.BatchGetItemInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.PutItemInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.UpdateItemInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.DeleteItemInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.BatchWriteItemInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.TransactWriteItemsInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.TransactGetItemsInput:
		p.ReturnConsumedCapacity = rc
	case *dynamodb.ScanInput:
		p.ReturnConsumedCapacity = rc
	}
}

// consumed sums the units a call's output reports (CapacityUnits is the
// total over the table and its indexes).
func consumed(result any) (read, write float64) {
	var ccs []types.ConsumedCapacity
	reading := true
	switch o := result.(type) {
	case *dynamodb.GetItemOutput:
		ccs = one(o.ConsumedCapacity)
	case *dynamodb.QueryOutput:
		ccs = one(o.ConsumedCapacity)
	case *dynamodb.BatchGetItemOutput:
		ccs = o.ConsumedCapacity
	case *dynamodb.TransactGetItemsOutput:
		ccs = o.ConsumedCapacity
	case *dynamodb.PutItemOutput:
		ccs, reading = one(o.ConsumedCapacity), false
	case *dynamodb.UpdateItemOutput:
		ccs, reading = one(o.ConsumedCapacity), false
	case *dynamodb.DeleteItemOutput:
		ccs, reading = one(o.ConsumedCapacity), false
	case *dynamodb.BatchWriteItemOutput:
		ccs, reading = o.ConsumedCapacity, false
	case *dynamodb.TransactWriteItemsOutput:
		ccs, reading = o.ConsumedCapacity, false
	}
	total := 0.0
	for _, cc := range ccs {
		total += aws.ToFloat64(cc.CapacityUnits)
	}
	if reading {
		return total, 0
	}
	return 0, total
}

func one(cc *types.ConsumedCapacity) []types.ConsumedCapacity {
	if cc == nil {
		return nil
	}
	return []types.ConsumedCapacity{*cc}
}
