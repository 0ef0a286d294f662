package calendar

import (
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

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
	for _, line := range strings.Split(strings.TrimSuffix(file, "\r\n"), "\r\n") {
		if len(line) > 75 || strings.ContainsAny(line, "\r\n") {
			t.Errorf("line %q is not a folded content line ended by CRLF", line)
		}
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

// A feed holds every entry; long and non-ASCII text folds without breaking
// a character, and a parser reads it all back.
func TestFeedFoldsLongLines(t *testing.T) {
	long := strings.Repeat("Café crème, ", 20)
	start := time.Date(2027, 5, 1, 10, 0, 0, 0, time.UTC)
	entries := []Entry{
		{EventID: "01A", Title: long, Location: "Quai", Start: start, End: start.Add(time.Hour), Stamp: start},
		{EventID: "01B", Title: "Second", Location: "Hall", Start: start, End: start.Add(time.Hour), Stamp: start, Cancelled: true},
	}
	file := string(Feed("Org on Turnout", entries))
	for _, line := range strings.Split(strings.TrimSuffix(file, "\r\n"), "\r\n") {
		if len(line) > 75 || !utf8.ValidString(line) {
			t.Errorf("line %q: over 75 octets or a character cut", line)
		}
	}
	cal, err := ics.ParseCalendar(strings.NewReader(file))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	events := cal.Events()
	if len(events) != 2 {
		t.Fatalf("%d events, want 2", len(events))
	}
	if got := events[0].GetProperty(ics.ComponentPropertySummary).Value; got != strings.ReplaceAll(long, ",", "\\,") && got != long {
		t.Errorf("SUMMARY read back as %q", got)
	}
	if !strings.Contains(file, "X-WR-CALNAME:Org on Turnout") || !strings.Contains(file, "UID:01B@turnout") {
		t.Errorf("feed lacks its name or an entry:\n%s", file)
	}
}

// Event text is the organizer's: control characters in it (an escape
// sequence, a NUL, a C1 control) never reach the file; line breaks become
// \n and tabs stay, as text values allow.
func TestFileDropsControlCharacters(t *testing.T) {
	start := time.Date(2027, 5, 1, 10, 0, 0, 0, time.UTC)
	file := string(File(Entry{
		EventID: "01C", Title: "Red\x1b[31m alert\x00\x07", Description: "Bring\ta mat\r\nand water\u0085\x7f",
		Location: "Hall\x0b 2", Start: start, End: start.Add(time.Hour), Stamp: start,
	}))
	for i, r := range strings.ReplaceAll(file, "\r\n", "") {
		if unicode.IsControl(r) && r != '\t' {
			t.Errorf("control character %U at %d in:\n%q", r, i, file)
		}
	}
	for _, want := range []string{`SUMMARY:Red[31m alert`, "DESCRIPTION:Bring\ta mat\\nand water", "LOCATION:Hall 2"} {
		if !strings.Contains(file, want) {
			t.Errorf("file lacks %q:\n%q", want, file)
		}
	}
	if _, err := ics.ParseCalendar(strings.NewReader(file)); err != nil {
		t.Errorf("parse: %v", err)
	}
}

// The words before the online link are the reader's: English unless the
// entry names others; the rest of the description is the event's own.
func TestJoinLabelIsTheReadersLanguage(t *testing.T) {
	start := time.Date(2027, 5, 1, 10, 0, 0, 0, time.UTC)
	e := Entry{EventID: "01D", Title: "Yoga", Description: "Bring a mat", Start: start, End: start.Add(time.Hour), Stamp: start, JoinURL: "https://meet.example.com/yoga"}
	for label, want := range map[string]string{
		"":                   "Join online: https://meet.example.com/yoga\n\nBring a mat",
		"オンライン参加：":           "オンライン参加： https://meet.example.com/yoga\n\nBring a mat",
		"Online dabei sein:": "Online dabei sein: https://meet.example.com/yoga\n\nBring a mat",
	} {
		e.JoinLabel = label
		cal, err := ics.ParseCalendar(strings.NewReader(string(File(e))))
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		if got := cal.Events()[0].GetProperty(ics.ComponentPropertyDescription).Value; got != want {
			t.Errorf("label %q: DESCRIPTION = %q, want %q", label, got, want)
		}
	}
}
