package domain

import "time"

// SeatCounter is an event's seats as a registration finds them.
type SeatCounter struct {
	Capacity, SeatsTaken int
	// Waiting counts the people on the waitlist.
	Waiting int
	// Waitlist says the event queues people once it is full.
	Waitlist  bool
	Cancelled bool
	Start     time.Time
}

// PlaceRegistration is the rule of a registration at now: a seat when one
// is free and no one is waiting before; else a place on the waitlist when
// the event keeps one; else refused, the event being cancelled, started
// or full.
func PlaceRegistration(c SeatCounter, now time.Time) (RegistrationStatus, error) {
	switch {
	case c.Cancelled:
		return "", ErrEventCancelled
	case !now.Before(c.Start):
		return "", ErrEventStarted
	case c.SeatsTaken < c.Capacity && c.Waiting == 0:
		return StatusRegistered, nil
	case !c.Waitlist:
		return "", ErrEventFull
	}
	return StatusWaitlisted, nil
}
