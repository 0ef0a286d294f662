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
}

// export answers everything the product holds about the caller as a JSON
// download.
func (h handlers) export(w http.ResponseWriter, r *http.Request, u domain.User) {
	x, err := h.Accounts.Export(r.Context(), u)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := exportBody{
		ExportedAt: time.Now().UTC(), Profile: h.profileOf(u), PendingEmail: httpapi.OrNull(u.PendingEmail),
		Notifications: accounts.NotificationsOf(u), Registrations: make([]exportRegistration, len(x.Registrations)),
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
		}
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": "turnout-" + u.Username + ".json"}))
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, body)
}
