package apitest

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/api/events"
	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
)

// mailsAbout returns the subjects of the mails to who that end with title.
func mailsAbout(t *testing.T, env *Env, who, title string) []string {
	t.Helper()
	var subjects []string
	for _, m := range mailtest.Inbox(t, env.Config.SESEndpoint, who) {
		if strings.HasSuffix(m.Subject, title) {
			subjects = append(subjects, m.Subject)
		}
	}
	return subjects
}

// TestCancelEventTellsEveryone: cancelling keeps the event visible as
// cancelled, closes registration, and mails the organizer's words to
// everyone registered or waiting, once each, with a cancelling calendar
// file. Owner only; a second cancel is refused.
func TestCancelEventTellsEveryone(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, other := env.NewOrganizer(t), env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 2), map[string]string{"waitlist": "true", "title": "Rooftop Choir"}))
	people := []*Account{env.NewPerson(t), env.NewPerson(t), env.NewPerson(t)}
	for _, p := range people {
		Expect(t, regPost(env, ev.ID, p.Access), http.StatusCreated)
	}
	path := "/api/event/detail/" + ev.ID + "/cancel/"
	message := map[string]string{"message": "The roof is under repair.\n\nYour seats carry over to the spring concert."}

	evExpectDetail(t, env.JSON(http.MethodPost, path, message, other.Access), http.StatusForbidden, events.MsgNotOwner)
	Expect(t, env.JSON(http.MethodPost, path, message, ""), http.StatusUnauthorized)
	evExpectFields(t, env.JSON(http.MethodPost, path, map[string]string{"message": "  "}, org.Access), map[string][]string{"message": {"This field is required."}})
	evExpectDetail(t, env.JSON(http.MethodPost, "/api/event/detail/01ARZ3NDEKTSV4RRFFQ69G5FAV/cancel/", message, org.Access), http.StatusNotFound, "Event not found.")

	res := env.JSON(http.MethodPost, path, message, org.Access)
	Expect(t, res, http.StatusOK)
	var reply struct {
		Detail string `json:"detail"`
		Event  struct {
			Cancelled bool `json:"cancelled"`
		} `json:"event"`
	}
	res.Decode(t, &reply)
	if !reply.Event.Cancelled {
		t.Errorf("the answer's event is not cancelled: %s", res.Body)
	}
	evExpectDetail(t, env.JSON(http.MethodPost, path, message, org.Access), http.StatusConflict, "This event has been cancelled.")

	// Still visible, marked, and closed.
	var detail struct {
		Cancelled bool `json:"cancelled"`
	}
	env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "").Decode(t, &detail)
	if !detail.Cancelled {
		t.Errorf("the event's page does not say cancelled")
	}
	evExpectDetail(t, regPost(env, ev.ID, env.NewPerson(t).Access), http.StatusConflict, "This event has been cancelled.")
	var mine []struct {
		EventID   string `json:"event_id"`
		Cancelled bool   `json:"cancelled"`
	}
	env.JSON(http.MethodGet, "/api/event/user-event/"+people[0].ID+"/", nil, people[0].Access).Decode(t, &mine)
	if len(mine) != 1 || mine[0].EventID != ev.ID || !mine[0].Cancelled {
		t.Errorf("the person's list reads %+v, want the event marked cancelled", mine)
	}

	for _, p := range people {
		m := regMail(t, env, p.Email, "Cancelled: Rooftop Choir")
		if !strings.Contains(m.Text, "The roof is under repair.") || !strings.Contains(m.Text, "spring concert") {
			t.Errorf("%s's notice lacks the organizer's words:\n%s", p.Email, m.Text)
		}
		if len(m.ReplyTo) != 1 || !strings.EqualFold(m.ReplyTo[0], org.Email) {
			t.Errorf("%s's notice has reply-to %v, want the organization's address %s", p.Email, m.ReplyTo, org.Email)
		}
		if len(m.Attachments) != 1 || !strings.Contains(string(m.Attachments[0].Data), "STATUS:CANCELLED") {
			t.Errorf("%s's notice lacks the cancelling calendar file", p.Email)
		}
	}
	time.Sleep(300 * time.Millisecond)
	for _, p := range people {
		if got := mailsAbout(t, env, p.Email, "Rooftop Choir"); strings.Count(strings.Join(got, "|"), "Cancelled:") != 1 {
			t.Errorf("%s got %v, want the notice once", p.Email, got)
		}
	}
}

