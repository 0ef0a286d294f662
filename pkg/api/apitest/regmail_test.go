package apitest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/mail/mailtest"
)

// regMail waits for the mail whose subject starts with subject to reach
// to (registration mails leave after the answer, from the table's stream).
func regMail(t *testing.T, env *Env, to, subject string) mailtest.Received {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		for _, m := range mailtest.Inbox(t, env.Config.SESEndpoint, to) {
			if strings.HasPrefix(m.Subject, subject) {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no mail %q reached %s", subject, to)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestRegistrationMails: registering mails a confirmation with the ticket
// and a calendar file; a full event's waitlist mails the place in line;
// a cancel mails a cancelling calendar file, and the seat's new holder
// their ticket. Each mail once.
func TestRegistrationMails(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true", "title": "Harbour Jazz"}))
	ada, bob := env.NewPerson(t), env.NewPerson(t)

	var seat, waiting waitReply
	regPost(env, ev.ID, ada.Access).Decode(t, &seat)
	confirm := regMail(t, env, ada.Email, "You're registered: Harbour Jazz")
	if !strings.Contains(confirm.Text, seat.Ticket) || !strings.Contains(confirm.Text, "/event/detail?id="+ev.ID) {
		t.Errorf("confirmation lacks the ticket %s or the event's link:\n%s", seat.Ticket, confirm.Text)
	}
	if len(confirm.Attachments) != 1 || confirm.Attachments[0].Name != "event.ics" {
		t.Fatalf("confirmation attachments %+v, want event.ics", confirm.Attachments)
	}
	ics := string(confirm.Attachments[0].Data)
	start := ev.StartTime.UTC().Format("20060102T150405Z")
	for _, want := range []string{"METHOD:PUBLISH", "UID:" + ev.ID + "@turnout", "DTSTART:" + start, "SUMMARY:Harbour Jazz", "LOCATION:Main Hall", "STATUS:CONFIRMED", "DTSTAMP:"} {
		if !strings.Contains(ics, want) {
			t.Errorf("calendar file lacks %q:\n%s", want, ics)
		}
	}

	regPost(env, ev.ID, bob.Access).Decode(t, &waiting)
	queued := regMail(t, env, bob.Email, "You're on the waitlist: Harbour Jazz")
	if !strings.Contains(queued.Text, "number 1 in line") || len(queued.Attachments) != 0 {
		t.Errorf("waitlist mail: %q with %d attachments", queued.Text, len(queued.Attachments))
	}

	Expect(t, regCancel(env, seat.ID, ada.Access), http.StatusNoContent)
	cancelled := regMail(t, env, ada.Email, "Registration cancelled: Harbour Jazz")
	if len(cancelled.Attachments) != 1 || !strings.Contains(string(cancelled.Attachments[0].Data), "STATUS:CANCELLED") ||
		!strings.Contains(string(cancelled.Attachments[0].Data), "UID:"+ev.ID+"@turnout") {
		t.Errorf("cancellation calendar file: %+v", cancelled.Attachments)
	}
	given := regMail(t, env, bob.Email, "A seat is yours: Harbour Jazz")
	var bobNow waitReply
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, bob.Access).Decode(t, &bobNow)
	if bobNow.Ticket == "" || !strings.Contains(given.Text, bobNow.Ticket) || len(given.Attachments) != 1 {
		t.Errorf("seat mail lacks the ticket %q or the calendar file:\n%s", bobNow.Ticket, given.Text)
	}

	// A check-in changes the attendee item but mails nothing; nobody got
	// anything twice.
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"code": bobNow.Ticket}, org.Access), http.StatusOK)
	time.Sleep(500 * time.Millisecond)
	for who, want := range map[string]int{ada.Email: 2, bob.Email: 2} {
		var mine []string
		for _, m := range mailtest.Inbox(t, env.Config.SESEndpoint, who) {
			if strings.HasSuffix(m.Subject, "Harbour Jazz") {
				mine = append(mine, m.Subject)
			}
		}
		if len(mine) != want {
			t.Errorf("%s got %v, want %d mails about the event", who, mine, want)
		}
	}
}

// TestEventCalendarFile: anyone can add an event to their calendar.
func TestEventCalendarFile(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": "Open Air Cinema"}))

	res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/calendar.ics", nil, "")
	Expect(t, res, http.StatusOK)
	if got := res.Header.Get("Content-Type"); got != "text/calendar; charset=utf-8" {
		t.Errorf("Content-Type = %q", got)
	}
	if got := res.Header.Get("Content-Disposition"); got != `attachment; filename=Open-Air-Cinema.ics` {
		t.Errorf("Content-Disposition = %q", got)
	}
	body := string(res.Body)
	for _, want := range []string{"METHOD:PUBLISH", "UID:" + ev.ID + "@turnout", "DTSTART:" + ev.StartTime.UTC().Format("20060102T150405Z"),
		"DTEND:" + ev.EndTime.UTC().Format("20060102T150405Z"), "SUMMARY:Open Air Cinema", "URL:" + env.Config.WebOrigin + "/event/detail?id=" + ev.ID} {
		if !strings.Contains(body, want) {
			t.Errorf("calendar file lacks %q:\n%s", want, body)
		}
	}
	evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/detail/01ARZ3NDEKTSV4RRFFQ69G5FAV/calendar.ics", nil, ""), http.StatusNotFound, "Event not found.")
}

// TestLeavingTheWaitlistMail: leaving a waitlist is confirmed as such,
// with no calendar file (nothing was in the calendar) and no word of a
// cancelled registration; a seat given up is still a cancellation.
func TestLeavingTheWaitlistMail(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true", "title": "Quiet Reading"}))
	ada, bob := env.NewPerson(t), env.NewPerson(t)
	var seat, waiting waitReply
	regPost(env, ev.ID, ada.Access).Decode(t, &seat)
	regPost(env, ev.ID, bob.Access).Decode(t, &waiting)
	regMail(t, env, bob.Email, "You're on the waitlist: Quiet Reading")

	Expect(t, regCancel(env, waiting.ID, bob.Access), http.StatusNoContent)
	left := regMail(t, env, bob.Email, "You left the waitlist: Quiet Reading")
	if len(left.Attachments) != 0 || !strings.Contains(left.Text, "You left the waitlist of:") || strings.Contains(left.Text, "See you there") {
		t.Errorf("left-the-waitlist mail with %d attachments:\n%s", len(left.Attachments), left.Text)
	}
	Expect(t, regCancel(env, seat.ID, ada.Access), http.StatusNoContent)
	regMail(t, env, ada.Email, "Registration cancelled: Quiet Reading")
	time.Sleep(300 * time.Millisecond)
	if got := mailsAbout(t, env, bob.Email, "Quiet Reading"); len(got) != 2 {
		t.Errorf("the person who left the waitlist got %v, want the waitlist mail and the leaving one", got)
	}
}
