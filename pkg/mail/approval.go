package mail

import "turnout/pkg/domain"

// The mails of a request to join an event that takes approval: received,
// approved (with the ticket, as a confirmation) and declined. Each says
// plainly which it is in its subject, so "waiting" is never read as "in".

// RequestReceived tells a person their request is waiting for the
// organizer: it holds no seat yet.
func RequestReceived(to, name string, e EventFacts) domain.Message {
	b := newBody(name)
	b.para("Your request to join this event is in. The organizer approves each registration; you hold no seat until they do:")
	b.event(e)
	where, label, link := e.managedAt()
	b.action("We will email you as soon as they decide. You can withdraw your request "+where, label, link)
	return b.message(to, "Request received (not confirmed yet): "+clip(e.Title, 80), e.Link)
}

// RequestApproved tells a person the organizer approved their request and
// the seat is theirs, with the ticket and the event for the calendar.
func RequestApproved(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return seatConfirmed(to, name, "The organizer approved your request: you are registered. See you at:", "Approved: ", e, t, ics)
}

// RequestDeclined tells a person the organizer declined their request.
func RequestDeclined(to, name string, e EventFacts) domain.Message {
	b := newBody(name)
	b.para("The organizer could not accept your request to join:")
	b.event(e)
	b.para("You hold no seat at this event, and nothing more is needed from you.")
	return b.message(to, "Request declined: "+clip(e.Title, 80), e.Link)
}
