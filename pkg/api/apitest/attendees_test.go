package apitest

import (
	"encoding/csv"
	"net/http"
	"slices"
	"strings"
	"testing"

	"turnout/pkg/api/events"
)

// TestAttendeesOnlyForTheOwner: the owning organization reads the list,
// its search and its export; anyone else gets 403, an unknown event 404.
func TestAttendeesOnlyForTheOwner(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, rival, person := env.NewOrganizer(t), env.NewOrganizer(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, 10))
	regRegister(t, env, ev.ID, person)

	for _, path := range []string{"/attendees/", "/attendees.csv"} {
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+path, nil, rival.Access), http.StatusForbidden, events.MsgNotOwner)
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+path, nil, person.Access), http.StatusForbidden, events.MsgNotOwner)
		Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+path, nil, ""), http.StatusUnauthorized)
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/detail/01ARZ3NDEKTSV4RRFFQ69G5FAV"+path, nil, org.Access), http.StatusNotFound, events.MsgEventNotFound)
	}
	evExpectDetail(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"registration_id": "01ARZ3NDEKTSV4RRFFQ69G5FAV"}, rival.Access),
		http.StatusForbidden, events.MsgNotOwner)

	list := waitAttendees(t, env, ev.ID, org)
	if len(list.Attendees) != 1 || list.Attendees[0].Username != person.Username || list.Attendees[0].Email != person.Email ||
		list.Attendees[0].Status != "registered" || list.Attendees[0].CheckedInAt != nil || list.Registered != 1 || list.Capacity != 10 {
		t.Errorf("attendees %+v, want %s registered of 10", list, person.Username)
	}
}

// TestAttendeeListPagesAndSearches pages 7 attendees 3 at a time and finds
// them by any part of a name or email, every word matching.
func TestAttendeeListPagesAndSearches(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, 10))
	var people []*Account
	for range 7 {
		p := env.NewPerson(t)
		regRegister(t, env, ev.ID, p)
		people = append(people, p)
	}
	seen := map[string]bool{}
	path := "/api/event/detail/" + ev.ID + "/attendees/?limit=3"
	pages := 0
	for after := ""; ; pages++ {
		res := env.JSON(http.MethodGet, path+"&after="+after, nil, org.Access)
		Expect(t, res, http.StatusOK)
		var page attendeesReply
		res.Decode(t, &page)
		for _, a := range page.Attendees {
			if seen[a.UserID] {
				t.Errorf("%s listed twice", a.Username)
			}
			seen[a.UserID] = true
		}
		if after = res.Header.Get(events.NextPageHeader); after == "" {
			break
		}
	}
	if len(seen) != 7 || pages != 2 {
		t.Errorf("listed %d attendees on %d pages, want 7 on 3", len(seen), pages+1)
	}
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/?after=nope", nil, org.Access),
		map[string][]string{"after": {events.MsgBadCursor}})

	target := people[4]
	search := func(q string) []string {
		t.Helper()
		res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/?q="+q, nil, org.Access)
		Expect(t, res, http.StatusOK)
		var page attendeesReply
		res.Decode(t, &page)
		var names []string
		for _, a := range page.Attendees {
			names = append(names, a.Username)
		}
		return names
	}
	for _, q := range []string{strings.ToUpper(target.Username), target.Username[2:], strings.Split(target.Email, "@")[0] + "+%40EXAMPLE"} {
		if got := search(q); len(got) != 1 || got[0] != target.Username {
			t.Errorf("search %q found %v, want [%s]", q, got, target.Username)
		}
	}
	if got := search(target.Username + "+nobody"); len(got) != 0 {
		t.Errorf("a search with a word nobody matches found %v", got)
	}
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/?q="+strings.Repeat("x", 101), nil, org.Access),
		map[string][]string{"q": {events.MsgSearchTooLong}})
}

