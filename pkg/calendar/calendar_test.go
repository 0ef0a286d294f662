package calendar

import (
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
)

func TestFileIsRFC5545(t *testing.T) {
	start := time.Date(2027, 3, 4, 18, 30, 0, 0, time.FixedZone("CET", 3600))
	e := Entry{
		EventID: "01EVENT", Title: "Jazz, Night; Live", Description: "Line one\nline two",
		Location: "Quay 2, Harbour", URL: "https://turnout.example/event/detail?id=01EVENT",
		Start: start, End: start.Add(2 * time.Hour), Stamp: time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC),
	}
	file := string(File(e))
	for _, want := range []string{
		"BEGIN:VCALENDAR", "VERSION:2.0", "METHOD:PUBLISH", "UID:01EVENT@turnout", "DTSTAMP:20270101T090000Z",
		"DTSTART:20270304T173000Z", "DTEND:20270304T193000Z", `SUMMARY:Jazz\, Night\; Live`, "STATUS:CONFIRMED", "SEQUENCE:1798794000",
	} {
		if !strings.Contains(file, want) {
			t.Errorf("file lacks %q:\n%s", want, file)
		}
	}
	if !strings.Contains(file, "\r\n") {
		t.Errorf("lines do not end in CRLF")
	}
	// A reader gets back what was written.
	cal, err := ics.ParseCalendar(strings.NewReader(file))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	ev := cal.Events()[0]
	if got := ev.GetProperty(ics.ComponentPropertyLocation).Value; got != "Quay 2, Harbour" {
		t.Errorf("LOCATION = %q", got)
	}
	if got, err := ev.GetStartAt(); err != nil || !got.Equal(start) {
		t.Errorf("DTSTART = %v, %v; want %v", got, err, start)
	}

	// A later file revises the entry: same UID, higher SEQUENCE.
	e.Cancelled, e.Stamp = true, e.Stamp.Add(time.Minute)
	cancelled := string(File(e))
	for _, want := range []string{"STATUS:CANCELLED", "UID:01EVENT@turnout", "SEQUENCE:1798794060"} {
		if !strings.Contains(cancelled, want) {
			t.Errorf("the cancellation lacks %q:\n%s", want, cancelled)
		}
	}
}
