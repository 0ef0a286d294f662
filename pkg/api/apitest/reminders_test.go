package apitest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"turnout/pkg/domain"
	"turnout/pkg/reminders"
	"turnout/pkg/store"
)

// runReminders runs the reminder function's job once with its clock at at,
// through a client of its own (opts added), its AWS calls recorded as the
// reminders function's.
func (e *Env) runReminders(tb testing.TB, at time.Time, opts ...func(*dynamodb.Options)) (reminders.Result, error) {
	tb.Helper()
	job := reminders.Job{Store: store.New(e.awsCfg, e.Config.DynamoDBEndpoint, e.Config.Table, opts...), Now: func() time.Time { return at }}
	return job.Run(context.WithValue(tb.Context(), functionKey{}, "reminders"))
}

// mustRunReminders is runReminders that fails the test on an error and
// checks how many reminders were handed over.
func (e *Env) mustRunReminders(tb testing.TB, at time.Time, wantSent int) {
	tb.Helper()
	res, err := e.runReminders(tb, at)
	if err != nil || res.Sent != wantSent {
		tb.Fatalf("reminder job at %s = %+v, %v; want %d handed over", at.Format(time.RFC3339), res, err, wantSent)
	}
}

// tellChanges runs the reminder job once the quiet period after the
// API's last edits is over, and checks how many change notices it handed
// over.
func (e *Env) tellChanges(tb testing.TB, wantChanges int) reminders.Result {
	tb.Helper()
	at := e.Now().Add(domain.ChangeQuietPeriod + time.Minute)
	res, err := e.runReminders(tb, at)
	if err != nil || res.Changes != wantChanges {
		tb.Fatalf("reminder job at %s = %+v, %v; want %d change notices handed over", at.Format(time.RFC3339), res, err, wantChanges)
	}
	return res
}

// countMails counts the mails to who whose subject starts with prefix once
// want of them have come (or 15 s have passed: a fan-out's mails go in no
// set order, each waiting for its place in the sending rate), and a moment
// more for any extra on its way.
func countMails(t *testing.T, env *Env, who, prefix string, want int) int {
	t.Helper()
	count := func() int {
		n := 0
		for _, m := range mailsAbout(t, env, who, "") {
			if strings.HasPrefix(m, prefix) {
				n++
			}
		}
		return n
	}
	for deadline := time.Now().Add(15 * time.Second); count() < want && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(400 * time.Millisecond)
	return count()
}

