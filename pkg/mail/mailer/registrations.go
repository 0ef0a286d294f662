package mailer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"turnout/pkg/calendar"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/mail/ticketqr"
)

// A registration's mails come from the changes of its attendee item, which
// is written in the same transaction as the registration itself: the item
// is the outbox, and a request pays no extra write for its mail. The
// stream carries new images only (old ones would slow every write), so a
// change says what it is by what it leaves:
//
//	INSERT registered                    → confirmation, with ticket (its QR code inline) and calendar file
//	INSERT waitlisted                    → place in the queue
//	MODIFY marked Promoted, not checked in → a seat is theirs, with ticket and calendar file
//	REMOVE, the event deleted            → the event is off (unless a cancellation said so)
//
// A person giving a registration up removes the attendee item too, but
// that removal cannot say whether it held a seat; the departure item
// written with it can:
//
//	INSERT departure of a seat           → cancellation, with a cancelling calendar file
//	INSERT departure from the queue      → left the waitlist (no calendar file)
//
// Other changes (a check-in) send nothing.
//
// The mails of one person about one event are coalesced: each change reads
// the person's registration as it is when its mail is made, and a change
// that registration has since moved past mails nothing (a confirmation of
// a registration given up, a cancellation followed by a new registration),
// since the later change's own mail tells where things stand. So a burst of
// registering and cancelling (bounded per account:
// events.RegistrationChangesPerWindow) mails its outcome rather than each
// step once the mailer is behind.

// Mail kinds, the first part of a mail's key.
const (
	kindConfirmed  = "confirmed"
	kindWaitlisted = "waitlisted"
	kindSeatGiven  = "seat-given"
	kindCancelled  = "cancelled"
	kindDeleted    = "deleted"
	// A request to join an event that takes approval: received, then
	// approved (a seat or a place in the queue) or declined.
	kindRequested = "requested"
	kindApproved  = "approved"
	kindDeclined  = "declined"
)

// registrationMail returns the mail a change of an attendee item or a
// departure asks for and its key, or "" when it asks for none.
func (d Deliverer) registrationMail(ctx context.Context, change domain.TableChange) (string, domain.Message, error) {
	switch c := change.(type) {
	case domain.DepartureAdded:
		return d.departureMail(ctx, c.Departure)
	case domain.AttendeeRemoved:
		return d.removalMail(ctx, c.EventID, c.UserID)
	case domain.AttendeeWritten:
		return d.attendeeMail(ctx, c)
	}
	return "", domain.Message{}, nil
}

// attendeeMail is the mail of an inserted or changed attendee item.
func (d Deliverer) attendeeMail(ctx context.Context, c domain.AttendeeWritten) (string, domain.Message, error) {
	eventID, userID, to, regID := c.EventID, c.UserID, c.Email, c.RegistrationID
	kind := ""
	switch {
	case c.Inserted && c.Status == domain.StatusRegistered:
		kind = kindConfirmed
	case c.Inserted && c.Status == domain.StatusWaitlisted:
		kind = kindWaitlisted
	case !c.Inserted && c.Status == domain.StatusRegistered && c.Promoted && !c.CheckedIn:
		kind = kindSeatGiven
	case c.Inserted && c.Status == domain.StatusPending:
		kind = kindRequested
	case !c.Inserted && c.Approved && !c.CheckedIn && (c.Status == domain.StatusRegistered || c.Status == domain.StatusWaitlisted):
		kind = kindApproved
	}
	if kind == "" || to == "" || regID == "" {
		return "", domain.Message{}, nil
	}
	e, err := d.Store.Event(ctx, eventID)
	if errors.Is(err, domain.ErrNotFound) {
		return "", domain.Message{}, nil // deleted meanwhile: that mail says so
	} else if err != nil {
		return "", domain.Message{}, fmt.Errorf("read event %s for a registration mail: %w", eventID, err)
	}
	a, err := d.Store.Attendee(ctx, eventID, userID)
	switch {
	case errors.Is(err, domain.ErrNotFound) || err == nil && a.ID != regID:
		return "", domain.Message{}, nil // given up (or registered anew) meanwhile: that mail says so
	case err != nil:
		return "", domain.Message{}, fmt.Errorf("read registration %s of %s: %w", regID, eventID, err)
	case kind == kindWaitlisted && a.Status != domain.StatusWaitlisted,
		kind == kindRequested && a.Status != domain.StatusPending:
		return "", domain.Message{}, nil // seated or decided meanwhile: that mail says so
	}
	name := c.FirstName
	if name == "" {
		name = c.Username
	}
	key, l := kind+"#"+regID, mail.In(a.Language)
	facts, seated := d.managed(d.facts(e), a, e), d.managed(d.seatedFacts(e), a, e)
	switch kind {
	case kindConfirmed:
		return key, l.RegistrationConfirmed(to, name, seated, d.ticketWithImage(ctx, eventID, regID, c.TicketVersion), d.seatedCalendarFile(e, l)), nil
	case kindSeatGiven:
		return key, l.SeatGiven(to, name, seated, d.ticketWithImage(ctx, eventID, regID, c.TicketVersion), d.seatedCalendarFile(e, l)), nil
	case kindRequested:
		return key, l.RequestReceived(to, name, facts), nil
	case kindApproved:
		if a.Status == domain.StatusRegistered {
			return key, l.RequestApproved(to, name, seated, d.ticketWithImage(ctx, eventID, regID, c.TicketVersion), d.seatedCalendarFile(e, l)), nil
		}
	}
	return key, l.Waitlisted(to, name, facts, a.Position), nil
}

