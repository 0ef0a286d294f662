package accounts

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/media"
)

const (
	// EmailChangeMaxAge is how long a link confirming a new address works.
	EmailChangeMaxAge = 24 * time.Hour
	purposeEmail      = "email"
)

// Messages shown to people.
const (
	MsgNotAnOrganizer   = domain.MsgNotAnOrganizer
	MsgEmailLoginOnly   = "Only the organization's own account can change its email."
	MsgCurrentPassword  = "Your current password was entered incorrectly. Please enter it again."
	MsgPasswordForEmail = "Enter your current password to change your email address."
)

// ErrEmailTaken answers a confirmed email change whose address another
// account took in the meantime (or held all along: the update does not
// say so, to reveal nothing).
var ErrEmailTaken = errors.New("email address taken")

// ImageSource stores the image a form carries and returns its key, or ""
// when the form carries none. It runs only once the rest of the form is
// valid, so a refused edit stores nothing.
type ImageSource func(ctx context.Context) (string, error)

// ProfileEdit is a person's edit of their own profile.
type ProfileEdit struct {
	domain.ProfileUpdate
	// CurrentPassword is needed only when the email changes.
	CurrentPassword string
	Image           ImageSource
	// Client is the requester's address, for the hourly mail quota.
	Client string
}

// UpdateProfile applies a person's edit. A new email address does not take
// effect here: it must be confirmed from that address (ConfirmEmail), and
// the current address is told. The answer is the same whether or not the
// new address belongs to someone else.
func (s *Service) UpdateProfile(ctx context.Context, u domain.User, in ProfileEdit) (domain.User, error) {
	pending, imageKey, err := s.startEdit(ctx, u, in.ProfileUpdate, in.Email, in.CurrentPassword, in.Image)
	if err != nil {
		return domain.User{}, err
	}
	updated := u
	updated.FirstName, updated.LastName, updated.Phone, updated.Address = in.FirstName, in.LastName, in.Phone, in.Address
	if imageKey != "" {
		updated.ImageKey = imageKey
	}
	err = media.Replace(ctx, s.Media, imageKey, u.ImageKey, func() error {
		return s.Profiles.UpdateProfile(ctx, updated, pending)
	})
	if err != nil {
		return domain.User{}, err
	}
	if err := s.askEmailChange(ctx, in.Client, &updated, pending); err != nil {
		return domain.User{}, err
	}
	return updated, nil
}

// OrganizationEdit is an organizer's edit of their organization.
type OrganizationEdit struct {
	domain.OrganizationUpdate
	CurrentPassword string
	Logo            ImageSource
	// Client is the requester's address, for the hourly mail quota.
	Client string
}

// Organization is organization orgID ("" for u's own) of its member u.
func (s *Service) Organization(ctx context.Context, u domain.User, orgID string) (domain.Organization, error) {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyDoor)
	if err != nil {
		return domain.Organization{}, err
	}
	o, err := s.Accounts.Organization(ctx, orgID)
	return o, organizationGone(err)
}

// UpdateOrganization applies an owner's edit of o (from Organization). Its
// email is its own account's login email, so only that account changes
// it, and a new one waits for confirmation as in UpdateProfile.
func (s *Service) UpdateOrganization(ctx context.Context, u domain.User, o domain.Organization, in OrganizationEdit) (domain.Organization, error) {
	if err := domain.Authorize(u, o.ID, domain.DutyOrganization, MsgNotAnOrganizer); err != nil {
		return domain.Organization{}, err
	}
	email := in.Email
	if o.OwnerID != u.ID {
		if !strings.EqualFold(strings.TrimSpace(in.Email), o.Email) {
			return domain.Organization{}, domain.FieldError("email", MsgEmailLoginOnly)
		}
		email = u.Email // the member's own, which does not move
	}
	pending, logoKey, err := s.startEdit(ctx, u, in.OrganizationUpdate, email, in.CurrentPassword, in.Logo)
	if err != nil {
		return domain.Organization{}, err
	}
	updated := o
	updated.Name, updated.Address1, updated.Address2, updated.Phone = in.Name, in.Address1, in.Address2, in.Phone
	updated.Link, updated.Description = in.Link, in.Description
	updated.ChangedBy, updated.Changed = domain.EditorOf(u), s.Now().UTC().Truncate(time.Second)
	if logoKey != "" {
		updated.LogoKey = logoKey
	}
	err = media.Replace(ctx, s.Media, logoKey, o.LogoKey, func() error {
		return s.Profiles.UpdateOrganization(ctx, updated, pending)
	})
	if err != nil {
		return domain.Organization{}, err
	}
	if err := s.askEmailChange(ctx, in.Client, &u, pending); err != nil {
		return domain.Organization{}, err
	}
	return updated, nil
}

