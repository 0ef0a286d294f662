package accounts

import (
	"context"
	"time"

	"turnout/pkg/domain"
)

// Export is everything the product holds about an account, for the person
// to download: the account, its organization (for an organizer), its mail
// settings, its registrations (when made and checked in), its sessions
// and the failed logins kept under its username. Registrations come in
// pages: Next is the cursor of the rest ("" when there is none).
type Export struct {
	User          domain.User
	Organization  *domain.Organization
	Registrations []domain.RegisteredEvent
	Next          string
	Sessions      []domain.RefreshToken
	FailedLogins  domain.FailedLogins
	// Memberships are the organizations u belongs to (with its role in
	// each); Following those it follows.
	Memberships, Following []domain.Organization
}

// An export's page holds at most ExportPageRegistrations registrations
// (about 2 MB of JSON; a Lambda answer holds 6) and stops reading once
// exportPageTime has passed, well inside a request's deadline.
const (
	ExportPageRegistrations = 5000
	exportPageTime          = 4 * time.Second
	exportReadPage          = 100
)

// Export gathers u's data, with up to limit of its registrations after
// the cursor after ("" for the first page).
func (s *Service) Export(ctx context.Context, u domain.User, after string, limit int) (Export, error) {
	out := Export{User: u, Registrations: []domain.RegisteredEvent{}}
	if u.IsOrganizer && u.OrganizationID != "" {
		o, err := s.Accounts.Organization(ctx, u.OrganizationID)
		if err != nil {
			return out, err
		}
		out.Organization = &o
	}
	started := time.Now() // the request's own time, not the product's clock
	for {
		page, next, err := s.Events.RegistrationsWithTimes(ctx, u.ID, after, min(exportReadPage, limit-len(out.Registrations)))
		if err != nil {
			return out, err
		}
		out.Registrations = append(out.Registrations, page...)
		out.Next, after = next, next
		if next == "" || len(out.Registrations) >= limit || time.Since(started) >= exportPageTime {
			break
		}
	}
	var err error
	if out.Memberships, err = s.Organizations(ctx, u); err != nil {
		return out, err
	}
	if out.Following, err = s.Events.Followed(ctx, u); err != nil {
		return out, err
	}
	if out.Sessions, err = s.Leaving.Sessions(ctx, u.ID); err != nil {
		return out, err
	}
	out.FailedLogins, err = s.Leaving.FailedLoginsOf(ctx, u.Username)
	return out, err
}
