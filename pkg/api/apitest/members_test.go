package apitest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"turnout/pkg/accounts"
	"turnout/pkg/domain"
	"turnout/pkg/events"
	"turnout/pkg/media/mediatest"
)

// invite has org's owner invite a new person with role and has them join
// by the mailed link; it returns the person, signed in.
func (e *Env) invite(tb testing.TB, owner *Account, orgID string, role domain.Role) *Account {
	tb.Helper()
	p := e.NewPerson(tb)
	res := e.JSON(http.MethodPost, membersPath(orgID, ""), map[string]string{"email": p.Email, "role": string(role)}, owner.Access)
	Expect(tb, res, http.StatusCreated)
	Expect(tb, e.JSON(http.MethodPost, "/api/organization/join/", map[string]string{"token": e.invitationToken(tb, p.Email)}, p.Access), http.StatusOK)
	return p
}

// invitationToken is the token of the newest invitation mailed to email.
func (e *Env) invitationToken(tb testing.TB, email string) string {
	tb.Helper()
	link := e.MailedLink(tb, email, e.Config.WebOrigin+"/join?t=")
	u, err := url.Parse(link)
	if err != nil {
		tb.Fatal(err)
	}
	return u.Query().Get("t")
}

func membersPath(orgID, rest string) string {
	return "/api/organization/members/" + rest + "?organization=" + url.QueryEscape(orgID)
}

type teamAnswer struct {
	Role    domain.Role `json:"role"`
	Members []struct {
		ID       string      `json:"id"`
		Username string      `json:"username"`
		Role     domain.Role `json:"role"`
		Login    bool        `json:"login"`
	} `json:"members"`
	Invitations []struct {
		ID    string      `json:"id"`
		Email string      `json:"email"`
		Role  domain.Role `json:"role"`
	} `json:"invitations"`
}

func (e *Env) team(tb testing.TB, a *Account, orgID string) teamAnswer {
	tb.Helper()
	res := e.JSON(http.MethodGet, membersPath(orgID, ""), nil, a.Access)
	Expect(tb, res, http.StatusOK)
	var t teamAnswer
	res.Decode(tb, &t)
	return t
}

// An owner invites people with a role; the link works once, for a person
// account; the members list shows them, and invitations to owners only.
func TestMembersJoinByInvitation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	p := env.NewPerson(t)
	res := env.JSON(http.MethodPost, membersPath(org.OrganizationID, ""), map[string]string{"email": p.Email, "role": "manager"}, org.Access)
	Expect(t, res, http.StatusCreated)
	if got := env.team(t, org, org.OrganizationID).Invitations; len(got) != 1 || got[0].Email != p.Email || got[0].Role != domain.RoleManager {
		t.Errorf("the owner's open invitations: %+v", got)
	}
	token := env.invitationToken(t, p.Email)
	res = env.JSON(http.MethodPost, "/api/organization/invitation/", map[string]string{"token": token}, "")
	Expect(t, res, http.StatusOK)
	var preview struct {
		Organization struct{ ID string } `json:"organization"`
		Role         domain.Role         `json:"role"`
	}
	res.Decode(t, &preview)
	if preview.Organization.ID != org.OrganizationID || preview.Role != domain.RoleManager {
		t.Errorf("the invitation's preview: %+v", preview)
	}
	other := env.NewOrganizer(t)
	res = env.JSON(http.MethodPost, "/api/organization/join/", map[string]string{"token": token}, other.Access)
	Expect(t, res, http.StatusForbidden)
	if got := res.Detail(t); got != accounts.MsgJoinAsPerson {
		t.Errorf("an organization account joining: %q", got)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/organization/join/", map[string]string{"token": token}, ""), http.StatusUnauthorized)
	Expect(t, env.JSON(http.MethodPost, "/api/organization/join/", map[string]string{"token": token}, p.Access), http.StatusOK)
	res = env.JSON(http.MethodPost, "/api/organization/join/", map[string]string{"token": token}, p.Access)
	Expect(t, res, http.StatusNotFound)
	if got := res.Detail(t); got != accounts.MsgInvitationInvalid {
		t.Errorf("a used invitation: %q", got)
	}
	for _, bad := range []string{"", "x", org.OrganizationID + ".forged", "../" + token, strings.Repeat("a", 500)} {
		Expect(t, env.JSON(http.MethodPost, "/api/organization/invitation/", map[string]string{"token": bad}, ""), http.StatusNotFound)
	}
	team := env.team(t, org, org.OrganizationID)
	if len(team.Members) != 2 || !team.Members[0].Login || team.Members[0].Role != domain.RoleOwner ||
		team.Members[1].ID != p.ID || team.Members[1].Role != domain.RoleManager || team.Role != domain.RoleOwner {
		t.Errorf("the team as its owner reads it: %+v", team)
	}
	if len(team.Invitations) != 0 {
		t.Errorf("an accepted invitation is still open: %+v", team.Invitations)
	}
	// The team is the owners' work.
	Expect(t, env.JSON(http.MethodGet, membersPath(org.OrganizationID, ""), nil, p.Access), http.StatusForbidden)
	var profile struct {
		Organizations []struct {
			ID   string      `json:"id"`
			Role domain.Role `json:"role"`
		} `json:"organizations"`
	}
	res = env.JSON(http.MethodGet, "/api/user/profile/", nil, p.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &profile)
	if len(profile.Organizations) != 1 || profile.Organizations[0].ID != org.OrganizationID || profile.Organizations[0].Role != domain.RoleManager {
		t.Errorf("the member's profile: %+v", profile)
	}
}

