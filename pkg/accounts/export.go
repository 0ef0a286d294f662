package accounts

import (
	"context"

	"turnout/pkg/domain"
)

// Export is everything the product holds about an account, for the person
// to download: the account, its organization (for an organizer), its mail
// settings and every registration.
type Export struct {
	User          domain.User
	Organization  *domain.Organization
	Registrations []domain.RegisteredEvent
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
	err := s.eachRegistration(ctx, u.ID, func(re domain.RegisteredEvent) error {
		out.Registrations = append(out.Registrations, re)
		return nil
	})
	return out, err
}

// eachRegistration calls fn with every registration of userID, reading
// them a page at a time.
func (s *Service) eachRegistration(ctx context.Context, userID string, fn func(domain.RegisteredEvent) error) error {
	for after := ""; ; {
		page, next, err := s.Store.UserRegistrations(ctx, userID, after, registrationPage)
		if err != nil {
			return err
		}
		for _, re := range page {
			if err := fn(re); err != nil {
				return err
			}
		}
		if next == "" {
			return nil
		}
		after = next
	}
}
