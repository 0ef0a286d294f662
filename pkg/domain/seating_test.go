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
