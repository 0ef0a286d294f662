package events

import (
	"context"
	"errors"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// MsgNotPrivate refuses an invite reset of an event anyone can open.
const MsgNotPrivate = "Only a private event has an invite link."

// inviteCodeBytes is the randomness of an invite code: as a session's,
// so no code is guessed.
const inviteCodeBytes = 16

// Opened reads event id for viewer (nil for anyone) with invite, the code
// a link carried ("" for none): every event but a private one opens; a
// private one opens with its current code, for its own organizer, and for
// a person who holds a registration for it (their list and mails lead
// there without the code). Otherwise it is not found, as a missing event,
// so a private event's existence is not told. owner says the viewer is
// its organizer.
func (s *Service) Opened(ctx context.Context, id, invite string, viewer *domain.User) (e domain.Event, owner bool, err error) {
	e, err = s.Event(ctx, id)
	if err != nil {
		return e, false, err
	}
	owner = viewer != nil && viewer.May(e.OrganizationID, domain.DutyEvents)
	if owner || e.OpensWith(invite) || viewer != nil && viewer.May(e.OrganizationID, domain.DutyDoor) {
		return e, owner, nil
	}
	if viewer != nil {
		_, err := s.Store.Attendee(ctx, e.ID, viewer.ID)
		if err == nil {
			return e, false, nil
		}
		if !errors.Is(err, domain.ErrNotFound) {
			return domain.Event{}, false, err
		}
	}
	return domain.Event{}, false, eventNotFound()
}

// ResetInvite gives u's private event id a new invite code: links with
// the old one stop opening it.
func (s *Service) ResetInvite(ctx context.Context, u domain.User, id string) (domain.Event, error) {
	e, err := s.owned(ctx, u, id, domain.DutyEvents)
	if err != nil {
		return e, err
	}
	if e.Visibility != domain.VisibilityPrivate {
		return e, domain.Errorf(domain.CodeConflict, MsgNotPrivate)
	}
	e.InviteCode = auth.RandomToken(inviteCodeBytes)
	if err := s.Store.SetInviteCode(ctx, e.ID, e.OrganizationID, e.InviteCode); err != nil {
		return e, explain(err, eventNotFound())
	}
	return e, nil
}

// keepInvite gives an event that is private an invite code when it has
// none, and takes it from one that is not: a link forwarded while it was
// private does not open it when it is made private again.
func keepInvite(e *domain.Event) {
	switch {
	case e.Visibility != domain.VisibilityPrivate:
		e.InviteCode = ""
	case e.InviteCode == "":
		e.InviteCode = auth.RandomToken(inviteCodeBytes)
	}
}

// newQuestionID names a new registration question: random, so no id of a
// question taken off is ever given to another.
func newQuestionID() string { return "q" + auth.RandomToken(6) }
