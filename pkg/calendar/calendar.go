// Package calendar writes events as iCalendar files (RFC 5545), through
// golang-ical: the public calendar.ics of an event and the files mailed
// with a registration and its cancellation.
package calendar

import (
	"time"

	ics "github.com/arran4/golang-ical"
)

// Entry is what a calendar shows of one event.
type Entry struct {
	// EventID makes the UID, so every file of an event (the public one,
	// the confirmation, the cancellation) names the same calendar entry.
	EventID            string
	Title, Description string
	Location, URL      string
	Start, End         time.Time
	Cancelled          bool
	// Stamp is when the file was made (DTSTAMP). It is the SEQUENCE too,
	// in seconds: each file revises every earlier one of its event (a
	// change, a cancellation), so calendars keep the newest.
	Stamp time.Time
}

// ContentType is the media type of the files.
const ContentType = "text/calendar; charset=utf-8"

// UIDDomain ends every UID, so it is unique beyond this product.
const UIDDomain = "turnout"

// File writes e as a VCALENDAR with METHOD:PUBLISH and one VEVENT, times
// in UTC.
func File(e Entry) []byte {
	cal := ics.NewCalendarFor("Turnout")
	cal.SetMethod(ics.MethodPublish)
	add(cal, e)
	return []byte(cal.Serialize(ics.WithNewLineWindows))
}

// Feed writes a calendar named name that apps subscribe to: one VEVENT per
// entry, and a hint to refresh it hourly.
func Feed(name string, entries []Entry) []byte {
	cal := ics.NewCalendarFor("Turnout")
	cal.SetMethod(ics.MethodPublish)
	cal.SetName(name)
	cal.SetXWRCalName(name)
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	for _, e := range entries {
		add(cal, e)
	}
	return []byte(cal.Serialize(ics.WithNewLineWindows))
}

func add(cal *ics.Calendar, e Entry) {
	ev := cal.AddEvent(e.EventID + "@" + UIDDomain)
	ev.SetDtStampTime(e.Stamp.UTC())
	ev.SetStartAt(e.Start.UTC())
	ev.SetEndAt(e.End.UTC())
	ev.SetSummary(e.Title)
	if e.Description != "" {
		ev.SetDescription(e.Description)
	}
	ev.SetLocation(e.Location)
	if e.URL != "" {
		ev.SetURL(e.URL)
	}
	ev.SetSequence(int(e.Stamp.Unix()))
	if e.Cancelled {
		ev.SetStatus(ics.ObjectStatusCancelled)
	} else {
		ev.SetStatus(ics.ObjectStatusConfirmed)
	}
}
