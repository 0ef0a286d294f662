package mail_test

import (
	"strings"
	"testing"
	"time"

	// The zones of When, as the mailer function embeds them.
	_ "time/tzdata"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

const (
	activateLink = "http://turnout.test/api/user/activate/?uid=01J0ABC&token=c4k-1a2b3c"
	resetLink    = "http://turnout.test/reset-password?uid=01J0ABC&token=c4k-9f8e7d"
	loginLink    = "http://turnout.test/login"
)

func TestMessages(t *testing.T) {
	for _, tc := range []struct {
		name        string
		msg         domain.Message
		subject     string
		links       []string
		mustSay     []string
		escapedName bool
	}{
		{
			name:    "activation",
			msg:     mail.Activation("ana@example.com", "Ana", activateLink),
			subject: "Activate your Turnout account",
			links:   []string{activateLink},
			mustSay: []string{"Hi Ana,", "3 days"},
		},
		{
			name:    "password reset",
			msg:     mail.PasswordReset("ana@example.com", "Ana", resetLink),
			subject: "Reset your Turnout password",
			links:   []string{resetLink},
			mustSay: []string{"Hi Ana,", "1 hour", "ignore this email"},
		},
		{
			name:    "already registered",
			msg:     mail.AlreadyRegistered("ana@example.com", loginLink, resetLink),
			subject: "You already have a Turnout account",
			links:   []string{loginLink, resetLink},
			mustSay: []string{"already has an account", "Log in", "Reset"},
		},
		{
			name:    "confirm email change",
			msg:     mail.ConfirmEmailChange("ana@example.com", "Ana", activateLink),
			subject: "Confirm your new Turnout email address",
			links:   []string{activateLink},
			mustSay: []string{"Hi Ana,", "1 day", "keeps its current address"},
		},
		{
			name: "reminder",
			msg: mail.Reminder("ana@example.com", "Ana", domain.Reminder24h, reminderFacts, mail.Ticket{Code: "TICKET-CODE", Link: "http://turnout.test/ticket?t=L1.T"}, []byte("BEGIN:VCALENDAR"),
				mail.Optional{Page: "http://turnout.test/unsubscribe?t=U1", OneClick: "http://turnout.test/api/user/unsubscribe/U1/"}),
			subject: "Tomorrow: Lantern Walk",
			links:   []string{reminderFacts.Link, "http://turnout.test/ticket?t=L1.T", "http://turnout.test/unsubscribe?t=U1"},
			mustSay: []string{"Hi Ana,", "starts tomorrow", "Lantern Walk", "Old Harbour", "TICKET-CODE", "cancel your registration", "Turn them off"},
		},
		{
			name:    "email change notice",
			msg:     mail.EmailChangeRequested("ana@example.com", "Ana", "ana.new@example.com", "24 Nov 2026 18:30 UTC", resetLink),
			subject: "Your Turnout email address is being changed",
			links:   []string{resetLink},
			mustSay: []string{"Hi Ana,", "ana.new@example.com", "24 Nov 2026 18:30 UTC", "reset your password"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.msg
			if got, want := m.To, "ana@example.com"; got != want {
				t.Errorf("To = %q, want %q", got, want)
			}
			if got, want := m.Subject, tc.subject; got != want {
				t.Errorf("Subject = %q, want %q", got, want)
			}
			for _, body := range []struct{ kind, text string }{{"text", m.Text}, {"html", m.HTML}} {
				if !strings.Contains(body.text, "Turnout") {
					t.Errorf("%s body does not name Turnout", body.kind)
				}
				for _, s := range tc.mustSay {
					if !strings.Contains(body.text, s) {
						t.Errorf("%s body does not say %q:\n%s", body.kind, s, body.text)
					}
				}
			}
			for _, link := range tc.links {
				if !strings.Contains(m.Text, link) {
					t.Errorf("text body lacks link %s:\n%s", link, m.Text)
				}
				// In HTML the & of a query string is written as &amp;.
				if escaped := strings.ReplaceAll(link, "&", "&amp;"); !strings.Contains(m.HTML, `href="`+escaped+`"`) {
					t.Errorf("html body lacks href %s:\n%s", escaped, m.HTML)
				}
			}
			if strings.Contains(m.Text, "<") {
				t.Errorf("text body has markup:\n%s", m.Text)
			}
			if !strings.HasPrefix(m.HTML, "<!DOCTYPE html>") {
				t.Errorf("html body does not start with a doctype:\n%.80s", m.HTML)
			}
		})
	}
}

var reminderFacts = mail.EventFacts{
	Title: "Lantern Walk", Location: "Old Harbour", Zone: "America/Sao_Paulo", Link: "http://turnout.test/event/detail?id=E1",
	Start: time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC), End: time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC),
}

