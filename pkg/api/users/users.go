// Package users serves /api/user/*: sign-up and activation, login and
// sessions, the profile, and password change and reset.
package users

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/api/formimage"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
)

// Deps are the users function's dependencies, built once per process.
type Deps struct {
	Accounts *accounts.Service
	Media    *media.Store
	Auth     httpapi.Authenticator
	// OriginSecret lets CloudFront name the client's address
	// (httpapi.ClientAddress); empty outside AWS.
	OriginSecret string
}

// Messages shown to people.
const (
	MsgResetSent     = "If an account uses that email, we have sent it a password reset link."
	MsgResendSent    = "If that email belongs to an account waiting for activation, we have sent it a new link."
	MsgLoggedOut     = "Logged out."
	MsgPasswordSaved = "Password changed."
	MsgPasswordReset = "Your password has been reset. You can log in now."
)

// Web app pages the activation and email confirmation links redirect to.
const (
	ActivatedPath         = "/activate-account"
	ActivationInvalidPath = "/activate-account/invalid"
	ActivationAlreadyPath = "/activate-account/already"
	EmailConfirmedPath    = "/confirm-email"
	EmailInvalidPath      = "/confirm-email/invalid"
	EmailTakenPath        = "/confirm-email/taken"
)

var avatar = formimage.Field{Kind: domain.MediaAvatar, FileField: "image", KeyField: "image_key"}

// NewHandler routes every /api/user/ endpoint.
func NewHandler(d Deps) http.Handler {
	h := handlers{d}
	rt := httpapi.NewRouter()
	rt.Handle("POST /api/user/registration/{$}", h.register)
	rt.Handle("GET /api/user/activate/{uid}/{token}/{$}", h.activate)
	rt.Handle("POST /api/user/activation/resend/{$}", h.resendActivation)
	rt.Handle("POST /api/user/login/{$}", h.login)
	rt.Handle("POST /api/user/refresh/access_token/{$}", h.refresh)
	rt.Handle("POST /api/user/logout/{$}", h.logout)
	rt.Handle("GET /api/user/profile/{$}", d.Auth.Require(h.profile))
	rt.Handle("GET /api/user/following/{$}", d.Auth.Require(h.following))
	rt.Handle("GET /api/user/notifications/{$}", d.Auth.Require(h.notifications))
	rt.Handle("GET /api/user/export/{$}", d.Auth.Require(h.export))
	rt.Handle("DELETE /api/user/account/{$}", d.Auth.Require(h.deleteAccount))
	rt.Handle("PUT /api/user/notifications/{$}", d.Auth.Require(h.setNotifications))
	rt.Handle("PUT /api/user/language/{$}", d.Auth.Require(h.setLanguage))
	rt.Handle("POST /api/user/unsubscribe/{token}/{$}", h.unsubscribe)
	rt.Handle("PUT /api/user/update/profile/{$}", d.Auth.Require(h.updateProfile))
	rt.Handle("GET /api/user/email/confirm/{uid}/{token}/{$}", h.confirmEmail)
	rt.Handle("PUT /api/user/change-password/{$}", d.Auth.Require(h.changePassword))
	rt.Handle("POST /api/user/reset-password/request/{$}", h.requestReset)
	rt.Handle("POST /api/user/reset-password/confirm/{uid}/{token}/{$}", h.confirmReset)
	return rt
}

type handlers struct{ Deps }

func (h handlers) client(r *http.Request) string { return httpapi.ClientAddress(r, h.OriginSecret) }

func (h handlers) register(w http.ResponseWriter, r *http.Request) {
	f, err := formimage.ParseForm(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	in := domain.NewAccount{
		Username: f.Value("username"), Email: f.Value("email"),
		Password: f.Raw("password"), Password1: f.Raw("password1"),
		FirstName: f.Value("first_name"), LastName: f.Value("last_name"),
		Phone: f.Value("phone"), Address: f.Value("address"), Next: f.Value("next"),
		Language: domain.PreferredLanguage(r.Header.Get("Accept-Language")),
	}
	if err := in.Validate(); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	imageKey, err := formimage.Resolve(r.Context(), h.Media, f, avatar, "")
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.RegisterPerson(r.Context(), in, imageKey, h.client(r)); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusCreated, accounts.MsgSignedUp)
}

