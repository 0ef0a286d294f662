package store

import (
	"context"
	"fmt"
	"time"

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

// PastEventCount counts the events of orgID that started before now (a
// counting Query: it reads the index's keys, not the events).
func (s *Store) PastEventCount(ctx context.Context, orgID string, now time.Time) (int, error) {
	n, err := s.table.Get(attrGSI2PK, organizationEventsPK(orgID)).Index(IndexOwned).
		Range(attrGSI2SK, dynamo.Less, sortTime(now)).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count past events of organization %s: %w", orgID, err)
	}
	return n, nil
}
