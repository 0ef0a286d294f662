package apitest

import (
	"bytes"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"turnout/pkg/api/events"
	"turnout/pkg/mail"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/mail/ticketqr"
)

// ticketReply is a registration with its ticket, as register and the
// registration read answer it.
type ticketReply struct {
	ID             string `json:"id"`
	RegistrationID string `json:"registration_id"`
	Ticket         string `json:"ticket"`
	TicketLink     string `json:"ticket_link"`
}

// ticketPage is the answer of a ticket link.
type ticketPage struct {
	Event struct {
		ID, Title string
		Cancelled bool
	} `json:"event"`
	Name        string  `json:"name"`
	Ticket      string  `json:"ticket"`
	CheckedInAt *string `json:"checked_in_at"`
}

// openTicket follows a ticket link's secret to the API, signed out.
func openTicket(env *Env, link string) *Response {
	return env.JSON(http.MethodGet, "/api/event/ticket/"+linkSecret(env.tb, link)+"/", nil, "")
}

// linkSecret is the secret of a ticket link, the web app's /ticket?t=.
func linkSecret(tb testing.TB, link string) string {
	tb.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Path != "/ticket" {
		tb.Fatalf("ticket link %q is not the web app's /ticket page", link)
	}
	return u.Query().Get("t")
}

func registerTicket(t *testing.T, env *Env, eventID string, a *Account) ticketReply {
	t.Helper()
	res := regPost(env, eventID, a.Access)
	Expect(t, res, http.StatusCreated)
	var r ticketReply
	res.Decode(t, &r)
	if r.TicketLink == "" || r.Ticket == "" {
		t.Fatalf("registration without a ticket link: %s", res.Body)
	}
	return r
}

