package domain

import "time"

// Change notices: when an event's time or place changes, its people are
// told, but not at every edit. A notice waits until the event has been
// left alone for ChangeQuietPeriod, then tells the net change from what
// they were last told to what it is now (nothing, when the edits undid
// each other), and an event sends at most ChangeNoticesPerDay a day; a
// notice over that waits for the next day.

const (
	// ChangeQuietPeriod is how long after its last edit an event's change
	// notice goes out.
	ChangeQuietPeriod = 10 * time.Minute
	// ChangeNoticesPerDay bounds the change notices of one event on one
	// UTC day.
	ChangeNoticesPerDay = 3
)

// ChangeNotice is an event's pending change notice.
type ChangeNotice struct {
	EventID string
	// Told is the event as its people last heard of it: its times and
	// place before the first of the edits the notice gathers.
	Told EventWas
	// Due is when it goes: ChangeQuietPeriod after the last edit.
	Due time.Time
}

// NoticeOf is the notice of an edit of current made at now, or nil when
// the edit moved nothing people plan by (times, place). A cancelled
// event's people were told that instead.
func NoticeOf(current, next Event, now time.Time) *ChangeNotice {
	told := EventWas{Start: current.Start, End: current.End, Location: current.Location}
	if _, moved := Moved(told, next); !moved || current.Cancelled {
		return nil
	}
	due := now.Add(ChangeQuietPeriod)
	if next.Start.Before(due) {
		due = now // no time to wait for more edits
	}
	return &ChangeNotice{EventID: next.ID, Told: told, Due: due}
}

// Moved is what a notice tells of e, whose people were told told: the
// times when they moved, the place when it moved, and false when neither
// did.
func Moved(told EventWas, e Event) (EventWas, bool) {
	var was EventWas
	if !told.Start.Equal(e.Start) || !told.End.Equal(e.End) {
		was.Start, was.End = told.Start, told.End
	}
	if told.Location != e.Location {
		was.Location = told.Location
	}
	return was, was != EventWas{}
}

// Broadcast is the notice's mail to the event's people, telling was (what
// moved), handed over at now. Its id names the event and the moment of
// the hand-over, which happens once per notice (the store removes the
// notice in the same transaction), so each notice is its own mail.
func (c ChangeNotice) Broadcast(was EventWas, now time.Time) Broadcast {
	return Broadcast{
		ID: "changed." + c.EventID + "." + now.UTC().Format("20060102T150405.000000000Z"), EventID: c.EventID,
		Kind: BroadcastChanged, Was: was, Created: now,
	}
}

// NextDay is the first moment of the UTC day after t's, when a notice over
// the day's bound may go.
func NextDay(t time.Time) time.Time { return t.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour) }