// activate follows the emailed link. A next page in its query (set at
// sign-up) is handed on to the web app's page, which leads on to it after
// login (or, from the invalid-link page, into a new link); one that is not
// a page of this site is dropped, so the link cannot be made to send
// anyone elsewhere.
func (h handlers) activate(w http.ResponseWriter, r *http.Request) {
	err := h.Accounts.Activate(r.Context(), r.PathValue("uid"), r.PathValue("token"))
	query := ""
	if next := r.URL.Query().Get("next"); domain.ValidNextPath(next) {
		query = "?" + url.Values{"next": {next}}.Encode()
	}
	h.redirect(w, r, err, ActivatedPath+query, map[error]string{
		accounts.ErrInvalidLink:      ActivationInvalidPath + query,
		accounts.ErrAlreadyActivated: ActivationAlreadyPath + query,
	})
}

func (h handlers) confirmEmail(w http.ResponseWriter, r *http.Request) {
	err := h.Accounts.ConfirmEmail(r.Context(), r.PathValue("uid"), r.PathValue("token"))
	h.redirect(w, r, err, EmailConfirmedPath, map[error]string{
		accounts.ErrInvalidLink: EmailInvalidPath,
		accounts.ErrEmailTaken:  EmailTakenPath,
	})
}

// redirect sends the browser of an emailed link to the web app's page for
// its outcome: done when err is nil, else the page of err's sentinel; any
// other error is answered as usual.
func (h handlers) redirect(w http.ResponseWriter, r *http.Request, err error, done string, pages map[error]string) {
	target := done
	if err != nil {
		target = ""
		for sentinel, page := range pages {
			if errors.Is(err, sentinel) {
				target = page
			}
		}
	}
	if target == "" {
		httpapi.Error(w, r, err)
		return
	}
	http.Redirect(w, r, h.Accounts.WebOrigin+target, http.StatusFound)
}

type emailBody struct {
	Email string `json:"email"`
}

// resendBody asks for a new activation link; next, optional, is the page
// the sign-up was on its way to.
type resendBody struct {
	Email string `json:"email"`
	Next  string `json:"next"`
}

func (h handlers) resendActivation(w http.ResponseWriter, r *http.Request) {
	var in resendBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.ResendActivation(r.Context(), in.Email, in.Next, h.client(r)); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusOK, MsgResendSent)
}

type loginBody struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (h handlers) login(w http.ResponseWriter, r *http.Request) {
	var in loginBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	tokens, err := h.Accounts.Login(r.Context(), in.Username, in.Password, h.client(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, tokens)
}

type refreshBody struct {
	Refresh string `json:"refresh"`
}

func (h handlers) refresh(w http.ResponseWriter, r *http.Request) {
	var in refreshBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	tokens, err := h.Accounts.Refresh(r.Context(), in.Refresh)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, tokens)
}

func (h handlers) logout(w http.ResponseWriter, r *http.Request) {
	var in refreshBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.Logout(r.Context(), in.Refresh); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusOK, MsgLoggedOut)
}

// profileBody is the user profile (docs/api.md); organizers also get their
// organization's id, which the web app keeps for the dashboard, and
// everyone the new address of an email change waiting for confirmation.
type profileBody struct {
	ID             string    `json:"id"`
	Username       string    `json:"username"`
	FirstName      string    `json:"first_name"`
	LastName       string    `json:"last_name"`
	Email          string    `json:"email"`
	Phone          string    `json:"phone"`
	Address        string    `json:"address"`
	ImageURL       *string   `json:"image_url"`
	Joined         time.Time `json:"joined"`
	IsOrganizer    bool      `json:"is_organizer"`
	OrganizationID *string   `json:"organization_id"`
	PendingEmail   *string   `json:"pending_email"`
	// MailProblem is why mail stopped going to Email ("bounced",
	// "complained"), null while it goes: the web app asks for a new one.
	MailProblem *string `json:"mail_problem"`
	// Language is the one the person reads Turnout in, null for accounts
	// older than languages.
	Language *string `json:"language"`
	// Organizations are those the account belongs to, with its role in
	// each (the dashboard switches between them); the profile answer
	// alone reads them, others leave them out.
	Organizations []membershipBody `json:"organizations,omitempty"`
}

