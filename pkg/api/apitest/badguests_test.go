package apitest

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"turnout/pkg/mail/mailtest"
)

// A guest's registration with a hostile or mistyped name, address or
// answer, or with a link that is not one, is refused with a 4xx: nothing
// is taken and nobody is mailed.
func TestHostileGuestRegistrations(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	email := strings.ToLower(Unique("hostile")) + "@example.com"
	base := map[string]string{"name": "Gwen Guest", "email": email}
	path := "/api/event/register/" + w.event.ID + "/"
	values := map[string]string{"json 5": `5`, "json true": `true`, "json list": `["x"]`, "json object": `{"a": 1}`,
		"header injection": `"Gwen\r\nBcc: victim@example.com"`}
	for _, v := range hostileText {
		values[v.name] = jsonString(v.value)
	}
	for _, field := range []string{"name", "email"} {
		for name, raw := range values {
			t.Run(field+"/"+name, func(t *testing.T) {
				expect4xx(t, badSend(t, w.env, http.MethodPost, path, badHeader("application/json", ""), jsonWith(t, base, field, raw)))
			})
		}
	}
	answers := map[string]string{"a string": `"yes"`, "a list": `[1, 2]`, "unknown question": `{"q-nope": "x"}`,
		"over-long answer": `{"q-nope": "` + strings.Repeat("A", 70000) + `"}`}
	for name, raw := range answers {
		t.Run("answers/"+name, func(t *testing.T) {
			expect4xx(t, badSend(t, w.env, http.MethodPost, path, badHeader("application/json", ""), jsonWith(t, base, "answers", raw)))
		})
	}
	if inbox := mailtest.Inbox(t, w.env.Config.SESEndpoint, email); len(inbox) != 0 {
		t.Errorf("a refused guest was mailed %d times", len(inbox))
	}
	// A link that is not a confirmation link confirms nothing: a ticket's
	// code, its page's secret, a registration's id, a digest.
	ticket := w.env.JSON(http.MethodGet, "/api/event/register/"+w.event.ID+"/", nil, w.person.Access)
	var own struct {
		Ticket     string `json:"ticket"`
		TicketLink string `json:"ticket_link"`
	}
	ticket.Decode(t, &own)
	for _, forged := range []string{own.Ticket, own.TicketLink, w.registration, strings.Repeat("0", 64), "", " "} {
		body := []byte(`{"token": ` + jsonString(forged) + `}`)
		expect4xx(t, badSend(t, w.env, http.MethodPost, "/api/event/rsvp/confirm/", badHeader("application/json", ""), body))
	}
	if got := w.env.GetEvent(t, w.event.ID); got.SeatsLeft != w.event.SeatsLeft {
		t.Errorf("seats left %d, want %d: a forged link took one", got.SeatsLeft, w.event.SeatsLeft)
	}
	// The guest form's body for a signed-in person is their answers.
	res := badSend(t, w.env, http.MethodPost, path, badHeader("application/json", w.person.Access), bytes.Clone([]byte(`{"name": "x", "email": "`+email+`"}`)))
	Expect(t, res, http.StatusConflict) // already registered, as that person
}