// managed is f (of e) as a's mails tell it: a guest's with the private
// page that manages their registration and the event's page as they open
// it (they have no login to reach either by).
func (d Deliverer) managed(f mail.EventFacts, a domain.Attendee, e domain.Event) mail.EventFacts {
	if a.Guest {
		f.Manage = d.WebOrigin + domain.RSVPManagePath(d.Tickets.Manage(a.ID, a.TicketVersion))
		f.Link = d.WebOrigin + e.GuestPagePath()
	}
	return f
}

// departureMail is the mail of a registration its person gave up: a
// cancellation, or leaving the waitlist. The departure item is deleted
// once read: the record holds all a retry needs.
func (d Deliverer) departureMail(ctx context.Context, left domain.Departure) (string, domain.Message, error) {
	defer func() {
		if err := d.Store.DeleteDeparture(ctx, left.RegistrationID); err != nil {
			slog.WarnContext(ctx, "delete a departure", "registration", left.RegistrationID, "err", err) // TTL removes it later
		}
	}()
	switch _, err := d.Store.Attendee(ctx, left.EventID, left.UserID); {
	case err == nil:
		return "", domain.Message{}, nil // registered anew since: that mail says so
	case !errors.Is(err, domain.ErrNotFound):
		return "", domain.Message{}, fmt.Errorf("read the registration of %s at %s: %w", left.UserID, left.EventID, err)
	}
	u, ok, err := d.recipient(ctx, left.UserID)
	if !ok {
		return "", domain.Message{}, err
	}
	e, err := d.Store.Event(ctx, left.EventID)
	if errors.Is(err, domain.ErrNotFound) {
		e, err = d.Store.DeletedEvent(ctx, left.EventID) // deleted since
	}
	if errors.Is(err, domain.ErrNotFound) {
		return "", domain.Message{}, nil
	} else if err != nil {
		return "", domain.Message{}, fmt.Errorf("read event %s for a registration mail: %w", left.EventID, err)
	}
	key, l := kindCancelled+"#"+left.RegistrationID, mail.In(u.MailLanguage())
	switch left.Status {
	case domain.StatusWaitlisted:
		return key, l.WaitlistLeft(u.Email, u.name(), d.facts(e)), nil
	case domain.StatusPending:
		return "", domain.Message{}, nil // a request withdrawn: the page said so
	case kindDeclined:
		return kindDeclined + "#" + left.RegistrationID, l.RequestDeclined(u.Email, u.name(), d.facts(e)), nil
	}
	return key, l.RegistrationCancelled(u.Email, u.name(), d.facts(e), d.calendarFile(e, true)), nil
}

