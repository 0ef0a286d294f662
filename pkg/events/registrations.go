package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// Register takes a seat at eventID for u, with answers to the event's
// questions (question id to answer, as sent; nil for none); a private
// event needs its invite code (Opened). Answers that do not answer the
// questions are refused under "answers", and nothing is taken.
func (s *Service) Register(ctx context.Context, u domain.User, eventID, invite string, answers map[string]json.RawMessage) (domain.RegisteredEvent, error) {
	if !domain.ValidID(eventID) {
		return domain.RegisteredEvent{}, eventNotFound()
	}
	now := s.Now()
	if err := s.takeRegistrationChange(ctx, u, now); err != nil {
		return domain.RegisteredEvent{}, err
	}
	// Read before the transaction (for who may open it and for the
	// reply), which then decides on the counter as it stands.
	e, _, err := s.Opened(ctx, eventID, invite, &u)
	if err != nil {
		return domain.RegisteredEvent{}, err
	}
	answered, bad := domain.CheckAnswers(e.Questions, answers)
	if err := bad.ErrUnder("answers"); err != nil {
		return domain.RegisteredEvent{}, err
	}
	return s.place(ctx, e, domain.AttendeeOf(newRegistration(u, eventID, now, answered), u), now)
}

// newRegistration is a registration of u made now. Its id is a ULID made
// as the request arrives (it orders the person's list) and the person's
// id, which finds it; a guest's is the ULID alone, found by a
// registration item, so a claim moves it without changing it.
func newRegistration(u domain.User, eventID string, now time.Time, answers domain.Answers) domain.Registration {
	id := domain.NewRegistrationID(auth.NewID(), u.ID)
	if u.Guest {
		id = auth.NewID()
	}
	return domain.Registration{ID: id, EventID: eventID, UserID: u.ID, Created: now.UTC().Truncate(time.Second), Answers: answers}
}

// place takes a's place at e: a seat, the waitlist or a request.
func (s *Service) place(ctx context.Context, e domain.Event, a domain.Attendee, now time.Time) (domain.RegisteredEvent, error) {
	var reg domain.Registration
	var err error
	// Seat, waitlist or refuse is the events rule; the store runs the
	// transaction it decides, reading the counter when a seat is refused.
	place := func(c domain.SeatCounter) (domain.RegistrationStatus, error) { return domain.PlaceRegistration(c, now) }
	if e.Approval {
		// A request its organizer decides on (approval.go).
		reg, err = s.Store.RequestSeat(ctx, a, now)
	} else {
		reg, err = s.Store.Register(ctx, a, now, place)
	}
	if err != nil {
		return domain.RegisteredEvent{}, explain(err, eventNotFound())
	}
	switch reg.Status {
	case domain.StatusRegistered:
		e.SeatsTaken++
	case domain.StatusWaitlisted:
		e.Waiting++
	default:
		e.Pending++
	}
	return domain.RegisteredEvent{Registration: reg, Event: e}, nil
}

// RegistrationFor returns u's registration for eventID, so the event's
// page can say they are registered (or waiting), show the ticket, their
// answers and the online link, and offer to cancel; e is the event as its
// item holds it (no counts). registered is false when u holds none, which
// is no error: the page asks for every event. A malformed id is not found.
func (s *Service) RegistrationFor(ctx context.Context, u domain.User, eventID string) (reg domain.Registration, e domain.Event, registered bool, err error) {
	notRegistered := domain.Errorf(domain.CodeNotFound, MsgNotRegistered)
	if !domain.ValidID(eventID) {
		return domain.Registration{}, e, false, notRegistered
	}
	a, e, err := s.Store.AttendeeAndEvent(ctx, eventID, u.ID)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Registration{}, e, false, nil
	}
	return a.Registration, e, err == nil, explain(err, notRegistered)
}

// Ticket is the code on the ticket of registration r, "" while it waits
// for a seat.
func (s *Service) Ticket(r domain.Registration) string {
	if r.Status != domain.StatusRegistered {
		return ""
	}
	return s.Tickets.Code(r.EventID, r.ID)
}

// Registrations lists userID's registrations, which only that account may
// read, limit at a time, as Upcoming pages.
func (s *Service) Registrations(ctx context.Context, u domain.User, userID, after string, limit int) ([]domain.RegisteredEvent, string, error) {
	if !domain.ValidID(userID) {
		return nil, "", domain.Errorf(domain.CodeNotFound, MsgUserNotFound)
	}
	if userID != u.ID {
		return nil, "", domain.Errorf(domain.CodeForbidden, MsgNotYourRegistrations)
	}
	regs, next, err := s.Store.UserRegistrations(ctx, u.ID, after, limit)
	return regs, next, explain(err, registrationNotFound())
}

// Cancel gives up u's registration id and its seat.
func (s *Service) Cancel(ctx context.Context, u domain.User, id string) error {
	if !domain.ValidRegistrationID(id) {
		return registrationNotFound()
	}
	reg, err := s.Store.Registration(ctx, id)
	if err != nil {
		return explain(err, registrationNotFound())
	}
	if reg.UserID != u.ID {
		return domain.Errorf(domain.CodeForbidden, MsgNotYourRegistration)
	}
	if err := s.takeRegistrationChange(ctx, u, s.Now()); err != nil {
		return err
	}
	return explain(s.Store.CancelRegistration(ctx, reg), registrationNotFound())
}

// takeRegistrationChange counts a registration or cancellation of u, and
// refuses it (429, with when to ask again) past the account's allowance.
func (s *Service) takeRegistrationChange(ctx context.Context, u domain.User, now time.Time) error {
	a := domain.Allowance{Scope: domain.RegistrationChanges, Value: u.ID, Limit: RegistrationChangesPerWindow, Per: RegistrationChangeWindow}
	ok, until, err := s.Store.TakeAllowance(ctx, a, now)
	if err != nil {
		return fmt.Errorf("count a registration change of %s: %w", u.ID, err)
	}
	if !ok {
		return &domain.Error{Code: domain.CodeTooMany, Message: MsgTooManyChanges, RetryAfter: until.Sub(now)}
	}
	return nil
}
