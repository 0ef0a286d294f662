// Package storetest gives the services' tests the real store on a table of
// their own on DynamoDB Local (started by testenv.Main), and accounts and
// events written into it.
package storetest

import (
	"context"
	"net/http"
	"testing"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"

	"turnout/pkg/auth"
	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/store"
	"turnout/pkg/testenv"
)

// slowReply is how long a call may wait for DynamoDB Local's reply.
const slowReply = 30 * time.Second

// New returns a store on a fresh table, and the test's configuration (its
// signing key signs tickets and tokens).
func New(tb testing.TB) (*store.Store, config.Config) {
	tb.Helper()
	cfg, awsCfg := testenv.Config(tb)
	// DynamoDB Local on a busy machine may answer past the production
	// deadline of a reply (config.ResponseTimeout); these tests are not
	// about deadlines.
	awsCfg.HTTPClient = awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) {
		t.ResponseHeaderTimeout = slowReply
	})
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(context.Background()); err != nil {
		tb.Fatalf("storetest: create table: %v", err)
	}
	return st, cfg
}

// Account describes an account to create.
type Account struct {
	Active, Organizer bool
	// PasswordHash is the account's password as auth.HashPassword stores it.
	PasswordHash string
	Joined       time.Time
}

// NewAccount creates an account with a fresh id, username and email (an
// organizer with its organization when a.Organizer).
func NewAccount(tb testing.TB, st *store.Store, a Account) domain.User {
	tb.Helper()
	id := auth.NewID()
	u := domain.User{
		ID: id, Username: "u" + id, Email: id + "@example.com",
		PasswordHash: a.PasswordHash, IsActive: a.Active, Joined: a.Joined,
	}
	var err error
	if a.Organizer {
		u.IsOrganizer, u.OrganizationID = true, auth.NewID()
		o := domain.Organization{ID: u.OrganizationID, Name: "Org " + id, OwnerID: u.ID, OwnerName: u.Username, Email: u.Email}
		err = st.CreateOrganizer(context.Background(), u, o, time.Time{})
	} else {
		err = st.CreateUser(context.Background(), u, time.Time{})
	}
	if err != nil {
		tb.Fatalf("storetest: create account: %v", err)
	}
	return u
}

// Event describes an event to create.
type Event struct {
	Start    time.Time
	Capacity int
	Waitlist bool
	// Created is when it is made, which plans its reminders.
	Created time.Time
}

// NewEvent creates an hour-long event of organizer org.
func NewEvent(tb testing.TB, st *store.Store, org domain.User, ev Event) domain.Event {
	tb.Helper()
	e := domain.Event{
		ID: auth.NewID(), OrganizationID: org.OrganizationID, OrganizationName: "Org", Title: "Lanterns", Location: "Harbour",
		Start: ev.Start, End: ev.Start.Add(time.Hour), Capacity: ev.Capacity, Waitlist: ev.Waitlist,
		Category: domain.Categories[0].ID, TimeZone: "UTC", Created: ev.Created,
	}
	if err := st.CreateEvent(context.Background(), e); err != nil {
		tb.Fatalf("storetest: create event: %v", err)
	}
	return e
}
