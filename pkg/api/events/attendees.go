package events

import (
	"bytes"
	"encoding/csv"
	"errors"
	"mime"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// Messages of the organizer's tools.
const (
	MsgTicketInvalid    = eventsvc.MsgTicketInvalid
	MsgTicketOtherEvent = eventsvc.MsgTicketOtherEvent
	MsgTicketCancelled  = eventsvc.MsgTicketCancelled
	MsgTicketWaitlisted = eventsvc.MsgTicketWaitlisted
	MsgCheckInNeedsOne  = eventsvc.MsgCheckInNeedsOne
	MsgCheckedIn        = eventsvc.MsgCheckedIn
	MsgAlreadyCheckedIn = eventsvc.MsgAlreadyCheckedIn
	MsgCheckInUndone    = eventsvc.MsgCheckInUndone
	MsgNotCheckedIn     = eventsvc.MsgNotCheckedIn
	MsgSearchTooLong    = eventsvc.MsgSearchTooLong
)

// attendeesPageSize is the attendee list's default page.
const attendeesPageSize = 50

// attendeesPage is a page of an event's attendees with the event's counts.
type attendeesPage struct {
	Event      attendeesEvent           `json:"event"`
	Registered int                      `json:"registered"`
	Waitlisted int                      `json:"waitlisted"`
	Pending    int                      `json:"pending"`
	CheckedIn  int                      `json:"checked_in"`
	Capacity   int                      `json:"capacity"`
	Attendees  []httpapi.ListedAttendee `json:"attendees"`
}

// attendeesEvent is what the attendee screens show of the event.
type attendeesEvent struct {
	ticketEvent
	Waitlist bool `json:"waitlist"`
}

func (h handlers) attendees(w http.ResponseWriter, r *http.Request, u domain.User) {
	limit, after, err := pageQuery(r, attendeesPageSize)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	e, page, next, err := h.Events.Attendees(r.Context(), u, r.PathValue("id"), r.URL.Query().Get("q"), after, limit)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := attendeesPage{
		Event:      attendeesEvent{ticketEventOf(e), e.Waitlist},
		Registered: e.SeatsTaken, Waitlisted: e.Waiting, Pending: e.Pending, CheckedIn: e.CheckedIn, Capacity: e.Capacity,
		Attendees: make([]httpapi.ListedAttendee, len(page)),
	}
	for i, a := range page {
		body.Attendees[i] = httpapi.ListedAttendeeOf(e, a)
	}
	w.Header().Set("Cache-Control", "no-store")
	writePage(w, next, body)
}

var csvHeader = []string{"registration_id", "user_id", "username", "first_name", "last_name", "email",
	"registered_at", "status", "checked_in_at", "guest"}

// A CSV answer is a page of the file, made in memory before it is sent:
// at most its limit of rows (csvPageRows unless asked fewer), csvPageBytes
// (a Lambda answer holds 6 MB) and what csvPageTime lets it read (a
// request has 8 s). A page with more after it names where the next
// begins (X-Next-Page) and is called "…-attendees-incomplete.csv"; the
// first page alone carries the byte order mark and the header row, so
// the pages joined are the file, which the last page names. The web app
// joins them.
const (
	csvPageRows  = 25000
	csvPageBytes = 4 << 20
	csvPageTime  = 4 * time.Second
)

// errPageFull stops an export at the end of its page.
var errPageFull = errors.New("the page is full")

// attendeesCSV answers a page of the event's attendees as an RFC 4180
// file.
func (h handlers) attendeesCSV(w http.ResponseWriter, r *http.Request, u domain.User) {
	limit, after, err := httpapi.PageQuery(r, csvPageRows, csvPageRows)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	var buf bytes.Buffer
	out := csv.NewWriter(&buf)
	out.UseCRLF = true
	var title string
	// A column per question the event asks or asked, after the fixed ones.
	var questions []domain.Question
	start := func(e domain.Event) {
		title, questions = e.Title, e.AnsweredQuestions()
		if after == "" {
			// A byte order mark, so spreadsheet programs read the file as UTF-8.
			buf.WriteString("\ufeff")
			_ = out.Write(inertCells(append(slices.Clip(csvHeader), questionColumns(e)...)...))
		}
	}
	rows, last, deadline := 0, "", time.Now().Add(csvPageTime)
	err = h.Events.ExportAttendees(r.Context(), u, r.PathValue("id"), after, start, func(a domain.Attendee) error {
		if rows == limit || buf.Len() >= csvPageBytes || time.Now().After(deadline) {
			return errPageFull
		}
		checkedIn := ""
		if !a.CheckedIn.IsZero() {
			checkedIn = a.CheckedIn.UTC().Format(time.RFC3339)
		}
		guest := ""
		if a.Guest {
			guest = "yes"
		}
		row := []string{a.ID, a.UserID, a.Username, a.FirstName, a.LastName, a.Email, a.Created.UTC().Format(time.RFC3339), string(a.Status), checkedIn, guest}
		for _, q := range questions {
			row = append(row, domain.AnswerText(q, a.Answers[q.ID]))
		}
		_ = out.Write(inertCells(row...))
		out.Flush()
		rows, last = rows+1, a.UserID
		return out.Error()
	})
	name := "-attendees.csv"
	switch {
	case errors.Is(err, errPageFull):
		w.Header().Set(NextPageHeader, last)
		name = "-attendees-incomplete.csv"
	case err != nil:
		httpapi.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": fileName(title, name)}))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = buf.WriteTo(w)
}

// questionColumns are the CSV's headers of e's questions: their labels,
// marked for the ones it no longer asks.
func questionColumns(e domain.Event) []string {
	out := make([]string, 0, len(e.Questions)+len(e.RetiredQuestions))
	for _, q := range e.Questions {
		out = append(out, q.Label)
	}
	for _, q := range e.RetiredQuestions {
		out = append(out, q.Label+" (no longer asked)")
	}
	return out
}

// inertCells makes cells that a spreadsheet would run as a formula (they
// start with =, +, -, @, a tab or a carriage return) plain text, by
// putting a ' before them (OWASP's advice on CSV injection).
func inertCells(cells ...string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}

// fileName names a download from an event's title: its letters and digits
// joined by dashes (at most 80), then suffix.
func fileName(title, suffix string) string {
	name := strings.Join(strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }), "-")
	if r := []rune(name); len(r) > 80 {
		name = strings.TrimRight(string(r[:80]), "-")
	}
	if name == "" {
		name = "event"
	}
	return name + suffix
}