func TestReminderIsOptionalWithCalendar(t *testing.T) {
	m := mail.Reminder("ana@example.com", "Ana", domain.Reminder1h, reminderFacts, mail.Ticket{Code: "T", Link: "http://turnout.test/ticket?t=L1.T"}, []byte("BEGIN:VCALENDAR"), mail.Optional{Page: "http://turnout.test/unsubscribe?t=U1", OneClick: "http://turnout.test/api/user/unsubscribe/U1/"})
	if m.Subject != "Starting in 1 hour: Lantern Walk" || m.Unsubscribe != "http://turnout.test/api/user/unsubscribe/U1/" || len(m.Attachments) != 1 {
		t.Errorf("subject %q, one-click %q, %d attachments", m.Subject, m.Unsubscribe, len(m.Attachments))
	}
}

// TestWhenIsInTheEventsZone: an event's time reads in its own zone, named;
// a UTC event's (or an unknown zone's) in UTC.
func TestWhenIsInTheEventsZone(t *testing.T) {
	for zone, want := range map[string]string{
		"America/Sao_Paulo": "Fri, 27 Nov 2026, 18:00–20:30 -03 (America/Sao_Paulo)",
		"Europe/Berlin":     "Fri, 27 Nov 2026, 22:00 – Sat, 28 Nov 2026, 00:30 CET (Europe/Berlin)",
		"UTC":               "Fri, 27 Nov 2026, 21:00–23:30 UTC",
		"":                  "Fri, 27 Nov 2026, 21:00–23:30 UTC",
		"Mars/Olympus":      "Fri, 27 Nov 2026, 21:00–23:30 UTC",
	} {
		f := reminderFacts
		f.Zone = zone
		if got := f.When(); got != want {
			t.Errorf("zone %q: When() = %q, want %q", zone, got, want)
		}
	}
}

func TestMessagesEscapeNamesInHTML(t *testing.T) {
	for _, m := range []domain.Message{
		mail.Activation("x@example.com", "<b>x</b>", activateLink),
		mail.PasswordReset("x@example.com", "<b>x</b>", resetLink),
	} {
		if strings.Contains(m.HTML, "<b>x</b>") {
			t.Errorf("%s: name not escaped in HTML", m.Subject)
		}
		if !strings.Contains(m.HTML, "&lt;b&gt;x&lt;/b&gt;") {
			t.Errorf("%s: escaped name missing from HTML:\n%s", m.Subject, m.HTML)
		}
		if !strings.Contains(m.Text, "Hi <b>x</b>,") {
			t.Errorf("%s: text body should carry the name as typed:\n%s", m.Subject, m.Text)
		}
	}
}

func TestMessagesEscapeLinksInHTML(t *testing.T) {
	m := mail.Activation("x@example.com", "X", `javascript:alert("hi")`)
	if strings.Contains(m.HTML, `href="javascript:`) {
		t.Errorf("a javascript: link reached the HTML body:\n%s", m.HTML)
	}
	m = mail.Activation("x@example.com", "X", `http://turnout.test/a"><script>alert(1)</script>`)
	if strings.Contains(m.HTML, "<script>") {
		t.Errorf("markup in a link reached the HTML body:\n%s", m.HTML)
	}
}

