package domain

import "time"

// Reminders: everyone registered for an event is mailed 24 hours before it
// starts and again 1 hour before. Each reminder of an event is planned for
// the event's start as it stands; when the start moves, so do its
// reminders.

// ReminderKind names one of an event's reminders.
type ReminderKind string

const (
	Reminder24h ReminderKind = "24h"
	Reminder1h  ReminderKind = "1h"
)

// ReminderKinds are every event's reminders, earliest first.
var ReminderKinds = []ReminderKind{Reminder24h, Reminder1h}

// Before is how long before the start the reminder goes out.
func (k ReminderKind) Before() time.Duration {
	if k == Reminder1h {
		return time.Hour
	}
	return 24 * time.Hour
}

// MailKind is the setting that turns the reminder off.
func (k ReminderKind) MailKind() MailKind {
	if k == Reminder1h {
		return MailReminder1h
	}
	return MailReminder24h
}

// Reminder is one reminder of an event, planned for the start it had
// when the event was last written.
type Reminder struct {
	EventID string
	Kind    ReminderKind
	Start   time.Time
}

// Due is the reminder's moment. Registrations made after it do not get it.
func (r Reminder) Due() time.Time { return r.Start.Add(-r.Kind.Before()) }

// Stale reports whether at now the reminder is no longer worth sending:
// the 24-hour one once the 1-hour one is due, the 1-hour one once the
// event has started. (Only a job that was down for that long sends one
// late at all.)
func (r Reminder) Stale(now time.Time) bool {
	if r.Kind == Reminder1h {
		return !now.Before(r.Start)
	}
	return !now.Before(r.Start.Add(-Reminder1h.Before()))
}

// Planned reports whether, for an event written at now, the reminder is
// still to come: one whose moment has passed is not planned, so an event
// created or moved to start within a day gets only the 1-hour one.
func (r Reminder) Planned(now time.Time) bool { return r.Due().After(now) }

// BroadcastID names the mail of the reminder to the event's people: one
// per event, kind and start, so the same reminder is sent once however
// often it is handed over, and a moved event's reminder is a new one.
func (r Reminder) BroadcastID() string {
	return "reminder-" + string(r.Kind) + "." + r.EventID + "." + r.Start.UTC().Format("20060102T150405Z")
}

// Broadcast is the mail of the reminder to the event's people.
func (r Reminder) Broadcast() Broadcast {
	kind := BroadcastReminder24h
	if r.Kind == Reminder1h {
		kind = BroadcastReminder1h
	}
	return Broadcast{ID: r.BroadcastID(), EventID: r.EventID, Kind: kind, Created: r.Due(), Start: r.Start}
}

// Reminder is the reminder a broadcast of kind k sends, and false for any
// other kind.
func (k BroadcastKind) Reminder() (ReminderKind, bool) {
	switch k {
	case BroadcastReminder24h:
		return Reminder24h, true
	case BroadcastReminder1h:
		return Reminder1h, true
	}
	return "", false
}