// TestTicketLink: a registration's ticket link opens its ticket without a
// login, shows the holder's name and nothing else of them, and is kept
// by no cache; it dies when its holder resets it, cancels, or the event
// is deleted, and a forged one opens nothing.
func TestTicketLink(t *testing.T) {
	t.Parallel()
	env := MustEnvWithoutRegistrationMail(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true", "title": "Door Night"}))
	ada, bob := env.NewPerson(t), env.NewPerson(t)
	reg := registerTicket(t, env, ev.ID, ada)

	res := openTicket(env, reg.TicketLink)
	Expect(t, res, http.StatusOK)
	var page ticketPage
	res.Decode(t, &page)
	if page.Event.ID != ev.ID || page.Event.Title != "Door Night" || page.Name != "Ada Lovelace" || page.Ticket != reg.Ticket || page.CheckedInAt != nil {
		t.Errorf("ticket page %+v, want Door Night, Ada Lovelace, ticket %s", page, reg.Ticket)
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") || !strings.Contains(cc, "private") {
		t.Errorf("Cache-Control %q: a shared cache could keep a person's ticket", cc)
	}
	if got := res.Header.Get("X-Robots-Tag"); got != "noindex" {
		t.Errorf("X-Robots-Tag %q, want noindex", got)
	}
	// The account's id is in the registration's (the ticket's code names
	// it: domain.NewRegistrationID), an opaque handle that opens nothing
	// without the holder's login; nothing else of the account is told.
	for _, private := range []string{ada.Email, ada.Username} {
		if bytes.Contains(res.Body, []byte(private)) {
			t.Errorf("the ticket page tells %q: %s", private, res.Body)
		}
	}
	if n := bytes.Count(res.Body, []byte(ada.ID)); n != 1 || !strings.Contains(reg.Ticket, ada.ID) {
		t.Errorf("the ticket page tells the account's id %d times, want once, in the ticket's code: %s", n, res.Body)
	}
	var read ticketReply
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ada.Access).Decode(t, &read)
	if read.TicketLink != reg.TicketLink {
		t.Errorf("the registration reads link %q, registering gave %q", read.TicketLink, reg.TicketLink)
	}

	// Forged: another signature, another registration, another version, junk.
	secret := linkSecret(t, reg.TicketLink)
	parts := strings.Split(secret, ".")
	for _, forged := range []string{
		strings.Join(append(parts[:3:3], strings.Repeat("A", len(parts[3]))), "."),
		strings.Replace(secret, parts[1], bob.ID, 1),
		strings.Replace(secret, "."+parts[2]+".", ".7.", 1),
		reg.Ticket, "nothing",
	} {
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/ticket/"+forged+"/", nil, ""), http.StatusNotFound, events.MsgTicketLinkNotFound)
	}

	// A reset is the holder's alone; it ends the old link.
	reset := func(regID string, a *Account) *Response {
		return env.JSON(http.MethodPost, "/api/event/ticket/reset/"+regID+"/", nil, a.Access)
	}
	evExpectDetail(t, reset(reg.ID, bob), http.StatusForbidden, events.MsgNotYourTicket)
	evExpectDetail(t, reset(reg.ID, org), http.StatusForbidden, events.MsgNotYourTicket)
	Expect(t, env.JSON(http.MethodPost, "/api/event/ticket/reset/"+reg.ID+"/", nil, ""), http.StatusUnauthorized)
	res = reset(reg.ID, ada)
	Expect(t, res, http.StatusOK)
	var fresh ticketReply
	res.Decode(t, &fresh)
	if fresh.TicketLink == "" || fresh.TicketLink == reg.TicketLink {
		t.Fatalf("reset answered link %q (was %q)", fresh.TicketLink, reg.TicketLink)
	}
	evExpectDetail(t, openTicket(env, reg.TicketLink), http.StatusNotFound, events.MsgTicketLinkNotFound)
	Expect(t, openTicket(env, fresh.TicketLink), http.StatusOK)
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ada.Access).Decode(t, &read)
	if read.TicketLink != fresh.TicketLink {
		t.Errorf("after the reset the registration reads link %q, want %q", read.TicketLink, fresh.TicketLink)
	}

	// Someone waiting has no ticket, so no link to reset.
	res = regPost(env, ev.ID, bob.Access)
	Expect(t, res, http.StatusCreated)
	var waiting ticketReply
	res.Decode(t, &waiting)
	if waiting.TicketLink != "" {
		t.Errorf("a waitlisted registration got a ticket link %q", waiting.TicketLink)
	}
	evExpectDetail(t, reset(waiting.ID, bob), http.StatusConflict, events.MsgNoTicketYet)

	// Cancelling ends it.
	Expect(t, regCancel(env, reg.ID, ada.Access), http.StatusNoContent)
	evExpectDetail(t, openTicket(env, fresh.TicketLink), http.StatusNotFound, events.MsgTicketLinkNotFound)

	// A called-off event's ticket page says so, with no code to show; once
	// the event is deleted the link is dead.
	other := env.CreateEvent(t, org, env.EventForm(4, 10))
	kept := registerTicket(t, env, other.ID, ada)
	Expect(t, openTicket(env, kept.TicketLink), http.StatusOK)
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+other.ID+"/cancel/", map[string]string{"message": "Rained off."}, org.Access), http.StatusOK)
	res = openTicket(env, kept.TicketLink)
	Expect(t, res, http.StatusOK)
	var off ticketPage
	res.Decode(t, &off)
	if !off.Event.Cancelled || off.Ticket != "" {
		t.Errorf("a cancelled event's ticket page: %s", res.Body)
	}
	Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+other.ID+"/", nil, org.Access), http.StatusNoContent)
	evExpectDetail(t, openTicket(env, kept.TicketLink), http.StatusNotFound, events.MsgTicketLinkNotFound)
}

