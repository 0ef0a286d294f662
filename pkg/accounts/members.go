package accounts

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

// MembersStore keeps organizations' members and invitations.
type MembersStore interface {
	Members(ctx context.Context, orgID string, now time.Time) (domain.Organization, []domain.Member, []domain.Invitation, error)
	SaveInvitation(ctx context.Context, inv domain.Invitation) error
	Invitation(ctx context.Context, orgID, digest string, now time.Time) (domain.Invitation, error)
	WithdrawInvitation(ctx context.Context, orgID, digest string) error
	Join(ctx context.Context, inv domain.Invitation, u domain.User, now time.Time) error
	SetRole(ctx context.Context, orgID, userID string, role domain.Role) error
	RemoveMember(ctx context.Context, orgID, userID string) error
	OrganizationsOf(ctx context.Context, ids []string) ([]domain.Organization, error)
	Followers(ctx context.Context, orgID string) (int, time.Time, error)
}

// Messages of members.
const (
	MsgInvitationInvalid  = "This invitation has expired or was already used."
	MsgAlreadyMember      = "You are already a member of this organization."
	MsgJoinAsPerson       = "Sign in with your personal account to join an organization."
	MsgMemberNotFound     = "This person is not a member of the organization."
	MsgInvitationNotFound = "This invitation is no longer open."
	MsgNotMember          = domain.MsgNotMember
	MsgNoOrganization     = "Organization not found."
	MsgTooManyMemberships = "You belong to as many organizations as one account may (50). Leave one to join another."
)

// MaxMemberships bounds the organizations one account belongs to, so its
// profile reads them in one request.
const MaxMemberships = 50

// invitationSecretBytes is the randomness of an invitation link's secret.
const invitationSecretBytes = 18

var mailInvitation = mailKind{"invitation", MailsPerAddress}

// Team is an organization with its members and, for its owners, its open
// invitations.
type Team struct {
	Organization domain.Organization
	Members      []domain.Member
	Invitations  []domain.Invitation
}

// Team lists organization orgID's members and open invitations for an
// owner u (the team is the owners' work; a member sees their own role on
// their profile).
func (s *Service) Team(ctx context.Context, u domain.User, orgID string) (Team, error) {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return Team{}, err
	}
	o, members, invitations, err := s.Members.Members(ctx, orgID, s.Now())
	if err != nil {
		return Team{}, organizationGone(err)
	}
	return Team{Organization: o, Members: members, Invitations: invitations}, nil
}

// Invite mails in.Email a link to join organization orgID with in.Role;
// owners only.
func (s *Service) Invite(ctx context.Context, u domain.User, orgID string, in domain.MembersInput, client string) (domain.Invitation, error) {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return domain.Invitation{}, err
	}
	if err := in.Validate(); err != nil {
		return domain.Invitation{}, err
	}
	o, err := s.Accounts.Organization(ctx, orgID)
	if err != nil {
		return domain.Invitation{}, organizationGone(err)
	}
	secret := auth.RandomToken(invitationSecretBytes)
	inv := domain.Invitation{
		OrganizationID: orgID, Key: auth.SecretDigest(secret), Email: in.Email, Role: in.Role,
		InvitedBy: domain.EditorOf(u), Expires: s.Now().Add(domain.InvitationTTL).UTC().Truncate(time.Second),
	}
	if err := s.Members.SaveInvitation(ctx, inv); err != nil {
		return domain.Invitation{}, err
	}
	link := s.WebOrigin + "/join?t=" + url.QueryEscape(orgID+"."+secret)
	return inv, s.send(ctx, client, mailInvitation, mail.In(in.Language).Invitation(in.Email, o.Name, u.Username, string(in.Role), link))
}

// Withdraw ends the open invitation key of organization orgID; owners only.
func (s *Service) Withdraw(ctx context.Context, u domain.User, orgID, key string) error {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return err
	}
	err = s.Members.WithdrawInvitation(ctx, orgID, key)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeNotFound, MsgInvitationNotFound)
	}
	return err
}

// InvitationOf reads the invitation a link's token stands for, and its
// organization, changing nothing.
func (s *Service) InvitationOf(ctx context.Context, token string) (domain.Invitation, domain.Organization, error) {
	invalid := domain.Errorf(domain.CodeNotFound, MsgInvitationInvalid)
	orgID, secret, ok := strings.Cut(token, ".")
	if !ok || !domain.ValidID(orgID) || secret == "" || len(secret) > 100 {
		return domain.Invitation{}, domain.Organization{}, invalid
	}
	inv, err := s.Members.Invitation(ctx, orgID, auth.SecretDigest(secret), s.Now())
	if errors.Is(err, domain.ErrNotFound) {
		return inv, domain.Organization{}, invalid
	}
	if err != nil {
		return inv, domain.Organization{}, err
	}
	o, err := s.Accounts.Organization(ctx, orgID)
	if errors.Is(err, domain.ErrNotFound) {
		return inv, o, invalid
	}
	return inv, o, err
}

