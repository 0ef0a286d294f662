package apitest

import (
	"net/http"
	"testing"
)

// Every list the web app shows an event's times from carries the event's
// zone, so each screen tells them in it: the person's registered events,
// the organizer's attendee list and events.
func TestListsTellTheEventsZone(t *testing.T) {
	env := MustEnv(t)
	org, ada := env.NewOrganizer(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Harbour Lights", "time_zone": "Pacific/Auckland"}))
	regRegister(t, env, ev.ID, ada)
	const want = "Pacific/Auckland"

	res := env.JSON(http.MethodGet, "/api/event/user-event/"+ada.ID+"/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	var registered []struct {
		TimeZone string `json:"time_zone"`
	}
	res.Decode(t, &registered)
	if len(registered) != 1 || registered[0].TimeZone != want {
		t.Errorf("registered events %s: want one with time_zone %q", res.Body, want)
	}

	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	var attendees struct {
		Event struct {
			TimeZone string `json:"time_zone"`
		} `json:"event"`
	}
	res.Decode(t, &attendees)
	if got := attendees.Event.TimeZone; got != want {
		t.Errorf("attendees' event time_zone = %q, want %q", got, want)
	}

	res = env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	var owned []struct {
		TimeZone string `json:"time_zone"`
	}
	res.Decode(t, &owned)
	if len(owned) != 1 || owned[0].TimeZone != want {
		t.Errorf("organization events %s: want one with time_zone %q", res.Body, want)
	}
}
