package users

import (
	"mime"
	"net/http"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

type exportBody struct {
	ExportedAt    time.Time              `json:"exported_at"`
	Profile       profileBody            `json:"profile"`
	PendingEmail  *string                `json:"pending_email"`
	Organization  *exportOrganization    `json:"organization"`
	Notifications accounts.Notifications `json:"notifications"`
	Registrations []exportRegistration   `json:"registrations"`
	Sessions      []exportSession        `json:"sessions"`
	FailedLogins  exportFailedLogins     `json:"failed_logins"`
	// Memberships are the organizations the account belongs to, with its
	// role; Following those it follows.
	Memberships []membershipBody `json:"memberships"`
	Following   []followedBody   `json:"following"`
}

// exportSession is one sign-in's refresh token.
type exportSession struct {
	ID        string               `json:"id"`
	FamilyID  string               `json:"sign_in_id"`
	Status    domain.RefreshStatus `json:"status"`
	Expires   time.Time            `json:"expires_at"`
	SignInEnd time.Time            `json:"sign_in_ends_at"`
	RotatedAt *time.Time           `json:"rotated_at"`
}

// exportFailedLogins are the failed logins kept under the username.
type exportFailedLogins struct {
	ByAddress []exportAddressFailures `json:"by_client_address"`
	// FromAnywhere counts failures from every address, until KeptUntil.
	FromAnywhere int        `json:"from_any_address"`
	KeptUntil    *time.Time `json:"from_any_address_kept_until"`
}

type exportAddressFailures struct {
	Address     string     `json:"client_address"`
	Attempts    int        `json:"attempts"`
	LockedUntil *time.Time `json:"locked_until"`
	KeptUntil   time.Time  `json:"kept_until"`
}

type exportOrganization struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Email       string  `json:"email"`
	Phone       string  `json:"phone"`
	Address1    string  `json:"address1"`
	Address2    string  `json:"address2"`
	Link        string  `json:"link"`
	Description string  `json:"description"`
	LogoURL     *string `json:"logo_url"`
}

type exportRegistration struct {
	ID        string                    `json:"registration_id"`
	EventID   string                    `json:"event_id"`
	Title     string                    `json:"title"`
	StartTime time.Time                 `json:"start_time"`
	EndTime   time.Time                 `json:"end_time"`
	Location  string                    `json:"location"`
	Status    domain.RegistrationStatus `json:"status"`
	Position  int                       `json:"position,omitempty"`
	Created   *time.Time                `json:"registered_at"`
	CheckedIn *time.Time                `json:"checked_in_at"`
	// Answers are the person's answers to the event's questions.
	Answers []domain.LabeledAnswer `json:"answers"`
}

// export answers everything the product holds about the caller as a JSON
// download. Its registrations come in pages (limit, at most
// accounts.ExportPageRegistrations, after the cursor after): a page with
// more after it names the next in X-Next-Page, and its file is called
// incomplete; every page carries the rest of the account.
func (h handlers) export(w http.ResponseWriter, r *http.Request, u domain.User) {
	limit, after, err := httpapi.PageQuery(r, accounts.ExportPageRegistrations, accounts.ExportPageRegistrations)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	x, err := h.Accounts.Export(r.Context(), u, after, limit)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := exportBody{
		ExportedAt: time.Now().UTC(), Profile: h.profileOf(u), PendingEmail: httpapi.OrNull(u.PendingEmail),
		Notifications: accounts.NotificationsOf(u), Registrations: make([]exportRegistration, len(x.Registrations)),
		Sessions: make([]exportSession, len(x.Sessions)),
		FailedLogins: exportFailedLogins{
			ByAddress:    make([]exportAddressFailures, len(x.FailedLogins.ByAddress)),
			FromAnywhere: x.FailedLogins.Everywhere, KeptUntil: httpapi.TimeOrNull(x.FailedLogins.EverywhereUntil),
		},
	}
	body.Memberships, body.Following = []membershipBody{}, []followedBody{}
	for _, o := range x.Memberships {
		body.Memberships = append(body.Memberships, membershipBody{ID: o.ID, Name: o.Name, Role: u.RoleIn(o.ID), LogoURL: h.urlOf(o.LogoKey)})
	}
	for _, o := range x.Following {
		body.Following = append(body.Following, followedBody{ID: o.ID, Name: o.Name, LogoURL: h.urlOf(o.LogoKey)})
	}
	for i, t := range x.Sessions {
		body.Sessions[i] = exportSession{
			ID: t.ID, FamilyID: t.FamilyID, Status: t.Status, Expires: t.Expires.UTC(), SignInEnd: t.FamilyExpires.UTC(),
			RotatedAt: httpapi.TimeOrNull(t.Successor.IssuedAt),
		}
	}
	for i, f := range x.FailedLogins.ByAddress {
		body.FailedLogins.ByAddress[i] = exportAddressFailures{Address: f.Address, Attempts: f.Attempts, LockedUntil: httpapi.TimeOrNull(f.LockedUntil), KeptUntil: f.Until.UTC()}
	}
	if o := x.Organization; o != nil {
		body.Organization = &exportOrganization{
			ID: o.ID, Name: o.Name, Email: o.Email, Phone: o.Phone, Address1: o.Address1, Address2: o.Address2,
			Link: o.Link, Description: o.Description, LogoURL: h.urlOf(o.LogoKey),
		}
	}
	for i, re := range x.Registrations {
		body.Registrations[i] = exportRegistration{
			ID: re.Registration.ID, EventID: re.Event.ID, Title: re.Event.Title, StartTime: re.Event.Start, EndTime: re.Event.End,
			Location: re.Event.Location, Status: re.Registration.Status, Position: re.Registration.Position,
			Created: httpapi.TimeOrNull(re.Registration.Created), CheckedIn: httpapi.TimeOrNull(re.Registration.CheckedIn),
			Answers: re.Event.LabeledAnswers(re.Registration.Answers),
		}
	}
	name := "turnout-" + u.Username + ".json"
	if x.Next != "" {
		w.Header().Set(httpapi.NextPageHeader, x.Next)
		name = "turnout-" + u.Username + "-incomplete.json"
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, body)
}
