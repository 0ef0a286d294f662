package apitest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"turnout/pkg/api/users"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/mail/mailtest"
)

// guestPost asks to register a guest for eventID from the client from.
func guestPost(env *Env, from, eventID string, body map[string]any) *Response {
	return env.JSONFrom(from, http.MethodPost, "/api/event/register/"+eventID+"/", body, "")
}

// newestMail is the newest mail to to whose subject begins with subject
// (guest mail is queued and delivered before the request answers).
func newestMail(t *testing.T, env *Env, to, subject string) mailtest.Received {
	t.Helper()
	inbox := mailtest.Inbox(t, env.Config.SESEndpoint, to)
	for i := len(inbox) - 1; i >= 0; i-- {
		if strings.HasPrefix(inbox[i].Subject, subject) {
			return inbox[i]
		}
	}
	t.Fatalf("no mail %q reached %s", subject, to)
	return mailtest.Received{}
}

// secretIn is the t parameter of the link starting with prefix (a path of
// the web app) in m.
func secretIn(t *testing.T, env *Env, m mailtest.Received, prefix string) string {
	t.Helper()
	link, err := url.Parse(mailtest.Link(t, m.Text, env.Config.WebOrigin+prefix))
	if err != nil {
		t.Fatal(err)
	}
	return link.Query().Get("t")
}

// guestConfirmToken asks to register email at ev as a guest and returns
// the secret its mailed confirmation link carries.
func guestConfirmToken(t *testing.T, env *Env, ev Event, name, email string, answers map[string]any) string {
	t.Helper()
	body := map[string]any{"name": name, "email": email}
	if answers != nil {
		body["answers"] = answers
	}
	res := guestPost(env, "127.0.0.1", ev.ID, body)
	Expect(t, res, http.StatusAccepted)
	if res.Detail(t) != eventsvc.MsgGuestCheckMail {
		t.Fatalf("a guest's registration answered %s", res.Body)
	}
	return secretIn(t, env, newestMail(t, env, email, "Confirm your registration: "+ev.Title), "/rsvp/confirm?t=")
}

type guestReply struct {
	standing
	ManageURL string `json:"manage_url"`
	OnlineURL string `json:"online_url"`
}

func confirmGuest(env *Env, token string) *Response {
	return env.JSON(http.MethodPost, "/api/event/rsvp/confirm/", map[string]string{"token": token}, "")
}

// mustConfirm confirms token and returns the registration and the secret
// of its manage link.
func mustConfirm(t *testing.T, env *Env, token, status string) (guestReply, string) {
	t.Helper()
	res := confirmGuest(env, token)
	Expect(t, res, http.StatusCreated)
	var g guestReply
	res.Decode(t, &g)
	manage, err := url.Parse(g.ManageURL)
	if err != nil || g.Status != status || manage.Path != "/rsvp" {
		t.Fatalf("confirming answered %s, want %s with a manage link", res.Body, status)
	}
	return g, manage.Query().Get("t")
}

type managedView struct {
	Name         string `json:"name"`
	Email        string `json:"email"`
	Guest        bool   `json:"guest"`
	Registration struct {
		RegistrationID string     `json:"registration_id"`
		Status         string     `json:"status"`
		Ticket         string     `json:"ticket"`
		OnlineURL      string     `json:"online_url"`
		Answers        []answered `json:"answers"`
	} `json:"registration"`
}

func openManaged(t *testing.T, env *Env, secret string) managedView {
	t.Helper()
	res := env.JSON(http.MethodGet, "/api/event/rsvp/"+secret+"/", nil, "")
	Expect(t, res, http.StatusOK)
	if res.Header.Get("Cache-Control") != "private, no-store" || res.Header.Get("X-Robots-Tag") != "noindex" {
		t.Errorf("a manage page may be kept or listed: %v", res.Header)
	}
	var v managedView
	res.Decode(t, &v)
	return v
}

