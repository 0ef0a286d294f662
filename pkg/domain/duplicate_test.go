package domain

import (
	"errors"
	"slices"
	"testing"
	"time"
	_ "time/tzdata" // the zones' rules, whatever the machine holds
)

// A duplicate starts a week later at the same wall-clock time in the
// event's zone, across a daylight-saving change; a passed week moves on to
// the first one ahead; a given start must lie ahead as any event's.
func TestDuplicateStart(t *testing.T) {
	berlin := Event{Start: time.Date(2026, 10, 21, 17, 0, 0, 0, time.UTC), TimeZone: "Europe/Berlin"} // 19:00 CEST
	now := time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC)
	at, err := DuplicateStart(berlin, "", now)
	if want := time.Date(2026, 10, 28, 18, 0, 0, 0, time.UTC); err != nil || !at.Equal(want) { // 19:00 CET
		t.Errorf("a week after, across the change: %v, %v; want %v", at, err, want)
	}
	later := now.AddDate(0, 0, 30)
	at, err = DuplicateStart(berlin, "", later)
	if err != nil || !at.After(later) || at.Sub(later) > 7*24*time.Hour || at.In(mustZone(t, "Europe/Berlin")).Hour() != 19 || at.Weekday() != time.Wednesday {
		t.Errorf("from a month on: %v, %v; want the next Wednesday at 19:00 Berlin", at, err)
	}
	if at, err = DuplicateStart(berlin, "2026-12-01T18:00:00Z", now); err != nil || !at.Equal(time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)) {
		t.Errorf("a given start: %v, %v", at, err)
	}
	for start, want := range map[string]string{"2026-10-01T18:00:00Z": MsgStartInPast, "2030-01-01T18:00:00Z": MsgStartTooFar, "soon": MsgInvalidDateTime} {
		if _, err := DuplicateStart(berlin, start, now); !hasFieldError(err, "start_time", want) {
			t.Errorf("start %s: %v, want %q", start, err, want)
		}
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// A duplicate keeps what the event is and nothing of its life.
func TestDuplicateKeepsTheEventNotItsLife(t *testing.T) {
	point := Coords{Lat: 52.5, Lng: 13.4}
	e := Event{
		ID: "old", OrganizationID: "org", Title: "Run club", Capacity: 20, SeatsTaken: 12, Waiting: 3, Pending: 1, CheckedIn: 9,
		Waitlist: true, Approval: true, Cancelled: true, CancelReason: "rain", Visibility: VisibilityPrivate, InviteCode: "c0de",
		OnlineURL: "https://meet.example.com/x", Online: true, Coords: &point, TimeZone: "Europe/Berlin", BannerKey: "media/banners/a.png",
		Start: time.Date(2026, 10, 21, 17, 0, 0, 0, time.UTC), End: time.Date(2026, 10, 21, 19, 30, 0, 0, time.UTC),
		Questions: []Question{{ID: "q1", Label: "Diet", Kind: QuestionText}}, RetiredQuestions: []Question{{ID: "q0"}},
	}
	start := time.Date(2026, 10, 28, 18, 0, 0, 0, time.UTC)
	d := e.Duplicate("new", start, "media/banners/b.png", start.Add(-time.Hour))
	if d.ID != "new" || d.Title != e.Title || d.Capacity != 20 || !d.Waitlist || !d.Approval || d.Visibility != VisibilityPrivate ||
		d.OnlineURL != e.OnlineURL || d.Coords != e.Coords || d.BannerKey != "media/banners/b.png" || len(d.Questions) != 1 {
		t.Errorf("the duplicate lost what the event is: %+v", d)
	}
	if d.SeatsTaken+d.Waiting+d.Pending+d.CheckedIn != 0 || d.Cancelled || d.CancelReason != "" || d.InviteCode != "" || d.RetiredQuestions != nil {
		t.Errorf("the duplicate kept the event's life: %+v", d)
	}
	if !d.End.Equal(start.Add(150 * time.Minute)) {
		t.Errorf("the duplicate ends %v, want as long as the event", d.End)
	}
	d.Questions[0].Label = "changed"
	if e.Questions[0].Label != "Diet" {
		t.Error("the duplicate shares the event's questions")
	}
}

// hasFieldError reports whether err is a field error of field saying msg.
func hasFieldError(err error, field, msg string) bool {
	var e *Error
	return errors.As(err, &e) && slices.Contains(e.Fields[field], msg)
}