// TestAttendeesExport: RFC 4180 CSV with a header row, a file name from the
// title, and cells a spreadsheet would run as formulas made inert.
func TestAttendeesExport(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": "Café Night: 2027/Spring!"}))
	person := env.NewPerson(t)
	// A name that would run as a formula in a spreadsheet.
	Expect(t, env.Multipart(http.MethodPut, "/api/user/update/profile/",
		map[string]string{"first_name": "=HYPERLINK(\"http://evil.example\")", "last_name": "-2+3", "email": person.Email}, nil, person.Access), http.StatusOK)
	regRegister(t, env, ev.ID, person)

	res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access)
	Expect(t, res, http.StatusOK)
	if got := res.Header.Get("Content-Type"); got != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type = %q", got)
	}
	if got, want := res.Header.Get("Content-Disposition"), `attachment; filename*=utf-8''Caf%C3%A9-Night-2027-Spring-attendees.csv`; got != want {
		t.Errorf("Content-Disposition = %q, want %q", got, want)
	}
	body := strings.TrimPrefix(string(res.Body), "\ufeff")
	if !strings.Contains(body, "\r\n") {
		t.Errorf("rows are not CRLF-terminated (RFC 4180)")
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("parse CSV: %v\n%s", err, body)
	}
	want := []string{"registration_id", "user_id", "username", "first_name", "last_name", "email", "registered_at", "status", "checked_in_at", "guest"}
	if len(rows) != 2 || strings.Join(rows[0], ",") != strings.Join(want, ",") {
		t.Fatalf("rows %q, want the header and one attendee", rows)
	}
	if got := rows[1][3]; got != "'=HYPERLINK(\"http://evil.example\")" {
		t.Errorf("first_name cell %q, want it made inert with a leading '", got)
	}
	if got := rows[1][4]; got != "'-2+3" {
		t.Errorf("last_name cell %q, want '-2+3", got)
	}
	if rows[1][2] != person.Username || rows[1][7] != "registered" || rows[1][8] != "" {
		t.Errorf("row %q", rows[1])
	}
}

// TestAttendeesExportInPages: a file longer than a page comes in pages
// that join into it: only the first has the byte order mark and the
// header, every page but the last names the next and is called
// incomplete, and the last is called as the whole file.
func TestAttendeesExportInPages(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": "Lanterns"}))
	for range 5 {
		regRegister(t, env, ev.ID, env.NewPerson(t))
	}
	var file strings.Builder
	var names []string
	after := ""
	for page := 0; ; page++ {
		if page > 5 {
			t.Fatal("more than 5 pages of 2 rows for 5 attendees")
		}
		res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv?limit=2&after="+after, nil, org.Access)
		Expect(t, res, http.StatusOK)
		body := string(res.Body)
		if starts := strings.HasPrefix(body, "\ufeffregistration_id,"); starts != (page == 0) {
			t.Errorf("page %d begins %q", page, body[:min(len(body), 20)])
		}
		file.WriteString(body)
		names = append(names, res.Header.Get("Content-Disposition"))
		if after = res.Header.Get(events.NextPageHeader); after == "" {
			break
		}
	}
	want := []string{`attachment; filename=Lanterns-attendees-incomplete.csv`, `attachment; filename=Lanterns-attendees-incomplete.csv`,
		`attachment; filename=Lanterns-attendees.csv`}
	if !slices.Equal(names, want) {
		t.Errorf("pages named %q, want %q", names, want)
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(file.String(), "\ufeff"))).ReadAll()
	if err != nil || len(rows) != 6 {
		t.Fatalf("joined pages: %d rows (%v), want the header and 5 attendees", len(rows), err)
	}
	seen := map[string]bool{}
	for _, row := range rows[1:] {
		if seen[row[0]] {
			t.Errorf("registration %s twice", row[0])
		}
		seen[row[0]] = true
	}
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv?limit=25001", nil, org.Access),
		map[string][]string{"limit": {"limit must be a whole number from 1 to 25000."}})
}