// membershipBody is an organization the account belongs to.
type membershipBody struct {
	ID      string      `json:"id"`
	Name    string      `json:"name"`
	Role    domain.Role `json:"role"`
	LogoURL *string     `json:"logo_url"`
}

func (h handlers) profileOf(u domain.User) profileBody {
	return profileBody{
		ID: u.ID, Username: u.Username, FirstName: u.FirstName, LastName: u.LastName,
		Email: u.Email, Phone: u.Phone, Address: u.Address, ImageURL: h.urlOf(u.ImageKey),
		Joined: u.Joined, IsOrganizer: u.IsOrganizer, OrganizationID: httpapi.OrNull(u.OrganizationID),
		PendingEmail: httpapi.OrNull(u.PendingEmail), MailProblem: httpapi.OrNull(string(u.MailProblem)),
		Language: httpapi.OrNull(u.Language),
	}
}

func (h handlers) urlOf(key string) *string { return httpapi.OrNull(h.Media.URL(key)) }

func (h handlers) profile(w http.ResponseWriter, r *http.Request, u domain.User) {
	body := h.profileOf(u)
	orgs, err := h.Accounts.Organizations(r.Context(), u)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body.Organizations = []membershipBody{}
	for _, o := range orgs {
		body.Organizations = append(body.Organizations, membershipBody{ID: o.ID, Name: o.Name, Role: u.RoleIn(o.ID), LogoURL: h.urlOf(o.LogoKey)})
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

func (h handlers) updateProfile(w http.ResponseWriter, r *http.Request, u domain.User) {
	f, err := formimage.ParseForm(w, r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	updated, err := h.Accounts.UpdateProfile(r.Context(), u, accounts.ProfileEdit{
		ProfileUpdate: domain.ProfileUpdate{
			FirstName: f.Value("first_name"), LastName: f.Value("last_name"),
			Email: f.Value("email"), Phone: f.Value("phone"), Address: f.Value("address"),
		},
		CurrentPassword: f.Raw("current_password"),
		Image: func(ctx context.Context) (string, error) {
			return formimage.Resolve(ctx, h.Media, f, avatar, u.ID)
		},
		Client: h.client(r),
	})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.profileOf(updated))
}

type changePasswordBody struct {
	OldPassword string `json:"old_password"`
	NewPassword string `json:"new_password"`
}

// changePasswordReply carries the fresh session that replaces the ones the
// change ended.
type changePasswordReply struct {
	httpapi.Said
	accounts.TokenPair
}

func (h handlers) changePassword(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in changePasswordBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	tokens, err := h.Accounts.ChangePassword(r.Context(), u, in.OldPassword, in.NewPassword)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, changePasswordReply{Said: httpapi.Say(MsgPasswordSaved), TokenPair: tokens})
}

func (h handlers) requestReset(w http.ResponseWriter, r *http.Request) {
	var in emailBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.RequestReset(r.Context(), in.Email, h.client(r)); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusOK, MsgResetSent)
}

type passwordBody struct {
	Password string `json:"password"`
}

func (h handlers) confirmReset(w http.ResponseWriter, r *http.Request) {
	var in passwordBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.ConfirmReset(r.Context(), r.PathValue("uid"), r.PathValue("token"), in.Password); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Detail(w, http.StatusOK, MsgPasswordReset)
}

// followedBody is an organization the account follows.
type followedBody struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	LogoURL *string `json:"logo_url"`
}

// following lists the organizations the caller follows.
func (h handlers) following(w http.ResponseWriter, r *http.Request, u domain.User) {
	orgs, err := h.Accounts.Events.Followed(r.Context(), u)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := make([]followedBody, len(orgs))
	for i, o := range orgs {
		out[i] = followedBody{ID: o.ID, Name: o.Name, LogoURL: h.urlOf(o.LogoKey)}
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}
