package events_test

import (
	"context"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/events"
)

// TestRegister: every outcome of a registration.
func TestRegister(t *testing.T) {
	tests := []struct {
		name string
		// setup returns the person registering and the event id.
		setup      func(t *testing.T, f fixture) (domain.User, string)
		wantStatus domain.RegistrationStatus
		wantCode   domain.Code
		wantMsg    string
	}{
		{"a free seat", func(t *testing.T, f fixture) (domain.User, string) {
			return f.user(t, false), f.event(t, 2, false).ID
		}, domain.StatusRegistered, "", ""},
		{"full, onto the waitlist", func(t *testing.T, f fixture) (domain.User, string) {
			e := f.event(t, 1, true)
			f.register(t, f.user(t, false), e.ID)
			return f.user(t, false), e.ID
		}, domain.StatusWaitlisted, "", ""},
		{"full without a waitlist", func(t *testing.T, f fixture) (domain.User, string) {
			e := f.event(t, 1, false)
			f.register(t, f.user(t, false), e.ID)
			return f.user(t, false), e.ID
		}, "", domain.CodeConflict, events.MsgEventFull},
		{"already registered", func(t *testing.T, f fixture) (domain.User, string) {
			u, e := f.user(t, false), f.event(t, 2, false)
			f.register(t, u, e.ID)
			return u, e.ID
		}, "", domain.CodeConflict, events.MsgAlreadyRegistered},
		{"started", func(t *testing.T, f fixture) (domain.User, string) {
			e := f.event(t, 2, false)
			f.svc.Now = func() time.Time { return e.Start }
			return f.user(t, false), e.ID
		}, "", domain.CodeConflict, events.MsgEventStarted},
		{"cancelled", func(t *testing.T, f fixture) (domain.User, string) {
			e := f.event(t, 2, false)
			if _, err := f.svc.CancelEvent(context.Background(), f.org, e.ID, events.CancelInput{Message: "Rain."}); err != nil {
				t.Fatal(err)
			}
			return f.user(t, false), e.ID
		}, "", domain.CodeConflict, events.MsgEventCancelled},
		{"the account is being deleted", func(t *testing.T, f fixture) (domain.User, string) {
			u := f.user(t, false)
			if err := f.st.MarkDeleting(context.Background(), u); err != nil {
				t.Fatal(err)
			}
			return u, f.event(t, 2, false).ID
		}, "", domain.CodeConflict, events.MsgAccountDeleting},
		{"no such event", func(t *testing.T, f fixture) (domain.User, string) {
			return f.user(t, false), auth.NewID()
		}, "", domain.CodeNotFound, events.MsgEventNotFound},
		{"a malformed event id", func(t *testing.T, f fixture) (domain.User, string) {
			return f.user(t, false), "../x"
		}, "", domain.CodeNotFound, events.MsgEventNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			u, eventID := tt.setup(t, f)
			re, err := f.svc.Register(context.Background(), u, eventID, "", nil)
			if tt.wantCode != "" {
				wantRefusal(t, err, tt.wantCode, tt.wantMsg)
				return
			}
			if err != nil {
				t.Fatalf("register: %v", err)
			}
			if re.Registration.Status != tt.wantStatus || re.Event.ID != eventID {
				t.Errorf("registration %+v at %s, want %s at %s", re.Registration, re.Event.ID, tt.wantStatus, eventID)
			}
			if tt.wantStatus == domain.StatusWaitlisted && re.Registration.Position != 1 {
				t.Errorf("position %d, want 1", re.Registration.Position)
			}
		})
	}
}

// TestCancel: every outcome of giving a registration up.
func TestCancel(t *testing.T) {
	tests := []struct {
		name string
		// setup returns who cancels, the registration id and the event.
		setup    func(t *testing.T, f fixture) (domain.User, string, domain.Event)
		wantCode domain.Code
		wantMsg  string
		// seated and waiting are the event's counts after the cancel.
		seated, waiting int
	}{
		{"a seat, given back", func(t *testing.T, f fixture) (domain.User, string, domain.Event) {
			u, e := f.user(t, false), f.event(t, 2, false)
			return u, f.register(t, u, e.ID).ID, e
		}, "", "", 0, 0},
		{"a seat, passed to the first waiting", func(t *testing.T, f fixture) (domain.User, string, domain.Event) {
			u, e := f.user(t, false), f.event(t, 1, true)
			r := f.register(t, u, e.ID)
			f.register(t, f.user(t, false), e.ID)
			return u, r.ID, e
		}, "", "", 1, 0},
		{"a place on the waitlist", func(t *testing.T, f fixture) (domain.User, string, domain.Event) {
			u, e := f.user(t, false), f.event(t, 1, true)
			f.register(t, f.user(t, false), e.ID)
			return u, f.register(t, u, e.ID).ID, e
		}, "", "", 1, 0},
		{"someone else's", func(t *testing.T, f fixture) (domain.User, string, domain.Event) {
			e := f.event(t, 2, false)
			return f.user(t, false), f.register(t, f.user(t, false), e.ID).ID, e
		}, domain.CodeForbidden, events.MsgNotYourRegistration, 1, 0},
		{"no such registration", func(t *testing.T, f fixture) (domain.User, string, domain.Event) {
			return f.user(t, false), auth.NewID(), f.event(t, 2, false)
		}, domain.CodeNotFound, events.MsgRegistrationNotFound, 0, 0},
		{"a malformed id", func(t *testing.T, f fixture) (domain.User, string, domain.Event) {
			return f.user(t, false), "x", f.event(t, 2, false)
		}, domain.CodeNotFound, events.MsgRegistrationNotFound, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			u, regID, e := tt.setup(t, f)
			err := f.svc.Cancel(context.Background(), u, regID)
			if tt.wantCode != "" {
				wantRefusal(t, err, tt.wantCode, tt.wantMsg)
			} else if err != nil {
				t.Fatalf("cancel: %v", err)
			}
			got, err := f.svc.Event(context.Background(), e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.SeatsTaken != tt.seated || got.Waiting != tt.waiting {
				t.Errorf("after the cancel: %d seated, %d waiting; want %d, %d", got.SeatsTaken, got.Waiting, tt.seated, tt.waiting)
			}
		})
	}
}