// A visitor with no account registers by name and address: nothing is
// held until the mailed link is confirmed, which works once; the seat's
// mail carries the manage link, which shows, adds to a calendar and
// cancels the registration without a login; the organizer sees the
// guest marked as one and checks them in by their ticket.
func TestGuestRegistersByMail(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	consent := []question{{Label: "I agree to the house rules", Kind: "checkbox", Required: true}}
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 2), map[string]string{"title": "Guest supper", "questions": questionsJSON(t, consent)}))
	var asked struct {
		Questions []question `json:"questions"`
	}
	res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &asked)
	consentID := asked.Questions[0].ID
	email := strings.ToLower(Unique("guest")) + "@example.com"

	// Refusals take nothing and mail nothing.
	for field, body := range map[string]map[string]any{
		"answers": {"name": "Gwen Guest", "email": email},
		"email":   {"name": "Gwen Guest", "email": "not-an-address", "answers": map[string]any{consentID: true}},
		"name":    {"name": " ", "email": email, "answers": map[string]any{consentID: true}},
	} {
		res := guestPost(env, "127.0.0.1", ev.ID, body)
		Expect(t, res, http.StatusBadRequest)
		if !strings.Contains(string(res.Body), `"`+field+`"`) {
			t.Errorf("refused without naming %s: %s", field, res.Body)
		}
	}
	// No token and no guest: as before, log in first.
	Expect(t, regPost(env, ev.ID, ""), http.StatusUnauthorized)
	if inbox := mailtest.Inbox(t, env.Config.SESEndpoint, email); len(inbox) != 0 {
		t.Fatalf("refused guests were mailed: %v", inbox)
	}

	token := guestConfirmToken(t, env, ev, "Gwen Guest", email, map[string]any{consentID: true})
	if got := env.GetEvent(t, ev.ID).SeatsLeft; got != 2 {
		t.Fatalf("%d seats left before the address confirmed, want 2", got)
	}
	Expect(t, confirmGuest(env, "forged-"+token), http.StatusNotFound)
	g, manage := mustConfirm(t, env, token, "registered")
	if g.Ticket == "" || env.GetEvent(t, ev.ID).SeatsLeft != 1 {
		t.Fatalf("a confirmed guest holds %+v", g)
	}
	again := confirmGuest(env, token)
	Expect(t, again, http.StatusNotFound)
	if again.Detail(t) != eventsvc.MsgRSVPLinkInvalid {
		t.Errorf("a used link answered %s", again.Body)
	}
	// The ticket's mail manages the registration by its private link.
	m := regMail(t, env, email, "You're registered: Guest supper")
	if secretIn(t, env, m, "/rsvp?t=") != manage || !strings.Contains(m.Text, "cancel on your registration's page") {
		t.Errorf("the ticket's mail has no manage link:\n%s", m.Text)
	}

	v := openManaged(t, env, manage)
	if !v.Guest || v.Name != "Gwen Guest" || v.Email != email || v.Registration.Ticket != g.Ticket || len(v.Registration.Answers) != 1 {
		t.Errorf("the manage link opened %+v", v)
	}
	cal := env.JSON(http.MethodGet, "/api/event/rsvp/"+manage+"/calendar.ics", nil, "")
	Expect(t, cal, http.StatusOK)
	if !strings.Contains(string(cal.Body), "SUMMARY:Guest supper") {
		t.Errorf("the calendar file:\n%s", cal.Body)
	}
	for _, forged := range []string{"M1." + g.ID + ".0.AAAAAAAAAAAAAAAAAAAAAA", strings.Replace(manage, "M1.", "L1.", 1), "x"} {
		Expect(t, env.JSON(http.MethodGet, "/api/event/rsvp/"+forged+"/", nil, ""), http.StatusNotFound)
		Expect(t, env.JSON(http.MethodPost, "/api/event/rsvp/"+forged+"/cancel/", nil, ""), http.StatusNotFound)
	}

	// The organizer sees a guest, in the list, the CSV and at the door.
	var page struct {
		Attendees []struct {
			UserID string `json:"user_id"`
			Guest  bool   `json:"guest"`
			Email  string `json:"email"`
		} `json:"attendees"`
	}
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &page)
	if len(page.Attendees) != 1 || !page.Attendees[0].Guest || page.Attendees[0].Email != email {
		t.Errorf("the attendee list shows %+v", page.Attendees)
	}
	if csv := string(env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access).Body); !strings.Contains(csv, ",yes,") {
		t.Errorf("the CSV does not mark the guest:\n%s", csv)
	}
	in := env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"code": g.Ticket}, org.Access)
	Expect(t, in, http.StatusOK)
	if !strings.Contains(string(in.Body), `"guest":true`) {
		t.Errorf("the check-in does not say guest: %s", in.Body)
	}

	// The same mailbox by another spelling holds no second seat.
	alias := strings.Replace(email, "@", "+again@", 1)
	res = confirmGuest(env, guestConfirmToken(t, env, ev, "Gwen Again", alias, map[string]any{consentID: true}))
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgAlreadyRegistered {
		t.Errorf("a second seat for one mailbox answered %s", res.Body)
	}

	// Cancelling by the manage link gives the seat back and ends the link.
	Expect(t, env.JSON(http.MethodPost, "/api/event/rsvp/"+manage+"/cancel/", nil, ""), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodGet, "/api/event/rsvp/"+manage+"/", nil, ""), http.StatusNotFound)
	if got := env.GetEvent(t, ev.ID).SeatsLeft; got != 2 {
		t.Errorf("%d seats left after the guest cancelled, want 2", got)
	}
	regMail(t, env, email, "Registration cancelled: Guest supper")

	// A link is good for 24 hours.
	late := guestConfirmToken(t, env, ev, "Gwen Late", email, map[string]any{consentID: true})
	env.Advance(24*time.Hour + time.Minute)
	Expect(t, confirmGuest(env, late), http.StatusNotFound)
}