// TestRemindersReachEveryoneRegisteredOnce: the 24-hour reminder goes at
// its moment, once, to each person registered before it who wants it —
// not to a cancelled registration, a later one or who turned it off —
// however often and however concurrently the job runs; it carries the
// event in its own zone, the ticket, the calendar file, the way to cancel
// and one-click unsubscribe, which turns off that reminder only; the
// 1-hour reminder follows.
func TestRemindersReachEveryoneRegisteredOnce(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	start := env.Now().Add(24*time.Hour + 2*time.Minute).UTC().Truncate(time.Second)
	form := evFormWith(evSoonForm(env, 24*time.Hour+2*time.Minute, 10), map[string]string{"title": "Lantern Walk", "time_zone": "Europe/Berlin"})
	ev := env.CreateEvent(t, org, form)
	ana, ben, eva := env.NewPerson(t), env.NewPerson(t), env.NewPerson(t)
	seat := map[*Account]regItem{}
	for _, p := range []*Account{ana, ben, eva} {
		seat[p] = regRegister(t, env, ev.ID, p)
	}
	Expect(t, regCancel(env, seat[ben].ID, ben.Access), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodPut, "/api/user/notifications/", map[string]bool{"reminder_24h": false}, eva.Access), http.StatusOK)
	// Registered after the reminder's moment: it does not come late.
	env.Advance(3 * time.Minute)
	gus := env.NewPerson(t)
	regRegister(t, env, ev.ID, gus)

	due := start.Add(-24 * time.Hour)
	env.mustRunReminders(t, due.Add(-time.Second), 0)
	// Two runs at once, then a third: the reminder is handed over once.
	var wg sync.WaitGroup
	sent := make([]int, 2)
	for i := range sent {
		wg.Go(func() {
			res, err := env.runReminders(t, due.Add(4*time.Minute))
			if err != nil {
				t.Errorf("overlapping run: %v", err)
			}
			sent[i] = res.Sent
		})
	}
	wg.Wait()
	if sent[0]+sent[1] != 1 {
		t.Fatalf("two overlapping runs handed over %v reminders, want 1 in all", sent)
	}
	env.mustRunReminders(t, due.Add(5*time.Minute), 0)

	m := regMail(t, env, ana.Email, "Tomorrow: Lantern Walk")
	for _, want := range []string{
		"starts tomorrow", "Lantern Walk", "Where: Side Room",
		// (No "–" after the start: past 23:00 in Berlin the end is told with its day.)
		"When: " + start.In(berlin(t)).Format("Mon, 2 Jan 2006, 15:04"), start.In(berlin(t)).Format("MST") + " (Europe/Berlin)",
		"Your ticket code: ", env.Config.WebOrigin + "/event/detail?id=" + ev.ID, "cancel your registration",
		env.Config.WebOrigin + "/unsubscribe?t=",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the reminder does not say %q:\n%s", want, m.Text)
		}
	}
	if len(m.Attachments) != 1 || !strings.Contains(string(m.Attachments[0].Data), "UID:"+ev.ID) {
		t.Errorf("the reminder carries %d attachments, want the event's calendar file", len(m.Attachments))
	}
	for who, want := range map[*Account]int{ana: 1, ben: 0, eva: 0, gus: 0} {
		if got := countMails(t, env, who.Email, "Tomorrow: ", want); got != want {
			t.Errorf("%s got %d 24-hour reminders, want %d", who.Username, got, want)
		}
	}

	// One click turns the 24-hour reminder off, and nothing else.
	oneClick := strings.TrimPrefix(strings.Trim(m.Headers["List-Unsubscribe"], "<>"), env.Config.WebOrigin)
	if !strings.HasPrefix(oneClick, "/api/user/unsubscribe/") || m.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
		t.Fatalf("headers = %v", m.Headers)
	}
	Expect(t, env.Request(http.MethodPost, oneClick, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"), ""), http.StatusOK)
	var settings map[string]bool
	env.JSON(http.MethodGet, "/api/user/notifications/", nil, ana.Access).Decode(t, &settings)
	if settings["reminder_24h"] || !settings["reminder_1h"] || !settings["event_changes"] || !settings["organizer_messages"] {
		t.Errorf("after one click: %v, want only the 24-hour reminder off", settings)
	}

	env.mustRunReminders(t, start.Add(-59*time.Minute), 1)
	regMail(t, env, ana.Email, "Starting in 1 hour: Lantern Walk")
	for who, want := range map[*Account]int{ana: 1, ben: 0, eva: 1, gus: 1} {
		if got := countMails(t, env, who.Email, "Starting in 1 hour: ", want); got != want {
			t.Errorf("%s got %d 1-hour reminders, want %d", who.Username, got, want)
		}
	}
}

func berlin(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestRemindersMoveWithTheEvent: a moved event's reminders come at the new
// time, none at the old; a reminder listed before a move is not handed
// over after it; a cancelled or deleted event reminds nobody.
func TestRemindersMoveWithTheEvent(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ana := env.NewPerson(t)
	form := evFormWith(evSoonForm(env, 24*time.Hour+10*time.Minute, 10), map[string]string{"title": "Moving Choir"})
	ev := env.CreateEvent(t, org, form)
	regRegister(t, env, ev.ID, ana)
	oldDue := ev.StartTime.Add(-24 * time.Hour)

	// A run lists the reminder, then the event moves two hours later.
	st := store.New(env.awsCfg, env.Config.DynamoDBEndpoint, env.Config.Table)
	due, err := st.Due(t.Context(), oldDue.Add(time.Minute))
	listed := due.Reminders
	if err != nil || len(listed) != 1 {
		t.Fatalf("due reminders = %v, %v; want the one", listed, err)
	}
	moved := ev.StartTime.Add(2 * time.Hour)
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{
		"start_time": moved.Format(time.RFC3339), "end_time": moved.Add(time.Hour).Format(time.RFC3339),
	}), org.Access), http.StatusOK)
	if err := st.HandOverReminder(t.Context(), listed[0]); !errors.Is(err, domain.ErrReminderGone) {
		t.Errorf("handing over a reminder of the old start = %v, want ErrReminderGone", err)
	}
	env.mustRunReminders(t, oldDue.Add(time.Minute), 0)
	env.mustRunReminders(t, moved.Add(-24*time.Hour).Add(time.Minute), 1)
	m := regMail(t, env, ana.Email, "Tomorrow: Moving Choir")
	if want := moved.UTC().Format("15:04"); !strings.Contains(m.Text, want) {
		t.Errorf("the reminder does not tell the new time %s:\n%s", want, m.Text)
	}
	if got := countMails(t, env, ana.Email, "Tomorrow: ", 1); got != 1 {
		t.Errorf("%d reminders, want 1", got)
	}

	// Called off: no reminder.
	for _, callOff := range []func(id string){
		func(id string) {
			Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+id+"/cancel/", map[string]string{"message": "Rain."}, org.Access), http.StatusOK)
		},
		func(id string) {
			Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+id+"/", nil, org.Access), http.StatusNoContent)
		},
	} {
		off := env.CreateEvent(t, org, form)
		regRegister(t, env, off.ID, ana)
		callOff(off.ID)
		res, err := env.runReminders(t, off.StartTime.Add(-24*time.Hour).Add(time.Minute))
		if err != nil || res.Sent != 0 {
			t.Errorf("reminders of a called-off event: %+v, %v; want none", res, err)
		}
	}
}

