package domain

import (
	"slices"
	"strings"
	"time"
)

// Role is what a member may do for an organization: every organizer
// endpoint asks Authorize, the one rule of who does what.
type Role string

const (
	// RoleOwner does everything: members, the organization's profile and
	// its deletion, and all a manager does.
	RoleOwner Role = "owner"
	// RoleManager creates, edits, duplicates, cancels, deletes and
	// messages events, and sees to their people (attendees, approvals,
	// CSV, check-in).
	RoleManager Role = "manager"
	// RoleCheckin sees the attendee list and checks people in: the door.
	RoleCheckin Role = "checkin"
)

// Roles are the roles in the order the web app offers them.
var Roles = []Role{RoleOwner, RoleManager, RoleCheckin}

// Valid reports whether r is one of Roles.
func (r Role) Valid() bool { return slices.Contains(Roles, r) }

// Duty is a kind of organizer work, which some roles do.
type Duty int

const (
	// DutyDoor is the attendee list and check-in.
	DutyDoor Duty = iota
	// DutyEvents is everything else done to events and their people.
	DutyEvents
	// DutyOrganization is the organization itself: its profile, members
	// and deletion.
	DutyOrganization
)

// Does reports whether r does d.
func (r Role) Does(d Duty) bool {
	switch r {
	case RoleOwner:
		return true
	case RoleManager:
		return d <= DutyEvents
	case RoleCheckin:
		return d == DutyDoor
	}
	return false
}

// RoleIn is u's role in organization orgID, "" when u is no member. An
// organization's own login is always its owner.
func (u User) RoleIn(orgID string) Role {
	if orgID == "" || u.Guest {
		return ""
	}
	if u.IsOrganizer && u.OrganizationID == orgID {
		return RoleOwner
	}
	return u.Memberships[orgID]
}

// May reports whether u does d for organization orgID.
func (u User) May(orgID string, d Duty) bool { return u.RoleIn(orgID).Does(d) }

// MayAnywhere reports whether u does d for some organization (for work not
// yet tied to one, such as uploading a banner).
func (u User) MayAnywhere(d Duty) bool {
	if u.IsOrganizer && u.OrganizationID != "" {
		return true
	}
	for _, r := range u.Memberships {
		if r.Does(d) {
			return true
		}
	}
	return false
}

// Organizations are the ids of the organizations u belongs to, its own
// login's first, then by id.
func (u User) Organizations() []string {
	var ids []string
	for id := range u.Memberships {
		if id != u.OrganizationID {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	if u.IsOrganizer && u.OrganizationID != "" {
		ids = append([]string{u.OrganizationID}, ids...)
	}
	return ids
}

// HomeOrganization is the organization u works for when a request names
// none: its own login's, else the first where u does d ("" for none).
func (u User) HomeOrganization(d Duty) string {
	for _, id := range u.Organizations() {
		if u.May(id, d) {
			return id
		}
	}
	return ""
}

// MsgNotPermitted refuses a member work their role does not do.
const MsgNotPermitted = "Your role in this organization does not allow this."

// Authorize refuses u work d for organization orgID unless its role does
// it: 403 with refusal (the caller's words for a non-member, so an old
// message stays as the spec words it) or MsgNotPermitted for a member.
func Authorize(u User, orgID string, d Duty, refusal string) error {
	role := u.RoleIn(orgID)
	switch {
	case role.Does(d):
		return nil
	case role == "":
		return Errorf(CodeForbidden, "%s", refusal)
	}
	return Errorf(CodeForbidden, MsgNotPermitted)
}

// Refusals of people outside organizations.
const (
	MsgNotMember      = "You are not a member of this organization."
	MsgNotAnOrganizer = "Only organizer accounts have an organization."
)

// MemberOrganization is the organization u works for as d: orgID, or u's
// home organization when orgID is "", refused (403) unless u's role there
// does d.
func MemberOrganization(u User, orgID string, d Duty) (string, error) {
	if orgID == "" {
		orgID = u.HomeOrganization(DutyDoor)
	}
	refusal := MsgNotMember
	if len(u.Organizations()) == 0 {
		refusal = MsgNotAnOrganizer
	}
	return orgID, Authorize(u, orgID, d, refusal)
}

// Member is a person's place in an organization.
type Member struct {
	OrganizationID string
	UserID         string
	Username       string
	Role           Role
	Joined         time.Time
	// Login marks the organization's own account: it stays an owner.
	Login bool
}

// Invitation asks the holder of Email to join an organization with Role.
// Key is the digest of its link's secret, which is all the table keeps.
type Invitation struct {
	OrganizationID string
	Key            string
	Email          string
	Role           Role
	InvitedBy      Editor
	Expires        time.Time
}

// InvitationTTL is how long an invitation's link works.
const InvitationTTL = 7 * 24 * time.Hour

// MembersInput is an owner's invitation: an address and a role.
type MembersInput struct {
	Email string `json:"email"`
	Role  Role   `json:"role"`
	// Language is the one the invitation is mailed in: the inviter's
	// (Accept-Language), since the invitee may have no account yet.
	Language string `json:"-"`
}

// Messages of members.
const (
	MsgBadRole         = "Choose owner, manager or checkin."
	MsgLoginStaysOwner = "The organization's own account stays its owner."
	MsgLastOwner       = "The last owner cannot leave or be demoted."
)

// Validate checks an invitation's address and role.
func (in *MembersInput) Validate() error {
	bad := FieldErrors{}
	in.Email = strings.TrimSpace(in.Email)
	validateEmail(bad, "email", in.Email)
	if !in.Role.Valid() {
		bad.Add("role", MsgBadRole)
	}
	return bad.Err()
}

// OwnersLeft counts the owners members keep once userID's role is to
// ("" for leaving).
func OwnersLeft(members []Member, userID string, to Role) int {
	n := 0
	for _, m := range members {
		r := m.Role
		if m.UserID == userID {
			r = to
		}
		if r == RoleOwner {
			n++
		}
	}
	return n
}