// A guest who signs up with their address and activates the account finds
// their registrations in it, with the ticket they were mailed.
func TestGuestRegistrationsBecomeTheAccounts(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"title": "Claimed supper", "waitlist": "true"}))
	full := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 1), map[string]string{"title": "Claimed queue", "waitlist": "true"}))
	first := env.NewPerson(t)
	firstReg := regRegister(t, env, full.ID, first)
	form := PersonForm(Unique("gwen"))
	seat, manage := mustConfirm(t, env, guestConfirmToken(t, env, ev, "Gwen Guest", form["email"], nil), "registered")
	queued, _ := mustConfirm(t, env, guestConfirmToken(t, env, full, "Gwen Guest", form["email"], nil), "waitlisted")

	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	a := env.finishSignUp(t, form)

	var mine []struct {
		ID      string `json:"id"`
		EventID string `json:"event_id"`
		Status  string `json:"status"`
	}
	res := env.JSON(http.MethodGet, "/api/event/user-event/"+a.ID+"/", nil, a.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &mine)
	if len(mine) != 2 || mine[0].ID != seat.ID || mine[1].ID != queued.ID || mine[1].Status != "waitlisted" {
		t.Fatalf("the account's registrations: %+v, want the guest's two", mine)
	}
	var own standing
	res = env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, a.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &own)
	if own.RegistrationID != seat.ID || own.Ticket != seat.Ticket {
		t.Errorf("the account's registration %+v, want the guest's ticket", own)
	}
	if v := openManaged(t, env, manage); v.Guest || v.Registration.RegistrationID != seat.ID {
		t.Errorf("the manage link opens %+v", v)
	}
	var page struct {
		Attendees []struct {
			UserID string `json:"user_id"`
			Guest  bool   `json:"guest"`
		} `json:"attendees"`
	}
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	res.Decode(t, &page)
	if len(page.Attendees) != 1 || page.Attendees[0].Guest || page.Attendees[0].UserID != a.ID {
		t.Errorf("the attendee list shows %+v", page.Attendees)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"code": seat.Ticket}, org.Access), http.StatusOK)
	Expect(t, regCancel(env, seat.ID, a.Access), http.StatusNoContent)
	// Their place in the queue is theirs: a seat freed goes to them.
	Expect(t, regCancel(env, firstReg.ID, first.Access), http.StatusNoContent)
	res = env.JSON(http.MethodGet, "/api/event/register/"+full.ID+"/", nil, a.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &own)
	if own.RegistrationID != queued.ID || own.Status != "registered" {
		t.Errorf("after a seat freed, the account's place is %+v", own)
	}
}

