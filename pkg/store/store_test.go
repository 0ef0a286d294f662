package store_test

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/store"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

func TestUpcomingEventsPageAcrossMonths(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	starts := []time.Duration{-time.Hour, 0, 24 * time.Hour, 40 * 24 * time.Hour, 70 * 24 * time.Hour, 400 * 24 * time.Hour}
	var want []string
	for _, d := range starts {
		e := domain.Event{ID: auth.NewID(), OrganizationID: "org", Title: "e", Start: now.Add(d), End: now.Add(d + time.Hour), Capacity: 5}
		if err := s.CreateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		// Started events (and one starting this very second) are not
		// upcoming; nor is one past the twelve-month horizon.
		if d > 0 && d < 365*24*time.Hour {
			want = append(want, e.ID)
		}
	}
	var got []string
	cursor := ""
	for page := 0; page < 5; page++ {
		events, next, err := s.UpcomingEvents(ctx, cursor, now, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			got = append(got, e.ID)
		}
		if next == "" {
			break
		}
		cursor = next
	}
	if len(got) != len(want) {
		t.Fatalf("listed %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d = %s, want %s (soonest first)", i, got[i], want[i])
		}
	}
	if _, _, err := s.UpcomingEvents(ctx, "garbage", now, 2); !errors.Is(err, store.ErrBadCursor) {
		t.Errorf("bad cursor: err = %v", err)
	}
}

func TestEmailChangeMovesTheReservation(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	a := domain.User{ID: auth.NewID(), Username: "ann", Email: "ann@example.com", PasswordHash: "x"}
	b := domain.User{ID: auth.NewID(), Username: "bob", Email: "bob@example.com", PasswordHash: "x"}
	for _, u := range []domain.User{a, b} {
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	moved := a
	moved.Email = "Ann.New@example.com"
	if err := s.UpdateProfile(ctx, moved, a.Email); err != nil {
		t.Fatal(err)
	}
	if u, err := s.UserByEmail(ctx, "ann.new@example.com"); err != nil || u.ID != a.ID {
		t.Errorf("new address finds %v, %v", u.ID, err)
	}
	// The old address is free for someone else; a held one is refused.
	if err := s.CreateUser(ctx, domain.User{ID: auth.NewID(), Username: "cat", Email: "ann@example.com", PasswordHash: "x"}); err != nil {
		t.Errorf("old address still reserved: %v", err)
	}
	taken := b
	taken.Email = "ANN.NEW@example.com"
	if err := s.UpdateProfile(ctx, taken, b.Email); !errors.Is(err, store.ErrEmailTaken) {
		t.Errorf("taking a held address: err = %v", err)
	}
}
