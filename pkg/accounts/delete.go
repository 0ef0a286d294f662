package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/media"
)

// MsgDeletePassword answers a deletion whose password is wrong.
const MsgDeletePassword = "Your password was entered incorrectly. Please enter it again."

// eventPage is how many events each read of a deletion takes.
const eventPage = 100

// DeleteAccount deletes u after checking its password: its registrations
// are cancelled (seats given back, the first waiting promoted), an
// organization's events deleted (their people told), its images removed,
// then the account with its username and email reservations and its
// organization, which ends every session, then its sessions, login guards
// and mail counters; a confirmation is mailed. A
// deletion cut short is finished by asking again.
func (s *Service) DeleteAccount(ctx context.Context, u domain.User, password string) error {
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
	if err := s.Store.MarkDeleting(ctx, u.ID); err != nil {
		return err
	}
	if err := s.cancelRegistrations(ctx, u.ID); err != nil {
		return err
	}
	var logoKey string
	if u.IsOrganizer && u.OrganizationID != "" {
		if err := s.deleteEvents(ctx, u.OrganizationID); err != nil {
			return err
		}
		o, err := s.Store.Organization(ctx, u.OrganizationID)
		if err != nil {
			return err
		}
		logoKey = o.LogoKey
	}
	if err := s.Store.DeleteAccount(ctx, u); err != nil {
		return err
	}
	// The account is gone; what is left of it expires by TTL if this fails.
	if err := s.Store.ForgetAccount(ctx, u); err != nil {
		slog.WarnContext(ctx, "forget a deleted account's sessions and counters", "err", err)
	}
	media.Discard(ctx, s.Media, u.ImageKey)
	media.Discard(ctx, s.Media, logoKey)
	name := u.FirstName
	if name == "" {
		name = u.Username
	}
	return s.Mail.Send(ctx, mail.AccountDeleted(u.Email, name, s.WebOrigin+"/register"))
}

// cancelRegistrations cancels every registration of userID; one cancelled
// already (by a deletion cut short) is skipped.
func (s *Service) cancelRegistrations(ctx context.Context, userID string) error {
	return s.eachRegistration(ctx, userID, func(re domain.RegisteredEvent) error {
		if err := s.Store.CancelRegistration(ctx, re.Registration); err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		return nil
	})
}

// deleteEvents deletes every event of orgID with its banner, page by page;
// one deleted already is skipped.
func (s *Service) deleteEvents(ctx context.Context, orgID string) error {
	for after := ""; ; {
		page, next, err := s.Store.OrganizationEvents(ctx, orgID, after, eventPage)
		if err != nil {
			return err
		}
		for _, e := range page {
			deleted, err := s.Store.DeleteEvent(ctx, e.ID, orgID)
			switch {
			case errors.Is(err, domain.ErrNotFound):
			case err != nil:
				return err
			default:
				media.Discard(ctx, s.Media, deleted.BannerKey)
			}
		}
		if next == "" {
			return nil
		}
		after = next
	}
}
