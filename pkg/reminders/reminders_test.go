package reminders_test

import (
	"context"
	"os"
	"testing"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/reminders"
	"turnout/pkg/store"
	"turnout/pkg/store/storetest"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// created is when the tests' events are made; they start two days later.
var created = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

type fixture struct {
	st  *store.Store
	org domain.User
	// event starts at created + 48h.
	event domain.Event
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	t.Parallel()
	st, _ := storetest.New(t)
	org := storetest.NewAccount(t, st, storetest.Account{Active: true, Organizer: true, Joined: created})
	e := storetest.NewEvent(t, st, org, storetest.Event{Start: created.Add(48 * time.Hour), Capacity: 10, Created: created})
	return fixture{st: st, org: org, event: e}
}

// run runs the job at at.
func (f fixture) run(t *testing.T, at time.Time) reminders.Result {
	t.Helper()
	res, err := reminders.Job{Store: f.st, Now: func() time.Time { return at }}.Run(context.Background())
	if err != nil {
		t.Fatalf("run at %v: %v", at, err)
	}
	return res
}

// move edits the event at now to start shift later than it does, noting
// the change as the events service does, and returns it as moved.
func (f fixture) move(t *testing.T, e domain.Event, shift time.Duration, now time.Time) domain.Event {
	t.Helper()
	next := e
	next.Start, next.End = e.Start.Add(shift), e.End.Add(shift)
	if err := f.st.UpdateEvent(context.Background(), e, next, domain.NoticeOf(e, next, now), now); err != nil {
		t.Fatalf("move event: %v", err)
	}
	return next
}

// TestJob: every outcome of a run of the reminder job.
func TestJob(t *testing.T) {
	start := created.Add(48 * time.Hour)
	afterQuiet := created.Add(domain.ChangeQuietPeriod + time.Minute)
	tests := []struct {
		name string
		// setup prepares the table and returns when the job runs.
		setup func(t *testing.T, f fixture) time.Time
		want  reminders.Result
	}{
		{"nothing due yet", func(t *testing.T, f fixture) time.Time {
			return start.Add(-25 * time.Hour)
		}, reminders.Result{}},
		{"the 24-hour reminder", func(t *testing.T, f fixture) time.Time {
			return start.Add(-23 * time.Hour)
		}, reminders.Result{Sent: 1}},
		{"handed over once", func(t *testing.T, f fixture) time.Time {
			f.run(t, start.Add(-23*time.Hour))
			return start.Add(-22 * time.Hour)
		}, reminders.Result{}},
		{"a stale 24-hour reminder beside the 1-hour one", func(t *testing.T, f fixture) time.Time {
			return start.Add(-30 * time.Minute)
		}, reminders.Result{Sent: 1, Dropped: 1}},
		{"a cancelled event", func(t *testing.T, f fixture) time.Time {
			b := domain.Broadcast{ID: "cancelled." + f.event.ID, EventID: f.event.ID, Kind: domain.BroadcastCancelled, Body: "Rain.", Created: created}
			if err := f.st.CancelEvent(context.Background(), f.event, b); err != nil {
				t.Fatal(err)
			}
			return start.Add(-23 * time.Hour)
		}, reminders.Result{}},
		{"a moved event's notice", func(t *testing.T, f fixture) time.Time {
			f.move(t, f.event, time.Hour, created)
			return afterQuiet
		}, reminders.Result{Changes: 1}},
		{"an edit undone tells nothing", func(t *testing.T, f fixture) time.Time {
			moved := f.move(t, f.event, time.Hour, created)
			f.move(t, moved, -time.Hour, created.Add(time.Minute))
			return afterQuiet.Add(time.Minute)
		}, reminders.Result{ChangesDropped: 1}},
		{"a notice past the day's bound waits for the next day", func(t *testing.T, f fixture) time.Time {
			e, at := f.event, created
			for i := range domain.ChangeNoticesPerDay {
				e = f.move(t, e, time.Hour, at)
				at = at.Add(domain.ChangeQuietPeriod + time.Minute)
				if res := f.run(t, at); res.Changes != 1 {
					t.Fatalf("notice %d: %+v", i, res)
				}
			}
			f.move(t, e, time.Hour, at)
			return at.Add(domain.ChangeQuietPeriod + time.Minute)
		}, reminders.Result{ChangesPostponed: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			at := tt.setup(t, f)
			if got := f.run(t, at); got != tt.want {
				t.Errorf("run at %v: %+v, want %+v", at, got, tt.want)
			}
		})
	}
}