// Each role does its own work and is refused the rest (403), on the
// server, whatever the web app shows.
func TestRolesBoundTheirWork(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	manager := env.invite(t, org, org.OrganizationID, domain.RoleManager)
	door := env.invite(t, org, org.OrganizationID, domain.RoleCheckin)
	outsider := env.NewPerson(t)

	// A manager makes and runs events of the organization.
	res := env.Multipart(http.MethodPost, "/api/event/create/?organization="+org.OrganizationID, env.EventForm(3, 5), nil, manager.Access)
	Expect(t, res, http.StatusCreated)
	var ev Event
	res.Decode(t, &ev)
	if ev.Organization.ID != org.OrganizationID {
		t.Fatalf("the manager's event belongs to %q", ev.Organization.ID)
	}
	guest := env.NewPerson(t)
	Expect(t, env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, guest.Access), http.StatusCreated)
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"location": "Annex"}), manager.Access), http.StatusOK)

	// The door volunteer lists the attendees and checks them in...
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, door.Access)
	Expect(t, res, http.StatusOK)
	var list struct {
		Attendees []struct {
			RegistrationID string `json:"registration_id"`
		} `json:"attendees"`
	}
	res.Decode(t, &list)
	if len(list.Attendees) != 1 {
		t.Fatalf("the door's attendee list: %+v", list)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"registration_id": list.Attendees[0].RegistrationID}, door.Access), http.StatusOK)

	// ...and nothing else.
	refusals := []struct {
		name   string
		res    func(a *Account) *Response
		detail string
	}{
		{"create", func(a *Account) *Response {
			return env.Multipart(http.MethodPost, "/api/event/create/?organization="+org.OrganizationID, env.EventForm(3, 5), nil, a.Access)
		}, events.MsgNotOrganizer},
		{"edit", func(a *Account) *Response { return evPatch(env, ev.ID, evFormOf(ev), a.Access) }, events.MsgNotOwner},
		{"duplicate", func(a *Account) *Response {
			return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/duplicate/", nil, a.Access)
		}, events.MsgNotOwner},
		{"message", func(a *Account) *Response {
			return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": "Hi", "body": "Hello"}, a.Access)
		}, events.MsgNotOwner},
		{"cancel", func(a *Account) *Response {
			return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/cancel/", map[string]string{"message": "Off."}, a.Access)
		}, events.MsgNotOwner},
		{"csv", func(a *Account) *Response {
			return env.Request(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", "", nil, a.Access)
		}, events.MsgNotOwner},
		{"delete", func(a *Account) *Response {
			return env.Request(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", "", nil, a.Access)
		}, events.MsgNotOwner},
		{"organization edit", func(a *Account) *Response {
			return env.Multipart(http.MethodPut, "/api/organization/details/update/?organization="+org.OrganizationID, map[string]string{"organization": "Taken", "email": org.Email}, nil, a.Access)
		}, accounts.MsgNotMember},
		{"invite", func(a *Account) *Response {
			return env.JSON(http.MethodPost, membersPath(org.OrganizationID, ""), map[string]string{"email": "x@example.com", "role": "owner"}, a.Access)
		}, accounts.MsgNotMember},
		{"promote oneself", func(a *Account) *Response {
			return env.JSON(http.MethodPatch, membersPath(org.OrganizationID, a.ID+"/"), map[string]string{"role": "owner"}, a.Access)
		}, accounts.MsgNotMember},
		{"members list", func(a *Account) *Response {
			return env.JSON(http.MethodGet, membersPath(org.OrganizationID, ""), nil, a.Access)
		}, accounts.MsgNotMember},
		{"banner upload", func(a *Account) *Response {
			return env.JSON(http.MethodPost, "/api/media/upload/", map[string]any{"kind": "banner", "content_type": "image/png", "size": 10}, a.Access)
		}, ""},
	}
	for _, r := range refusals {
		res := r.res(door)
		Expect(t, res, http.StatusForbidden)
		if r.detail != "" && r.name != "invite" && r.name != "promote oneself" && r.name != "organization edit" {
			if got := res.Detail(t); got != domain.MsgNotPermitted {
				t.Errorf("%s by the door: %q", r.name, got)
			}
		}
		if r.name == "banner upload" {
			continue
		}
		res = r.res(outsider)
		Expect(t, res, http.StatusForbidden)
	}
	// A manager is refused the organization's own work, too.
	for _, name := range []string{"organization edit", "invite", "promote oneself"} {
		for _, r := range refusals {
			if r.name == name {
				Expect(t, r.res(manager), http.StatusForbidden)
			}
		}
	}
	// An outsider sees no attendee and checks nobody in.
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, outsider.Access), http.StatusForbidden)
}

