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

// exportPage is how many registrations each read of an export takes.
const exportPage = 100

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
	for after := ""; ; {
		page, next, err := s.Store.UserRegistrations(ctx, u.ID, after, exportPage)
		if err != nil {
			return out, err
		}
		out.Registrations = append(out.Registrations, page...)
		if next == "" {
			return out, nil
		}
		after = next
	}
}
