package events

import (
	"mime"
	"net/http"

	"turnout/pkg/calendar"
	"turnout/pkg/httpapi"
)

// calendarFile answers an event as an iCalendar file, for "Add to
// calendar": public and cached like the event's detail.
func (h handlers) calendarFile(w http.ResponseWriter, r *http.Request) {
	e, err := h.Events.Event(r.Context(), r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	file := calendar.File(calendar.Entry{
		EventID: e.ID, Title: e.Title, Description: e.Description, Location: e.Location,
		URL: h.WebOrigin + "/event/detail?id=" + e.ID, Start: e.Start, End: e.End, Stamp: h.Events.Now(),
	})
	w.Header().Set("Content-Type", calendar.ContentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": fileName(e.Title, ".ics")}))
	w.Header().Set("Cache-Control", publicDetailCache)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(file)
}
