package mail

import (
	"strings"

	"turnout/pkg/domain"
)

// The mails an event's organizer sends its people, one per person: the
// event is off (cancelled or deleted), it moved, or a message. The
// organizer's words are kept as written, paragraph by paragraph, after
// the product's own line saying who sends them.

// EventCancelled tells a registered or waiting person that the event is
// cancelled, with the organizer's message; the calendar file takes the
// event out of their calendar.
func EventCancelled(to, name, org string, e EventFacts, message string, ics []byte) domain.Message {
	b := newBody(name)
	b.para("The organizer has cancelled this event:")
	b.event(e)
	b.quote(clip(org, MaxNameRunes), message)
	b.action("Your registration needs nothing more from you. The event's page says the same", "Open the event", e.Link)
	return WithCalendar(b.message(to, "Cancelled: "+clip(e.Title, 80), e.Link), ics)
}

// EventDeleted tells a registered or waiting person that the event was
// deleted by its organizer, and their registration with it; browse is the
// list of events (the event's own page is gone).
func EventDeleted(to, name string, e EventFacts, browse string, ics []byte) domain.Message {
	b := newBody(name)
	b.para("The organizer has called off this event and removed it, and your registration with it:")
	b.event(e)
	b.para("The attached calendar file takes it out of your calendar.")
	b.action("Other events are waiting for you on Turnout", "Browse events", browse)
	return WithCalendar(b.message(to, "Called off: "+clip(e.Title, 80), browse), ics)
}

// Optional mail: the kinds a person can turn off carry a link to turn
// them off (the page where one click does it) and the one-click address
// mail clients use.
type Optional struct {
	// Page is the web page that turns the kind off; OneClick the API
	// address mail clients post to.
	Page, OneClick string
}

// footer ends b with the way to turn this kind of mail off.
func (o Optional) footer(b *body) {
	if o.Page != "" {
		b.textLink("Don't want mails like this? Turn them off", o.Page)
		b.html.WriteString(`<p style="margin:16px 0 0;font-size:13px;color:#4b5563;">Don't want mails like this? <a href="` + safeURL(o.Page) + `" style="color:#4338ca;">Turn them off</a>.</p>` + "\n")
	}
}

func (o Optional) apply(m domain.Message) domain.Message {
	m.Unsubscribe = o.OneClick
	return m
}

// EventChanged tells a registered or waiting person what changed about
// the event (its time or place, as it was), with the updated calendar
// file; times are told in the event's zone.
func EventChanged(to, name string, e EventFacts, was domain.EventWas, ics []byte, off Optional) domain.Message {
	b := newBody(name)
	b.para("The organizer has changed an event you are registered for:")
	if !was.Start.IsZero() {
		before := e
		before.Start, before.End = was.Start, was.End
		b.para("When: " + e.When() + " (was " + before.When() + ")")
	}
	if was.Location != "" {
		b.para("Where: " + clip(e.Location, 255) + " (was " + clip(was.Location, 255) + ")")
	}
	b.para("The event as it stands now:")
	b.event(e)
	where, label, link := e.managedAt()
	b.action("The attached calendar file updates your calendar. If you can no longer come, please cancel "+where, label, link)
	off.footer(b)
	return off.apply(WithCalendar(b.message(to, "Changed: "+clip(e.Title, 80), e.Link), ics))
}

// OrganizerMessage is an organizer's message to a registered person.
func OrganizerMessage(to, name, org string, e EventFacts, subject, message string, off Optional) domain.Message {
	b := newBody(name)
	b.para("A message about an event you are registered for:")
	b.event(e)
	b.quote(clip(org, MaxNameRunes), message)
	b.action("Everything about the event is on its page", "Open the event", e.Link)
	if e.Manage != "" {
		b.link("Your registration is on", "its own page", "(no login needed).", e.Manage)
	}
	off.footer(b)
	return off.apply(b.message(to, clip(subject, 120)+" · "+clip(e.Title, 60), e.Link))
}

// quote adds words written by org, one paragraph per block of lines.
func (b *body) quote(org, words string) {
	if strings.TrimSpace(words) == "" {
		return
	}
	if org == "" {
		org = "The organizer"
	}
	b.para(org + " writes:")
	for _, p := range strings.Split(strings.ReplaceAll(words, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			b.para(p)
		}
	}
}
