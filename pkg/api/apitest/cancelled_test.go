package apitest

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

// A cancelled event sinks below every live one, in the public list (page
// after page) and on its organization's page, stays there when edited, and
// tells why it was called off wherever it is shown.
func TestCancelledEventsSinkBelowLiveOnes(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	first := env.CreateEvent(t, org, evFormWith(env.EventForm(1, 5), map[string]string{"title": "First"}))
	second := env.CreateEvent(t, org, evFormWith(env.EventForm(2, 5), map[string]string{"title": "Second"}))
	third := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Third"}))
	const reason = "The hall flooded. Sorry!"
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+first.ID+"/cancel/", map[string]string{"message": reason}, org.Access), http.StatusOK)
	want := []string{second.ID, third.ID, first.ID}

	for _, path := range []string{"/api/event/public/", "/api/event/public/?limit=2", "/api/event/public/?limit=1"} {
		if got, _ := listPages(t, env, path, "", 4); !slices.Equal(got, want) {
			t.Errorf("%s listed %v, want the live ones, then the cancelled one: %v", path, got, want)
		}
	}

	type shown struct {
		ID           string `json:"id"`
		Cancelled    bool   `json:"cancelled"`
		CancelReason string `json:"cancel_reason"`
	}
	var list []shown
	res := env.JSON(http.MethodGet, "/api/event/public/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &list)
	if len(list) != 3 || !list[2].Cancelled || list[2].CancelReason != reason || list[0].CancelReason != "" {
		t.Errorf("public list %s: want the reason on the cancelled event only", res.Body)
	}
	var detail shown
	res = env.JSON(http.MethodGet, "/api/event/detail/"+first.ID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &detail)
	if detail.CancelReason != reason {
		t.Errorf("detail cancel_reason = %q, want %q", detail.CancelReason, reason)
	}

	var page struct {
		Upcoming []shown `json:"upcoming_events"`
	}
	res = env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &page)
	if ids := idsOf(page.Upcoming, func(s shown) string { return s.ID }); !slices.Equal(ids, want) {
		t.Errorf("organization page lists %v, want %v", ids, want)
	}

	// An edit of the cancelled event, moved to the very first start, keeps
	// it below the live ones.
	edited := evFormWith(evFormOf(env.GetEvent(t, first.ID)), map[string]string{"title": "First, called off"})
	soon := env.Now().Add(2 * time.Hour).UTC().Truncate(time.Minute)
	edited["start_time"], edited["end_time"] = soon.Format(time.RFC3339), soon.Add(time.Hour).Format(time.RFC3339)
	Expect(t, env.Multipart(http.MethodPatch, "/api/event/detail/"+first.ID+"/", edited, nil, org.Access), http.StatusOK)
	if got, _ := listPages(t, env, "/api/event/public/", "", 4); !slices.Equal(got, want) {
		t.Errorf("after an edit, listed %v, want %v", got, want)
	}
}

func idsOf[T any](items []T, id func(T) string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = id(it)
	}
	return out
}