// TestCheckIn: every outcome of checking a person in at the door.
func TestCheckIn(t *testing.T) {
	tests := []struct {
		name string
		// setup returns who checks in, the event id and what is sent.
		setup       func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput)
		wantAlready bool
		wantCode    domain.Code
		wantMsg     string
	}{
		{"by registration id", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e := f.event(t, 2, false)
			return f.org, e.ID, events.CheckInInput{RegistrationID: f.register(t, f.user(t, false), e.ID).ID}
		}, false, "", ""},
		{"by the ticket's code", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e := f.event(t, 2, false)
			return f.org, e.ID, events.CheckInInput{Code: f.svc.Ticket(f.register(t, f.user(t, false), e.ID))}
		}, false, "", ""},
		{"a second time", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e := f.event(t, 2, false)
			in := events.CheckInInput{RegistrationID: f.register(t, f.user(t, false), e.ID).ID}
			if _, _, err := f.svc.CheckIn(context.Background(), f.org, e.ID, in); err != nil {
				t.Fatal(err)
			}
			return f.org, e.ID, in
		}, true, "", ""},
		{"on the waitlist", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e := f.event(t, 1, true)
			f.register(t, f.user(t, false), e.ID)
			return f.org, e.ID, events.CheckInInput{RegistrationID: f.register(t, f.user(t, false), e.ID).ID}
		}, false, domain.CodeConflict, events.MsgTicketWaitlisted},
		{"a ticket of another event", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e, other := f.event(t, 2, false), f.event(t, 2, false)
			return f.org, e.ID, events.CheckInInput{Code: f.svc.Ticket(f.register(t, f.user(t, false), other.ID))}
		}, false, domain.CodeConflict, events.MsgTicketOtherEvent},
		{"a registration of another event", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e, other := f.event(t, 2, false), f.event(t, 2, false)
			return f.org, e.ID, events.CheckInInput{RegistrationID: f.register(t, f.user(t, false), other.ID).ID}
		}, false, domain.CodeConflict, events.MsgTicketOtherEvent},
		{"a cancelled ticket", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			u, e := f.user(t, false), f.event(t, 2, false)
			r := f.register(t, u, e.ID)
			if err := f.svc.Cancel(context.Background(), u, r.ID); err != nil {
				t.Fatal(err)
			}
			return f.org, e.ID, events.CheckInInput{Code: f.svc.Ticket(r)}
		}, false, domain.CodeConflict, events.MsgTicketCancelled},
		{"a forged code", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			return f.org, f.event(t, 2, false).ID, events.CheckInInput{Code: "forged"}
		}, false, domain.CodeInvalid, events.MsgTicketInvalid},
		{"neither code nor id", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			return f.org, f.event(t, 2, false).ID, events.CheckInInput{}
		}, false, domain.CodeInvalid, events.MsgCheckInNeedsOne},
		{"no such registration", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			return f.org, f.event(t, 2, false).ID, events.CheckInInput{RegistrationID: auth.NewID()}
		}, false, domain.CodeNotFound, events.MsgRegistrationNotFound},
		{"not the event's organizer", func(t *testing.T, f fixture) (domain.User, string, events.CheckInInput) {
			e := f.event(t, 2, false)
			return f.user(t, true), e.ID, events.CheckInInput{RegistrationID: f.register(t, f.user(t, false), e.ID).ID}
		}, false, domain.CodeForbidden, events.MsgNotOwner},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			u, eventID, in := tt.setup(t, f)
			a, already, err := f.svc.CheckIn(context.Background(), u, eventID, in)
			if tt.wantCode != "" {
				wantRefusal(t, err, tt.wantCode, tt.wantMsg)
				return
			}
			if err != nil {
				t.Fatalf("check in: %v", err)
			}
			if already != tt.wantAlready || a.CheckedIn.IsZero() {
				t.Errorf("checked in at %v, already %v; want a time, already %v", a.CheckedIn, already, tt.wantAlready)
			}
		})
	}
}