// TestMessageToRegistered: an organizer's message reaches everyone with a
// seat (not the waitlist), answers before the mail goes, and is limited
// to three a day per event.
func TestMessageToRegistered(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, other := env.NewOrganizer(t), env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true", "title": "Night Market"}))
	seated, waiting := env.NewPerson(t), env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, seated.Access), http.StatusCreated)
	Expect(t, regPost(env, ev.ID, waiting.Access), http.StatusCreated)
	path := "/api/event/detail/" + ev.ID + "/message/"
	msg := func(i int) map[string]string {
		return map[string]string{"subject": fmt.Sprintf("Bring cash %d", i), "body": "Most stalls take cash only."}
	}

	evExpectDetail(t, env.JSON(http.MethodPost, path, msg(0), other.Access), http.StatusForbidden, events.MsgNotOwner)
	res := env.JSON(http.MethodPost, path, map[string]string{"subject": "", "body": strings.Repeat("x", 5001)}, org.Access)
	evExpectFields(t, res, map[string][]string{"subject": {"This field is required."}, "body": {"Ensure this field has no more than 5000 characters."}})

	for i := 1; i <= 3; i++ {
		Expect(t, env.JSON(http.MethodPost, path, msg(i), org.Access), http.StatusAccepted)
	}
	evExpectDetail(t, env.JSON(http.MethodPost, path, msg(4), org.Access), http.StatusTooManyRequests,
		"You can send at most 3 messages a day about one event. Please try again tomorrow.")

	for i := 1; i <= 3; i++ {
		m := regMail(t, env, seated.Email, fmt.Sprintf("Bring cash %d", i))
		if !strings.Contains(m.Text, "Most stalls take cash only.") {
			t.Errorf("message %d lacks its body:\n%s", i, m.Text)
		}
		if len(m.ReplyTo) != 1 || !strings.EqualFold(m.ReplyTo[0], org.Email) {
			t.Errorf("message %d has reply-to %v, want the organization's address %s", i, m.ReplyTo, org.Email)
		}
	}
	time.Sleep(300 * time.Millisecond)
	if got := mailsAbout(t, env, waiting.Email, "Night Market"); len(got) != 1 { // the waitlist mail only
		t.Errorf("the waiting person got %v", got)
	}
	if got := mailsAbout(t, env, seated.Email, "Night Market"); len(got) != 4 { // confirmation + 3
		t.Errorf("the seated person got %v", got)
	}
}

// TestChangeNoticeAndDeleteNotice: moving an event mails its people what
// changed (other edits mail nothing); deleting it tells them too.
func TestChangeNoticeAndDeleteNotice(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	// At 10:00 in Berlin, so a move of an hour and a half stays on its
	// day there, whatever the hour the test runs (the notice tells a move
	// past midnight with the day).
	day := env.Now().Add(72 * time.Hour).In(berlin(t))
	start := time.Date(day.Year(), day.Month(), day.Day(), 10, 0, 0, 0, berlin(t))
	form := evFormWith(env.EventForm(3, 5), map[string]string{"title": "River Run", "time_zone": "Europe/Berlin",
		"start_time": start.Format(time.RFC3339), "end_time": start.Add(2 * time.Hour).Format(time.RFC3339)})
	ev := env.CreateEvent(t, org, form)
	runner := env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, runner.Access), http.StatusCreated)
	regMail(t, env, runner.Email, "You're registered: River Run")
	path := "/api/event/detail/" + ev.ID + "/"

	Expect(t, evPatch(env, ev.ID, evFormWith(form, map[string]string{"description": "Bring water."}), org.Access), http.StatusOK)
	if res, err := env.runReminders(t, env.Now().Add(time.Hour)); err != nil || res.Counts() != nil {
		t.Fatalf("an edit of the description left a timer: %+v, %v", res, err)
	}
	Expect(t, evPatch(env, ev.ID, evFormWith(form, map[string]string{"description": "Bring water.", "location": "North Bridge"}), org.Access), http.StatusOK)
	env.tellChanges(t, 1)
	changed := regMail(t, env, runner.Email, "Changed: River Run")
	if !strings.Contains(changed.Text, "Where: North Bridge (was Main Hall)") || strings.Count(changed.Text, "(was ") != 1 {
		t.Errorf("the change notice does not say what moved:\n%s", changed.Text)
	}
	if len(changed.Attachments) != 1 || !strings.Contains(string(changed.Attachments[0].Data), "LOCATION:North Bridge") {
		t.Errorf("the change notice lacks the updated calendar file")
	}
	// A move in time is told in the event's zone, then and now.
	later := ev.StartTime.Add(90 * time.Minute)
	Expect(t, evPatch(env, ev.ID, evFormWith(form, map[string]string{"description": "Bring water.", "location": "North Bridge",
		"start_time": later.Format(time.RFC3339), "end_time": later.Add(2 * time.Hour).Format(time.RFC3339)}), org.Access), http.StatusOK)
	env.tellChanges(t, 1)
	var moved mailtest.Received
	for deadline := time.Now().Add(15 * time.Second); moved.Subject == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, m := range mailtest.Inbox(t, env.Config.SESEndpoint, runner.Email) {
			if strings.HasPrefix(m.Subject, "Changed: River Run") && !strings.Contains(m.Text, "(was Main Hall)") {
				moved = m
			}
		}
	}
	clock := func(at time.Time) string { return at.In(berlin(t)).Format("15:04") }
	zone := ev.StartTime.In(berlin(t)).Format("MST") + " (Europe/Berlin)"
	if want := "–" + clock(later.Add(2*time.Hour)) + " " + zone + " (was "; !strings.Contains(moved.Text, want) ||
		!strings.Contains(moved.Text, ", "+clock(ev.StartTime)+"–") || strings.Contains(moved.Text, "Where: North Bridge (was") {
		t.Errorf("the notice of a move in time does not tell it in the event's zone (%s):\n%s", want, moved.Text)
	}

	Expect(t, env.JSON(http.MethodDelete, path, nil, org.Access), http.StatusNoContent)
	gone := regMail(t, env, runner.Email, "Called off: River Run")
	if len(gone.Attachments) != 1 || !strings.Contains(string(gone.Attachments[0].Data), "STATUS:CANCELLED") {
		t.Errorf("the deletion notice lacks the cancelling calendar file")
	}
	time.Sleep(300 * time.Millisecond)
	if got := mailsAbout(t, env, runner.Email, "River Run"); len(got) != 4 { // registered, changed twice, called off
		t.Errorf("the runner got %v", got)
	}
}

