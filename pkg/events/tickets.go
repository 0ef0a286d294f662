package events

import (
	"context"
	"errors"

	"turnout/pkg/domain"
)

// A ticket's own page opens by a secret link, without a login: from the
// confirmation mail, on the phone at the door. The link names the
// registration and a version kept on it, so it ends when the registration
// is cancelled or its event deleted, and when its holder resets it.

// Messages of ticket links.
const (
	MsgTicketLinkNotFound = "This ticket link is no longer valid."
	MsgNotYourTicket      = "You can only reset the links of your own tickets."
	MsgNoTicketYet        = "This registration is on the waitlist and has no ticket yet."
)

// TicketLink is the secret of the link to r's ticket page, "" while it
// waits for a seat.
func (s *Service) TicketLink(r domain.Registration) string {
	if r.Status != domain.StatusRegistered {
		return ""
	}
	return s.Tickets.Link(r.ID, r.TicketVersion)
}

// TicketPage reads what a ticket link opens: the event, and the
// registration with its holder's names, while the link is the
// registration's current one and holds a seat.
func (s *Service) TicketPage(ctx context.Context, secret string) (domain.Event, domain.Attendee, error) {
	notFound := domain.Errorf(domain.CodeNotFound, MsgTicketLinkNotFound)
	regID, version, ok := s.Tickets.ParseLink(secret)
	if !ok {
		return domain.Event{}, domain.Attendee{}, notFound
	}
	e, a, err := s.linkedRegistration(ctx, regID, version, notFound)
	if err == nil && a.Status != domain.StatusRegistered {
		err = notFound
	}
	return e, a, err
}

// linkedRegistration reads what a link to registration regID at version
// opens (a ticket's page, a guest's manage page): the registration with
// its holder's names and its event as its item holds it (one GetItem,
// then one BatchGetItem), while version is the registration's current
// one; invalid otherwise.
func (s *Service) linkedRegistration(ctx context.Context, regID string, version int, invalid *domain.Error) (domain.Event, domain.Attendee, error) {
	if !domain.ValidRegistrationID(regID) {
		return domain.Event{}, domain.Attendee{}, invalid
	}
	reg, err := s.Store.Registration(ctx, regID)
	if err != nil {
		return domain.Event{}, domain.Attendee{}, explain(err, invalid)
	}
	a, e, err := s.Store.AttendeeAndEvent(ctx, reg.EventID, reg.UserID)
	if err != nil {
		return domain.Event{}, domain.Attendee{}, explain(err, invalid)
	}
	if a.ID != regID || a.TicketVersion != version {
		return domain.Event{}, domain.Attendee{}, invalid
	}
	return e, a, nil
}

// ResetTicketLink ends every link to the ticket of u's registration regID
// (one forwarded too far, say) and returns the new link's secret.
func (s *Service) ResetTicketLink(ctx context.Context, u domain.User, regID string) (string, error) {
	if !domain.ValidRegistrationID(regID) {
		return "", registrationNotFound()
	}
	reg, err := s.Store.Registration(ctx, regID)
	if err != nil {
		return "", explain(err, registrationNotFound())
	}
	if reg.UserID != u.ID {
		return "", domain.Errorf(domain.CodeForbidden, MsgNotYourTicket)
	}
	version, err := s.Store.ResetTicketLink(ctx, reg.EventID, reg.UserID, regID)
	if errors.Is(err, domain.ErrWaitlisted) {
		return "", domain.Errorf(domain.CodeConflict, MsgNoTicketYet)
	}
	if err != nil {
		return "", explain(err, registrationNotFound())
	}
	return s.Tickets.Link(regID, version), nil
}
