package accounts

import (
	"context"
	"errors"

	"turnout/pkg/domain"
)

// What mail a person gets: every optional kind (domain.MailKinds) is on
// until they turn it off here, or by a mail's one-click link.

// Messages of notification settings.
const (
	MsgUnsubscribeInvalid = "This unsubscribe link is not valid."
	MsgNotificationKind   = "Unknown kind of mail."
)

// Notifications are the settings as the API shows them: kind → on.
type Notifications map[domain.MailKind]bool

// NotificationsOf are u's settings.
func NotificationsOf(u domain.User) Notifications {
	out := Notifications{}
	for _, k := range domain.MailKinds {
		out[k] = u.Wants(k)
	}
	return out
}

// SetNotifications changes the kinds in changes (the others stay) and
// returns the settings.
func (s *Service) SetNotifications(ctx context.Context, u domain.User, changes map[string]bool) (Notifications, error) {
	current := NotificationsOf(u)
	bad := domain.FieldErrors{}
	for name, on := range changes {
		if k := domain.MailKind(name); domain.ValidMailKind(k) {
			current[k] = on
		} else {
			bad.Add(name, MsgNotificationKind)
		}
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	var muted []domain.MailKind
	for _, k := range domain.MailKinds {
		if !current[k] {
			muted = append(muted, k)
		}
	}
	if err := s.Profiles.SetMuted(ctx, u.ID, muted); err != nil {
		return nil, err
	}
	return current, nil
}

// Unsubscribed is what a one-click unsubscribe turned off, and for whom:
// a guest (registered without an account) has no profile to turn it back
// on from.
type Unsubscribed struct {
	Kind  domain.MailKind
	Guest bool
}

// Unsubscribe turns off the kind a one-click link names for its account
// (or guest), without a login; a second click changes nothing.
func (s *Service) Unsubscribe(ctx context.Context, token string) (Unsubscribed, error) {
	invalid := domain.Errorf(domain.CodeNotFound, MsgUnsubscribeInvalid)
	userID, kind, ok := s.Unsubscribes.Parse(token)
	if !ok || !domain.ValidID(userID) || !domain.ValidMailKind(domain.MailKind(kind)) {
		return Unsubscribed{}, invalid
	}
	guest, err := s.Profiles.Mute(ctx, userID, domain.MailKind(kind))
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return Unsubscribed{}, invalid // the account is gone
	case err != nil:
		return Unsubscribed{}, err
	}
	return Unsubscribed{Kind: domain.MailKind(kind), Guest: guest}, nil
}
