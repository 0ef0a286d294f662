package accounts_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/domain"
)

// TestDeleteAccount: every outcome of deleting an account, and what a
// deletion leaves of the account's registrations and events.
func TestDeleteAccount(t *testing.T) {
	tests := []struct {
		name string
		// setup returns the account and the password given; check looks
		// at what the deletion left.
		setup      func(t *testing.T, f fixture) (domain.User, string, func(t *testing.T))
		wantCode   domain.Code
		wantField  string
		wantPrefix string
	}{
		{"no password", func(t *testing.T, f fixture) (domain.User, string, func(t *testing.T)) {
			return f.user(t, true, false), "", nil
		}, domain.CodeInvalid, "password", domain.MsgRequired},
		{"a wrong password", func(t *testing.T, f fixture) (domain.User, string, func(t *testing.T)) {
			return f.user(t, true, false), "wrong password", nil
		}, domain.CodeInvalid, "password", accounts.MsgDeletePassword},
		{"a person: the seat passes to the first waiting", func(t *testing.T, f fixture) (domain.User, string, func(t *testing.T)) {
			u, org := f.user(t, true, false), f.user(t, true, true)
			e := f.event(t, org, 1, true)
			register(t, f, u, e.ID)
			register(t, f, f.user(t, true, false), e.ID)
			return u, password, func(t *testing.T) { wantSeats(t, f, e.ID, 1, 0) }
		}, "", "", ""},
		{"an organizer: its events are deleted", func(t *testing.T, f fixture) (domain.User, string, func(t *testing.T)) {
			org := f.user(t, true, true)
			e := f.event(t, org, 3, false)
			register(t, f, f.user(t, true, false), e.ID)
			return org, password, func(t *testing.T) {
				if _, err := f.events.Event(context.Background(), e.ID); domain.ErrorCode(err) != domain.CodeNotFound {
					t.Errorf("the organizer's event after the deletion: err %v, want not found", err)
				}
			}
		}, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			u, pw, check := tt.setup(t, f)
			err := f.svc.DeleteAccount(context.Background(), u, pw)
			if tt.wantCode != "" {
				wantError(t, err, tt.wantCode, tt.wantField, tt.wantPrefix)
				if _, err := f.st.User(context.Background(), u.ID); err != nil {
					t.Errorf("a refused deletion removed the account: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("delete: %v", err)
			}
			if _, err := f.st.User(context.Background(), u.ID); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("the account after its deletion: err %v, want not found", err)
			}
			if !slices.Contains(f.mail.subjects(), "Your Turnout account is deleted") {
				t.Errorf("mailed %q, want the deletion's confirmation", f.mail.subjects())
			}
			check(t)
		})
	}
}

// TestDeletionOutOfTimeIsFinishedByAskingAgain: a deletion whose request
// has too little time left leaves the events for the next request, which
// finishes it.
func TestDeletionOutOfTimeIsFinishedByAskingAgain(t *testing.T) {
	f := newFixture(t)
	u, org := f.user(t, true, false), f.user(t, true, true)
	e := f.event(t, org, 2, false)
	register(t, f, u, e.ID)
	// A request whose time is within what a deletion keeps in reserve; its
	// calls are not cut short, so only the deletion's own plan is tested.
	short := dueContext{Context: context.Background(), deadline: time.Now().Add(2 * time.Second)}
	err := f.svc.DeleteAccount(short, u, password)
	wantError(t, err, domain.CodeUnavailable, "", accounts.MsgDeletionUnfinished)
	if err := f.svc.DeleteAccount(context.Background(), u, password); err != nil {
		t.Fatalf("asked again: %v", err)
	}
	wantSeats(t, f, e.ID, 0, 0)
}

func register(t *testing.T, f fixture, u domain.User, eventID string) {
	t.Helper()
	if _, err := f.events.Register(context.Background(), u, eventID, "", nil); err != nil {
		t.Fatalf("register: %v", err)
	}
}

// wantSeats checks an event's seats taken and people waiting.
func wantSeats(t *testing.T, f fixture, eventID string, seated, waiting int) {
	t.Helper()
	e, err := f.events.Event(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	if e.SeatsTaken != seated || e.Waiting != waiting {
		t.Errorf("event: %d seated, %d waiting; want %d, %d", e.SeatsTaken, e.Waiting, seated, waiting)
	}
}

// dueContext reports a deadline but never ends.
type dueContext struct {
	context.Context
	deadline time.Time
}

func (c dueContext) Deadline() (time.Time, bool) { return c.deadline, true }
