package mail

import (
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

// managedAt is where the person gives up their registration: the words,
// the button's label and the link (the event's page, or a guest's own).
func (e EventFacts) managedAt() (where, label, link string) {
	if e.Manage != "" {
		return "on your registration's page", "Manage my registration", e.Manage
	}
	return "on the event's page", "Open the event", e.Link
}

// When is the event's time in words, in its zone: "Thu, 26 Nov 2026,
// 18:00–21:00 CET (Europe/Berlin)", or both dates when it ends on another
// day; a UTC event's ends in "UTC".
func (e EventFacts) When() string {
	loc := time.UTC
	if l, err := time.LoadLocation(e.Zone); e.Zone != "" && err == nil {
		loc = l
	}
	start, end := e.Start.In(loc), e.End.In(loc)
	const day, clock = "Mon, 2 Jan 2006", "15:04"
	zone := " " + start.Format("MST")
	if name := loc.String(); name != "UTC" && name != zone[1:] {
		zone += " (" + name + ")"
	}
	if start.Format(day) == end.Format(day) {
		return start.Format(day+", "+clock) + "–" + end.Format(clock) + zone
	}
	return start.Format(day+", "+clock) + " – " + end.Format(day+", "+clock) + zone
}

func (b *body) event(e EventFacts) {
	b.para(clip(e.Title, 200))
	b.para("When: " + e.When())
	b.para("Where: " + clip(e.Location, 255))
	if e.JoinURL != "" {
		b.link("Join online:", "the event's link", "", e.JoinURL)
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
	b.signOff = "See you there"
	if len(t.QR) > 0 {
		b.html.WriteString(`<p style="margin:0 0 16px;text-align:center;"><img src="cid:` + TicketImageID +
			`" alt="Ticket QR code" width="200" height="200" style="display:block;margin:0 auto;width:200px;height:200px;"></p>` + "\n")
	}
	b.para("Your ticket code: " + t.Code)
	b.action("Show this QR code at the door, or open your ticket on your phone; the link needs no login", "Open my ticket", t.Link)
}

// withTicket attaches the ticket's QR code that the HTML body shows.
func withTicket(m domain.Message, t Ticket) domain.Message {
	if len(t.QR) > 0 {
		m.Attachments = append(m.Attachments, domain.Attachment{Name: "ticket.png", ContentType: "image/png", Data: t.QR, ContentID: TicketImageID})
	}
	return m
}

// RegistrationConfirmed confirms a seat, with the ticket and the event for
// the calendar.
func RegistrationConfirmed(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return seatConfirmed(to, name, "You are registered. See you at:", "You're registered: ", e, t, ics)
}

// seatConfirmed is a mail that a seat is the person's (opener, then the
// event, the ticket and the calendar file), its subject the prefix and
// the event's title.
func seatConfirmed(to, name, opener, subjectPrefix string, e EventFacts, t Ticket, ics []byte) domain.Message {
	b := newBody(name)
	b.para(opener)
	b.event(e)
	b.ticket(t)
	b.para("The attached calendar file adds the event to your calendar.")
	where, _, link := e.managedAt()
	b.link("If you can't come, please", "cancel "+where, "so someone else can have your seat.", link)
	return WithCalendar(withTicket(b.message(to, subjectPrefix+clip(e.Title, 80), t.Link), t), ics)
}

// Waitlisted confirms a place in the queue of a full event.
func Waitlisted(to, name string, e EventFacts, position int) domain.Message {
	b := newBody(name)
	b.para("This event is full, so you are on its waitlist, number " + strconv.Itoa(position) + " in line:")
	b.event(e)
	where, label, link := e.managedAt()
	b.action("When a seat frees up, it goes to the first person in line and we email them a ticket. You can leave the waitlist "+where, label, link)
	return b.message(to, "You're on the waitlist: "+clip(e.Title, 80), e.Link)
}

// SeatGiven tells a waiting person that a seat freed up and is now theirs.
func SeatGiven(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	b := newBody(name)
	b.para("Good news: a seat freed up and it is yours. You are now registered for:")
	b.event(e)
	b.ticket(t)
	where, _, link := e.managedAt()
	b.link("If you can no longer come, please", "cancel "+where, "so the next person in line gets the seat.", link)
	return WithCalendar(withTicket(b.message(to, "A seat is yours: "+clip(e.Title, 80), t.Link), t), ics)
}

// RegistrationCancelled confirms a cancelled registration; the calendar
// file takes the event out of the person's calendar.
func RegistrationCancelled(to, name string, e EventFacts, ics []byte) domain.Message {
	b := newBody(name)
	b.para("Your registration is cancelled for:")
	b.event(e)
	b.para("Your seat is given back; the attached calendar file takes the event out of your calendar.")
	b.action("Changed your mind? If seats are left you can register again on the event's page", "Open the event", e.Link)
	return WithCalendar(b.message(to, "Registration cancelled: "+clip(e.Title, 80), e.Link), ics)
}

// WaitlistLeft confirms that a person left an event's waitlist. It has no
// calendar file: a place in the queue never put the event in a calendar.
func WaitlistLeft(to, name string, e EventFacts) domain.Message {
	b := newBody(name)
	b.para("You left the waitlist of:")
	b.event(e)
	b.action("Changed your mind? You can join again on the event's page, at the end of the line", "Open the event", e.Link)
	return b.message(to, "You left the waitlist: "+clip(e.Title, 80), e.Link)
}

// Reminder reminds a registered person of an event that starts soon (the
// day before or the hour before, by kind): the event, the ticket, the
// calendar file and the way to give the seat back.
func Reminder(to, name string, kind domain.ReminderKind, e EventFacts, t Ticket, ics []byte, off Optional) domain.Message {
	soon, subject := "tomorrow", "Tomorrow: "
	if kind == domain.Reminder1h {
		soon, subject = "in 1 hour", "Starting in 1 hour: "
	}
	b := newBody(name)
	b.para("A reminder: an event you are registered for starts " + soon + ".")
	b.event(e)
	b.ticket(t)
	where, _, link := e.managedAt()
	b.link("Can't come after all? Please", "cancel your registration", where+" so someone else can have your seat.", link)
	off.footer(b)
	return off.apply(WithCalendar(withTicket(b.message(to, subject+clip(e.Title, 80), t.Link), t), ics))
}
