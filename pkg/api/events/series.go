package events

import (
	"net/http"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/domain/recurrence"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// routeSeries routes a series' page, its cancellation and the preview of a
// repeat rule.
func (h handlers) routeSeries(rt *httpapi.Router) {
	rt.Handle("GET /api/event/series/{id}/{$}", h.Auth.OptionalScoped(domain.ScopeEventsRead, h.series))
	rt.Handle("POST /api/event/series/{id}/cancel/{$}", h.Auth.Scoped(domain.ScopeEventsWrite, h.cancelSeries))
	rt.Handle("POST /api/event/series/preview/{$}", h.Auth.Scoped(domain.ScopeEventsWrite, h.previewSeries))
}

// seriesBody is a series with its upcoming occurrences.
type seriesBody struct {
	ID         string `json:"id"`
	Repeat     string `json:"repeat"`
	RepeatText string `json:"repeat_text"`
	// RepeatPattern is the same in parts, for words in another language.
	RepeatPattern recurrence.Pattern `json:"repeat_pattern"`
	TimeZone      string             `json:"time_zone"`
	Cancelled     bool               `json:"cancelled"`
	Organization  organizationRef    `json:"organization"`
	Events        []eventBody        `json:"events"`
}

func (h handlers) seriesBodyOf(p eventsvc.SeriesPage) seriesBody {
	s := p.Series
	next := s.First
	if len(p.Events) > 0 {
		next = p.Events[0].Start
	}
	body := seriesBody{
		ID: s.ID, Repeat: s.Rule, RepeatText: p.Rule.Describe(next), RepeatPattern: p.Rule.Pattern(next), TimeZone: s.TimeZone, Cancelled: s.Cancelled,
		Organization: organizationRef{ID: s.OrganizationID}, Events: h.bodiesOf(p.Events),
	}
	if len(p.Events) > 0 {
		body.Organization = h.bodyOf(p.Events[0]).Organization
	}
	return body
}

func (h handlers) series(w http.ResponseWriter, r *http.Request, viewer *domain.User) {
	p, err := h.Events.Series(r.Context(), r.PathValue("id"), viewer)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", publicListCache)
	if viewer != nil {
		w.Header().Set("Cache-Control", "private, no-store")
	}
	httpapi.WriteJSON(w, http.StatusOK, h.seriesBodyOf(p))
}

func (h handlers) cancelSeries(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in eventsvc.CancelInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, err := h.Events.CancelSeries(r.Context(), u, r.PathValue("id"), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.seriesBodyOf(p))
}

// previewLength is how many dates a preview lists.
const previewLength = 10

// previewSeries reads a repeat rule for an event starting at start_time in
// time_zone, changing nothing: its words, its count and its first dates.
func (h handlers) previewSeries(w http.ResponseWriter, r *http.Request, _ domain.User) {
	var in struct {
		Repeat    string `json:"repeat"`
		StartTime string `json:"start_time"`
		TimeZone  string `json:"time_zone"`
	}
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	start, err := domain.ParseTime(in.StartTime)
	if err != nil {
		httpapi.Error(w, r, domain.FieldError("start_time", domain.MsgInvalidDateTime))
		return
	}
	zone, err := time.LoadLocation(in.TimeZone)
	if err != nil || in.TimeZone == "" {
		httpapi.Error(w, r, domain.FieldError("time_zone", domain.MsgTimeZone))
		return
	}
	rule, err := recurrence.Parse(in.Repeat, start, zone)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	all := rule.All()
	httpapi.WriteJSON(w, http.StatusOK, struct {
		RepeatText    string             `json:"repeat_text"`
		RepeatPattern recurrence.Pattern `json:"repeat_pattern"`
		Count         int                `json:"count"`
		Dates         []time.Time        `json:"dates"`
	}{rule.Describe(all[0]), rule.Pattern(all[0]), len(all), all[:min(previewLength, len(all))]})
}
