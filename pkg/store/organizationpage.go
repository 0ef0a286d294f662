package store

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An organization's public page: its events that have not started, soonest
// first, and how many it has held, both from the index of its events (GSI2,
// sorted by start).

// OrganizationUpcoming lists up to limit events of orgID starting after
// now, soonest first, with their seats: one Query and one BatchGetItem.
func (s *Store) OrganizationUpcoming(ctx context.Context, orgID string, now time.Time, limit int) ([]domain.Event, error) {
	items, _, err := readPage(ctx, s.table.Get(attrGSI2PK, organizationEventsPK(orgID)).Index(IndexOwned).
		Range(attrGSI2SK, dynamo.Greater, sortTime(now)), limit)
	if err != nil {
		return nil, fmt.Errorf("list upcoming events of organization %s: %w", orgID, err)
	}
	events, err := s.withSeats(ctx, items)
	if err != nil {
		return nil, fmt.Errorf("list upcoming events of organization %s: %w", orgID, err)
	}
	events, _ = fitPage(events)
	return events, nil
}

// maxPastCount bounds the count of an organization's past events.
const maxPastCount = 1000

// PastEventCount counts the events of orgID that started before now, up to
// maxPastCount: one counting Query of one page (DynamoDB counts at most
// 1 MB of the index a call, so a count of all of an organization of
// thousands of events with long descriptions took a call per MB). AtLeast
// tells that it stopped there.
func (s *Store) PastEventCount(ctx context.Context, orgID string, now time.Time) (domain.Bounded, error) {
	return s.pastEventCount(ctx, orgID, now, maxPastCount)
}

func (s *Store) pastEventCount(ctx context.Context, orgID string, now time.Time, bound int32) (domain.Bounded, error) {
	out, err := s.db.Client().Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(s.table.Name()), IndexName: aws.String(IndexOwned),
		KeyConditionExpression:   aws.String("#pk = :pk AND #sk < :now"),
		ExpressionAttributeNames: map[string]string{"#pk": attrGSI2PK, "#sk": attrGSI2SK},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: organizationEventsPK(orgID)}, ":now": &types.AttributeValueMemberS{Value: sortTime(now)},
		},
		Select: types.SelectCount, Limit: aws.Int32(bound),
	})
	if err != nil {
		return domain.Bounded{}, fmt.Errorf("count past events of organization %s: %w", orgID, err)
	}
	return domain.Bounded{N: int(out.Count), AtLeast: out.LastEvaluatedKey != nil}, nil
}
