package accounts

import (
	"context"

	"turnout/pkg/domain"
	"turnout/pkg/store"
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
	FailedLogins  store.FailedLogins
}

// registrationPage is how many registrations each read of an export takes.
const registrationPage = 100

// Export gathers u's data, reading the registrations a page at a time.
func (s *Service) Export(ctx context.Context, u domain.User) (Export, error) {
	out := Export{User: u, Registrations: []domain.RegisteredEvent{}}
	if u.IsOrganizer && u.OrganizationID != "" {
		o, err := s.Store.Organization(ctx, u.OrganizationID)
		if err != nil {
			return out, err
		}
		out.Organization = &o
	}
	err := s.eachRegistrationPage(ctx, u.ID, func(page []domain.RegisteredEvent) error {
		ids := make([]string, len(page))
		for i, re := range page {
			ids[i] = re.Event.ID
		}
		times, err := s.Store.RegistrationTimes(ctx, u.ID, ids)
		if err != nil {
			return err
		}
		for _, re := range page {
			if t, ok := times[re.Event.ID]; ok && t.ID == re.Registration.ID {
				re.Registration.Created, re.Registration.CheckedIn = t.Created, t.CheckedIn
			}
			out.Registrations = append(out.Registrations, re)
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	if out.Sessions, err = s.Store.Sessions(ctx, u.ID); err != nil {
		return out, err
	}
	out.FailedLogins, err = s.Store.FailedLoginsOf(ctx, u.Username)
	return out, err
}

// eachRegistrationPage calls fn with each page of userID's registrations.
func (s *Service) eachRegistrationPage(ctx context.Context, userID string, fn func([]domain.RegisteredEvent) error) error {
	for after := ""; ; {
		page, next, err := s.Store.UserRegistrations(ctx, userID, after, registrationPage)
		if err != nil {
			return err
		}
		if err := fn(page); err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		after = next
	}
}
