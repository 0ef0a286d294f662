package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/media"
)

// Messages of a deletion.
const (
	// MsgDeletePassword answers a deletion whose password is wrong.
	MsgDeletePassword = "Your password was entered incorrectly. Please enter it again."
	// MsgDeletionUnfinished answers a deletion too large for one request:
	// what it did stays done, and asking again goes on from there.
	MsgDeletionUnfinished = "Your account is not fully deleted yet. Please ask again to finish deleting it."
)

// deletionReserve is the part of the request's time a deletion keeps for
// what it started and for removing the account itself: past it, leaving
// the events starts no more and the deletion asks to be called again.
const deletionReserve = 3 * time.Second

var errDeletionUnfinished = domain.Errorf(domain.CodeUnavailable, MsgDeletionUnfinished)

// DeleteAccount deletes u after checking its password. The account (and
// its organization) is marked first, which refuses its registrations (and
// new events) from then on; then its
// registrations are cancelled (seats given back, the first waiting
// promoted), an organization's events deleted (their people told), its
// sessions, login guards, mail counters and images removed, and then the
// account with its username and email reservations and its organization,
// which ends every session; a confirmation is mailed. Everything before the
// account's removal may run again, so a deletion cut short, or too large
// for one request (errDeletionUnfinished), is finished by asking again;
// once the account is gone, nothing fails the answer: what a request that
// raced the deletion left is swept up, and a failure there only logged.
func (s *Service) DeleteAccount(ctx context.Context, u domain.User, password string) error {
	if err := s.deletionPassword(u, password); err != nil {
		return err
	}
	return s.deleteAccount(ctx, u)
}

// DeleteOrganization deletes organization orgID ("" for u's own) as
// DeleteAccount deletes its own account, for an owner u who enters their
// password again.
func (s *Service) DeleteOrganization(ctx context.Context, u domain.User, orgID, password string) error {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return err
	}
	if err := s.deletionPassword(u, password); err != nil {
		return err
	}
	o, err := s.Accounts.Organization(ctx, orgID)
	if err != nil {
		return organizationGone(err)
	}
	login, err := s.Accounts.User(ctx, o.OwnerID)
	if err != nil {
		return organizationGone(err)
	}
	return s.deleteAccount(ctx, login)
}

// deletionPassword checks the password a deletion is confirmed with.
func (s *Service) deletionPassword(u domain.User, password string) error {
	if password == "" {
		return domain.FieldError("password", domain.MsgRequired)
	}
	ok, err := s.Passwords.Verify(u.PasswordHash, password)
	if err != nil {
		return fmt.Errorf("verify password of %s: %w", u.ID, err)
	}
	if !ok {
		return domain.FieldError("password", MsgDeletePassword)
	}
	return nil
}

func (s *Service) deleteAccount(ctx context.Context, u domain.User) error {
	if err := s.Leaving.MarkDeleting(ctx, u); err != nil {
		return err
	}
	if err := s.leaveEvents(ctx, stopAt(ctx), u); err != nil {
		return err
	}
	var logoKey string
	if u.IsOrganizer && u.OrganizationID != "" {
		o, err := s.Accounts.Organization(ctx, u.OrganizationID)
		if err != nil {
			return err
		}
		logoKey = o.LogoKey
	}
	if err := s.Leaving.ForgetAccount(ctx, u); err != nil {
		return err
	}
	media.Discard(ctx, s.Media, u.ImageKey)
	media.Discard(ctx, s.Media, logoKey)
	if err := s.Leaving.DeleteAccount(ctx, u); err != nil {
		return err
	}
	// A registration, login or event that passed its check before the mark
	// may have landed after the first sweep read.
	if err := s.leaveEvents(ctx, time.Time{}, u); err != nil {
		slog.WarnContext(ctx, "sweep what a deleted account left", "err", err)
	}
	if err := s.Leaving.ForgetAccount(ctx, u); err != nil {
		slog.WarnContext(ctx, "forget a deleted account's sessions and counters", "err", err)
	}
	name := u.FirstName
	if name == "" {
		name = u.Username
	}
	if err := s.Mail.Send(ctx, mail.In(u.MailLanguage()).AccountDeleted(u.Email, name, s.WebOrigin+"/register")); err != nil {
		slog.WarnContext(ctx, "mail the confirmation of a deleted account", "err", err)
	}
	return nil
}

// leaveEvents cancels every registration of u and, for an organizer,
// deletes every event of its organization, by the events rules.
func (s *Service) leaveEvents(ctx context.Context, until time.Time, u domain.User) error {
	err := s.Events.LeaveAll(ctx, u, until)
	if errors.Is(err, domain.ErrLeavingUnfinished) {
		return errDeletionUnfinished
	}
	return err
}

// stopAt leaves deletionReserve of ctx's time unspent (zero: no deadline).
func stopAt(ctx context.Context) time.Time {
	d, ok := ctx.Deadline()
	if !ok {
		return time.Time{}
	}
	return d.Add(-deletionReserve)
}
