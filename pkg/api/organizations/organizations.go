// Package organizations serves /api/organization/*: an organization's
// sign-up and its organizer's view and edit of its profile.
package organizations

import (
	"context"
	"net/http"

	"turnout/pkg/accounts"
	"turnout/pkg/api/formimage"
	"turnout/pkg/apitokens"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
	"turnout/pkg/webhooks"
)

// Deps are the organizations function's dependencies, built once.
type Deps struct {
	Accounts *accounts.Service
	Media    *media.Store
	Auth     httpapi.Authenticator
	// OriginSecret lets CloudFront name the client's address
	// (httpapi.ClientAddress); empty outside AWS.
	OriginSecret string
	// Public serves /api/organization/public/: an organization's page and
	// calendar, made of its events (events.NewOrganizationPages).
	Public *httpapi.Router
	// Tokens and Webhooks are the organization's API tokens and webhook
	// endpoints.
	Tokens   *apitokens.Service
	Webhooks *webhooks.Service
}

// MsgNotOrganizer answers a person asking for an organization.
const MsgNotOrganizer = accounts.MsgNotAnOrganizer

var logo = formimage.Field{Kind: domain.MediaLogo, FileField: "logo", KeyField: "logo_key"}

// NewHandler routes every /api/organization/ endpoint.
func NewHandler(d Deps) http.Handler {
	h := handlers{d}
	rt := httpapi.NewRouter()
	rt.Handle("POST /api/organization/register/{$}", h.register)
	rt.Handle("GET /api/organization/details/{$}", d.Auth.Require(h.details))
	rt.Handle("PUT /api/organization/details/update/{$}", d.Auth.Require(h.update))
	rt.Handle("DELETE /api/organization/details/{$}", d.Auth.Require(h.deleteOrganization))
	h.routeMembers(rt)
	h.routeTokens(rt)
	h.routeWebhooks(rt)
	rt.Mount("/api/organization/public/", d.Public)
	return rt
}

type handlers struct{ Deps }

func (h handlers) register(w http.ResponseWriter, r *http.Request) {
	f, err := formimage.ParseForm(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	in := domain.NewOrganization{
		Name: f.Value("organization"), Address1: f.Value("address1"), Address2: f.Value("address2"),
		Phone: f.Value("phone"), Email: f.Value("email"), Link: f.Value("link"),
		Description: f.Value("description"), Username: f.Value("username"),
		Password: f.Raw("password"), Password1: f.Raw("password1"),
		Language: domain.PreferredLanguage(r.Header.Get("Accept-Language")),
	}
	if err := in.Validate(); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	logoKey, err := formimage.Resolve(r.Context(), h.Media, f, logo, "")
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.RegisterOrganization(r.Context(), in, logoKey, httpapi.ClientAddress(r, h.OriginSecret)); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusCreated, accounts.MsgSignedUp)
}

type organizerBody struct {
	Username string `json:"username"`
}

// organizationBody is the organization (docs/api.md).
type organizationBody struct {
	ID           string        `json:"id"`
	Organization string        `json:"organization"`
	Organizer    organizerBody `json:"organizer"`
	Email        string        `json:"email"`
	Phone        string        `json:"phone"`
	Address1     string        `json:"address1"`
	Address2     string        `json:"address2"`
	Link         string        `json:"link"`
	Description  string        `json:"description"`
	Logo         *string       `json:"logo"`
	LogoURL      *string       `json:"logo_url"`
	httpapi.Edits
	// Followers counts its followers (the details' answer only).
	Followers *int `json:"followers,omitempty"`
}

func (h handlers) bodyOf(o domain.Organization) organizationBody {
	return organizationBody{
		ID: o.ID, Organization: o.Name, Organizer: organizerBody{Username: o.OwnerName},
		Email: o.Email, Phone: o.Phone, Address1: o.Address1, Address2: o.Address2,
		Link: o.Link, Description: o.Description,
		Logo: httpapi.OrNull(o.LogoKey), LogoURL: httpapi.OrNull(h.Media.URL(o.LogoKey)),
		Edits: httpapi.EditsOf(o.CreatedBy, o.ChangedBy, o.Changed),
	}
}

func (h handlers) details(w http.ResponseWriter, r *http.Request, u domain.User) {
	o, err := h.Accounts.Organization(r.Context(), u, organizationOf(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	n, err := h.Accounts.Followers(r.Context(), o)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := h.bodyOf(o)
	body.Followers = &n
	httpapi.WriteJSON(w, http.StatusOK, body)
}

func (h handlers) update(w http.ResponseWriter, r *http.Request, u domain.User) {
	o, err := h.Accounts.Organization(r.Context(), u, organizationOf(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	f, err := formimage.ParseForm(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	updated, err := h.Accounts.UpdateOrganization(r.Context(), u, o, accounts.OrganizationEdit{
		OrganizationUpdate: domain.OrganizationUpdate{
			Name: f.Value("organization"), Address1: f.Value("address1"), Address2: f.Value("address2"),
			Phone: f.Value("phone"), Email: f.Value("email"), Link: f.Value("link"),
			Description: f.Value("description"),
		},
		CurrentPassword: f.Raw("current_password"),
		Logo: func(ctx context.Context) (string, error) {
			return formimage.Resolve(ctx, h.Media, f, logo, u.ID)
		},
		Client: httpapi.ClientAddress(r, h.OriginSecret),
	})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.bodyOf(updated))
}

// organizationOf is the organization a member's request names ("" for the
// caller's own): the dashboard names the one it shows.
func organizationOf(r *http.Request) string { return r.URL.Query().Get("organization") }

// deleteOrganization deletes the organization for an owner who enters
// their password again: 204.
func (h handlers) deleteOrganization(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in struct {
		Password string `json:"password"`
	}
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.DeleteOrganization(r.Context(), u, organizationOf(r), in.Password); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