// Join makes the person u a member by the invitation token stands for; the
// link works once.
func (s *Service) Join(ctx context.Context, u domain.User, token string) (domain.Member, domain.Organization, error) {
	switch {
	case u.IsOrganizer:
		return domain.Member{}, domain.Organization{}, domain.Errorf(domain.CodeForbidden, MsgJoinAsPerson)
	case len(u.Memberships) >= MaxMemberships:
		return domain.Member{}, domain.Organization{}, domain.Errorf(domain.CodeConflict, MsgTooManyMemberships)
	}
	inv, o, err := s.InvitationOf(ctx, token)
	if err != nil {
		return domain.Member{}, o, err
	}
	now := s.Now()
	err = s.Members.Join(ctx, inv, u, now)
	switch {
	case errors.Is(err, domain.ErrAlreadyMember):
		return domain.Member{}, o, domain.Errorf(domain.CodeConflict, MsgAlreadyMember)
	case errors.Is(err, domain.ErrNotFound):
		return domain.Member{}, o, domain.Errorf(domain.CodeNotFound, MsgInvitationInvalid)
	case err != nil:
		return domain.Member{}, o, err
	}
	return domain.Member{OrganizationID: o.ID, UserID: u.ID, Username: u.Username, Role: inv.Role, Joined: now.UTC().Truncate(time.Second)}, o, nil
}

// SetRole gives member userID of organization orgID role; owners only. The
// organization's own account stays an owner, and so does its last one.
func (s *Service) SetRole(ctx context.Context, u domain.User, orgID, userID string, role domain.Role) (domain.Member, error) {
	orgID, err := domain.MemberOrganization(u, orgID, domain.DutyOrganization)
	if err != nil {
		return domain.Member{}, err
	}
	if !role.Valid() {
		return domain.Member{}, domain.FieldError("role", domain.MsgBadRole)
	}
	m, err := s.changeable(ctx, orgID, userID, role)
	if err != nil {
		return m, err
	}
	if err := s.Members.SetRole(ctx, orgID, userID, role); err != nil {
		return m, memberGone(err)
	}
	m.Role = role
	return m, nil
}

// Leave takes member userID out of organization orgID: an owner removing
// anyone, or a member leaving.
func (s *Service) Leave(ctx context.Context, u domain.User, orgID, userID string) error {
	d := domain.DutyOrganization
	if userID == u.ID {
		d = domain.DutyDoor
	}
	orgID, err := domain.MemberOrganization(u, orgID, d)
	if err != nil {
		return err
	}
	if _, err := s.changeable(ctx, orgID, userID, ""); err != nil {
		return err
	}
	return memberGone(s.Members.RemoveMember(ctx, orgID, userID))
}

// changeable reads member userID of orgID if its role may become to ("" for
// leaving).
func (s *Service) changeable(ctx context.Context, orgID, userID string, to domain.Role) (domain.Member, error) {
	_, members, _, err := s.Members.Members(ctx, orgID, s.Now())
	if err != nil {
		return domain.Member{}, organizationGone(err)
	}
	i := slices.IndexFunc(members, func(m domain.Member) bool { return m.UserID == userID })
	switch {
	case i < 0:
		return domain.Member{}, domain.Errorf(domain.CodeNotFound, MsgMemberNotFound)
	case members[i].Login && to != domain.RoleOwner:
		return domain.Member{}, domain.Errorf(domain.CodeConflict, domain.MsgLoginStaysOwner)
	case domain.OwnersLeft(members, userID, to) == 0:
		return domain.Member{}, domain.Errorf(domain.CodeConflict, domain.MsgLastOwner)
	}
	return members[i], nil
}

// Organizations are the organizations u belongs to (for its profile, where
// the dashboard switches between them); those gone are left out.
func (s *Service) Organizations(ctx context.Context, u domain.User) ([]domain.Organization, error) {
	ids := u.Organizations()
	if len(ids) == 0 {
		return nil, nil
	}
	return s.Members.OrganizationsOf(ctx, ids)
}

func organizationGone(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeNotFound, MsgNoOrganization)
	}
	return err
}

func memberGone(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeNotFound, MsgMemberNotFound)
	}
	return err
}

// Followers counts the followers of organization o, for its members (who
// see no follower's address).
func (s *Service) Followers(ctx context.Context, o domain.Organization) (int, error) {
	n, _, err := s.Members.Followers(ctx, o.ID)
	return n, err
}
