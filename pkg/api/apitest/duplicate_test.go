package apitest

import (
	"net/http"
	"testing"
	"time"

	"turnout/pkg/media/mediatest"
)

func duplicatePost(env *Env, id string, body any, token string) *Response {
	return env.JSON(http.MethodPost, "/api/event/detail/"+id+"/duplicate/", body, token)
}

// An organizer duplicates an event: a new event with its fields, a banner
// of its own, its questions and settings, no registrations, a week later
// at the same time in its zone by default (across a daylight-saving
// change), or at the start sent; only its organizer may.
func TestDuplicateEvent(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	// 19:00 in Berlin on the Wednesday before the clocks go back.
	start := time.Date(2027, 10, 27, 17, 0, 0, 0, time.UTC)
	form := evFormWith(env.EventForm(3, 8), map[string]string{
		"title": "Run club", "time_zone": "Europe/Berlin", "waitlist": "true", "approval": "true", "visibility": "private",
		"start_time": start.Format(time.RFC3339), "end_time": start.Add(90 * time.Minute).Format(time.RFC3339),
		"questions": questionsJSON(t, []question{{Label: "Shoe size", Kind: "text"}}),
	})
	var orig ownerEvent
	res := env.Multipart(http.MethodPost, "/api/event/create/", form, map[string]File{"banner": {"b.png", mediatest.PNG(8, 8)}}, org.Access)
	Expect(t, res, http.StatusCreated)
	res.Decode(t, &orig)
	Expect(t, regPost(env, orig.ID, env.NewPerson(t).Access), http.StatusNotFound) // private, without its code

	other := env.NewOrganizer(t)
	Expect(t, duplicatePost(env, orig.ID, nil, other.Access), http.StatusForbidden)
	Expect(t, duplicatePost(env, orig.ID, nil, env.NewPerson(t).Access), http.StatusForbidden)
	Expect(t, duplicatePost(env, orig.ID, nil, ""), http.StatusUnauthorized)
	Expect(t, duplicatePost(env, "01ARZ3NDEKTSV4RRFFQ69G5FAV", nil, org.Access), http.StatusNotFound)
	for _, bad := range []string{"2020-01-01T18:00:00Z", "not a time"} {
		Expect(t, duplicatePost(env, orig.ID, map[string]string{"start_time": bad}, org.Access), http.StatusBadRequest)
	}

	var dup struct {
		ownerEvent
		Waitlist  bool       `json:"waitlist"`
		Approval  bool       `json:"approval"`
		Questions []question `json:"questions"`
	}
	res = duplicatePost(env, orig.ID, nil, org.Access)
	Expect(t, res, http.StatusCreated)
	res.Decode(t, &dup)
	weekLater := time.Date(2027, 11, 3, 18, 0, 0, 0, time.UTC) // 19:00 in Berlin, winter time
	if dup.ID == orig.ID || !dup.StartTime.Equal(weekLater) || !dup.EndTime.Equal(weekLater.Add(90*time.Minute)) {
		t.Errorf("the duplicate is %s from %v to %v, want a new event from %v for 90 minutes", dup.ID, dup.StartTime, dup.EndTime, weekLater)
	}
	if dup.Title != "Run club" || dup.Capacity != 8 || !dup.Waitlist || !dup.Approval || dup.Visibility != "private" || len(dup.Questions) != 1 || dup.SeatsLeft != 8 {
		t.Errorf("the duplicate lost the event's fields: %+v", dup)
	}
	if inviteOf(t, dup.InviteURL) == inviteOf(t, orig.InviteURL) {
		t.Error("the duplicate opens with the original's invite code")
	}
	if dup.Banner == nil || orig.Banner == nil || *dup.Banner == *orig.Banner {
		t.Fatalf("banners: %v and %v, want one of its own", dup.Banner, orig.Banner)
	}
	// Deleting the duplicate leaves the original's banner.
	Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+dup.ID+"/", nil, org.Access), http.StatusNoContent)
	body, _, _, err := env.Base.Media.Open(t.Context(), *orig.Banner)
	if err != nil {
		t.Fatalf("the original's banner after deleting the duplicate: %v", err)
	}
	body.Close()

	at := time.Date(2027, 12, 1, 18, 30, 0, 0, time.UTC)
	res = duplicatePost(env, orig.ID, map[string]string{"start_time": at.Format(time.RFC3339)}, org.Access)
	Expect(t, res, http.StatusCreated)
	res.Decode(t, &dup)
	if !dup.StartTime.Equal(at) || !dup.EndTime.Equal(at.Add(90*time.Minute)) {
		t.Errorf("a duplicate at %v runs %v to %v", at, dup.StartTime, dup.EndTime)
	}
}