// TestReminderRunCutShortIsFinishedByTheNext: a run that dies after
// handing over one of two due reminders leaves the other for the next
// run, and everyone gets each reminder once.
func TestReminderRunCutShortIsFinishedByTheNext(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ana := env.NewPerson(t)
	var at time.Time
	for _, title := range []string{"First Fair", "Second Fair"} {
		ev := env.CreateEvent(t, org, evFormWith(evSoonForm(env, 24*time.Hour+5*time.Minute, 10), map[string]string{"title": title}))
		regRegister(t, env, ev.ID, ana)
		at = ev.StartTime.Add(-24 * time.Hour).Add(time.Minute)
	}
	crash := &writeCrash{}
	crash.arm(1)
	res, err := env.runReminders(t, at, crash.option())
	if !errors.Is(err, errCrashed) || res.Sent != 1 {
		t.Fatalf("the cut-short run = %+v, %v; want 1 handed over and the crash", res, err)
	}
	env.mustRunReminders(t, at, 1)
	env.mustRunReminders(t, at, 0)
	regMail(t, env, ana.Email, "Tomorrow: First Fair")
	regMail(t, env, ana.Email, "Tomorrow: Second Fair")
	if got := countMails(t, env, ana.Email, "Tomorrow: ", 2); got != 2 {
		t.Errorf("%d reminders, want one per event", got)
	}
}

// TestAnEditAfterTheMomentKeepsTheReminder: an organizer who edits the
// event just after a reminder's moment, before the job has run, does not
// cancel that reminder.
func TestAnEditAfterTheMomentKeepsTheReminder(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ana := env.NewPerson(t)
	ev := env.CreateEvent(t, org, evFormWith(evSoonForm(env, 24*time.Hour+2*time.Minute, 10), map[string]string{"title": "Edited Walk"}))
	regRegister(t, env, ev.ID, ana)
	env.Advance(3 * time.Minute)
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"description": "Bring a lantern."}), org.Access), http.StatusOK)
	env.mustRunReminders(t, ev.StartTime.Add(-24*time.Hour+4*time.Minute), 1)
	regMail(t, env, ana.Email, "Tomorrow: Edited Walk")
}
