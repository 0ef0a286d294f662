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
func (l Lang) EventCancelled(to, name, org string, e EventFacts, message string, ics []byte) domain.Message {
	b := l.newBody(name)
	b.para(l.t("eventCancelled.intro"))
	b.event(e)
	b.quote(clip(org, MaxNameRunes), message)
	b.action(l.t("eventCancelled.action"), l.t("event.open"), e.Link)
	return WithCalendar(b.message(to, l.titled("eventCancelled.subject", e), e.Link), ics)
}

// EventDeleted tells a registered or waiting person that the event was
// deleted by its organizer, and their registration with it; browse is the
// list of events (the event's own page is gone).
func (l Lang) EventDeleted(to, name string, e EventFacts, browse string, ics []byte) domain.Message {
	b := l.newBody(name)
	b.para(l.t("eventDeleted.intro"))
	b.event(e)
	b.para(l.t("eventDeleted.calendar"))
	b.action(l.t("eventDeleted.action"), l.t("eventDeleted.button"), browse)
	return WithCalendar(b.message(to, l.titled("eventDeleted.subject", e), browse), ics)
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
		b.styledLink("margin:16px 0 0;font-size:13px;color:#4b5563;", o.Page, "footer.turnOff")
	}
}

func (o Optional) apply(m domain.Message) domain.Message {
	m.Unsubscribe = o.OneClick
	return m
}

// EventChanged tells a registered or waiting person what changed about
// the event (its time or place, as it was), with the updated calendar
// file; times are told in the event's zone.
func (l Lang) EventChanged(to, name string, e EventFacts, was domain.EventWas, ics []byte, off Optional) domain.Message {
	b := l.newBody(name)
	b.para(l.t("eventChanged.intro"))
	if !was.Start.IsZero() {
		before := e
		before.Start, before.End = was.Start, was.End
		b.para(l.t("event.whenWas", "when", l.When(e), "was", l.When(before)))
	}
	if was.Location != "" {
		b.para(l.t("event.whereWas", "where", clip(e.Location, 255), "was", clip(was.Location, 255)))
	}
	b.para(l.t("eventChanged.now"))
	b.event(e)
	where, label, link := e.managedAt(l)
	b.action(l.t("eventChanged.action", "where", where), label, link)
	off.footer(b)
	return off.apply(WithCalendar(b.message(to, l.titled("eventChanged.subject", e), e.Link), ics))
}

// OrganizerMessage is an organizer's message to a registered person.
func (l Lang) OrganizerMessage(to, name, org string, e EventFacts, subject, message string, off Optional) domain.Message {
	b := l.newBody(name)
	b.para(l.t("message.intro"))
	b.event(e)
	b.quote(clip(org, MaxNameRunes), message)
	b.action(l.t("message.action"), l.t("event.open"), e.Link)
	if e.Manage != "" {
		b.link(e.Manage, "message.manage")
	}
	off.footer(b)
	return off.apply(b.message(to, l.t("message.subject", "subject", clip(subject, 120), "event", clip(e.Title, 60)), e.Link))
}

// quote adds words written by org, one paragraph per block of lines.
func (b *body) quote(org, words string) {
	if strings.TrimSpace(words) == "" {
		return
	}
	if org == "" {
		org = b.l.t("quote.organizer")
	}
	b.para(b.l.t("quote.writes", "org", org))
	for _, p := range strings.Split(strings.ReplaceAll(words, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			b.para(p)
		}
	}
}
