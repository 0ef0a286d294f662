package events

import (
	"context"
	"errors"

	"turnout/pkg/domain"
)

// Messages of approval.
const (
	MsgNotPending      = "This registration does not await approval."
	MsgTicketPending   = "This person's registration awaits approval and has no seat yet."
	MsgRequestReceived = "Your request to join is in: the organizer will tell you by mail."
)

// Approve gives the pending registration regID of u's event id a seat (or
// a place on its waitlist when it is full and keeps one); 409 when it is
// full without one, or when the registration awaits no approval.
func (s *Service) Approve(ctx context.Context, u domain.User, id, regID string) (domain.Attendee, error) {
	if _, err := s.owned(ctx, u, id, domain.DutyEvents); err != nil {
		return domain.Attendee{}, err
	}
	if !domain.ValidRegistrationID(regID) {
		return domain.Attendee{}, registrationNotFound()
	}
	a, err := s.Store.Approve(ctx, id, regID, s.Now())
	return a, explainDecision(err)
}

// Decline removes the pending registration regID of u's event id; its
// person is mailed.
func (s *Service) Decline(ctx context.Context, u domain.User, id, regID string) (domain.Attendee, error) {
	if _, err := s.owned(ctx, u, id, domain.DutyEvents); err != nil {
		return domain.Attendee{}, err
	}
	if !domain.ValidRegistrationID(regID) {
		return domain.Attendee{}, registrationNotFound()
	}
	a, err := s.Store.Decline(ctx, id, regID, s.Now())
	return a, explainDecision(err)
}

func explainDecision(err error) error {
	if errors.Is(err, domain.ErrNotPending) {
		return domain.Errorf(domain.CodeConflict, MsgNotPending)
	}
	return explain(err, registrationNotFound())
}