// TestCheckIn: by the ticket's code or the registration's id, once (a
// second check-in keeps the first time and says so); codes of another
// event, forged codes, cancelled and waiting registrations are refused.
func TestCheckIn(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 2), map[string]string{"waitlist": "true"}))
	other := env.CreateEvent(t, org, env.EventForm(3, 10))
	ada, bob, cy, dee := env.NewPerson(t), env.NewPerson(t), env.NewPerson(t), env.NewPerson(t)
	ticketOf := func(eventID string, p *Account) waitReply {
		t.Helper()
		res := regPost(env, eventID, p.Access)
		Expect(t, res, http.StatusCreated)
		var w waitReply
		res.Decode(t, &w)
		return w
	}
	adaTicket, bobTicket := ticketOf(ev.ID, ada), ticketOf(ev.ID, bob)
	cyWaits := ticketOf(ev.ID, cy)
	deeElsewhere := ticketOf(other.ID, dee)
	checkIn := func(body map[string]string) *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", body, org.Access)
	}
	type reply struct {
		Detail           string  `json:"detail"`
		AlreadyCheckedIn bool    `json:"already_checked_in"`
		Username         string  `json:"username"`
		CheckedInAt      *string `json:"checked_in_at"`
	}

	res := checkIn(map[string]string{"code": adaTicket.Ticket})
	Expect(t, res, http.StatusOK)
	var first reply
	res.Decode(t, &first)
	if first.Detail != events.MsgCheckedIn || first.AlreadyCheckedIn || first.Username != ada.Username || first.CheckedInAt == nil {
		t.Fatalf("first check-in: %+v", first)
	}
	env.Advance(90 * 1e9) // a minute and a half later
	res = checkIn(map[string]string{"code": adaTicket.Ticket})
	Expect(t, res, http.StatusOK)
	var second reply
	res.Decode(t, &second)
	if second.Detail != events.MsgAlreadyCheckedIn || !second.AlreadyCheckedIn || second.CheckedInAt == nil || *second.CheckedInAt != *first.CheckedInAt {
		t.Errorf("second check-in: %+v, want already, at the first time %s", second, *first.CheckedInAt)
	}
	Expect(t, checkIn(map[string]string{"registration_id": bobTicket.ID}), http.StatusOK)

	evExpectDetail(t, checkIn(map[string]string{"code": deeElsewhere.Ticket}), http.StatusConflict, events.MsgTicketOtherEvent)
	forged := adaTicket.Ticket[:len(adaTicket.Ticket)-2] + "xx"
	evExpectDetail(t, checkIn(map[string]string{"code": forged}), http.StatusBadRequest, events.MsgTicketInvalid)
	evExpectDetail(t, checkIn(map[string]string{"code": "hello"}), http.StatusBadRequest, events.MsgTicketInvalid)
	evExpectDetail(t, checkIn(map[string]string{}), http.StatusBadRequest, events.MsgCheckInNeedsOne)
	evExpectDetail(t, checkIn(map[string]string{"registration_id": cyWaits.ID}), http.StatusConflict, events.MsgTicketWaitlisted)

	// A cancelled ticket is refused; its seat went to the one waiting.
	Expect(t, regCancel(env, bobTicket.ID, bob.Access), http.StatusNoContent)
	Expect(t, regCancel(env, adaTicket.ID, ada.Access), http.StatusNoContent)
	evExpectDetail(t, checkIn(map[string]string{"code": adaTicket.Ticket}), http.StatusConflict, events.MsgTicketCancelled)
	list := waitAttendees(t, env, ev.ID, org)
	if list.Registered != 1 || list.Waitlisted != 0 || list.CheckedIn != 0 {
		t.Errorf("after both checked-in attendees cancelled: %d registered, %d waitlisted, %d checked in; want 1, 0, 0",
			list.Registered, list.Waitlisted, list.CheckedIn)
	}
}
