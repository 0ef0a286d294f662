package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"golang.org/x/sync/errgroup"

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

const (
	// deletionPage is how many registrations or events each read of a
	// deletion takes.
	deletionPage = 100
	// deletionWorkers is how many registrations or events a deletion
	// removes at once: a person's registrations are each at another event,
	// and each event's own delete writes in parallel batches too.
	deletionWorkers = 8
	// deletionReserve is the part of the request's time a deletion keeps
	// for what it started and for removing the account itself: past it, it
	// starts no more and asks to be called again.
	deletionReserve = 3 * time.Second
)

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
	if err := s.Leaving.MarkDeleting(ctx, u); err != nil {
		return err
	}
	b := deadlineBudget(ctx)
	if err := s.removeBelongings(ctx, b, u); err != nil {
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
	if err := s.removeBelongings(ctx, budget{}, u); err != nil {
		slog.WarnContext(ctx, "sweep what a deleted account left", "err", err)
	}
	if err := s.Leaving.ForgetAccount(ctx, u); err != nil {
		slog.WarnContext(ctx, "forget a deleted account's sessions and counters", "err", err)
	}
	name := u.FirstName
	if name == "" {
		name = u.Username
	}
	if err := s.Mail.Send(ctx, mail.AccountDeleted(u.Email, name, s.WebOrigin+"/register")); err != nil {
		slog.WarnContext(ctx, "mail the confirmation of a deleted account", "err", err)
	}
	return nil
}

// removeBelongings cancels every registration of u and, for an organizer,
// deletes every event of its organization.
func (s *Service) removeBelongings(ctx context.Context, b budget, u domain.User) error {
	if err := s.cancelRegistrations(ctx, b, u.ID); err != nil {
		return err
	}
	if u.IsOrganizer && u.OrganizationID != "" {
		return s.deleteEvents(ctx, b, u.OrganizationID)
	}
	return nil
}

// cancelRegistrations cancels every registration of userID, whatever state
// its event is in; one cancelled already (by a deletion cut short) is
// skipped, and one its event no longer holds is dropped.
func (s *Service) cancelRegistrations(ctx context.Context, b budget, userID string) error {
	for after := ""; ; {
		page, next, err := s.Leaving.PersonRegistrations(ctx, userID, after, deletionPage)
		if err != nil {
			return err
		}
		err = inParallel(ctx, b, page, func(ctx context.Context, r domain.Registration) error {
			err := s.Leaving.CancelRegistration(ctx, r)
			if errors.Is(err, domain.ErrNotFound) {
				return s.Leaving.DropRegistration(ctx, r)
			}
			return err
		})
		if err != nil || next == "" {
			return err
		}
		after = next
	}
}

// deleteEvents deletes every event of orgID with its banner: first those
// whose delete was cut short, then the rest; one deleted already is
// skipped.
func (s *Service) deleteEvents(ctx context.Context, b budget, orgID string) error {
	for _, deleting := range []bool{true, false} {
		for after := ""; ; {
			ids, next, err := s.Leaving.OrganizationEventIDs(ctx, orgID, deleting, after, deletionPage)
			if err != nil {
				return err
			}
			err = inParallel(ctx, b, ids, func(ctx context.Context, id string) error {
				deleted, err := s.Leaving.DeleteEvent(ctx, id, orgID)
				switch {
				case errors.Is(err, domain.ErrNotFound):
					return nil
				case err != nil:
					return err
				}
				media.Discard(ctx, s.Media, deleted.BannerKey)
				return nil
			})
			if err != nil {
				return err
			}
			if next == "" {
				break
			}
			after = next
		}
	}
	return nil
}

// budget is when a deletion stops starting work; zero means never.
type budget struct{ until time.Time }

// deadlineBudget leaves deletionReserve of ctx's time unspent.
func deadlineBudget(ctx context.Context) budget {
	d, ok := ctx.Deadline()
	if !ok {
		return budget{}
	}
	return budget{d.Add(-deletionReserve)}
}

func (b budget) spent() bool { return !b.until.IsZero() && time.Now().After(b.until) }

// inParallel calls do for each item, deletionWorkers at a time, and stops
// at the first error; once b is spent it starts no more and, after the
// ones started end, answers errDeletionUnfinished.
func inParallel[T any](ctx context.Context, b budget, items []T, do func(context.Context, T) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(deletionWorkers)
	for _, it := range items {
		if b.spent() {
			if err := g.Wait(); err != nil {
				return err
			}
			return errDeletionUnfinished
		}
		g.Go(func() error { return do(gctx, it) })
	}
	return g.Wait()
}
