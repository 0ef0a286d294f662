package events

import (
	"context"
	"errors"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/domain"
)

// Messages of the organizer's attendee list and check-in.
const (
	MsgTicketInvalid     = "This ticket is not valid."
	MsgTicketOtherEvent  = "This ticket is for another event."
	MsgTicketCancelled   = "This registration has been cancelled."
	MsgTicketWaitlisted  = "This person is on the waitlist and has no seat yet."
	MsgCheckInNeedsOne   = "Send the ticket's code or a registration id."
	MsgCheckedIn         = "Checked in."
	MsgAlreadyCheckedIn  = "Already checked in."
	MsgCheckInUndone     = "Check-in undone."
	MsgNotCheckedIn      = "Not checked in."
	MsgSearchTooLong     = "Ensure the search has no more than 100 characters."
	maxAttendeeSearchLen = 100
)

// owned loads event id if u's role in its organization does d: 404 for
// an unknown event, 403 for anyone else.
func (s *Service) owned(ctx context.Context, u domain.User, id string, d domain.Duty) (domain.Event, error) {
	e, err := s.Event(ctx, id)
	if err != nil {
		return e, err
	}
	return e, domain.Authorize(u, e.OrganizationID, d, MsgNotOwner)
}

// Attendees lists the registrations of u's event id with their people and
// the event (whose counts the list shows), limit at a time; search keeps
// those whose names or email hold every word. The event and the page are
// read at once; the page is shown only if u owns the event.
func (s *Service) Attendees(ctx context.Context, u domain.User, id, search, after string, limit int) (domain.Event, []domain.Attendee, string, error) {
	if !domain.ValidID(id) {
		return domain.Event{}, nil, "", eventNotFound()
	}
	if len(search) > maxAttendeeSearchLen {
		return domain.Event{}, nil, "", domain.FieldError("q", MsgSearchTooLong)
	}
	var e domain.Event
	var page []domain.Attendee
	var next string
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { e, err = s.owned(gctx, u, id, domain.DutyDoor); return err })
	g.Go(func() (err error) {
		page, next, err = s.Store.Attendees(gctx, id, search, after, limit)
		return explain(err, eventNotFound())
	})
	if err := g.Wait(); err != nil {
		return domain.Event{}, nil, "", err
	}
	return e, page, next, nil
}

// ExportAttendees calls fn with every registration of u's event id after
// the account after ("" from the first), once start has been given the
// event; fn's error stops it.
func (s *Service) ExportAttendees(ctx context.Context, u domain.User, id, after string, start func(domain.Event), fn func(domain.Attendee) error) error {
	e, err := s.owned(ctx, u, id, domain.DutyEvents)
	if err != nil {
		return err
	}
	start(e)
	return s.Store.EachAttendee(ctx, id, after, fn)
}

// CheckInInput names the registration to check in: the ticket's code, as
// its QR code carries it, or the registration's id (a search at the door).
type CheckInInput struct {
	Code           string `json:"code"`
	RegistrationID string `json:"registration_id"`
}

// CheckIn marks an attendee of u's event id as arrived. A second check-in
// keeps the first time, and already says so.
func (s *Service) CheckIn(ctx context.Context, u domain.User, id string, in CheckInInput) (a domain.Attendee, already bool, err error) {
	if _, err := s.owned(ctx, u, id, domain.DutyDoor); err != nil {
		return a, false, err
	}
	regID := in.RegistrationID
	switch {
	case in.Code != "":
		regID, err = s.ticketRegistration(ctx, id, in.Code)
		if err != nil {
			return a, false, err
		}
	case regID == "":
		return a, false, domain.Errorf(domain.CodeInvalid, MsgCheckInNeedsOne)
	case !domain.ValidRegistrationID(regID):
		return a, false, registrationNotFound()
	}
	a, already, err = s.Store.CheckIn(ctx, id, regID, s.Now())
	switch {
	case errors.Is(err, domain.ErrOtherEvent):
		err = domain.Errorf(domain.CodeConflict, MsgTicketOtherEvent)
	case errors.Is(err, domain.ErrWaitlisted):
		err = domain.Errorf(domain.CodeConflict, MsgTicketWaitlisted)
	case errors.Is(err, domain.ErrPending):
		err = domain.Errorf(domain.CodeConflict, MsgTicketPending)
	case errors.Is(err, domain.ErrNotFound) && in.Code != "":
		// A genuine ticket whose registration is gone was cancelled.
		err = domain.Errorf(domain.CodeConflict, MsgTicketCancelled)
	default:
		err = explain(err, registrationNotFound())
	}
	return a, already, err
}

// UndoCheckIn takes back the check-in of registration regID at u's event
// id (a person let in by mistake, say); undone is false when it was not
// checked in.
func (s *Service) UndoCheckIn(ctx context.Context, u domain.User, id, regID string) (a domain.Attendee, undone bool, err error) {
	if _, err := s.owned(ctx, u, id, domain.DutyDoor); err != nil {
		return a, false, err
	}
	if !domain.ValidRegistrationID(regID) {
		return a, false, registrationNotFound()
	}
	a, undone, err = s.Store.UndoCheckIn(ctx, id, regID)
	if errors.Is(err, domain.ErrOtherEvent) {
		err = domain.ErrNotFound // not among this event's registrations
	}
	return a, undone, explain(err, registrationNotFound())
}

// ticketRegistration returns the registration a ticket code of event id
// names, refusing a code that is forged, or genuine but for another event.
func (s *Service) ticketRegistration(ctx context.Context, id, code string) (string, error) {
	regID, ok := s.Tickets.Registration(code)
	if !ok || !domain.ValidRegistrationID(regID) {
		return "", domain.Errorf(domain.CodeInvalid, MsgTicketInvalid)
	}
	if s.Tickets.Valid(code, id) {
		return regID, nil
	}
	// Not signed for this event: a genuine ticket of another one, or forged.
	reg, err := s.Store.Registration(ctx, regID)
	switch {
	case err == nil && s.Tickets.Valid(code, reg.EventID):
		return "", domain.Errorf(domain.CodeConflict, MsgTicketOtherEvent)
	case err == nil || errors.Is(err, domain.ErrNotFound):
		return "", domain.Errorf(domain.CodeInvalid, MsgTicketInvalid)
	}
	return "", err
}