// Only owners change roles; the organization's own account stays an
// owner, so it never runs out of one; a member may leave.
func TestOwnersChangeRoles(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	owner := env.invite(t, org, org.OrganizationID, domain.RoleOwner)
	door := env.invite(t, org, org.OrganizationID, domain.RoleCheckin)

	res := env.JSON(http.MethodPatch, membersPath(org.OrganizationID, door.ID+"/"), map[string]string{"role": "admin"}, owner.Access)
	Expect(t, res, http.StatusBadRequest)
	res = env.JSON(http.MethodPatch, membersPath(org.OrganizationID, door.ID+"/"), map[string]string{"role": "manager"}, owner.Access)
	Expect(t, res, http.StatusOK)
	var profile struct {
		Organizations []struct {
			Role domain.Role `json:"role"`
		} `json:"organizations"`
	}
	res = env.JSON(http.MethodGet, "/api/user/profile/", nil, door.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &profile)
	if len(profile.Organizations) != 1 || profile.Organizations[0].Role != domain.RoleManager {
		t.Errorf("the promoted member's profile: %+v", profile)
	}
	for _, who := range []*Account{owner, org} {
		res = env.JSON(http.MethodPatch, membersPath(org.OrganizationID, org.ID+"/"), map[string]string{"role": "manager"}, who.Access)
		Expect(t, res, http.StatusConflict)
		if got := res.Detail(t); got != domain.MsgLoginStaysOwner {
			t.Errorf("demoting the organization's account: %q", got)
		}
		Expect(t, env.Request(http.MethodDelete, membersPath(org.OrganizationID, org.ID+"/"), "", nil, who.Access), http.StatusConflict)
	}
	Expect(t, env.JSON(http.MethodPatch, membersPath(org.OrganizationID, "01ARZ3NDEKTSV4RRFFQ69G5FAV/"), map[string]string{"role": "manager"}, owner.Access), http.StatusNotFound)
	// A member leaves; then they are no member anywhere.
	Expect(t, env.Request(http.MethodDelete, membersPath(org.OrganizationID, door.ID+"/"), "", nil, door.Access), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, door.Access), http.StatusOK)
	Expect(t, env.JSON(http.MethodGet, "/api/organization/details/?organization="+org.OrganizationID, nil, door.Access), http.StatusForbidden)
	// An owner removes another.
	Expect(t, env.Request(http.MethodDelete, membersPath(org.OrganizationID, owner.ID+"/"), "", nil, org.Access), http.StatusNoContent)
	if got := env.team(t, org, org.OrganizationID).Members; len(got) != 1 || !got[0].Login {
		t.Errorf("the team once both left: %+v", got)
	}
}

