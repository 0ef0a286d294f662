// Package calendar writes events as iCalendar files (RFC 5545): the public
// calendar.ics of an event, the files mailed with a registration and its
// cancellation, and the feeds calendar apps subscribe to. It writes the
// few properties they need by hand, with the format's escaping and line
// folding: a library (golang-ical, which the tests use to parse every
// file back) would add 25 KB to the events function, which must stay
// within 4 MB zipped.
package calendar

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
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
	// JoinURL is the online link, in the files of a person holding a seat
	// ("" in any other): told first in the description, which every app
	// shows, and as the RFC 7986 CONFERENCE property, which some link.
	JoinURL string
	// JoinLabel introduces JoinURL in the description, in the reader's
	// language (the mailer's catalogs hold it; "Join online:" when "").
	// It is the only text of the file Turnout writes: the others are the
	// event's own.
	JoinLabel string
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
	var w writer
	w.begin("")
	w.event(e)
	return w.end()
}

// Feed writes a calendar named name that apps subscribe to: one VEVENT per
// entry, and a hint to refresh it hourly.
func Feed(name string, entries []Entry) []byte {
	var w writer
	w.begin(name)
	for _, e := range entries {
		w.event(e)
	}
	return w.end()
}

type writer struct{ b strings.Builder }

func (w *writer) begin(name string) {
	w.line("BEGIN:VCALENDAR")
	w.line("VERSION:2.0")
	w.line("PRODID:-//Turnout//Turnout//EN")
	w.line("METHOD:PUBLISH")
	if name != "" {
		w.prop("NAME", name)
		w.prop("X-WR-CALNAME", name)
		w.line("REFRESH-INTERVAL;VALUE=DURATION:PT1H")
		w.line("X-PUBLISHED-TTL:PT1H")
	}
}

func (w *writer) end() []byte {
	w.line("END:VCALENDAR")
	return []byte(w.b.String())
}

const utc = "20060102T150405Z"

func (w *writer) event(e Entry) {
	w.line("BEGIN:VEVENT")
	w.prop("UID", e.EventID+"@"+UIDDomain)
	w.line("DTSTAMP:" + e.Stamp.UTC().Format(utc))
	w.line("DTSTART:" + e.Start.UTC().Format(utc))
	w.line("DTEND:" + e.End.UTC().Format(utc))
	w.prop("SUMMARY", e.Title)
	description := e.Description
	if e.JoinURL != "" {
		label := e.JoinLabel
		if label == "" {
			label = "Join online:"
		}
		description = strings.TrimSpace(label + " " + e.JoinURL + "\n\n" + description)
	}
	if description != "" {
		w.prop("DESCRIPTION", description)
	}
	if e.JoinURL != "" {
		w.line("CONFERENCE;VALUE=URI;FEATURE=VIDEO:" + e.JoinURL)
	}
	w.prop("LOCATION", e.Location)
	if e.URL != "" {
		w.line("URL:" + e.URL)
	}
	w.line("SEQUENCE:" + strconv.FormatInt(e.Stamp.Unix(), 10))
	status := "CONFIRMED"
	if e.Cancelled {
		status = "CANCELLED"
	}
	w.line("STATUS:" + status)
	w.line("END:VEVENT")
}

// prop writes a text property, escaped as RFC 5545 §3.3.11 says, without
// the control characters text may not hold (line breaks become \n).
func (w *writer) prop(name, text string) {
	w.line(name + ":" + escaper.Replace(strings.Map(dropControl, text)))
}

// dropControl keeps r unless it is a control character other than a line
// break or a tab: event text comes from organizers, and a raw escape or
// NUL in a calendar file confuses the apps that read it.
func dropControl(r rune) rune {
	if unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' {
		return -1
	}
	return r
}

var escaper = strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)

// line writes a content line, folded to lines of at most 75 octets (never
// inside a character), each ended by CRLF (RFC 5545 §3.1).
func (w *writer) line(s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.b.WriteString(s[:cut] + "\r\n ")
		s, limit = s[cut:], 74 // the leading space counts
	}
	w.b.WriteString(s + "\r\n")
}