// TestChangeNoticesAreCoalescedAndCapped: a burst of edits mails one
// notice once the event is left alone, telling the net change from what
// people were last told; edits that undo each other mail nothing; and an
// event mails at most ChangeNoticesPerDay a day, the next one waiting for
// the next day, when it tells what changed since the last.
func TestChangeNoticesAreCoalescedAndCapped(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	// Early on a UTC day, so the day's count holds through the test.
	env.Advance(domain.NextDay(env.Now()).Add(2 * time.Hour).Sub(env.Now()))
	org := env.NewOrganizer(t)
	form := evFormWith(env.EventForm(5, 5), map[string]string{"title": "Pier Dance"})
	ev := env.CreateEvent(t, org, form)
	dancer := env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, dancer.Access), http.StatusCreated)
	regMail(t, env, dancer.Email, "You're registered: Pier Dance")
	moveTo := func(place string) {
		t.Helper()
		Expect(t, evPatch(env, ev.ID, evFormWith(form, map[string]string{"location": place}), org.Access), http.StatusOK)
	}
	notices := func() []mailtest.Received {
		var got []mailtest.Received
		for _, m := range mailtest.Inbox(t, env.Config.SESEndpoint, dancer.Email) {
			if strings.HasPrefix(m.Subject, "Changed: Pier Dance") {
				got = append(got, m)
			}
		}
		return got
	}

	for i := 1; i <= 5; i++ {
		moveTo(fmt.Sprintf("Pier %d", i))
	}
	if res, err := env.runReminders(t, env.Now().Add(domain.ChangeQuietPeriod/2)); err != nil || res.Changes != 0 {
		t.Fatalf("within the quiet period: %+v, %v; want nothing handed over", res, err)
	}
	env.tellChanges(t, 1)
	first := regMail(t, env, dancer.Email, "Changed: Pier Dance")
	if !strings.Contains(first.Text, "Where: Pier 5 (was Main Hall)") || strings.Count(first.Text, "(was ") != 1 {
		t.Errorf("the notice of five edits does not tell the net change:\n%s", first.Text)
	}

	// Away and back: nothing changed for the people.
	moveTo("Pier 6")
	moveTo("Pier 5")
	if res := env.tellChanges(t, 0); res.ChangesDropped != 1 {
		t.Errorf("edits that undo each other: %+v, want the notice dropped", res)
	}

	// Two more notices today, then the day's are spent.
	moveTo("Pier 7")
	env.tellChanges(t, 1)
	moveTo("Pier 8")
	env.tellChanges(t, 1)
	moveTo("Pier 9")
	if res := env.tellChanges(t, 0); res.ChangesPostponed != 1 {
		t.Errorf("a fourth notice today: %+v, want it postponed", res)
	}
	moveTo("Pier 10")
	env.tellChanges(t, 0)
	for deadline := time.Now().Add(15 * time.Second); len(notices()) < 3 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
	}
	if got := len(notices()); got != 3 {
		t.Fatalf("%d notices today, want %d", got, domain.ChangeNoticesPerDay)
	}
	res, err := env.runReminders(t, domain.NextDay(env.Now()).Add(time.Minute))
	if err != nil || res.Changes != 1 {
		t.Fatalf("the next day: %+v, %v; want the waiting notice handed over", res, err)
	}
	var last mailtest.Received
	for deadline := time.Now().Add(15 * time.Second); last.Subject == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got := notices(); len(got) == 4 {
			last = got[3]
		}
	}
	if !strings.Contains(last.Text, "Where: Pier 10 (was Pier 8)") {
		t.Errorf("the next day's notice does not tell the change since the last one:\n%s", last.Text)
	}
	time.Sleep(300 * time.Millisecond)
	if got := len(notices()); got != 4 {
		t.Errorf("%d notices in all, want 4", got)
	}
}
