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
	cfg, awsCfg := testenv.Config(t)
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(context.Background()); err != nil {
		t.Fatalf("create table: %v", err)
	}
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f := fixture{st: st, now: now, svc: &events.Service{
		Store: st, Now: func() time.Time { return now },
		Tickets: auth.Tickets{Key: cfg.SigningKey}, Feeds: auth.Feeds{Key: cfg.SigningKey},
	}}
	f.org = f.user(t, true)
	return f
}

// user creates an account (an organizer with its organization when
// organizer is true).
func (f fixture) user(t *testing.T, organizer bool) domain.User {
	t.Helper()
	id := auth.NewID()
	u := domain.User{ID: id, Username: "u" + id, Email: id + "@example.com", IsActive: true, Joined: f.now}
	var err error
	if organizer {
		u.IsOrganizer, u.OrganizationID = true, auth.NewID()
		o := domain.Organization{ID: u.OrganizationID, Name: "Org " + id, OwnerID: u.ID, OwnerName: u.Username, Email: u.Email}
		err = f.st.CreateOrganizer(context.Background(), u, o, time.Time{})
	} else {
		err = f.st.CreateUser(context.Background(), u, time.Time{})
	}
	if err != nil {
		t.Fatalf("create account: %v", err)
	}
	return u
}

// event creates an event of the organizer starting in an hour.
func (f fixture) event(t *testing.T, capacity int, waitlist bool) domain.Event {
	t.Helper()
	start := f.now.Add(time.Hour)
	e := domain.Event{
		ID: auth.NewID(), OrganizationID: f.org.OrganizationID, OrganizationName: "Org", Title: "Lanterns",
		Start: start, End: start.Add(time.Hour), Capacity: capacity, Waitlist: waitlist,
		Category: domain.Categories[0].ID, TimeZone: "UTC", Created: f.now,
	}
	if err := f.st.CreateEvent(context.Background(), e); err != nil {
		t.Fatalf("create event: %v", err)
	}
	return e
}

// register registers u at eventID, failing the test on an error.
func (f fixture) register(t *testing.T, u domain.User, eventID string) domain.Registration {
	t.Helper()
	re, err := f.svc.Register(context.Background(), u, eventID)
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
