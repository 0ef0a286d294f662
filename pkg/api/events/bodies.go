package events

import (
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// The event as the API shows it.

type organizationRef struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	LogoURL *string `json:"logo_url"`
}

// eventBody is the event (docs/api.md) with seats left and its organizer.
type eventBody struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Location    string    `json:"location"`
	StartTime   time.Time `json:"start_time"`
	EndTime     time.Time `json:"end_time"`
	Capacity    int       `json:"capacity"`
	SeatsLeft   int       `json:"seats_left"`
	Waitlist    bool      `json:"waitlist"`
	// Approval: registering is a request its organizer decides on.
	Approval     bool            `json:"approval"`
	Cancelled    bool            `json:"cancelled"`
	CancelReason string          `json:"cancel_reason,omitempty"` // what its organizer told people, once cancelled
	Category     string          `json:"category"`
	City         string          `json:"city"`
	Latitude     *float64        `json:"latitude"`
	Longitude    *float64        `json:"longitude"`
	TimeZone     string          `json:"time_zone"`
	Banner       *string         `json:"banner"`
	BannerURL    *string         `json:"banner_url"`
	Organization organizationRef `json:"organization"`
	// Visibility is public, unlisted or private; Online says the event is
	// joined online (the link is its organizer's and registrants' only).
	Visibility domain.Visibility `json:"visibility"`
	Online     bool              `json:"online"`
	// Language is the BCP 47 tag of the language it is held in, null when
	// its organizer did not say.
	Language *string `json:"language"`
	// Questions are what registering asks (an event's own reads only;
	// lists leave them out).
	Questions []domain.Question `json:"questions,omitempty"`
	// Series places an occurrence of a series (absent for one event).
	Series *seriesRef `json:"series,omitempty"`
	*ownerFields
}

// seriesRef is the series an event is an occurrence of, and its place.
type seriesRef struct {
	ID       string `json:"id"`
	Position int    `json:"position"`
}

func (h handlers) bodyOf(e domain.Event) eventBody {
	lat, lng := e.Coords.Parts()
	return eventBody{
		Category: e.Category, City: e.City, Latitude: lat, Longitude: lng, TimeZone: e.TimeZone,
		ID: e.ID, Title: e.Title, Description: e.Description, Location: e.Location,
		StartTime: e.Start, EndTime: e.End, Capacity: e.Capacity, SeatsLeft: e.SeatsLeft(), Waitlist: e.Waitlist, Approval: e.Approval, Cancelled: e.Cancelled, CancelReason: e.CancelReason,
		Banner: httpapi.OrNull(e.BannerKey), BannerURL: httpapi.OrNull(h.Media.URL(e.BannerKey)),
		Organization: organizationRef{ID: e.OrganizationID, Name: e.OrganizationName, LogoURL: httpapi.OrNull(h.Media.URL(e.OrganizationLogoKey))},
		Visibility:   e.VisibilityOf(), Online: e.Online, Questions: e.Questions, Series: seriesRefOf(e),
		Language: httpapi.OrNull(e.Language),
	}
}

func seriesRefOf(e domain.Event) *seriesRef {
	if e.SeriesID == "" {
		return nil
	}
	return &seriesRef{ID: e.SeriesID, Position: e.Position}
}