// startEdit runs the checks every edit starts with, in an order that stores
// no image for a refused edit: the form, then the current password when the
// email changes (pending is the new address, "" for none), then the image.
func (s *Service) startEdit(ctx context.Context, u domain.User, form interface{ Validate() error }, email, password string, image ImageSource) (pending, imageKey string, err error) {
	if err := form.Validate(); err != nil {
		return "", "", err
	}
	if pending, err = s.emailChange(u, email, password); err != nil {
		return "", "", err
	}
	if imageKey, err = image(ctx); err != nil {
		return "", "", err
	}
	return pending, imageKey, nil
}

// emailChange returns the address u asks to move to ("" when the email is
// unchanged, ignoring case), after checking u's current password, which a
// change needs so that a stolen session cannot take the account over.
func (s *Service) emailChange(u domain.User, email, password string) (string, error) {
	if strings.EqualFold(strings.TrimSpace(email), strings.TrimSpace(u.Email)) {
		return "", nil
	}
	if password == "" {
		return "", domain.FieldError("current_password", MsgPasswordForEmail)
	}
	ok, err := s.Passwords.Verify(u.PasswordHash, password)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", domain.FieldError("current_password", MsgCurrentPassword)
	}
	return email, nil
}

// askEmailChange mails the confirmation link to the new address and a
// notice to the current one, within the hourly mail quotas; pending "" is
// no change.
func (s *Service) askEmailChange(ctx context.Context, client string, u *domain.User, pending string) error {
	if pending == "" {
		return nil
	}
	u.PendingEmail = pending
	token := s.Links.Make(purposeEmail, u.ID, emailState(*u))
	link := s.WebOrigin + "/api/user/email/confirm/" + url.PathEscape(u.ID) + "/" + url.PathEscape(token) + "/"
	words := mail.In(u.MailLanguage())
	if err := s.send(ctx, client, mailEmailChange, words.ConfirmEmailChange(pending, displayName(*u), link)); err != nil {
		return err
	}
	return s.send(ctx, client, mailEmailChange, words.EmailChangeRequested(u.Email, displayName(*u), pending, words.Moment(s.Now()), s.WebOrigin+"/forget/password"))
}

// emailState ties a confirmation link to one requested change: it dies
// when the change is confirmed, replaced by another, or the password moves.
func emailState(u domain.User) string {
	return linkState(u) + "|" + u.Email + "|" + u.PendingEmail
}

// ConfirmEmail completes an email change from its emailed link:
// ErrInvalidLink when the link is wrong, expired, used or superseded,
// ErrEmailTaken when another account holds the address.
func (s *Service) ConfirmEmail(ctx context.Context, uid, token string) error {
	u, err := s.linkedAccount(ctx, purposeEmail, uid, token, emailState, EmailChangeMaxAge)
	if err != nil {
		return err
	}
	if u.PendingEmail == "" {
		return ErrInvalidLink
	}
	err = s.Profiles.ConfirmEmail(ctx, u)
	switch {
	case errors.Is(err, domain.ErrEmailTaken):
		return ErrEmailTaken
	case errors.Is(err, domain.ErrEmailChangeStale):
		return ErrInvalidLink
	}
	return err
}
