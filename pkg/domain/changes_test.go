package domain

import (
	"testing"
	"time"
)

func TestNoticeOfAndMoved(t *testing.T) {
	at := time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)
	base := Event{ID: "E1", Start: at, End: at.Add(2 * time.Hour), Location: "Main Hall", Title: "Choir"}
	retitled, moved, placed := base, base, base
	retitled.Title = "Big Choir"
	moved.Start, moved.End = at.Add(time.Hour), at.Add(3*time.Hour)
	placed.Location = "Pier 4"
	now := at.Add(-48 * time.Hour)

	if n := NoticeOf(base, retitled, now); n != nil {
		t.Errorf("a new title makes a notice: %+v", n)
	}
	cancelled := base
	cancelled.Cancelled = true
	if n := NoticeOf(cancelled, placed, now); n != nil {
		t.Errorf("a cancelled event's move makes a notice: %+v", n)
	}
	n := NoticeOf(base, moved, now)
	if n == nil || !n.Due.Equal(now.Add(ChangeQuietPeriod)) || n.Told != (EventWas{Start: base.Start, End: base.End, Location: "Main Hall"}) {
		t.Fatalf("notice of a move = %+v", n)
	}
	for _, tc := range []struct {
		name string
		now  Event
		want EventWas
		ok   bool
	}{
		{"moved back: nothing to tell", base, EventWas{}, false},
		{"moved in time", moved, EventWas{Start: base.Start, End: base.End}, true},
		{"moved in place", placed, EventWas{Location: "Main Hall"}, true},
	} {
		if got, ok := Moved(n.Told, tc.now); got != tc.want || ok != tc.ok {
			t.Errorf("%s: Moved = %+v, %v; want %+v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
	if got, want := NextDay(time.Date(2026, 11, 26, 23, 59, 0, 0, time.FixedZone("X", -3600))), time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("NextDay = %v, want %v", got, want)
	}
}
