package apitest

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"turnout/pkg/events"
)

// TestRegistrationChangesAreBoundedPerAccount: one account registering
// and cancelling over and over (each change mails) is refused with 429
// and when to ask again once it used its allowance, and goes on after the
// window.
func TestRegistrationChangesAreBoundedPerAccount(t *testing.T) {
	t.Parallel()
	env := MustEnvWithoutRegistrationMail(t)
	// Start at the beginning of a window, so the loop below stays in one.
	now := env.Now()
	env.Advance(now.Truncate(events.RegistrationChangeWindow).Add(events.RegistrationChangeWindow).Sub(now))
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, 10))
	p := env.NewPerson(t)
	for range events.RegistrationChangesPerWindow / 2 {
		r := regRegister(t, env, ev.ID, p)
		Expect(t, regCancel(env, r.ID, p.Access), http.StatusNoContent)
	}
	res := regPost(env, ev.ID, p.Access)
	Expect(t, res, http.StatusTooManyRequests)
	if got := res.Detail(t); got != events.MsgTooManyChanges {
		t.Errorf("detail = %q, want %q", got, events.MsgTooManyChanges)
	}
	wait, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if err != nil || wait < 1 || wait > int(events.RegistrationChangeWindow/time.Second) {
		t.Errorf("Retry-After = %q, want the seconds left of the window", res.Header.Get("Retry-After"))
	}
	// Another account is not held back.
	regRegister(t, env, ev.ID, env.NewPerson(t))

	env.Advance(time.Duration(wait) * time.Second)
	env.Login(t, p)
	regRegister(t, env, ev.ID, p)
}
