package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"turnout/pkg/domain"
)

// legacyCalendarItem is the calendar before issue 8: one string set of
// every month that ever had events, read whole by every public list.
type legacyCalendarItem struct {
	PK     string   `dynamo:"PK,hash"`
	SK     string   `dynamo:"SK,range"`
	Months []string `dynamo:",set"`
}

// MigrateCalendar moves a table's legacy calendar set into month items
// (the months still to come; past ones are dropped) and then removes the
// set. It is idempotent and costs one GetItem once done, so functions may
// run it at start-up until every stage has been migrated.
func (s *Store) MigrateCalendar(ctx context.Context, now time.Time) error {
	var legacy legacyCalendarItem
	err := s.get(ctx, legacyCalendarKey(), &legacy, true)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read legacy event calendar: %w", err)
	}
	current := monthOf(now)
	var items []any
	for _, month := range legacy.Months {
		if it, ok := newCalendarMonthItem(month); ok && month >= current {
			items = append(items, it)
		}
	}
	err = inBatches(ctx, len(items), func(ctx context.Context, from, to int) error {
		_, err := s.table.Batch(attrPK, attrSK).Write().Put(items[from:to]...).Run(ctx)
		return err
	})
	if err != nil {
		return fmt.Errorf("write month items of legacy event calendar: %w", err)
	}
	k := legacyCalendarKey()
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("remove legacy event calendar: %w", err)
	}
	return nil
}
