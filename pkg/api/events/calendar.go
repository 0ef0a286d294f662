package events

import (
	"crypto/sha256"
	"encoding/base64"
	"mime"
	"net/http"
	"strings"

	"turnout/pkg/calendar"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail"
)

// calendarFile answers an event as an iCalendar file, for "Add to
// calendar": public and cached like the event's detail, a private event's
// only with its invite code. It never holds the online link, which is the
// registrants' (their feed has it).
func (h handlers) calendarFile(w http.ResponseWriter, r *http.Request) {
	e, _, err := h.opened(w, r, r.PathValue("id"), nil, publicDetailCache)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	file := calendar.File(h.calendarEntry(e, "", ""))
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": fileName(e.Title, ".ics")}))
	writeCalendar(w, r, w.Header().Get("Cache-Control"), file)
}

// calendarEntry is e as a calendar shows it, with joinURL, the online
// link, for a person holding a seat ("" for anyone else), introduced in
// their language lang.
func (h handlers) calendarEntry(e domain.Event, joinURL, lang string) calendar.Entry {
	entry := calendar.Entry{
		EventID: e.ID, Title: e.Title, Description: e.Description, Location: e.Location,
		URL: h.WebOrigin + domain.EventPagePath(e.ID), Start: e.Start, End: e.End, Cancelled: e.Cancelled, Stamp: h.Events.Now(),
		JoinURL: joinURL,
	}
	if joinURL != "" {
		entry.JoinLabel = mail.In(lang).JoinLabel()
	}
	return entry
}

// writeCalendar answers an iCalendar body with cacheControl and an ETag
// of the events it holds, and 304 to a client that has them already
// (calendar apps poll feeds). The ETag leaves out the DTSTAMP and SEQUENCE
// lines, which change with every answer.
func writeCalendar(w http.ResponseWriter, r *http.Request, cacheControl string, file []byte) {
	var stable strings.Builder
	for _, line := range strings.Split(string(file), "\r\n") {
		if !strings.HasPrefix(line, "DTSTAMP:") && !strings.HasPrefix(line, "SEQUENCE:") {
			stable.WriteString(line)
		}
	}
	sum := sha256.Sum256([]byte(stable.String()))
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	w.Header().Set("Cache-Control", cacheControl)
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", calendar.ContentType)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(file)
}
