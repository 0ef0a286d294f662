package accounts_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/events"
	"turnout/pkg/store"
	"turnout/pkg/store/storetest"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// sentMail records the messages the service hands over for sending.
type sentMail struct {
	sync.Mutex
	msgs []domain.Message
}

func (m *sentMail) Send(_ context.Context, msg domain.Message) error {
	m.Lock()
	defer m.Unlock()
	m.msgs = append(m.msgs, msg)
	return nil
}

func (m *sentMail) subjects() []string {
	m.Lock()
	defer m.Unlock()
	var out []string
	for _, msg := range m.msgs {
		out = append(out, msg.Subject)
	}
	return out
}

// fixture is the account flows on a table of their own on DynamoDB Local,
// wired as pkg/app wires them, at a fixed moment.
type fixture struct {
	svc    *accounts.Service
	events *events.Service
	st     *store.Store
	mail   *sentMail
	now    time.Time
}

const password = "correct horse battery staple"

func newFixture(t *testing.T) fixture {
	t.Helper()
	t.Parallel()
	st, cfg := storetest.New(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	ev := &events.Service{Store: st, Now: clock, Tickets: auth.Tickets{Key: cfg.SigningKey}, Feeds: auth.Feeds{Key: cfg.SigningKey}}
	mail := &sentMail{}
	svc := &accounts.Service{
		Accounts: st, SignUps: st, MailQuota: st, Logins: st, Profiles: st, Leaving: st, Events: ev,
		Mail: mail, Passwords: accounts.Argon2id{},
		Tokens: &auth.Issuer{Key: cfg.SigningKey, Issuer: "turnout", Audience: "turnout-api", AccessTTL: time.Minute, RefreshTTL: time.Hour, Now: clock},
		Links:  auth.LinkSigner{Key: cfg.SigningKey, Now: clock}, Unsubscribes: auth.Unsubscribes{Key: cfg.SigningKey},
		WebOrigin: testenv.WebOrigin, Now: clock, Sleep: accounts.SleepContext,
	}
	return fixture{svc: svc, events: ev, st: st, mail: mail, now: now}
}

// user creates an account with password (an organizer with its
// organization when organizer is true).
func (f fixture) user(t *testing.T, active, organizer bool) domain.User {
	t.Helper()
	hash, err := auth.HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	return storetest.NewAccount(t, f.st, storetest.Account{Active: active, Organizer: organizer, PasswordHash: hash, Joined: f.now})
}

// event creates an event of organizer o starting in an hour.
func (f fixture) event(t *testing.T, o domain.User, capacity int, waitlist bool) domain.Event {
	t.Helper()
	return storetest.NewEvent(t, f.st, o, storetest.Event{Start: f.now.Add(time.Hour), Capacity: capacity, Waitlist: waitlist, Created: f.now})
}

// wantError checks that err is a *domain.Error of code whose message (or
// whose field's message) begins with prefix.
func wantError(t *testing.T, err error, code domain.Code, field, prefix string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != code {
		t.Fatalf("err = %v, want %s", err, code)
	}
	msg := de.Message
	if field != "" {
		msg = strings.Join(de.Fields[field], " ")
	}
	if !strings.HasPrefix(msg, prefix) {
		t.Fatalf("err = %v, want %q", err, prefix)
	}
}
