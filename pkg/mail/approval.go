package mail

import "turnout/pkg/domain"

// The mails of a request to join an event that takes approval: received,
// approved (with the ticket, as a confirmation) and declined. Each says
// plainly which it is in its subject, so "waiting" is never read as "in".

// RequestReceived tells a person their request is waiting for the
// organizer: it holds no seat yet.
func (l Lang) RequestReceived(to, name string, e EventFacts) domain.Message {
	b := l.newBody(name)
	b.para(l.t("requested.intro"))
	b.event(e)
	where, label, link := e.managedAt(l)
	b.action(l.t("requested.action", "where", where), label, link)
	return b.message(to, l.titled("requested.subject", e), e.Link)
}

// RequestApproved tells a person the organizer approved their request and
// the seat is theirs, with the ticket and the event for the calendar.
func (l Lang) RequestApproved(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return l.seatConfirmed(to, name, "approved", e, t, ics)
}

// RequestDeclined tells a person the organizer declined their request.
func (l Lang) RequestDeclined(to, name string, e EventFacts) domain.Message {
	b := l.newBody(name)
	b.para(l.t("declined.intro"))
	b.event(e)
	b.para(l.t("declined.note"))
	return b.message(to, l.titled("declined.subject", e), e.Link)
}
