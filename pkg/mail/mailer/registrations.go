package mailer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/calendar"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/mail/ticketqr"
	"turnout/pkg/store"
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

// Mail kinds, the first part of a mail's key.
const (
	kindConfirmed  = "confirmed"
	kindWaitlisted = "waitlisted"
	kindSeatGiven  = "seat-given"
	kindCancelled  = "cancelled"
	kindDeleted    = "deleted"
)

// registrationMail returns the mail a stream record of an attendee item
// asks for and its key, or "" when it asks for none.
func (d Deliverer) registrationMail(ctx context.Context, r events.DynamoDBEventRecord) (string, mail.Message, error) {
	pk, sk := text(r.Change.Keys, "PK"), text(r.Change.Keys, "SK")
	if left, ok := store.DepartureRecord(pk, func(name string) string { return text(r.Change.NewImage, name) }); ok {
		if r.EventName != "INSERT" {
			return "", mail.Message{}, nil
		}
		return d.departureMail(ctx, left)
	}
	eventID, userID, ok := store.AttendeeRecordKeys(pk, sk)
	if !ok {
		return "", mail.Message{}, nil
	}
	if r.EventName == "REMOVE" {
		return d.removalMail(ctx, eventID, userID)
	}
	image := r.Change.NewImage
	to, regID := text(image, "Email"), text(image, "RegistrationID")
	kind := ""
	switch st := status(image); {
	case r.EventName == "INSERT" && st == domain.StatusRegistered:
		kind = kindConfirmed
	case r.EventName == "INSERT" && st == domain.StatusWaitlisted:
		kind = kindWaitlisted
	case r.EventName == "MODIFY" && st == domain.StatusRegistered && flag(image, "Promoted") && text(image, "CheckedInAt") == "":
		kind = kindSeatGiven
	}
	if kind == "" || to == "" || regID == "" {
		return "", mail.Message{}, nil
	}
	e, err := d.Store.Event(ctx, eventID)
	if errors.Is(err, domain.ErrNotFound) {
		return "", mail.Message{}, nil // deleted meanwhile: that mail says so
	} else if err != nil {
		return "", mail.Message{}, fmt.Errorf("read event %s for a registration mail: %w", eventID, err)
	}
	name := text(image, "FirstName")
	if name == "" {
		name = text(image, "Username")
	}
	facts := d.facts(e)
	key := kind + "#" + regID
	switch kind {
	case kindConfirmed:
		return key, mail.RegistrationConfirmed(to, name, facts, d.ticketWithImage(ctx, eventID, regID, number(image, "TicketVersion")), d.calendarFile(e, false)), nil
	case kindSeatGiven:
		return key, mail.SeatGiven(to, name, facts, d.ticketWithImage(ctx, eventID, regID, number(image, "TicketVersion")), d.calendarFile(e, false)), nil
	}
	a, err := d.Store.Attendee(ctx, eventID, userID)
	switch {
	case errors.Is(err, domain.ErrNotFound) || err == nil && a.ID != regID:
		return "", mail.Message{}, nil // left the queue meanwhile
	case err != nil:
		return "", mail.Message{}, fmt.Errorf("read the place of %s in the queue of %s: %w", regID, eventID, err)
	case a.Status != domain.StatusWaitlisted:
		return "", mail.Message{}, nil // seated meanwhile: that mail says so
	}
	return key, mail.Waitlisted(to, name, facts, a.Position), nil
}

// departureMail is the mail of a registration its person gave up: a
// cancellation, or leaving the waitlist. The departure item is deleted
// once read: the record holds all a retry needs.
func (d Deliverer) departureMail(ctx context.Context, left domain.Departure) (string, mail.Message, error) {
	defer func() {
		if err := d.Store.DeleteDeparture(ctx, left.RegistrationID); err != nil {
			slog.WarnContext(ctx, "delete a departure", "registration", left.RegistrationID, "err", err) // TTL removes it later
		}
	}()
	u, ok, err := d.recipient(ctx, left.UserID)
	if !ok {
		return "", mail.Message{}, err
	}
	e, err := d.Store.Event(ctx, left.EventID)
	if errors.Is(err, domain.ErrNotFound) {
		e, err = d.Store.DeletedEvent(ctx, left.EventID) // deleted since
	}
	if errors.Is(err, domain.ErrNotFound) {
		return "", mail.Message{}, nil
	} else if err != nil {
		return "", mail.Message{}, fmt.Errorf("read event %s for a registration mail: %w", left.EventID, err)
	}
	key := kindCancelled + "#" + left.RegistrationID
	if left.Status == domain.StatusWaitlisted {
		return key, mail.WaitlistLeft(u.Email, u.name(), d.facts(e)), nil
	}
	return key, mail.RegistrationCancelled(u.Email, u.name(), d.facts(e), d.calendarFile(e, true)), nil
}

// removalMail is the mail of a removed attendee item (the record carries
// its keys only) whose event was deleted; a removal from an event still
// there is a departure, which its own record tells.
func (d Deliverer) removalMail(ctx context.Context, eventID, userID string) (string, mail.Message, error) {
	if _, err := d.Store.Event(ctx, eventID); err == nil {
		return "", mail.Message{}, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return "", mail.Message{}, fmt.Errorf("read event %s for a registration mail: %w", eventID, err)
	}
	u, ok, err := d.recipient(ctx, userID)
	if !ok {
		return "", mail.Message{}, err
	}
	gone, err := d.Store.DeletedEvent(ctx, eventID)
	switch {
	case errors.Is(err, domain.ErrNotFound) || err == nil && gone.Cancelled:
		return "", mail.Message{}, nil // long gone, or its cancellation told them
	case err != nil:
		return "", mail.Message{}, fmt.Errorf("read deleted event %s: %w", eventID, err)
	}
	return kindDeleted + "#" + eventID + "#" + userID,
		mail.EventDeleted(u.Email, u.name(), d.facts(gone), d.WebOrigin+"/events", d.calendarFile(gone, true)), nil
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

// status is the registration status an attendee image holds ("" reads as
// registered, as the store does).
func status(image map[string]events.DynamoDBAttributeValue) domain.RegistrationStatus {
	if s := text(image, "Status"); s != "" {
		return domain.RegistrationStatus(s)
	}
	return domain.StatusRegistered
}

// number is a whole-number attribute of an image, 0 when absent.
func number(image map[string]events.DynamoDBAttributeValue, name string) int {
	if v, ok := image[name]; ok && v.DataType() == events.DataTypeNumber {
		if n, err := v.Integer(); err == nil {
			return int(n)
		}
	}
	return 0
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

// flag is a boolean attribute of an image, false when absent.
func flag(image map[string]events.DynamoDBAttributeValue, name string) bool {
	v, ok := image[name]
	return ok && v.DataType() == events.DataTypeBoolean && v.Boolean()
}

func (d Deliverer) eventLink(eventID string) string {
	return d.WebOrigin + domain.EventPagePath(eventID)
}

func (d Deliverer) facts(e domain.Event) mail.EventFacts {
	return mail.EventFacts{Title: e.Title, Location: e.Location, Start: e.Start, End: e.End, Zone: e.TimeZone, Link: d.eventLink(e.ID)}
}

// calendarFile is the event's calendar entry as of now, which revises
// every earlier one (calendar.Entry.Stamp).
func (d Deliverer) calendarFile(e domain.Event, cancelled bool) []byte {
	return calendar.File(calendar.Entry{
		EventID: e.ID, Title: e.Title, Location: e.Location, URL: d.eventLink(e.ID),
		Start: e.Start, End: e.End, Cancelled: cancelled, Stamp: d.Now(),
	})
}
