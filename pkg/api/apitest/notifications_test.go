package apitest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"turnout/pkg/api/users"
)

// TestNotificationSettingsAndOneClickUnsubscribe: every optional kind is on
// until turned off; an organizer's message skips who turned messages off,
// carries RFC 8058 one-click headers, and a post to that address (no
// login) turns that kind off and only that kind.
func TestNotificationSettingsAndOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": "Harbour Choir"}))
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	for _, p := range []*Account{ana, ben} {
		Expect(t, regPost(env, ev.ID, p.Access), http.StatusCreated)
	}

	var settings map[string]bool
	env.JSON(http.MethodGet, "/api/user/notifications/", nil, ana.Access).Decode(t, &settings)
	if len(settings) != 5 || !settings["reminder_24h"] || !settings["reminder_1h"] || !settings["event_changes"] || !settings["organizer_messages"] || !settings["new_events"] {
		t.Errorf("default settings = %v, want all five on", settings)
	}
	Expect(t, env.JSON(http.MethodGet, "/api/user/notifications/", nil, ""), http.StatusUnauthorized)
	evExpectFields(t, env.JSON(http.MethodPut, "/api/user/notifications/", map[string]bool{"newsletter": false}, ben.Access), map[string][]string{"newsletter": {"Unknown kind of mail."}})
	res := env.JSON(http.MethodPut, "/api/user/notifications/", map[string]bool{"organizer_messages": false}, ben.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &settings)
	if settings["organizer_messages"] || !settings["event_changes"] {
		t.Errorf("after turning messages off: %v", settings)
	}

	send := func(subject string) {
		t.Helper()
		Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": subject, "body": "See you."}, org.Access), http.StatusAccepted)
	}
	send("Doors at seven")
	m := regMail(t, env, ana.Email, "Doors at seven")
	oneClick := strings.Trim(m.Headers["List-Unsubscribe"], "<>")
	if !strings.HasPrefix(oneClick, env.Config.WebOrigin+"/api/user/unsubscribe/") || m.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
		t.Fatalf("headers = %v", m.Headers)
	}
	if !strings.Contains(m.Text, env.Config.WebOrigin+"/unsubscribe?t=") {
		t.Errorf("the message has no link to turn such mail off:\n%s", m.Text)
	}
	time.Sleep(300 * time.Millisecond)
	if got := mailsAbout(t, env, ben.Email, "Harbour Choir"); len(got) != 1 { // the confirmation only
		t.Errorf("who turned messages off got %v", got)
	}

	// A mail client's one-click post, no login; twice is the same.
	path := strings.TrimPrefix(oneClick, env.Config.WebOrigin)
	for range 2 {
		res := env.Request(http.MethodPost, path, "application/x-www-form-urlencoded", strings.NewReader(url.Values{"List-Unsubscribe": {"One-Click"}}.Encode()), "")
		Expect(t, res, http.StatusOK)
		if res.Detail(t) != users.MsgUnsubscribed {
			t.Errorf("detail = %q", res.Detail(t))
		}
	}
	env.JSON(http.MethodGet, "/api/user/notifications/", nil, ana.Access).Decode(t, &settings)
	if settings["organizer_messages"] || !settings["event_changes"] {
		t.Errorf("after one click: %v, want only messages off", settings)
	}
	send("Bring a scarf")
	time.Sleep(500 * time.Millisecond)
	if got := mailsAbout(t, env, ana.Email, "Harbour Choir"); len(got) != 2 { // confirmation + the first message
		t.Errorf("after unsubscribing: %v", got)
	}
	// A change notice still reaches them: only messages were turned off.
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"location": "Chapel"}), org.Access), http.StatusOK)
	env.tellChanges(t, 1)
	regMail(t, env, ana.Email, "Changed: Harbour Choir")

	forged := strings.Replace(path, "organizer_messages", "event_changes", 1)
	evExpectDetail(t, env.Request(http.MethodPost, forged, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"), ""), http.StatusNotFound, "This unsubscribe link is not valid.")
	Expect(t, env.JSON(http.MethodGet, path, nil, ""), http.StatusMethodNotAllowed)
}
