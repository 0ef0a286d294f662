package store

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestPagesReadFollowTheBytesRead: a Query or Scan counts one page per MB
// it read, as AWS would answer it (DynamoDB Local reads past 1 MB when a
// filter drops what it read); any other call counts one.
func TestPagesReadFollowTheBytesRead(t *testing.T) {
	query := func(units float64) *dynamodb.QueryOutput {
		return &dynamodb.QueryOutput{ConsumedCapacity: &types.ConsumedCapacity{CapacityUnits: aws.Float64(units)}}
	}
	for _, c := range []struct {
		name   string
		params any
		result any
		want   int
	}{
		{"a small Query", &dynamodb.QueryInput{}, query(0.5), 1},
		{"a Query that read 1 MB eventually", &dynamodb.QueryInput{}, query(128), 1},
		{"a Query that read 2 MB eventually", &dynamodb.QueryInput{}, query(256), 2},
		{"a Query that read 1.2 MB strongly", &dynamodb.QueryInput{ConsistentRead: aws.Bool(true)}, query(300), 2},
		{"a Scan over 12 MB", &dynamodb.ScanInput{}, &dynamodb.ScanOutput{ConsumedCapacity: &types.ConsumedCapacity{CapacityUnits: aws.Float64(1508)}}, 12},
		{"a BatchGetItem", &dynamodb.BatchGetItemInput{}, &dynamodb.BatchGetItemOutput{}, 1},
	} {
		if got := pagesRead(c.params, c.result); got != c.want {
			t.Errorf("%s: %d pages, want %d", c.name, got, c.want)
		}
	}
}
