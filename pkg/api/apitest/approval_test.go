package apitest

import (
	"net/http"
	"strings"
	"testing"

	eventsvc "turnout/pkg/events"
)

type standing struct {
	Detail         string `json:"detail"`
	ID             string `json:"id"`
	RegistrationID string `json:"registration_id"`
	Status         string `json:"status"`
	Ticket         string `json:"ticket"`
}

// An event that takes approval makes registering a request, which holds
// no seat and is mailed as such; its organizer approves (a seat, or the
// waitlist when it is full and keeps one; 409 full without one) or
// declines (mailed), from the attendee list, which counts the requests;
// a person withdraws a request as any registration.
func TestApproval(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 1), map[string]string{"title": "Approved supper", "approval": "true", "waitlist": "true"}))
	ada, bob, cy, dee := env.NewPerson(t), env.NewPerson(t), env.NewPerson(t), env.NewPerson(t)
	request := func(a *Account) standing {
		t.Helper()
		res := regPost(env, ev.ID, a.Access)
		Expect(t, res, http.StatusCreated)
		var s standing
		res.Decode(t, &s)
		if s.Status != "pending" || s.Detail != eventsvc.MsgRequestReceived || s.Ticket != "" {
			t.Fatalf("a request answered %+v", s)
		}
		return s
	}
	counts := func(when string, seatsLeft, pending int) {
		t.Helper()
		if got := env.GetEvent(t, ev.ID).SeatsLeft; got != seatsLeft {
			t.Errorf("%s: %d seats left, want %d", when, got, seatsLeft)
		}
		var page struct {
			Pending int `json:"pending"`
		}
		res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
		Expect(t, res, http.StatusOK)
		res.Decode(t, &page)
		if page.Pending != pending {
			t.Errorf("%s: %d pending, want %d", when, page.Pending, pending)
		}
	}
	decide := func(reg, verb string, token string) *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/attendees/"+reg+"/"+verb+"/", nil, token)
	}

	adaReq := request(ada)
	counts("one request", 1, 1)
	if m := regMail(t, env, ada.Email, "Request received (not confirmed yet): Approved supper"); strings.Contains(m.Text, "T1.") {
		t.Errorf("the request's mail holds a ticket:\n%s", m.Text)
	}
	if csv := string(env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access).Body); !strings.Contains(csv, ",pending,") {
		t.Errorf("the CSV does not show the request:\n%s", csv)
	}
	res := env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"registration_id": adaReq.ID}, org.Access)
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgTicketPending {
		t.Errorf("checking in a request: %s", res.Body)
	}
	// Only the event's own organizer decides.
	other := env.NewOrganizer(t)
	Expect(t, decide(adaReq.ID, "approve", other.Access), http.StatusForbidden)
	Expect(t, decide(adaReq.ID, "approve", bob.Access), http.StatusForbidden)
	Expect(t, decide(adaReq.ID, "approve", ""), http.StatusUnauthorized)
	Expect(t, decide("nope", "approve", org.Access), http.StatusNotFound)

	bobReq := request(bob)
	counts("two requests", 1, 2)
	res = decide(adaReq.ID, "approve", org.Access)
	Expect(t, res, http.StatusOK)
	var decided standing
	res.Decode(t, &decided)
	if decided.Status != "registered" {
		t.Errorf("approved: %s", res.Body)
	}
	counts("one approved", 0, 1)
	approved := regMail(t, env, ada.Email, "Approved: Approved supper")
	var mine standing
	res = env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ada.Access)
	res.Decode(t, &mine)
	if mine.Status != "registered" || mine.Ticket == "" || !strings.Contains(approved.Text, mine.Ticket) {
		t.Errorf("the approved person's registration %s, mail:\n%s", res.Body, approved.Text)
	}
	res = decide(adaReq.ID, "approve", org.Access)
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgNotPending {
		t.Errorf("approving twice: %s", res.Body)
	}
	// Full, with a waitlist: approval is a place in the queue.
	res = decide(bobReq.ID, "approve", org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &decided)
	if decided.Status != "waitlisted" {
		t.Errorf("approved at a full event with a waitlist: %s", res.Body)
	}
	regMail(t, env, bob.Email, "You're on the waitlist: Approved supper")
	counts("the second approved to the waitlist", 0, 0)

	// Declined: removed and mailed.
	cyReq := request(cy)
	Expect(t, decide(cyReq.ID, "decline", org.Access), http.StatusOK)
	regMail(t, env, cy.Email, "Request declined: Approved supper")
	res = env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, cy.Access)
	if !strings.Contains(string(res.Body), `"registration_id":null`) {
		t.Errorf("a declined request is still there: %s", res.Body)
	}
	Expect(t, decide(cyReq.ID, "decline", org.Access), http.StatusNotFound)
	// Withdrawn by its person.
	deeReq := request(dee)
	counts("a new request", 0, 1)
	Expect(t, regCancel(env, deeReq.ID, dee.Access), http.StatusNoContent)
	counts("withdrawn", 0, 0)

	// Full without a waitlist: 409, and the request stays.
	small := env.CreateEvent(t, org, evFormWith(env.EventForm(5, 1), map[string]string{"approval": "true"}))
	first, second := env.NewPerson(t), env.NewPerson(t)
	var r1, r2 standing
	regPost(env, small.ID, first.Access).Decode(t, &r1)
	regPost(env, small.ID, second.Access).Decode(t, &r2)
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+small.ID+"/attendees/"+r1.ID+"/approve/", nil, org.Access), http.StatusOK)
	res = env.JSON(http.MethodPost, "/api/event/detail/"+small.ID+"/attendees/"+r2.ID+"/approve/", nil, org.Access)
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgEventFull {
		t.Errorf("approving at a full event: %s", res.Body)
	}
	res = env.JSON(http.MethodGet, "/api/event/register/"+small.ID+"/", nil, second.Access)
	res.Decode(t, &mine)
	if mine.Status != "pending" {
		t.Errorf("a request refused for want of a seat: %s", res.Body)
	}
}
