package apitest

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/domain/recurrence"
	"turnout/pkg/store"
)

type seriesAnswer struct {
	ID         string `json:"id"`
	Repeat     string `json:"repeat"`
	RepeatText string `json:"repeat_text"`
	Cancelled  bool   `json:"cancelled"`
	Events     []struct {
		Event
		Cancelled bool `json:"cancelled"`
	} `json:"events"`
}

// seriesForm is a weekly form starting on the Wednesday at 19:00 Berlin
// time after days days.
func seriesForm(env *Env, days int, repeat string) map[string]string {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	start := env.Now().In(berlin).AddDate(0, 0, days)
	for start.Weekday() != time.Wednesday {
		start = start.AddDate(0, 0, 1)
	}
	start = time.Date(start.Year(), start.Month(), start.Day(), 19, 0, 0, 0, berlin)
	return evFormWith(env.EventForm(3, 20), map[string]string{
		"title": "Run Club", "time_zone": "Europe/Berlin", "repeat": repeat,
		"start_time": start.UTC().Format(time.RFC3339), "end_time": start.Add(90 * time.Minute).UTC().Format(time.RFC3339),
	})
}

// A weekly series: its first occurrence answers the create, the window's
// occurrences exist as events at 19:00 Berlin time whatever daylight
// saving does, the series' page lists them and says how it repeats, and
// the scheduled job adds the later dates as the window moves. The table is
// the test's own: the job fills every series due in it.
func TestWeeklySeries(t *testing.T) {
	t.Parallel()
	env := MustEnvOfItsOwn(t)
	org := env.NewOrganizer(t)
	first := env.startSeries(t, org, seriesForm(env, 2, "FREQ=WEEKLY;BYDAY=WE;COUNT=20"))
	if first.Series.ID == "" || first.Series.Position != 1 {
		t.Fatalf("the first occurrence's series: %+v", first.Series)
	}
	var s seriesAnswer
	res := env.JSON(http.MethodGet, "/api/event/series/"+first.Series.ID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &s)
	weeks := int(recurrence.Window/(7*24*time.Hour)) - 1
	if len(s.Events) < weeks || len(s.Events) > weeks+1 || s.Events[0].ID != first.ID {
		t.Fatalf("the series lists %d occurrences, want the window's (about %d)", len(s.Events), weeks)
	}
	berlin, _ := time.LoadLocation("Europe/Berlin")
	for i, e := range s.Events {
		local := e.StartTime.In(berlin)
		if local.Weekday() != time.Wednesday || local.Hour() != 19 || local.Minute() != 0 {
			t.Errorf("occurrence %d starts %s in Berlin", i+1, local)
		}
		if i > 0 && e.StartTime.Sub(s.Events[i-1].StartTime) > 7*24*time.Hour+time.Hour {
			t.Errorf("a week missing before occurrence %d", i+1)
		}
	}
	if want := "Every Wednesday, 19:00 "; len(s.RepeatText) < len(want) || s.RepeatText[:len(want)] != want {
		t.Errorf("repeat_text = %q", s.RepeatText)
	}

	// The job adds the dates the window reaches, once.
	made := len(s.Events)
	later := env.Now().Add(4 * 7 * 24 * time.Hour)
	res2, err := env.runReminders(t, later)
	if err != nil || res2.SeriesFilled < 1 {
		t.Fatalf("the job 4 weeks later: %+v, %v", res2, err)
	}
	if again, err := env.runReminders(t, later); err != nil || again.SeriesFilled != 0 {
		t.Errorf("the job again: %+v, %v", again, err)
	}
	sr := env.seriesOf(t, first.Series.ID)
	if got := len(sr.Occurrences); got < made+3 || got > made+5 {
		t.Errorf("after the job the series has %d occurrences, %d before", got, made)
	}
}

