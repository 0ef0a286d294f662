package accounts

import (
	"context"

	"turnout/pkg/domain"
)

// Export is everything the product holds about an account, for the person
// to download: the account, its organization (for an organizer), its mail
// settings, every registration (when made and checked in), its sessions
// and the failed logins kept under its username.
type Export struct {
	User          domain.User
	Organization  *domain.Organization
	Registrations []domain.RegisteredEvent
	Sessions      []domain.RefreshToken
	FailedLogins  domain.FailedLogins
}

// Export gathers u's data.
func (s *Service) Export(ctx context.Context, u domain.User) (Export, error) {
	out := Export{User: u, Registrations: []domain.RegisteredEvent{}}
	if u.IsOrganizer && u.OrganizationID != "" {
		o, err := s.Accounts.Organization(ctx, u.OrganizationID)
		if err != nil {
			return out, err
		}
		out.Organization = &o
	}
	err := s.Events.EachRegistration(ctx, u.ID, func(re domain.RegisteredEvent) error {
		out.Registrations = append(out.Registrations, re)
		return nil
	})
	if err != nil {
		return out, err
	}
	if out.Sessions, err = s.Leaving.Sessions(ctx, u.ID); err != nil {
		return out, err
	}
	out.FailedLogins, err = s.Leaving.FailedLoginsOf(ctx, u.Username)
	return out, err
}
