package apitest

import (
	"net/http"
	"testing"
	"time"
)

// An event keeps who made it and who last changed it (an edit, its
// cancellation), when; its organizer reads them, nobody else.
func TestEventsKeepTheirEditors(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	type editors struct {
		CreatedBy *struct{ ID, Username string } `json:"created_by"`
		ChangedBy *struct{ ID, Username string } `json:"changed_by"`
		ChangedAt *time.Time                     `json:"changed_at"`
	}
	var made struct {
		Event
		editors
	}
	res := env.Multipart(http.MethodPost, "/api/event/create/", env.EventForm(3, 5), nil, org.Access)
	Expect(t, res, http.StatusCreated)
	res.Decode(t, &made)
	if made.CreatedBy == nil || made.CreatedBy.ID != org.ID || made.CreatedBy.Username != org.Username || made.ChangedBy != nil || made.ChangedAt != nil {
		t.Errorf("a new event's editors: %+v", made.editors)
	}
	// during says whether a change was kept as made while call ran (the
	// clock goes on between the seconds).
	during := func(call func(), at func() *time.Time) bool {
		from := env.Now().UTC().Truncate(time.Second)
		call()
		to := env.Now().UTC()
		return at() != nil && !at().Before(from) && !at().After(to)
	}
	env.Advance(5 * time.Minute) // within the access token's life
	var changed editors
	edited := during(func() {
		res = evPatch(env, made.ID, evFormWith(evFormOf(made.Event), map[string]string{"location": "Annex"}), org.Access)
		Expect(t, res, http.StatusOK)
		res.Decode(t, &changed)
	}, func() *time.Time { return changed.ChangedAt })
	if changed.CreatedBy == nil || changed.ChangedBy == nil || changed.ChangedBy.Username != org.Username || !edited {
		t.Errorf("an edited event's editors: %+v", changed)
	}
	var public map[string]any
	res = env.JSON(http.MethodGet, "/api/event/detail/"+made.ID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &public)
	if _, told := public["created_by"]; told {
		t.Errorf("the public detail tells who made the event: %v", public)
	}
	env.Advance(5 * time.Minute)
	cancelled := during(func() {
		Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+made.ID+"/cancel/", map[string]string{"message": "Rain."}, org.Access), http.StatusOK)
		res = env.JSON(http.MethodGet, "/api/event/detail/"+made.ID+"/", nil, org.Access)
		Expect(t, res, http.StatusOK)
		res.Decode(t, &changed)
	}, func() *time.Time { return changed.ChangedAt })
	if !cancelled {
		t.Errorf("a cancelled event's last change: %+v", changed)
	}
}
