package organizations

import (
	"net/http"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// routeMembers routes an organization's members and invitations, and
// joining by an invitation's link.
func (h handlers) routeMembers(rt *httpapi.Router) {
	rt.Handle("GET /api/organization/members/{$}", h.Auth.Require(h.members))
	rt.Handle("POST /api/organization/members/{$}", h.Auth.Require(h.invite))
	rt.Handle("PATCH /api/organization/members/{userId}/{$}", h.Auth.Require(h.setRole))
	rt.Handle("DELETE /api/organization/members/{userId}/{$}", h.Auth.Require(h.removeMember))
	rt.Handle("DELETE /api/organization/members/invitations/{id}/{$}", h.Auth.Require(h.withdraw))
	rt.Handle("POST /api/organization/invitation/{$}", h.invitation)
	rt.Handle("POST /api/organization/join/{$}", h.Auth.Require(h.join))
}

// memberBody is a member as the members screen shows it.
type memberBody struct {
	ID       string      `json:"id"`
	Username string      `json:"username"`
	Role     domain.Role `json:"role"`
	// Login marks the organization's own account, which stays an owner.
	Login  bool       `json:"login"`
	Joined *time.Time `json:"joined"`
}

func memberBodyOf(m domain.Member) memberBody {
	return memberBody{ID: m.UserID, Username: m.Username, Role: m.Role, Login: m.Login, Joined: httpapi.TimeOrNull(m.Joined)}
}

// invitationBody is an open invitation (its id withdraws it).
type invitationBody struct {
	ID        string          `json:"id"`
	Email     string          `json:"email"`
	Role      domain.Role     `json:"role"`
	InvitedBy *httpapi.Editor `json:"invited_by"`
	ExpiresAt time.Time       `json:"expires_at"`
}

func invitationBodyOf(inv domain.Invitation) invitationBody {
	return invitationBody{ID: inv.Key, Email: inv.Email, Role: inv.Role, InvitedBy: httpapi.EditorOf(inv.InvitedBy), ExpiresAt: inv.Expires}
}

// teamOrganization names the organization of a members answer.
type teamOrganization struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	LogoURL *string `json:"logo_url"`
}

func (h handlers) teamOrganizationOf(o domain.Organization) teamOrganization {
	return teamOrganization{ID: o.ID, Name: o.Name, LogoURL: httpapi.OrNull(h.Media.URL(o.LogoKey))}
}

func (h handlers) members(w http.ResponseWriter, r *http.Request, u domain.User) {
	t, err := h.Accounts.Team(r.Context(), u, organizationOf(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := struct {
		Organization teamOrganization `json:"organization"`
		Role         domain.Role      `json:"role"`
		Members      []memberBody     `json:"members"`
		Invitations  []invitationBody `json:"invitations"`
	}{Organization: h.teamOrganizationOf(t.Organization), Role: u.RoleIn(t.Organization.ID), Members: []memberBody{}, Invitations: []invitationBody{}}
	for _, m := range t.Members {
		body.Members = append(body.Members, memberBodyOf(m))
	}
	for _, inv := range t.Invitations {
		body.Invitations = append(body.Invitations, invitationBodyOf(inv))
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

func (h handlers) invite(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in domain.MembersInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	in.Language = domain.PreferredLanguage(r.Header.Get("Accept-Language"))
	inv, err := h.Accounts.Invite(r.Context(), u, organizationOf(r), in, httpapi.ClientAddress(r, h.OriginSecret))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, invitationBodyOf(inv))
}

func (h handlers) setRole(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in struct {
		Role domain.Role `json:"role"`
	}
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	m, err := h.Accounts.SetRole(r.Context(), u, organizationOf(r), r.PathValue("userId"), in.Role)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, memberBodyOf(m))
}

func (h handlers) removeMember(w http.ResponseWriter, r *http.Request, u domain.User) {
	if err := h.Accounts.Leave(r.Context(), u, organizationOf(r), r.PathValue("userId")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h handlers) withdraw(w http.ResponseWriter, r *http.Request, u domain.User) {
	if err := h.Accounts.Withdraw(r.Context(), u, organizationOf(r), r.PathValue("id")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type tokenInput struct {
	Token string `json:"token"`
}

// invitation shows what an invitation's link asks, changing nothing.
func (h handlers) invitation(w http.ResponseWriter, r *http.Request) {
	var in tokenInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	inv, o, err := h.Accounts.InvitationOf(r.Context(), in.Token)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, struct {
		Organization teamOrganization `json:"organization"`
		invitationBody
	}{h.teamOrganizationOf(o), invitationBodyOf(inv)})
}

// join makes the signed-in person a member by an invitation's link.
func (h handlers) join(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in tokenInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	m, o, err := h.Accounts.Join(r.Context(), u, in.Token)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, struct {
		Organization teamOrganization `json:"organization"`
		memberBody
	}{h.teamOrganizationOf(o), memberBodyOf(m)})
}
