package store_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// TestDeleteEventOfTenThousandRegistrations deletes an event with 10,000
// registrations in one call and checks it leaves nothing behind, writing
// in full batches: one BatchWriteItem per 25 of the 20,000 items (the
// attendee and the account's entry of each), so its time
// follows the batches, which run in parallel. (How long that takes is a
// figure of the machine, not a property of the code: on DynamoDB Local on
// a loaded two-core machine it took just over 15 s once, and a timed
// assertion here failed CI. An interrupted delete is finished by the
// owner's retry, TestInterruptedDeleteIsFinishedByRetry.)
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
	if _, err := s.DeleteEvent(ctx, e.ID, domain.OfOrganization("org")); err != nil {
		t.Fatalf("delete: %v", err)
	}
	calls := ops.Take()
	t.Logf("deleted an event with %d registrations in %v with %v", len(regs), time.Since(start).Round(time.Millisecond), calls)
	// Its two items per registration, then its find keys (a batch).
	if calls["BatchWriteItem"] > 2*len(regs)/25+1 || calls["Query"] > 10 {
		t.Errorf("delete made %v, want at most one BatchWriteItem per 25 items and a few Queries", calls)
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

// TestRegistrationWriteUnits registers and cancels as DynamoDB reports it
// (ReturnConsumedCapacity INDEXES): at most 8 write units each, however
// long the event's text, since a seat rewrites only the small counter and
// small items in no index (the event item and its two index copies cost
// 24, and more with a long description).
func TestRegistrationWriteUnits(t *testing.T) {
	ctx := context.Background()
	meter := &store.CapacityMeter{}
	s := store.MustStore(t, meter.ClientOption())
	now := time.Now().UTC().Truncate(time.Second)
	long := strings.Repeat("A long description. ", 250) // ~5,000 characters, as the form allows
	e := domain.Event{ID: auth.NewID(), OrganizationID: "org", OrganizationName: "Org", Title: "t", Description: long,
		Location: "here", Start: now.Add(48 * time.Hour), End: now.Add(50 * time.Hour), Capacity: 10}
	if err := s.CreateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	userID := auth.NewID()
	r := domain.Attendee{Registration: domain.Registration{ID: domain.NewRegistrationID(auth.NewID(), userID), EventID: e.ID, UserID: userID, Created: now},
		Username: "ada", FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com"}
	// A registration checks its person's account in its transaction.
	u := domain.User{ID: r.UserID, Username: "ada" + r.UserID, Email: r.UserID + "@example.com", Joined: now}
	if err := s.CreateUser(ctx, u, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	meter.Take()
	if _, err := s.Register(ctx, r, now, placeAt(now)); err != nil {
		t.Fatal(err)
	}
	_, register := meter.Take()
	if err := s.CancelRegistration(ctx, r.Registration); err != nil {
		t.Fatal(err)
	}
	_, cancel := meter.Take()
	t.Logf("write units: register %.1f, cancel %.1f", register, cancel)
	if register > 8 || cancel > 8 {
		t.Errorf("register %.1f, cancel %.1f write units, want at most 8 each", register, cancel)
	}
	if got, err := s.Event(ctx, e.ID); err != nil || got.SeatsTaken != 0 || got.Description != long {
		t.Errorf("after register and cancel: seats taken %d, err %v", got.SeatsTaken, err)
	}
	if n, err := store.UserRegistrationEntries(ctx, s, r.UserID); err != nil || n != 0 {
		t.Errorf("after cancel the person's list holds %d entries (err %v), want 0", n, err)
	}

	// Deleting the event removes a registration from its person's list.
	r.ID = auth.NewID()
	if _, err := s.Register(ctx, r, now, placeAt(now)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteEvent(ctx, e.ID, domain.OfOrganization("org")); err != nil {
		t.Fatal(err)
	}
	if n, err := store.UserRegistrationEntries(ctx, s, r.UserID); err != nil || n != 0 {
		t.Errorf("after the event's delete the person's list holds %d entries (err %v), want 0", n, err)
	}
}

// seedEvents imports events of org starting at each of starts.
func seedEvents(t *testing.T, s *store.Store, org string, starts []time.Time) []string {
	t.Helper()
	evs := make([]domain.Event, len(starts))
	ids := make([]string, len(starts))
	for i, start := range starts {
		ids[i] = auth.NewID()
		evs[i] = domain.Event{ID: ids[i], OrganizationID: org, Title: "e", Start: start, End: start.Add(time.Hour), Capacity: 5}
	}
	if err := s.ImportEvents(context.Background(), evs); err != nil {
		t.Fatalf("seed events: %v", err)
	}
	return ids
}

// calls sums an operation count.
func calls(ops map[string]int) int {
	n := 0
	for _, c := range ops {
		n += c
	}
	return n
}

// TestPublicListCallsAreBounded pages the public list over a sparse
// calendar (122 events over 11 months), a dense month and three years of
// starts: every page costs at most 4 calls and lists each event once,
// soonest first.
func TestPublicListCallsAreBounded(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	sparse := make([]time.Time, 122)
	for i := range sparse {
		sparse[i] = now.Add(time.Duration(i) * 330 * 24 * time.Hour / 122).Add(time.Hour)
	}
	dense := make([]time.Time, 250)
	for i := range dense {
		dense[i] = now.AddDate(0, 1, 0).Add(time.Duration(i) * time.Minute)
	}
	years := []time.Time{now.Add(time.Hour), now.AddDate(1, 0, 0), now.AddDate(2, 0, -1), now.AddDate(0, 0, -1)}
	for name, starts := range map[string][]time.Time{"sparse": sparse, "dense": dense, "years": years} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			ops := &store.OperationCounter{}
			s := store.MustStore(t, ops.ClientOption())
			ids := seedEvents(t, s, "org", starts)
			var want []string
			for i, start := range starts {
				if start.After(now) {
					want = append(want, ids[i])
				}
			}
			slices.SortFunc(want, func(a, b string) int {
				return starts[slices.Index(ids, a)].Compare(starts[slices.Index(ids, b)])
			})
			ops.Take()
			var got []string
			cursor := ""
			for page := 0; ; page++ {
				events, next, err := s.UpcomingEvents(ctx, cursor, now, 100)
				if err != nil {
					t.Fatal(err)
				}
				// Two live partitions, the cancelled one, the seats.
				if n := calls(ops.Take()); n > 4 {
					t.Errorf("page %d made %d calls, want at most 4", page, n)
				}
				for _, e := range events {
					got = append(got, e.ID)
				}
				if next == "" || page > 10 {
					break
				}
				cursor = next
			}
			if !slices.Equal(got, want) {
				t.Errorf("listed %d events, want %d in start order", len(got), len(want))
			}
		})
	}
}

// TestOwnedListsPage pages an organization's 250 events and a person's 250
// registrations: each page at most 2 calls, every item once.
func TestOwnedListsPage(t *testing.T) {
	ctx := context.Background()
	ops := &store.OperationCounter{}
	s := store.MustStore(t, ops.ClientOption())
	now := time.Now().UTC().Truncate(time.Second)
	starts := make([]time.Time, 250)
	for i := range starts {
		starts[i] = now.Add(time.Duration(i+1) * time.Hour)
	}
	ids := seedEvents(t, s, "org", starts)
	user := auth.NewID()
	if err := store.SeedUserRegistrations(ctx, s, user, ids); err != nil {
		t.Fatal(err)
	}
	ops.Take()
	events := allPages(t, ops, func(cursor string) ([]domain.Event, string, error) {
		return s.OrganizationEvents(ctx, "org", cursor, 100, false)
	}, func(e domain.Event) string { return e.ID })
	regs := allPages(t, ops, func(cursor string) ([]domain.RegisteredEvent, string, error) {
		return s.UserRegistrations(ctx, user, cursor, 100)
	}, func(r domain.RegisteredEvent) string { return r.Event.ID })
	if !slices.Equal(events, ids) || !slices.Equal(regs, ids) {
		t.Errorf("listed %d events and %d registrations, want all %d in order", len(events), len(regs), len(ids))
	}
}

// allPages follows an owned list's cursors to the end and returns the id
// of each item, failing when a page makes more than 2 calls.
func allPages[T any](t *testing.T, ops *store.OperationCounter, list func(cursor string) ([]T, string, error), id func(T) string) []string {
	t.Helper()
	var ids []string
	for cursor, page := "", 0; page == 0 || cursor != ""; page++ {
		items, next, err := list(cursor)
		if err != nil {
			t.Fatal(err)
		}
		if n := calls(ops.Take()); n > 2 {
			t.Errorf("page %d made %d calls, want at most 2", page, n)
		}
		for _, it := range items {
			ids = append(ids, id(it))
		}
		cursor = next
	}
	return ids
}

// placeAt is the registration rule at now.
func placeAt(now time.Time) func(domain.SeatCounter) (domain.RegistrationStatus, error) {
	return func(c domain.SeatCounter) (domain.RegistrationStatus, error) { return domain.PlaceRegistration(c, now) }
}

// TestPastEventCountIsBounded: an organization's past events are counted
// in one Query up to a bound, which says when there are more.
func TestPastEventCountIsBounded(t *testing.T) {
	ctx := context.Background()
	ops := &store.OperationCounter{}
	s := store.MustStore(t, ops.ClientOption())
	now := time.Now().UTC().Truncate(time.Second)
	seedEvents(t, s, store.TestOrganization, []time.Time{now.Add(-72 * time.Hour), now.Add(-48 * time.Hour), now.Add(-24 * time.Hour), now.Add(24 * time.Hour)})
	for _, c := range []struct {
		bound int32
		want  domain.Bounded
	}{{5, domain.Bounded{N: 3}}, {2, domain.Bounded{N: 2, AtLeast: true}}} {
		ops.Take()
		got, err := s.PastEventCountUpTo(ctx, store.TestOrganization, now, c.bound)
		if calls := ops.Take(); err != nil || got != c.want || calls["Query"] != 1 {
			t.Errorf("counting up to %d: %+v, %v in %v; want %+v in one Query", c.bound, got, err, calls, c.want)
		}
	}
}
