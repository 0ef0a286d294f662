package apitest

import (
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"testing"
)

// TestListsCarryEveryField: an event reads the same in the organization's
// list, the public list and a search as on its own page, so the dashboard's
// edit form, filled from the list, sends back what the event holds, and
// saving it changes nothing (the point above all, or the event leaves
// "Near me").
func TestListsCarryEveryField(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 12), map[string]string{
		"category": "music", "city": "Lyon", "latitude": "45.764", "longitude": "4.8357", "time_zone": "Europe/Paris", "waitlist": "true",
	}))
	detail := func() map[string]any {
		var body map[string]any
		env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "").Decode(t, &body)
		return body
	}
	inList := func(path string) map[string]any {
		res := env.JSON(http.MethodGet, path, nil, "")
		Expect(t, res, http.StatusOK)
		var list []map[string]any
		res.Decode(t, &list)
		for _, e := range list {
			if e["id"] == ev.ID {
				return e
			}
		}
		t.Fatalf("%s lists no event %s: %s", path, ev.ID, res.Body)
		return nil
	}
	before := detail()
	owned := "/api/event/organization/" + org.OrganizationID + "/events/"
	for _, path := range []string{owned, "/api/event/public/", "/api/event/public/?city=lyon"} {
		if got := inList(path); !reflect.DeepEqual(got, before) {
			t.Errorf("%s lists the event as\n%v\nits page says\n%v", path, got, before)
		}
	}

	// The edit form as the dashboard fills it from its list: every field.
	listed := inList(owned)
	form := map[string]string{}
	for _, field := range []string{"title", "description", "location", "start_time", "end_time", "capacity", "waitlist",
		"category", "city", "latitude", "longitude", "time_zone"} {
		switch v := listed[field].(type) {
		case nil:
			form[field] = ""
		case float64:
			form[field] = strconv.FormatFloat(v, 'f', -1, 64)
		default:
			form[field] = fmt.Sprint(v)
		}
	}
	Expect(t, evPatch(env, ev.ID, form, org.Access), http.StatusOK)
	if after := detail(); !reflect.DeepEqual(after, before) {
		t.Errorf("saving the edit form unchanged turned\n%v\ninto\n%v", before, after)
	}
	// A moved point shows in the lists at once.
	Expect(t, evPatch(env, ev.ID, evFormWith(form, map[string]string{"latitude": "45.75", "longitude": "4.85"}), org.Access), http.StatusOK)
	if got := inList(owned); got["latitude"] != 45.75 || got["longitude"] != 4.85 {
		t.Errorf("after moving the point the list says %v, %v", got["latitude"], got["longitude"])
	}
}
