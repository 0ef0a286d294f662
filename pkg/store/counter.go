package store

import (
	"time"

	"turnout/pkg/domain"
)

// seatsItem counts an event's taken seats. It carries what the
// registration condition reads (capacity, start) and is in no index, so a
// registration rewrites only this small item and writes no index copy.
// It also keeps the event's waitlist choice and the counts the organizer
// sees: people waiting and attendees checked in.
type seatsItem struct {
	PK         string `dynamo:"PK,hash"`
	SK         string `dynamo:"SK,range"`
	ID         string
	Capacity   int
	StartsAt   string
	SeatsTaken int
	Waitlist   bool
	Waiting    int
	CheckedIn  int
	// Cancelled refuses every registration (CancelEvent).
	Cancelled bool `dynamo:",omitempty"`
	// Category, City, TimeZone and the point ride along for the lists,
	// whose index holds none of them (its projection cannot change in
	// place): the counter is read with every list page anyway.
	Category string   `dynamo:",omitempty"`
	City     string   `dynamo:",omitempty"`
	TimeZone string   `dynamo:",omitempty"`
	Lat      *float64 `dynamo:",omitempty"`
	Lng      *float64 `dynamo:",omitempty"`
	// CancelReason rides along too: the event's page opened from a list
	// shows it. So does the organization's logo, for the host on it.
	CancelReason        string `dynamo:",omitempty"`
	OrganizationLogoKey string `dynamo:",omitempty"`
	// Served and Gone say where the queue stands (domain.Queue; the
	// tickets are counted on an item of their own, ticketsKey).
	Served int   `dynamo:",omitempty"`
	Gone   []int `dynamo:",set,omitempty"`
	// Visibility and Online ride along for the owner's list and the
	// lists' cards (the online link itself stays on the event: it is no
	// list's, and would make every seat's write dearer).
	Visibility string `dynamo:",omitempty"`
	Online     bool   `dynamo:",omitempty"`
	// Language rides along for the cards too.
	Language string `dynamo:",omitempty"`
	// Approval makes a registration a request (approval.go); Pending
	// counts the requests waiting.
	Approval bool `dynamo:",omitempty"`
	Pending  int  `dynamo:",omitempty"`
	// SeriesID and Position, of an occurrence of a series.
	SeriesID string `dynamo:",omitempty"`
	Position int    `dynamo:",omitempty"`
}

// queue is where the event's waitlist stands.
func (it seatsItem) queue() domain.Queue {
	return domain.Queue{Served: it.Served, Gone: it.Gone, Waiting: it.Waiting}
}

// counter is the seat counter as the registration rule reads it.
func (it seatsItem) counter() domain.SeatCounter {
	start, _ := time.Parse(sortTimeLayout, it.StartsAt)
	return domain.SeatCounter{
		Capacity: it.Capacity, SeatsTaken: it.SeatsTaken, Waiting: it.Waiting,
		Waitlist: it.Waitlist, Cancelled: it.Cancelled, Start: start,
	}
}

func newSeatsItem(e domain.Event) seatsItem {
	k := seatsKey(e.ID)
	lat, lng := e.Coords.Parts()
	return seatsItem{
		PK: k.PK, SK: k.SK, ID: e.ID, Capacity: e.Capacity, StartsAt: sortTime(e.Start), SeatsTaken: e.SeatsTaken,
		Waitlist: e.Waitlist, Waiting: e.Waiting, CheckedIn: e.CheckedIn,
		Category: e.Category, City: e.City, TimeZone: e.TimeZone, Lat: lat, Lng: lng, OrganizationLogoKey: e.OrganizationLogoKey,
		Visibility: storedVisibility(e), Online: e.OnlineURL != "", Approval: e.Approval, Pending: e.Pending,
		Language: e.Language, SeriesID: e.SeriesID, Position: e.Position,
	}
}

// counts copies the figures of a counter (decoded as an eventItem) onto e,
// with the fields it carries for lists.
func (it eventItem) counts(e *domain.Event) {
	e.SeatsTaken, e.Waitlist, e.Waiting, e.CheckedIn, e.Cancelled = it.SeatsTaken, it.Waitlist, it.Waiting, it.CheckedIn, it.Cancelled
	e.Online, e.Approval, e.Pending = e.Online || it.Online, it.Approval, it.Pending
	if it.SeriesID != "" {
		e.SeriesID, e.Position = it.SeriesID, it.Position
	}
	if it.Visibility != "" {
		e.Visibility = domain.Visibility(it.Visibility)
	}
	for _, f := range []struct {
		from string
		to   *string
	}{{it.Category, &e.Category}, {it.City, &e.City}, {it.TimeZone, &e.TimeZone}, {it.CancelReason, &e.CancelReason}, {it.OrganizationLogoKey, &e.OrganizationLogoKey}, {it.Language, &e.Language}} {
		if f.from != "" {
			*f.to = f.from
		}
	}
	if c := domain.CoordsOf(it.Lat, it.Lng); c != nil {
		e.Coords = c
	}
}
