package sendrate_test

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"turnout/pkg/mail/sendrate"
	"turnout/pkg/store"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// newStore is the store on a table of the test's own.
func newStore(t *testing.T) *store.Store {
	t.Helper()
	cfg, awsCfg := testenv.Config(t)
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(t.Context()); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestParallelMailersShareTheRate: four mailers, each with its own pacer
// (as four Lambda instances would be; one of them sends priority mail),
// together send no more in any second than the rate, and every send goes.
// Each instance pacing only itself would send four times the rate.
func TestParallelMailersShareTheRate(t *testing.T) {
	st := newStore(t)
	const rate, mailers, each = 10, 4, 6
	places := &sendrate.Windows{Allowances: st}
	var wg sync.WaitGroup
	for i := range mailers {
		pace := sendrate.New(places, rate, time.Now)
		wg.Go(func() {
			for range each {
				if err := pace.Wait(t.Context(), i == 0); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	total := 0
	for second, n := range places.Counts() {
		total += n
		if n > rate {
			t.Errorf("%d sends in second %d, over the rate of %d", n, second, rate)
		}
	}
	if total != mailers*each {
		t.Errorf("%d sends went, want %d", total, mailers*each)
	}
}

// TestSlowRatesSpaceSends: below one a second, each send has a window of
// its own (0.5 a second: one per 2-second window).
func TestSlowRatesSpaceSends(t *testing.T) {
	st := newStore(t)
	const window = 2 * time.Second
	slow := sendrate.New(st, 0.5, time.Now)
	var went []time.Time
	for range 2 {
		if err := slow.Wait(t.Context(), false); err != nil {
			t.Fatal(err)
		}
		went = append(went, time.Now())
	}
	if next := went[0].Truncate(window).Add(window); went[1].Before(next) {
		t.Errorf("the second send went at %v, before the next window at %v", went[1], next)
	}
}

// TestTheLastPlaceOfEachSecondIsPriorityMails: event mail takes all but the
// last place of a second and then waits for the next; a reset asked for
// meanwhile still goes in this one.
func TestTheLastPlaceOfEachSecondIsPriorityMails(t *testing.T) {
	st := newStore(t)
	// A clock that stands at the start of a second: the window never moves.
	second := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	pace := sendrate.New(st, 3, func() time.Time { return second })
	for i := range 2 {
		if err := pace.Wait(t.Context(), false); err != nil {
			t.Fatalf("event mail %d: %v", i, err)
		}
	}
	held, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	if err := pace.Wait(held, false); err == nil {
		t.Error("a third event mail took the second's last place")
	}
	if err := pace.Wait(t.Context(), true); err != nil {
		t.Errorf("priority mail did not get the last place: %v", err)
	}
	full, cancel2 := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel2()
	if err := pace.Wait(full, true); err == nil {
		t.Error("a second priority mail went over the rate")
	}
}
