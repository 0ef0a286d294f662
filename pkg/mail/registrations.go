package mail

import (
	"html"
	"strconv"
	"time"

	"turnout/pkg/domain"
)

// The mails of a registration's life: confirmed, waiting, given a seat,
// cancelled. Each names the event and links to its page; the ones with a
// seat carry the ticket (its QR code inside the mail, its code, a link to
// its own page that needs no login) and a calendar file.

// EventFacts is what a registration mail says of its event.
type EventFacts struct {
	Title, Location string
	Start, End      time.Time
	// Zone is the event's IANA time zone, which its time is told in (in
	// UTC when the zone is unknown here: functions that tell times embed
	// the zone database).
	Zone string
	// Link is the event's page.
	Link string
	// JoinURL is the online event's link, told only in the mails of a
	// person holding a seat ("" in the others).
	JoinURL string
	// Manage is the private page a guest manages their registration on
	// ("" for an account's, managed on the event's page).
	Manage string
}

// managedAt is where the person gives up their registration: the words
// (in l), the button's label and the link (the event's page, or a guest's
// own).
func (e EventFacts) managedAt(l Lang) (where, label, link string) {
	if e.Manage != "" {
		return l.t("manage.guest"), l.t("manage.guestButton"), e.Manage
	}
	return l.t("manage.event"), l.t("event.open"), e.Link
}

// When is the event's time in words, in its zone, in English: "Thu, 26
// Nov 2026, 18:00–21:00 CET (Europe/Berlin)" (Lang.When in another
// language).
func (e EventFacts) When() string { return In(domain.DefaultLanguage).When(e) }

func (b *body) event(e EventFacts) {
	l := b.l
	b.para(clip(e.Title, 200))
	b.para(l.t("event.when", "when", l.When(e)))
	b.para(l.t("event.where", "where", clip(e.Location, 255)))
	if e.JoinURL != "" {
		b.link(e.JoinURL, "event.join")
	}
}

// WithCalendar attaches ics, an event's calendar file, to m.
func WithCalendar(m domain.Message, ics []byte) domain.Message {
	if len(ics) > 0 {
		m.Attachments = append(m.Attachments, domain.Attachment{Name: domain.CalendarFile, ContentType: "text/calendar; charset=utf-8; method=PUBLISH", Data: ics})
	}
	return m
}

// Ticket is what a mail with a seat carries of its ticket.
type Ticket struct {
	// Code is what the QR code carries, spelled out for the door's code
	// field.
	Code string
	// Link opens the ticket's own page without a login.
	Link string
	// QR is a PNG of the QR code, shown inside the mail (none when nil).
	QR []byte
}

// TicketImageID is the Content-ID of a ticket's QR code in a mail.
const TicketImageID = "ticket-qr@turnout"

// ticket shows the ticket's QR code and code, and links to its own page.
// Whoever holds a ticket is going, so the mail closes with "See you there".
func (b *body) ticket(t Ticket) {
	b.signOff = "signOff.going"
	if len(t.QR) > 0 {
		b.html.WriteString(`<p style="margin:0 0 16px;text-align:center;"><img src="cid:` + TicketImageID +
			`" alt="` + html.EscapeString(b.l.t("ticket.qrAlt")) + `" width="200" height="200" style="display:block;margin:0 auto;width:200px;height:200px;"></p>` + "\n")
	}
	b.para(b.l.t("ticket.code", "code", t.Code))
	b.action(b.l.t("ticket.action"), b.l.t("ticket.button"), t.Link)
}

// withTicket attaches the ticket's QR code that the HTML body shows.
func withTicket(m domain.Message, t Ticket) domain.Message {
	if len(t.QR) > 0 {
		m.Attachments = append(m.Attachments, domain.Attachment{Name: "ticket.png", ContentType: "image/png", Data: t.QR, ContentID: TicketImageID})
	}
	return m
}

// titled is the subject of key naming the event (its title clipped).
func (l Lang) titled(key string, e EventFacts) string {
	return l.t(key, "event", clip(e.Title, 80))
}

// RegistrationConfirmed confirms a seat, with the ticket and the event for
// the calendar.
func (l Lang) RegistrationConfirmed(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return l.seatConfirmed(to, name, "confirmed", e, t, ics)
}

// seatConfirmed is a mail that a seat is the person's (the opener of
// kind, then the event, the ticket and the calendar file), its subject
// kind's, naming the event.
func (l Lang) seatConfirmed(to, name, kind string, e EventFacts, t Ticket, ics []byte) domain.Message {
	b := l.newBody(name)
	b.para(l.t(kind + ".intro"))
	b.event(e)
	b.ticket(t)
	b.para(l.t("seat.calendar"))
	where, _, link := e.managedAt(l)
	b.link(link, "seat.cancel", "where", where)
	return WithCalendar(withTicket(b.message(to, l.titled(kind+".subject", e), t.Link), t), ics)
}

// Waitlisted confirms a place in the queue of a full event.
func (l Lang) Waitlisted(to, name string, e EventFacts, position int) domain.Message {
	b := l.newBody(name)
	b.para(l.t("waitlisted.intro", "position", strconv.Itoa(position)))
	b.event(e)
	where, label, link := e.managedAt(l)
	b.action(l.t("waitlisted.action", "where", where), label, link)
	return b.message(to, l.titled("waitlisted.subject", e), e.Link)
}

// SeatGiven tells a waiting person that a seat freed up and is now theirs.
func (l Lang) SeatGiven(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	b := l.newBody(name)
	b.para(l.t("seatGiven.intro"))
	b.event(e)
	b.ticket(t)
	where, _, link := e.managedAt(l)
	b.link(link, "seatGiven.cancel", "where", where)
	return WithCalendar(withTicket(b.message(to, l.titled("seatGiven.subject", e), t.Link), t), ics)
}

// RegistrationCancelled confirms a cancelled registration; the calendar
// file takes the event out of the person's calendar.
func (l Lang) RegistrationCancelled(to, name string, e EventFacts, ics []byte) domain.Message {
	b := l.newBody(name)
	b.para(l.t("cancelled.intro"))
	b.event(e)
	b.para(l.t("cancelled.calendar"))
	b.action(l.t("cancelled.action"), l.t("event.open"), e.Link)
	return WithCalendar(b.message(to, l.titled("cancelled.subject", e), e.Link), ics)
}

// WaitlistLeft confirms that a person left an event's waitlist. It has no
// calendar file: a place in the queue never put the event in a calendar.
func (l Lang) WaitlistLeft(to, name string, e EventFacts) domain.Message {
	b := l.newBody(name)
	b.para(l.t("waitlistLeft.intro"))
	b.event(e)
	b.action(l.t("waitlistLeft.action"), l.t("event.open"), e.Link)
	return b.message(to, l.titled("waitlistLeft.subject", e), e.Link)
}

// Reminder reminds a registered person of an event that starts soon (the
// day before or the hour before, by kind): the event, the ticket, the
// calendar file and the way to give the seat back.
func (l Lang) Reminder(to, name string, kind domain.ReminderKind, e EventFacts, t Ticket, ics []byte, off Optional) domain.Message {
	soon := "24h"
	if kind == domain.Reminder1h {
		soon = "1h"
	}
	b := l.newBody(name)
	b.para(l.t("reminder.intro" + soon))
	b.event(e)
	b.ticket(t)
	where, _, link := e.managedAt(l)
	b.link(link, "reminder.cancel", "where", where)
	off.footer(b)
	return off.apply(WithCalendar(withTicket(b.message(to, l.titled("reminder.subject"+soon, e), t.Link), t), ics))
}
