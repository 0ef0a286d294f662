package events

import (
	"net/http"

	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// SearchParams are the public list's search parameters; CloudFront keys
// its cache on them with limit and after (infra: PublicListCache).
var SearchParams = []string{"q", "from", "to", "category", "city", "near", "radius_km", "lang"}

// searchInput reads the search parameters of r.
func searchInput(r *http.Request, after string, limit int) eventsvc.SearchInput {
	q := r.URL.Query()
	return eventsvc.SearchInput{
		Q: q.Get("q"), From: q.Get("from"), To: q.Get("to"), Category: q.Get("category"), City: q.Get("city"),
		Near: q.Get("near"), RadiusKm: q.Get("radius_km"), Lang: q.Get("lang"), After: after, Limit: limit,
	}
}

type categoryBody struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// categories answers the kinds of event, for forms and filters.
func (h handlers) categories(w http.ResponseWriter, r *http.Request) {
	out := make([]categoryBody, len(domain.Categories))
	for i, c := range domain.Categories {
		out[i] = categoryBody{c.ID, c.Name}
	}
	w.Header().Set("Cache-Control", crawlerCache)
	httpapi.WriteJSON(w, http.StatusOK, out)
}

// citiesFor writes the cities of events that begin with ?q= with write,
// or the error.
func (h handlers) citiesFor(w http.ResponseWriter, r *http.Request, write func([]domain.Place) any) {
	places, err := h.Events.Cities(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", publicListCache)
	httpapi.WriteJSON(w, http.StatusOK, write(places))
}

// cities suggests the names of the cities of events that begin with ?q=.
func (h handlers) cities(w http.ResponseWriter, r *http.Request) {
	h.citiesFor(w, r, func(places []domain.Place) any {
		names := make([]string, len(places))
		for i, p := range places {
			names[i] = p.City
		}
		return names
	})
}

type placeBody struct {
	City      string   `json:"city"`
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

// places suggests the same cities with a point in each (null when no event
// there had one), for the event form's place picker.
func (h handlers) places(w http.ResponseWriter, r *http.Request) {
	h.citiesFor(w, r, func(places []domain.Place) any {
		out := make([]placeBody, len(places))
		for i, p := range places {
			lat, lng := p.Coords.Parts()
			out[i] = placeBody{City: p.City, Latitude: lat, Longitude: lng}
		}
		return out
	})
}