// A client asks for at most GuestRequestsPerClient guest registrations an
// hour, and an address is mailed at most GuestMailsPerAddress links an
// hour, whatever the clients.
func TestGuestRequestsAreLimited(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Limited supper"}))
	const client = "198.51.100.23"
	for range eventsvc.GuestRequestsPerClient {
		Expect(t, guestPost(env, client, ev.ID, map[string]any{"name": "Bot", "email": Unique("bot") + "@example.com"}), http.StatusAccepted)
	}
	res := guestPost(env, client, ev.ID, map[string]any{"name": "Bot", "email": Unique("bot") + "@example.com"})
	Expect(t, res, http.StatusTooManyRequests)
	if res.Detail(t) != eventsvc.MsgTooManyGuestAsks || res.Header.Get("Retry-After") == "" {
		t.Errorf("past the client's allowance: %s %v", res.Body, res.Header)
	}
	email := strings.ToLower(Unique("target")) + "@example.com"
	for i := range eventsvc.GuestMailsPerAddress + 2 {
		from := "203.0.113." + string(rune('1'+i))
		Expect(t, guestPost(env, from, ev.ID, map[string]any{"name": "Someone", "email": email}), http.StatusAccepted)
	}
	if got := len(mailtest.Inbox(t, env.Config.SESEndpoint, email)); got != eventsvc.GuestMailsPerAddress {
		t.Errorf("an address was mailed %d confirmation links in an hour, want %d", got, eventsvc.GuestMailsPerAddress)
	}
}

// The organizer's messages reach a guest, with the manage link and a
// one-click unsubscribe that works without an account.
func TestGuestsAreMessagedAndUnsubscribe(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Told supper"}))
	member := env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, member.Access), http.StatusCreated)
	email := strings.ToLower(Unique("told")) + "@example.com"
	_, manage := mustConfirm(t, env, guestConfirmToken(t, env, ev, "Gwen Guest", email, nil), "registered")
	send := func(subject string) {
		t.Helper()
		Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": subject, "body": "See you."}, org.Access), http.StatusAccepted)
	}
	send("Doors at seven")
	m := regMail(t, env, email, "Doors at seven")
	if secretIn(t, env, m, "/rsvp?t=") != manage || !strings.Contains(m.Text, "/unsubscribe?t=") {
		t.Errorf("the guest's message:\n%s", m.Text)
	}
	oneClick := strings.TrimPrefix(strings.Trim(m.Headers["List-Unsubscribe"], "<>"), env.Config.WebOrigin)
	res := env.Request(http.MethodPost, oneClick, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"), "")
	Expect(t, res, http.StatusOK)
	if res.Detail(t) != users.MsgGuestUnsubscribed { // a guest has no profile to turn it back on from
		t.Errorf("a guest's unsubscribe answered %s", res.Body)
	}
	send("Bring a scarf")
	regMail(t, env, member.Email, "Bring a scarf") // queued with the guest's, had they wanted it
	for _, got := range mailtest.Inbox(t, env.Config.SESEndpoint, email) {
		if strings.HasPrefix(got.Subject, "Bring a scarf") {
			t.Errorf("a guest who unsubscribed was mailed %q", got.Subject)
		}
	}
}