// seriesOf reads series id as the table keeps it.
func (e *Env) seriesOf(tb testing.TB, id string) domain.Series {
	tb.Helper()
	s, err := store.New(e.awsCfg, e.Config.DynamoDBEndpoint, e.Config.Table).Series(tb.Context(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// A rule outside the forms people use answers 400 on `repeat` with the
// reason, and makes nothing; a series of private events has no public
// page; cancelling a series calls off its upcoming occurrences (their
// people told), managers only, once.
func TestSeriesRefusalsAndCancel(t *testing.T) {
	t.Parallel()
	env := MustEnvOfItsOwn(t)
	org := env.NewOrganizer(t)
	for rule, want := range map[string]string{
		"FREQ=WEEKLY;BYDAY=WE;COUNT=10000": recurrence.MsgCount,
		"FREQ=DAILY;COUNT=3":               recurrence.MsgFreq,
		"FREQ=WEEKLY;BYDAY=WE":             recurrence.MsgEnd,
		"FREQ=WEEKLY;BYDAY=TH;COUNT=3":     recurrence.MsgNotStart,
	} {
		res := env.Multipart(http.MethodPost, "/api/event/create/", seriesForm(env, 2, rule), nil, org.Access)
		Expect(t, res, http.StatusBadRequest)
		if got := res.Fields(t)["repeat"]; len(got) != 1 || got[0] != want {
			t.Errorf("%q: repeat errors %v, want %q", rule, got, want)
		}
	}
	var list []Event
	res := env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &list)
	if len(list) != 0 {
		t.Errorf("refused series made %d events", len(list))
	}

	hidden := env.startSeries(t, org, evFormWith(seriesForm(env, 2, "FREQ=WEEKLY;BYDAY=WE;COUNT=3"), map[string]string{"visibility": "private"}))
	Expect(t, env.JSON(http.MethodGet, "/api/event/series/"+hidden.Series.ID+"/", nil, ""), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodGet, "/api/event/series/"+hidden.Series.ID+"/", nil, org.Access), http.StatusOK)

	first := env.startSeries(t, org, seriesForm(env, 2, "FREQ=WEEKLY;BYDAY=WE;COUNT=4"))
	ana := env.NewPerson(t)
	Expect(t, regPost(env, first.ID, ana.Access), http.StatusCreated)
	door := env.invite(t, org, org.OrganizationID, domain.RoleCheckin)
	cancel := "/api/event/series/" + first.Series.ID + "/cancel/"
	Expect(t, env.JSON(http.MethodPost, cancel, map[string]string{"message": "The park is closed."}, door.Access), http.StatusForbidden)
	Expect(t, env.JSON(http.MethodPost, cancel, map[string]string{"message": ""}, org.Access), http.StatusBadRequest)
	res = env.JSON(http.MethodPost, cancel, map[string]string{"message": "The park is closed."}, org.Access)
	Expect(t, res, http.StatusOK)
	var s seriesAnswer
	res.Decode(t, &s)
	if !s.Cancelled || len(s.Events) != 4 {
		t.Fatalf("the cancelled series: cancelled %v, %d events", s.Cancelled, len(s.Events))
	}
	for _, e := range s.Events {
		if !e.Cancelled {
			t.Errorf("occurrence %s is not cancelled", e.ID)
		}
	}
	Expect(t, env.JSON(http.MethodPost, cancel, map[string]string{"message": "Again."}, org.Access), http.StatusConflict)
	if n := countMails(t, env, ana.Email, "Cancelled: ", 1); n != 1 {
		t.Errorf("ana was told %d times", n)
	}
	// The organization's deletion takes its series with its events.
	Expect(t, env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": org.Password}, org.Access), http.StatusNoContent)
	for _, id := range []string{first.Series.ID, hidden.Series.ID} {
		if _, err := store.New(env.awsCfg, env.Config.DynamoDBEndpoint, env.Config.Table).Series(t.Context(), id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("series %s after its organization's deletion: %v", id, err)
		}
	}
}

// "This and following": an edit of the 2nd occurrence with scope=following
// changes it and every later one (the place, the time of day on each own
// date), not the 1st; their people are told; later dates the job makes
// copy it.
func TestEditThisAndFollowing(t *testing.T) {
	t.Parallel()
	env := MustEnvOfItsOwn(t)
	org := env.NewOrganizer(t)
	first := env.startSeries(t, org, seriesForm(env, 2, "FREQ=WEEKLY;BYDAY=WE;COUNT=20"))
	sr := env.seriesOf(t, first.Series.ID)
	second, third := env.GetEvent(t, sr.Occurrences[1].EventID), sr.Occurrences[2].EventID
	ana := env.NewPerson(t)
	Expect(t, regPost(env, third, ana.Access), http.StatusCreated)

	berlin, _ := time.LoadLocation("Europe/Berlin")
	at := second.StartTime.In(berlin)
	moved := time.Date(at.Year(), at.Month(), at.Day(), 18, 30, 0, 0, berlin)
	form := evFormWith(evFormOf(second), map[string]string{
		"location": "Park Gate", "time_zone": "Europe/Berlin", "scope": "following",
		"start_time": moved.UTC().Format(time.RFC3339), "end_time": moved.Add(time.Hour).UTC().Format(time.RFC3339),
	})
	Expect(t, evPatch(env, second.ID, evFormWith(form, map[string]string{"scope": "everything"}), org.Access), http.StatusBadRequest)
	Expect(t, evPatch(env, first.ID, evFormWith(evFormOf(first.Event), map[string]string{"scope": "following", "location": "Elsewhere"}), org.Access), http.StatusOK)
	Expect(t, evPatch(env, second.ID, form, org.Access), http.StatusOK)

	if got := env.GetEvent(t, first.ID).Location; got != "Elsewhere" {
		t.Errorf("the 1st occurrence's place: %q", got)
	}
	check := func(label string, ids []domain.Occurrence) {
		t.Helper()
		for _, o := range ids {
			e := env.GetEvent(t, o.EventID)
			local := e.StartTime.In(berlin)
			if e.Location != "Park Gate" || local.Hour() != 18 || local.Minute() != 30 || local.Weekday() != time.Wednesday || e.EndTime.Sub(e.StartTime) != time.Hour {
				t.Errorf("%s %s: %q at %s for %s", label, e.ID, e.Location, local, e.EndTime.Sub(e.StartTime))
			}
		}
	}
	check("a later occurrence", sr.Occurrences[1:])
	if res, err := env.runReminders(t, env.Now().Add(domain.ChangeQuietPeriod+time.Minute)); err != nil || res.Changes < 1 {
		t.Fatalf("the job after the edits' quiet period: %+v, %v", res, err)
	}
	later := env.Now().Add(10 * 7 * 24 * time.Hour)
	if res, err := env.runReminders(t, later); err != nil || res.SeriesFilled != 1 {
		t.Fatalf("the job 10 weeks later: %+v, %v", res, err)
	}
	check("an occurrence made later", env.seriesOf(t, first.Series.ID).Occurrences[len(sr.Occurrences):])
	if n := countMails(t, env, ana.Email, "Changed: ", 1); n != 1 {
		t.Errorf("ana was told of the move %d times", n)
	}
}

// A new rule for "this and following" reshapes the series from there: a
// later occurrence on one of its dates stays (with its people), one on no
// date is called off and its people told, the new dates are made.
func TestNewRuleFromHere(t *testing.T) {
	t.Parallel()
	env := MustEnvOfItsOwn(t)
	org := env.NewOrganizer(t)
	first := env.startSeries(t, org, seriesForm(env, 2, "FREQ=WEEKLY;BYDAY=WE;COUNT=8"))
	sr := env.seriesOf(t, first.Series.ID)
	second := env.GetEvent(t, sr.Occurrences[1].EventID)
	stays, goes := sr.Occurrences[3].EventID, sr.Occurrences[2].EventID
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	Expect(t, regPost(env, stays, ana.Access), http.StatusCreated)
	Expect(t, regPost(env, goes, ben.Access), http.StatusCreated)

	// From the 2nd on: every other Wednesday, 4 times.
	form := evFormWith(evFormOf(second), map[string]string{"time_zone": "Europe/Berlin", "scope": "following", "repeat": "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;COUNT=4"})
	bad := evFormWith(form, map[string]string{"repeat": "FREQ=WEEKLY;BYDAY=WE;COUNT=999"})
	Expect(t, evPatch(env, second.ID, bad, org.Access), http.StatusBadRequest)
	Expect(t, evPatch(env, second.ID, form, org.Access), http.StatusOK)

	var s seriesAnswer
	res := env.JSON(http.MethodGet, "/api/event/series/"+first.Series.ID+"/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &s)
	var live []string
	for _, e := range s.Events {
		if !e.Cancelled {
			live = append(live, e.ID)
		}
	}
	if len(live) != 5 || live[0] != first.ID || live[1] != second.ID || live[2] != stays {
		t.Errorf("the live occurrences: %v (stays %s)", live, stays)
	}
	if !strings.HasPrefix(s.RepeatText, "Every 2 weeks on Wednesday") {
		t.Errorf("repeat_text = %q", s.RepeatText)
	}
	if n := countMails(t, env, ben.Email, "Cancelled: ", 1); n != 1 {
		t.Errorf("ben, whose date was taken out, was told %d times", n)
	}
	if n := countMails(t, env, ana.Email, "Cancelled: ", 0); n != 0 {
		t.Errorf("ana, whose date stays, was told of a cancellation")
	}
}

// seriesFirst is the answer to a series' making: its first occurrence.
type seriesFirst struct {
	Event
	Series struct {
		ID       string `json:"id"`
		Position int    `json:"position"`
	} `json:"series"`
}

// startSeries makes a series of form as org and answers its first
// occurrence.
func (e *Env) startSeries(tb testing.TB, org *Account, form map[string]string) seriesFirst {
	tb.Helper()
	res := e.Multipart(http.MethodPost, "/api/event/create/", form, nil, org.Access)
	Expect(tb, res, http.StatusCreated)
	var first seriesFirst
	res.Decode(tb, &first)
	return first
}
