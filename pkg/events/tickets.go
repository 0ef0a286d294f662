package events

import (
	"context"
	"errors"

	"golang.org/x/sync/errgroup"

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
	if !ok || !domain.ValidRegistrationID(regID) {
		return domain.Event{}, domain.Attendee{}, notFound
	}
	reg, err := s.Store.Registration(ctx, regID)
	if err != nil {
		return domain.Event{}, domain.Attendee{}, explain(err, notFound)
	}
	var e domain.Event
	var a domain.Attendee
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { e, err = s.Store.Event(gctx, reg.EventID); return err })
	g.Go(func() (err error) { a, err = s.Store.Attendee(gctx, reg.EventID, reg.UserID); return err })
	if err := g.Wait(); err != nil {
		return domain.Event{}, domain.Attendee{}, explain(err, notFound)
	}
	if a.ID != regID || a.TicketVersion != version || a.Status != domain.StatusRegistered {
		return domain.Event{}, domain.Attendee{}, notFound
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
