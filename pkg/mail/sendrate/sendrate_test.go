package sendrate_test

import (
	"os"
	"sync"
	"testing"
	"time"

	"turnout/pkg/mail/sendrate"
	"turnout/pkg/store"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// TestParallelMailersShareTheRate: four mailers, each with its own pacer
// (as four Lambda instances would be), together send no more in any second
// than the rate, and every send goes. Each instance pacing only itself
// would send four times the rate.
func TestParallelMailersShareTheRate(t *testing.T) {
	cfg, awsCfg := testenv.Config(t)
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(t.Context()); err != nil {
		t.Fatal(err)
	}
	const rate, mailers, each = 10, 4, 6
	places := &sendrate.Windows{Allowances: st}
	var wg sync.WaitGroup
	for range mailers {
		pace := sendrate.New(places, rate, time.Now)
		wg.Go(func() {
			for range each {
				if err := pace.Wait(t.Context()); err != nil {
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
	cfg, awsCfg := testenv.Config(t)
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(t.Context()); err != nil {
		t.Fatal(err)
	}
	const window = 2 * time.Second
	slow := sendrate.New(st, 0.5, time.Now)
	var went []time.Time
	for range 2 {
		if err := slow.Wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		went = append(went, time.Now())
	}
	if next := went[0].Truncate(window).Add(window); went[1].Before(next) {
		t.Errorf("the second send went at %v, before the next window at %v", went[1], next)
	}
}
