package events_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/events"
	"turnout/pkg/store"
	"turnout/pkg/store/storetest"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// fixture is an events service on a table of its own on DynamoDB Local,
// with one organizer, at a fixed moment.
type fixture struct {
	svc *events.Service
	st  *store.Store
	org domain.User
	now time.Time
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	t.Parallel()
	st, cfg := storetest.New(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f := fixture{st: st, now: now, svc: &events.Service{
		Store: st, Now: func() time.Time { return now },
		Tickets: auth.Tickets{Key: cfg.SigningKey}, Feeds: auth.Feeds{Key: cfg.SigningKey},
	}}
	f.org = f.user(t, true)
	return f
}

// user creates an account (an organizer when organizer is true).
func (f fixture) user(t *testing.T, organizer bool) domain.User {
	t.Helper()
	return storetest.NewAccount(t, f.st, storetest.Account{Active: true, Organizer: organizer, Joined: f.now})
}

// event creates an event of the organizer starting in an hour.
func (f fixture) event(t *testing.T, capacity int, waitlist bool) domain.Event {
	t.Helper()
	return storetest.NewEvent(t, f.st, f.org, storetest.Event{Start: f.now.Add(time.Hour), Capacity: capacity, Waitlist: waitlist, Created: f.now})
}

// register registers u at eventID, failing the test on an error.
func (f fixture) register(t *testing.T, u domain.User, eventID string) domain.Registration {
	t.Helper()
	re, err := f.svc.Register(context.Background(), u, eventID, "", nil)
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return re.Registration
}

// wantRefusal checks that err is the *domain.Error of code and message.
func wantRefusal(t *testing.T, err error, code domain.Code, message string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != code || de.Message != message {
		t.Fatalf("err = %v, want %s %q", err, code, message)
	}
}