// removalMail is the mail of a removed attendee item (the record carries
// its keys only) whose event was deleted; a removal from an event still
// there is a departure, which its own record tells.
func (d Deliverer) removalMail(ctx context.Context, eventID, userID string) (string, domain.Message, error) {
	if _, err := d.Store.Event(ctx, eventID); err == nil {
		return "", domain.Message{}, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return "", domain.Message{}, fmt.Errorf("read event %s for a registration mail: %w", eventID, err)
	}
	u, ok, err := d.recipient(ctx, userID)
	if !ok {
		return "", domain.Message{}, err
	}
	gone, err := d.Store.DeletedEvent(ctx, eventID)
	switch {
	case errors.Is(err, domain.ErrNotFound) || err == nil && gone.Cancelled:
		return "", domain.Message{}, nil // long gone, or its cancellation told them
	case err != nil:
		return "", domain.Message{}, fmt.Errorf("read deleted event %s: %w", eventID, err)
	}
	return kindDeleted + "#" + eventID + "#" + userID,
		mail.In(u.MailLanguage()).EventDeleted(u.Email, u.name(), d.facts(gone), d.WebOrigin+"/events", d.calendarFile(gone, true)), nil
}

// person is an account a registration mail goes to.
type person struct{ domain.User }

// name is how a mail greets the person.
func (p person) name() string {
	if p.FirstName != "" {
		return p.FirstName
	}
	return p.Username
}

// recipient reads the account userID, and false when it is gone or going
// (its deletion says so) or cannot be read (err).
func (d Deliverer) recipient(ctx context.Context, userID string) (person, bool, error) {
	u, err := d.Store.User(ctx, userID)
	switch {
	case errors.Is(err, domain.ErrNotFound) || err == nil && u.Deleting:
		return person{}, false, nil
	case err != nil:
		return person{}, false, fmt.Errorf("read the account %s for a registration mail: %w", userID, err)
	}
	return person{u}, true, nil
}

// ticket is what a mail says of registration regID's ticket: its code and
// the link (at version) to its own page.
func (d Deliverer) ticket(eventID, regID string, version int) mail.Ticket {
	return mail.Ticket{Code: d.Tickets.Code(eventID, regID), Link: d.WebOrigin + domain.TicketPagePath(d.Tickets.Link(regID, version))}
}

// ticketWithImage is the ticket with its QR code drawn, for a mail sent
// straight away (the outbox keeps no images). A code that cannot be drawn
// leaves the mail with the code in words.
func (d Deliverer) ticketWithImage(ctx context.Context, eventID, regID string, version int) mail.Ticket {
	t := d.ticket(eventID, regID, version)
	qr, err := ticketqr.PNG(t.Code)
	if err != nil {
		slog.WarnContext(ctx, "ticket mail without its QR code", "registration", regID, "err", err)
	}
	t.QR = qr
	return t
}

func (d Deliverer) eventLink(eventID string) string {
	return d.WebOrigin + domain.EventPagePath(eventID)
}

func (d Deliverer) facts(e domain.Event) mail.EventFacts {
	return mail.EventFacts{Title: e.Title, Location: e.Location, Start: e.Start, End: e.End, Zone: e.TimeZone, Link: d.eventLink(e.ID)}
}

// seatedFacts are e's facts as a person holding a seat is told them: with
// the online link, if it has one.
func (d Deliverer) seatedFacts(e domain.Event) mail.EventFacts {
	f := d.facts(e)
	f.JoinURL = e.OnlineURL
	return f
}

// calendarFile is the event's calendar entry as of now, which revises
// every earlier one (calendar.Entry.Stamp).
func (d Deliverer) calendarFile(e domain.Event, cancelled bool) []byte {
	return calendar.File(d.calendarEntry(e, cancelled))
}

// seatedCalendarFile is calendarFile for a person holding a seat: with
// the online link, introduced in their language l.
func (d Deliverer) seatedCalendarFile(e domain.Event, l mail.Lang) []byte {
	entry := d.calendarEntry(e, false)
	entry.JoinURL, entry.JoinLabel = e.OnlineURL, l.JoinLabel()
	return calendar.File(entry)
}

func (d Deliverer) calendarEntry(e domain.Event, cancelled bool) calendar.Entry {
	return calendar.Entry{
		EventID: e.ID, Title: e.Title, Location: e.Location, URL: d.eventLink(e.ID),
		Start: e.Start, End: e.End, Cancelled: cancelled, Stamp: d.Now(),
	}
}