// An owner withdraws an invitation (its link stops working) and deletes
// the organization with their own password: its events go, their people
// are told, and its members belong to it no more.
func TestOwnersWithdrawInvitationsAndDeleteTheOrganization(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	owner := env.invite(t, org, org.OrganizationID, domain.RoleOwner)
	manager := env.invite(t, org, org.OrganizationID, domain.RoleManager)

	res := env.JSON(http.MethodPost, membersPath(org.OrganizationID, ""), map[string]string{"email": "later@example.com", "role": "checkin"}, owner.Access)
	Expect(t, res, http.StatusCreated)
	var inv struct{ ID string }
	res.Decode(t, &inv)
	token := env.invitationToken(t, "later@example.com")
	Expect(t, env.Request(http.MethodDelete, membersPath(org.OrganizationID, "invitations/"+inv.ID+"/"), "", nil, manager.Access), http.StatusForbidden)
	Expect(t, env.Request(http.MethodDelete, membersPath(org.OrganizationID, "invitations/"+inv.ID+"/"), "", nil, owner.Access), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodPost, "/api/organization/invitation/", map[string]string{"token": token}, ""), http.StatusNotFound)
	Expect(t, env.Request(http.MethodDelete, membersPath(org.OrganizationID, "invitations/"+inv.ID+"/"), "", nil, owner.Access), http.StatusNotFound)

	res = env.Multipart(http.MethodPost, "/api/event/create/?organization="+org.OrganizationID, env.EventForm(6, 10),
		map[string]File{"banner": {Name: "banner.png", Data: mediatest.PNG(64, 32)}}, manager.Access)
	Expect(t, res, http.StatusCreated)
	var ev Event
	res.Decode(t, &ev)
	Expect(t, regPost(env, ev.ID, env.NewPerson(t).Access), http.StatusCreated)

	del := func(a *Account, password string) *Response {
		return env.JSON(http.MethodDelete, "/api/organization/details/?organization="+org.OrganizationID, map[string]string{"password": password}, a.Access)
	}
	Expect(t, del(manager, testPassword), http.StatusForbidden)
	Expect(t, del(owner, "wrong-password-here"), http.StatusBadRequest)
	Expect(t, del(owner, testPassword), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, ""), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, ""), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": org.Username, "password": org.Password}, ""), http.StatusUnauthorized)
	var profile map[string]any
	res = env.JSON(http.MethodGet, "/api/user/profile/", nil, owner.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &profile)
	if _, still := profile["organizations"]; still {
		t.Errorf("a member of a deleted organization still lists it: %v", profile["organizations"])
	}
	Expect(t, env.JSON(http.MethodGet, membersPath(org.OrganizationID, ""), nil, owner.Access), http.StatusForbidden)
}
