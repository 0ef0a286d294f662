package store_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
	"golang.org/x/sync/errgroup"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// lambdaTimeout is the events function's timeout (infra/lib/app-stack.ts).
const lambdaTimeout = 15 * time.Second

// TestDeleteEventOfTenThousandRegistrations deletes an event with 10,000
// registrations (20,000 child items) in one call and checks it fits in the
// Lambda's time and leaves nothing behind.
func TestDeleteEventOfTenThousandRegistrations(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 20,000 items")
	}
	ctx := context.Background()
	ops := &store.OperationCounter{}
	s := store.MustStore(t, ops.ClientOption())
	now := time.Now().UTC().Truncate(time.Second)
	e := domain.Event{ID: auth.NewID(), OrganizationID: "org", Title: "big", Start: now.Add(48 * time.Hour), End: now.Add(50 * time.Hour), Capacity: 20000}
	if err := s.CreateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	regs, err := store.SeedRegistrations(ctx, s, e.ID, 10000)
	if err != nil {
		t.Fatalf("seed: %v", err)
	}
	ops.Take()

	start := time.Now()
	if _, err := s.DeleteEvent(ctx, e.ID, "org"); err != nil {
		t.Fatalf("delete: %v", err)
	}
	took := time.Since(start)
	t.Logf("deleted an event with %d registrations in %v with %v", len(regs), took.Round(time.Millisecond), ops.Take())
	if took > lambdaTimeout {
		t.Errorf("delete took %v, over the Lambda's %v", took, lambdaTimeout)
	}
	if n, err := store.EventPartitionSize(ctx, s, e.ID); err != nil || n != 0 {
		t.Errorf("event partition holds %d items (err %v), want 0", n, err)
	}
	for _, id := range []string{regs[0], regs[len(regs)/2], regs[len(regs)-1]} {
		if _, err := s.Registration(ctx, id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("registration %s: err = %v, want not found", id, err)
		}
	}
}

// readUnits asks every GetItem and Query for the capacity it consumed and
// sums it: what a read costs, whatever the emulator's speed.
type readUnits struct {
	mu    sync.Mutex
	total float64
}

func (r *readUnits) option() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutReadUnits",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					switch p := in.Parameters.(type) {
					case *dynamodb.GetItemInput:
						p.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
					case *dynamodb.QueryInput:
						p.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
					}
					out, md, err := next.HandleInitialize(ctx, in)
					var cc *types.ConsumedCapacity
					switch o := out.Result.(type) {
					case *dynamodb.GetItemOutput:
						cc = o.ConsumedCapacity
					case *dynamodb.QueryOutput:
						cc = o.ConsumedCapacity
					}
					if cc != nil && cc.CapacityUnits != nil {
						r.mu.Lock()
						r.total += *cc.CapacityUnits
						r.mu.Unlock()
					}
					return out, md, err
				}), middleware.Before)
		})
	}
}

func (r *readUnits) take() float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.total
	r.total = 0
	return t
}

// TestPublicListCostIgnoresPastMonths fills the calendar with thousands of
// months that are over, as the organizer of issue 8 did, and checks the
// public list still answers right with the same two calls and reads no
// more than with an empty past; each month's calendar entry expires when
// the month ends, so TTL prunes the past.
func TestPublicListCostIgnoresPastMonths(t *testing.T) {
	ctx := context.Background()
	ops, units := &store.OperationCounter{}, &readUnits{}
	s := store.MustStore(t, ops.ClientOption(), units.option())
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	create := func(start time.Time) domain.Event {
		e := domain.Event{ID: auth.NewID(), OrganizationID: "org", Title: "e", Start: start, End: start.Add(time.Hour), Capacity: 5}
		if err := s.CreateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	upcoming := []string{create(now.Add(24 * time.Hour)).ID, create(now.AddDate(0, 1, 0)).ID}
	list := func() (ids []string, calls int, read float64) {
		ops.Take()
		units.take()
		events, next, err := s.UpcomingEvents(ctx, "", now, 50)
		if err != nil || next != "" {
			t.Fatalf("list: next %q, err %v", next, err)
		}
		for _, e := range events {
			ids = append(ids, e.ID)
		}
		for _, n := range ops.Take() {
			calls += n
		}
		return ids, calls, units.take()
	}
	_, wantCalls, wantRead := list()

	const pastMonths = 3000 // 250 years of months, ~24 KB as a string set
	g := new(errgroup.Group)
	g.SetLimit(4)
	for m := range pastMonths {
		g.Go(func() error {
			start := now.AddDate(0, -1-m, 0)
			e := domain.Event{ID: auth.NewID(), OrganizationID: "org", Title: "old", Start: start, End: start.Add(time.Hour), Capacity: 5}
			return s.CreateEvent(ctx, e)
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatalf("create past events: %v", err)
	}

	ids, calls, read := list()
	t.Logf("public list: %d calls, %.1f read units (%d calls, %.1f units with no past)", calls, read, wantCalls, wantRead)
	if !slices.Equal(ids, upcoming) {
		t.Errorf("listed %v, want %v", ids, upcoming)
	}
	if calls != wantCalls {
		t.Errorf("list made %d calls, want %d as with no past", calls, wantCalls)
	}
	if read > wantRead {
		t.Errorf("list read %.1f units, want %.1f as with no past", read, wantRead)
	}
	past := now.AddDate(0, -1, 0).Format("2006-01")
	if exp, err := store.CalendarMonthExpires(ctx, s, past); err != nil || !exp.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("calendar entry of %s expires %v (err %v), want when the month ended", past, exp, err)
	}
}

// TestMigrateCalendarKeepsTheMonthsToCome moves a legacy calendar set into
// month items: events of the months to come stay listed, past months are
// dropped, and running it again changes nothing.
func TestMigrateCalendarKeepsTheMonthsToCome(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	if err := store.SeedLegacyCalendar(ctx, s, []string{"1999-01", "2026-10", "2026-11", "2027-03", "2400-01"}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := s.MigrateCalendar(ctx, now); err != nil {
			t.Fatalf("migrate: %v", err)
		}
	}
	for month, want := range map[string]bool{"1999-01": false, "2026-10": false, "2026-11": true, "2027-03": true, "2400-01": true} {
		_, err := store.CalendarMonthExpires(ctx, s, month)
		if got := err == nil; got != want || (err != nil && !errors.Is(err, domain.ErrNotFound)) {
			t.Errorf("month %s has an item: %v (err %v), want %v", month, got, err, want)
		}
	}
}