// TestTicketMailShowsTheQRCode: the confirmation mail shows the ticket's
// QR code inside its HTML (an inline PNG under a Content-ID, as the SES
// emulator received it) and links to the ticket's own page.
func TestTicketMailShowsTheQRCode(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "QR Evening"}))
	ada := env.NewPerson(t)
	reg := registerTicket(t, env, ev.ID, ada)

	m := regMail(t, env, ada.Email, "You're registered: QR Evening")
	if len(m.Inline) != 1 {
		t.Fatalf("the confirmation has %d inline images, want the QR code: %+v", len(m.Inline), m.Inline)
	}
	qr := m.Inline[0]
	if qr.ContentType != "image/png" || qr.ContentID != mail.TicketImageID {
		t.Errorf("inline image %s under Content-ID %q, want image/png under %q", qr.ContentType, qr.ContentID, mail.TicketImageID)
	}
	if !strings.Contains(m.HTML, `src="cid:`+mail.TicketImageID+`"`) {
		t.Errorf("the HTML does not show the inline image:\n%s", m.HTML)
	}
	img, err := png.Decode(bytes.NewReader(qr.Data))
	if err != nil {
		t.Fatalf("the inline image is no PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != ticketqr.Size || b.Dy() != ticketqr.Size {
		t.Errorf("the QR code is %dx%d, want %dx%d", b.Dx(), b.Dy(), ticketqr.Size, ticketqr.Size)
	}
	want, err := ticketqr.PNG(reg.Ticket)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(qr.Data, want) {
		t.Errorf("the inline image is not the QR code of the ticket %s", reg.Ticket)
	}
	if link := mailtest.Link(t, m.Text, env.Config.WebOrigin+"/ticket?"); link != reg.TicketLink {
		t.Errorf("the mail links to %q, want the ticket page %q", link, reg.TicketLink)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Name != "event.ics" {
		t.Errorf("attachments %+v, want the calendar file beside the inline image", m.Attachments)
	}
}

// TestUndoCheckIn: the event's organizer takes a check-in back (counted
// back too), once; nobody else may, and a registration of another event
// is not found.
func TestUndoCheckIn(t *testing.T) {
	t.Parallel()
	env := MustEnvWithoutRegistrationMail(t)
	org, rival := env.NewOrganizer(t), env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, 10))
	elsewhere := env.CreateEvent(t, org, env.EventForm(3, 10))
	ada, bob := env.NewPerson(t), env.NewPerson(t)
	reg := registerTicket(t, env, ev.ID, ada)
	otherReg := registerTicket(t, env, elsewhere.ID, bob)
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"code": reg.Ticket}, org.Access), http.StatusOK)

	undo := func(eventID, regID string, a *Account) *Response {
		token := ""
		if a != nil {
			token = a.Access
		}
		return env.JSON(http.MethodDelete, "/api/event/detail/"+eventID+"/check-in/"+regID+"/", nil, token)
	}
	Expect(t, undo(ev.ID, reg.ID, nil), http.StatusUnauthorized)
	evExpectDetail(t, undo(ev.ID, reg.ID, rival), http.StatusForbidden, events.MsgNotOwner)
	evExpectDetail(t, undo(ev.ID, reg.ID, ada), http.StatusForbidden, events.MsgNotOwner)
	evExpectDetail(t, undo(bob.ID, reg.ID, org), http.StatusNotFound, events.MsgEventNotFound)
	evExpectDetail(t, undo(ev.ID, otherReg.ID, org), http.StatusNotFound, events.MsgRegistrationNotFound)
	evExpectDetail(t, undo(ev.ID, "not-an-id", org), http.StatusNotFound, events.MsgRegistrationNotFound)
	if list := waitAttendees(t, env, ev.ID, org); list.CheckedIn != 1 {
		t.Fatalf("refused undos changed the count: %d checked in, want 1", list.CheckedIn)
	}

	type reply struct {
		Detail      string  `json:"detail"`
		Undone      bool    `json:"undone"`
		Username    string  `json:"username"`
		CheckedInAt *string `json:"checked_in_at"`
	}
	res := undo(ev.ID, reg.ID, org)
	Expect(t, res, http.StatusOK)
	var got reply
	res.Decode(t, &got)
	if got.Detail != events.MsgCheckInUndone || !got.Undone || got.Username != ada.Username || got.CheckedInAt != nil {
		t.Errorf("undo: %+v", got)
	}
	list := waitAttendees(t, env, ev.ID, org)
	if list.CheckedIn != 0 || len(list.Attendees) != 1 || list.Attendees[0].CheckedInAt != nil {
		t.Errorf("after the undo: %d checked in, attendees %+v", list.CheckedIn, list.Attendees)
	}
	res = undo(ev.ID, reg.ID, org)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &got)
	if got.Detail != events.MsgNotCheckedIn || got.Undone {
		t.Errorf("second undo: %+v, want not checked in", got)
	}

	// The ticket admits again.
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"code": reg.Ticket}, org.Access), http.StatusOK)
	if list := waitAttendees(t, env, ev.ID, org); list.CheckedIn != 1 {
		t.Errorf("checked in again: %d checked in, want 1", list.CheckedIn)
	}
}