// A private event takes a guest only by its invite link, and a guest's
// mails and manage page lead to it with its code (a guest has no login
// that a registration would open it to); a seat's mail and page give the
// online link.
func TestGuestsOfAPrivateEvent(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := createOwned(t, env, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Hidden supper", "visibility": "private", "online_url": "https://meet.example.com/hidden"}))
	code := inviteOf(t, ev.InviteURL)
	email := strings.ToLower(Unique("hidden")) + "@example.com"
	body := map[string]any{"name": "Gwen Guest", "email": email}
	Expect(t, guestPost(env, "127.0.0.1", ev.ID, body), http.StatusNotFound)
	Expect(t, env.JSONFrom("127.0.0.1", http.MethodPost, "/api/event/register/"+ev.ID+"/?invite="+url.QueryEscape(code), body, ""), http.StatusAccepted)
	page := env.Config.WebOrigin + "/event/detail?id=" + ev.ID + "&invite=" + url.QueryEscape(code)
	ask := newestMail(t, env, email, "Confirm your registration: Hidden supper")
	g, manage := mustConfirm(t, env, secretIn(t, env, ask, "/rsvp/confirm?t="), "registered")
	if g.OnlineURL != "https://meet.example.com/hidden" {
		t.Errorf("a guest's seat answered %+v without the online link", g)
	}
	if m := regMail(t, env, email, "You're registered: Hidden supper"); !strings.Contains(m.Text, "https://meet.example.com/hidden") {
		t.Errorf("the ticket's mail lacks the online link:\n%s", m.Text)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": "Doors", "body": "At seven."}, org.Access), http.StatusAccepted)
	if m := regMail(t, env, email, "Doors"); !strings.Contains(m.Text, page) {
		t.Errorf("the organizer's message does not open the event for a guest:\n%s", m.Text)
	}
	var v struct {
		Event struct {
			PageURL string `json:"page_url"`
		} `json:"event"`
		Registration struct {
			OnlineURL string `json:"online_url"`
		} `json:"registration"`
	}
	res := env.JSON(http.MethodGet, "/api/event/rsvp/"+manage+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &v)
	if v.Event.PageURL != page || v.Registration.OnlineURL == "" {
		t.Errorf("the manage page: %+v", v)
	}
}

// A guest is refused what anyone would be: a full event (when asking, and
// when confirming once it filled meanwhile, the link staying good for when
// a seat frees), a cancelled one.
func TestGuestRefusals(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"title": "Small supper"}))
	first, second := strings.ToLower(Unique("first"))+"@example.com", strings.ToLower(Unique("second"))+"@example.com"
	firstToken := guestConfirmToken(t, env, ev, "First Guest", first, nil)
	secondToken := guestConfirmToken(t, env, ev, "Second Guest", second, nil)
	_, manage := mustConfirm(t, env, firstToken, "registered")
	res := confirmGuest(env, secondToken)
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgEventFull {
		t.Errorf("confirming at a full event answered %s", res.Body)
	}
	res = guestPost(env, "127.0.0.1", ev.ID, map[string]any{"name": "Third Guest", "email": Unique("third") + "@example.com"})
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgEventFull {
		t.Errorf("asking at a full event answered %s", res.Body)
	}
	// The seat freed, the refused link takes it.
	Expect(t, env.JSON(http.MethodPost, "/api/event/rsvp/"+manage+"/cancel/", nil, ""), http.StatusNoContent)
	mustConfirm(t, env, secondToken, "registered")

	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/cancel/", map[string]string{"message": "Called off."}, org.Access), http.StatusOK)
	res = guestPost(env, "127.0.0.1", ev.ID, map[string]any{"name": "Late Guest", "email": Unique("late") + "@example.com"})
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgEventCancelled {
		t.Errorf("asking at a cancelled event answered %s", res.Body)
	}
}
