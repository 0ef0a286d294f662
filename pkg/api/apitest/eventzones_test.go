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
	type zoned struct {
		TimeZone string `json:"time_zone"`
	}
	// zonesAt reads the list at path as who.
	zonesAt := func(path string, who *Account) []zoned {
		res := env.JSON(http.MethodGet, path, nil, who.Access)
		Expect(t, res, http.StatusOK)
		var list []zoned
		res.Decode(t, &list)
		return list
	}

	if list := zonesAt("/api/event/user-event/"+ada.ID+"/", ada); len(list) != 1 || list[0].TimeZone != want {
		t.Errorf("registered events %+v: want one with time_zone %q", list, want)
	}
	if list := zonesAt("/api/event/organization/"+org.OrganizationID+"/events/", org); len(list) != 1 || list[0].TimeZone != want {
		t.Errorf("organization events %+v: want one with time_zone %q", list, want)
	}
	res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	var attendees struct {
		Event zoned `json:"event"`
	}
	res.Decode(t, &attendees)
	if got := attendees.Event.TimeZone; got != want {
		t.Errorf("attendees' event time_zone = %q, want %q", got, want)
	}
}
