package apitest

import (
	"net/http"
	"testing"
	"time"

	"turnout/pkg/domain"
)

// measureMembers counts the calls of an organization's members: inviting,
// joining, listing, changing a role, and an event call of a member (whose
// role costs no read: it is on the account every signed-in call reads).
func measureMembers(t *testing.T, env *Env, org *Account, ev Event, measure func(string, int, func() *Response) *Response) {
	t.Helper()
	p := env.NewPerson(t)
	measure("POST /api/organization/members/", 201, func() *Response {
		return env.JSON(http.MethodPost, membersPath(org.OrganizationID, ""), map[string]string{"email": p.Email, "role": "checkin"}, org.Access)
	})
	token := env.invitationToken(t, p.Email)
	measure("POST /api/organization/invitation/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/organization/invitation/", map[string]string{"token": token}, "")
	})
	measure("POST /api/organization/join/ (an account of no organization yet)", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/organization/join/", map[string]string{"token": token}, p.Access)
	})
	measure("GET /api/organization/members/", 200, func() *Response {
		return env.JSON(http.MethodGet, membersPath(org.OrganizationID, ""), nil, org.Access)
	})
	measure("GET /api/user/profile/ (a member of an organization)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/user/profile/", nil, p.Access)
	})
	measure("GET /api/event/detail/{id}/attendees/ (a door volunteer)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, p.Access)
	})
	measure("PATCH /api/organization/members/{userId}/", 200, func() *Response {
		return env.JSON(http.MethodPatch, membersPath(org.OrganizationID, p.ID+"/"), map[string]string{"role": string(domain.RoleManager)}, org.Access)
	})
	measure("DELETE /api/organization/members/{userId}/", 204, func() *Response {
		return env.Request(http.MethodDelete, membersPath(org.OrganizationID, p.ID+"/"), "", nil, org.Access)
	})
}

// measureFollows counts the calls of following an organization (one of
// its own, which makes no event here: the announcement's cost is the
// job's, measured apart).
func measureFollows(t *testing.T, env *Env, person *Account, measure func(string, int, func() *Response) *Response) {
	t.Helper()
	org := env.NewOrganizer(t)
	follow := "/api/organization/public/" + org.OrganizationID + "/follow/"
	measure("POST /api/organization/public/{id}/follow/", 200, func() *Response { return env.JSON(http.MethodPost, follow, nil, person.Access) })
	measure("GET /api/organization/public/{id}/follow/", 200, func() *Response { return env.JSON(http.MethodGet, follow, nil, person.Access) })
	measure("GET /api/organization/public/{id}/ (signed in: with its follow)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, person.Access)
	})
	measure("GET /api/user/following/", 200, func() *Response { return env.JSON(http.MethodGet, "/api/user/following/", nil, person.Access) })
	measure("DELETE /api/organization/public/{id}/follow/", 200, func() *Response { return env.JSON(http.MethodDelete, follow, nil, person.Access) })
}

// measureSeries counts the calls of a series: making one (its first 12
// weeks of dates), its page, the preview of a rule and an edit of "this
// and following"; it answers when the job is due to make its later dates.
func measureSeries(t *testing.T, env *Env, org *Account, measure func(string, int, func() *Response) *Response) time.Time {
	t.Helper()
	var first struct {
		Series struct{ ID string } `json:"series"`
	}
	measure("POST /api/event/create/ (a weekly series: its 12 dates of the window made)", 201, func() *Response {
		return env.Multipart(http.MethodPost, "/api/event/create/", seriesForm(env, 2, "FREQ=WEEKLY;BYDAY=WE;COUNT=20"), nil, org.Access)
	}).Decode(t, &first)
	sr := env.seriesOf(t, first.Series.ID)
	measure("GET /api/event/series/{id}/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/series/"+first.Series.ID+"/", nil, "")
	})
	measure("POST /api/event/series/preview/", 200, func() *Response {
		body := map[string]string{"repeat": "FREQ=WEEKLY;BYDAY=WE;COUNT=20", "start_time": sr.First.Format(time.RFC3339), "time_zone": "Europe/Berlin"}
		return env.JSON(http.MethodPost, "/api/event/series/preview/", body, org.Access)
	})
	last := env.GetEvent(t, sr.Occurrences[len(sr.Occurrences)-2].EventID)
	measure("PATCH /api/event/detail/{id}/ (scope=following: it and 1 later date)", 200, func() *Response {
		form := evFormWith(evFormOf(last), map[string]string{"location": "Park Gate", "time_zone": "Europe/Berlin", "scope": "following"})
		return evPatch(env, last.ID, form, org.Access)
	})
	return env.seriesOf(t, first.Series.ID).FillAt.Add(time.Minute)
}
