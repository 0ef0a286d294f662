package domain_test

import (
	"testing"
	"time"

	"turnout/pkg/domain"
)

func TestReminderTimes(t *testing.T) {
	start := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	day := domain.Reminder{EventID: "E1", Kind: domain.Reminder24h, Start: start}
	hour := domain.Reminder{EventID: "E1", Kind: domain.Reminder1h, Start: start}
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"24h planned a minute before its moment", day.Planned(start.Add(-24*time.Hour - time.Minute)), true},
		{"24h not planned at its moment (created within a day)", day.Planned(start.Add(-24 * time.Hour)), false},
		{"1h planned 2 hours ahead", hour.Planned(start.Add(-2 * time.Hour)), true},
		{"24h worth sending 23 hours late... until the 1h one is due", day.Stale(start.Add(-61 * time.Minute)), false},
		{"24h stale once the 1h one is due", day.Stale(start.Add(-time.Hour)), true},
		{"1h worth sending until the start", hour.Stale(start.Add(-time.Second)), false},
		{"1h stale at the start", hour.Stale(start), true},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v", tc.name, tc.got)
		}
	}
	if got, want := day.Due(), start.Add(-24*time.Hour); !got.Equal(want) {
		t.Errorf("24h due %v, want %v", got, want)
	}
	b := hour.Broadcast()
	if b.Kind != domain.BroadcastReminder1h || !b.Created.Equal(start.Add(-time.Hour)) || !b.Start.Equal(start) || b.EventID != "E1" {
		t.Errorf("broadcast = %+v", b)
	}
	if k, ok := b.Kind.Reminder(); !ok || k != domain.Reminder1h || k.MailKind() != domain.MailReminder1h {
		t.Errorf("broadcast kind %q reads as reminder %q, %v", b.Kind, k, ok)
	}
	// One broadcast per event, kind and start: a moved event's is new, the
	// same instant read in another time zone is the same.
	moved := day
	moved.Start = start.Add(time.Hour)
	elsewhere := day
	elsewhere.Start = start.In(time.FixedZone("UTC+2", 2*60*60))
	if day.BroadcastID() == hour.BroadcastID() || day.BroadcastID() == moved.BroadcastID() || day.BroadcastID() != elsewhere.BroadcastID() {
		t.Errorf("ids: %s %s %s %s", day.BroadcastID(), hour.BroadcastID(), moved.BroadcastID(), elsewhere.BroadcastID())
	}
}