type checkInReply struct {
	httpapi.Said
	AlreadyCheckedIn bool `json:"already_checked_in"`
	httpapi.Attendee
}

func (h handlers) checkIn(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in eventsvc.CheckInInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a, already, err := h.Events.CheckIn(r.Context(), u, r.PathValue("id"), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	detail := MsgCheckedIn
	if already {
		detail = MsgAlreadyCheckedIn
	}
	httpapi.WriteJSON(w, http.StatusOK, checkInReply{Said: httpapi.Say(detail), AlreadyCheckedIn: already, Attendee: httpapi.AttendeeOf(a)})
}

type undoCheckInReply struct {
	httpapi.Said
	// Undone is false when the attendee was not checked in.
	Undone bool `json:"undone"`
	httpapi.Attendee
}

// undoCheckIn takes back a check-in of the event's registration.
func (h handlers) undoCheckIn(w http.ResponseWriter, r *http.Request, u domain.User) {
	a, undone, err := h.Events.UndoCheckIn(r.Context(), u, r.PathValue("id"), r.PathValue("registrationId"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	detail := MsgCheckInUndone
	if !undone {
		detail = MsgNotCheckedIn
	}
	httpapi.WriteJSON(w, http.StatusOK, undoCheckInReply{Said: httpapi.Say(detail), Undone: undone, Attendee: httpapi.AttendeeOf(a)})
}

// decisionReply is an approved or declined registration as it now stands.
type decisionReply struct {
	httpapi.Said
	httpapi.Attendee
}

// approve gives a pending registration a seat (or a place on the
// waitlist); decline removes it. Both mail its person.
func (h handlers) approve(w http.ResponseWriter, r *http.Request, u domain.User) {
	a, err := h.Events.Approve(r.Context(), u, r.PathValue("id"), r.PathValue("registrationId"))
	decided(w, r, a, err, MsgApproved)
}

func (h handlers) decline(w http.ResponseWriter, r *http.Request, u domain.User) {
	a, err := h.Events.Decline(r.Context(), u, r.PathValue("id"), r.PathValue("registrationId"))
	decided(w, r, a, err, MsgDeclined)
}

func decided(w http.ResponseWriter, r *http.Request, a domain.Attendee, err error, detail string) {
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, decisionReply{Said: httpapi.Say(detail), Attendee: httpapi.AttendeeOf(a)})
}

// Messages of the organizer's decisions.
const (
	MsgApproved = "Approved. They are told by mail."
	MsgDeclined = "Declined. They are told by mail."
)
