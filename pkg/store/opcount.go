package store

import (
	"context"
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/middleware"
)

// OperationCounter counts the DynamoDB API calls a client makes, by
// operation name ("GetItem", "Query", ...). Retries of one call count once.
type OperationCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

// ClientOption installs the counter on a DynamoDB client (pass it to New).
func (c *OperationCounter) ClientOption() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutCountOperation",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					c.add(middleware.GetOperationName(ctx))
					return next.HandleInitialize(ctx, in)
				}), middleware.Before)
		})
	}
}

func (c *OperationCounter) add(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[op]++
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