func TestMessagesGreetWithoutName(t *testing.T) {
	for _, m := range []domain.Message{
		mail.Activation("x@example.com", "  ", activateLink),
		mail.AlreadyRegistered("x@example.com", loginLink, resetLink),
	} {
		if !strings.HasPrefix(m.Text, "Hi there,\n") {
			t.Errorf("%s: text starts %.20q, want a greeting without a name", m.Subject, m.Text)
		}
	}
}

// TestSignOffFitsTheSituation: only the mails of someone going (they hold
// a ticket) close with "See you there"; the others close plainly. The
// cancellation carries the organizer's reason.
func TestSignOffFitsTheSituation(t *testing.T) {
	ics := []byte("BEGIN:VCALENDAR")
	going := map[string]domain.Message{
		"confirmed":  mail.RegistrationConfirmed("ana@example.com", "Ana", reminderFacts, mail.Ticket{Code: "T", Link: "http://turnout.test/ticket?t=L1.T"}, ics),
		"seat given": mail.SeatGiven("ana@example.com", "Ana", reminderFacts, mail.Ticket{Code: "T", Link: "http://turnout.test/ticket?t=L1.T"}, ics),
		"reminder":   mail.Reminder("ana@example.com", "Ana", domain.Reminder1h, reminderFacts, mail.Ticket{Code: "T", Link: "http://turnout.test/ticket?t=L1.T"}, ics, mail.Optional{}),
	}
	notGoing := map[string]domain.Message{
		"waitlisted":         mail.Waitlisted("ana@example.com", "Ana", reminderFacts, 2),
		"left the waitlist":  mail.WaitlistLeft("ana@example.com", "Ana", reminderFacts),
		"cancelled":          mail.RegistrationCancelled("ana@example.com", "Ana", reminderFacts, ics),
		"event cancelled":    mail.EventCancelled("ana@example.com", "Ana", "Harbour Club", reminderFacts, "The pier is closed for repairs.", ics),
		"event deleted":      mail.EventDeleted("ana@example.com", "Ana", reminderFacts, "http://turnout.test/events", ics),
		"activation":         mail.Activation("ana@example.com", "Ana", activateLink),
		"account deleted":    mail.AccountDeleted("ana@example.com", "Ana", "http://turnout.test/register"),
		"changed (to queue)": mail.EventChanged("ana@example.com", "Ana", reminderFacts, domain.EventWas{Location: "Pier 4"}, ics, mail.Optional{}),
	}
	for name, m := range going {
		if !strings.Contains(m.Text, "See you there,\nThe Turnout team") || !strings.Contains(m.HTML, "See you there,<br>The Turnout team") {
			t.Errorf("%s: does not close with See you there:\n%s", name, m.Text)
		}
	}
	for name, m := range notGoing {
		if strings.Contains(m.Text, "See you there") || strings.Contains(m.HTML, "See you there") {
			t.Errorf("%s: says See you there to someone who is not going:\n%s", name, m.Text)
		}
		if !strings.Contains(m.Text, "Best wishes,\nThe Turnout team") {
			t.Errorf("%s: lacks the plain closing:\n%s", name, m.Text)
		}
	}
	if m := notGoing["event cancelled"]; !strings.Contains(m.Text, "Harbour Club writes:\n\nThe pier is closed for repairs.") {
		t.Errorf("the cancellation lacks the organizer's reason:\n%s", m.Text)
	}
	if m := notGoing["left the waitlist"]; m.Subject != "You left the waitlist: Lantern Walk" || len(m.Attachments) != 0 {
		t.Errorf("left the waitlist: subject %q with %d attachments, want no calendar file", m.Subject, len(m.Attachments))
	}
}
