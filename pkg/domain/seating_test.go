package domain

import (
	"errors"
	"testing"
	"time"
)

func TestPlaceRegistration(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	later := now.Add(time.Hour)
	tests := []struct {
		name    string
		counter SeatCounter
		want    RegistrationStatus
		wantErr error
	}{
		{"a free seat", SeatCounter{Capacity: 2, SeatsTaken: 1, Start: later}, StatusRegistered, nil},
		{"full with a waitlist", SeatCounter{Capacity: 2, SeatsTaken: 2, Waitlist: true, Start: later}, StatusWaitlisted, nil},
		{"a seat free but people waiting", SeatCounter{Capacity: 2, SeatsTaken: 1, Waiting: 1, Waitlist: true, Start: later}, StatusWaitlisted, nil},
		{"full without a waitlist", SeatCounter{Capacity: 2, SeatsTaken: 2, Start: later}, "", ErrEventFull},
		{"started", SeatCounter{Capacity: 2, Start: now}, "", ErrEventStarted},
		{"cancelled", SeatCounter{Capacity: 2, Cancelled: true, Start: later}, "", ErrEventCancelled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PlaceRegistration(tt.counter, now)
			if got != tt.want || !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Errorf("PlaceRegistration = %q, %v; want %q, %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestQueuePosition(t *testing.T) {
	ticket := func(n int) *int { return &n }
	for _, c := range []struct {
		name   string
		q      Queue
		ticket *int
		want   int
	}{
		{"first ticket of a fresh queue", Queue{Waiting: 1}, ticket(1), 1},
		{"behind those served", Queue{Served: 4, Waiting: 3}, ticket(7), 3},
		{"those gone ahead no longer count", Queue{Served: 4, Gone: []int{5, 6}, Waiting: 1}, ticket(7), 1},
		{"those gone behind do", Queue{Served: 4, Gone: []int{9}, Waiting: 3}, ticket(7), 3},
		{"never past the people waiting", Queue{Served: 0, Waiting: 2}, ticket(9), 2},
		{"numbered by a backfill", Queue{Served: -3, Waiting: 5}, ticket(0), 3},
		{"unnumbered: the queue's length", Queue{Waiting: 6}, nil, 6},
	} {
		if got := c.q.Position(c.ticket); got != c.want {
			t.Errorf("%s: Position = %d, want %d", c.name, got, c.want)
		}
	}
}
