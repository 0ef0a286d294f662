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

// Queue is where an event's waitlist stands. A join takes the next ticket
// number; Served is the ticket of the last person given a seat (seats
// pass in ticket order), and Gone the tickets above it that left the
// queue without one (a cancel, or a join that did not complete), at most
// MaxGone of them.
type Queue struct {
	Served  int
	Gone    []int
	Waiting int
}

// MaxGone bounds the tickets a queue remembers as gone, so its counter
// stays one write unit or two; past it, a place told may be a little
// behind the true one, never ahead of it.
const MaxGone = 100

// Position is the place in the queue, from 1, of the holder of ticket:
// the tickets since the last served, less those gone. It never exceeds
// the people waiting, which is the place of a ticket unknown (nil: a
// place from before tickets that no Backfill numbered).
func (q Queue) Position(ticket *int) int {
	if ticket == nil {
		return max(q.Waiting, 1)
	}
	p := *ticket - q.Served
	for _, g := range q.Gone {
		if g > q.Served && g < *ticket {
			p--
		}
	}
	if q.Waiting > 0 {
		p = min(p, q.Waiting)
	}
	return max(p, 1)
}
