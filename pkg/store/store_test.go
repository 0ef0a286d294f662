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
		// upcoming.
		if d > 0 {
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
	if _, _, err := s.UpcomingEvents(ctx, "garbage", now, 2); !errors.Is(err, domain.ErrBadCursor) {
		t.Errorf("bad cursor: err = %v", err)
	}
}

func TestEmailChangeMovesTheReservation(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	a := domain.User{ID: auth.NewID(), Username: "ann", Email: "ann@example.com", PasswordHash: "x"}
	b := domain.User{ID: auth.NewID(), Username: "bob", Email: "bob@example.com", PasswordHash: "x"}
	for _, u := range []domain.User{a, b} {
		if err := s.CreateUser(ctx, u, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.UpdateProfile(ctx, a, "Ann.New@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UserByEmail(ctx, "ann.new@example.com"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("a pending address is reserved already: %v", err)
	}
	pending, err := s.User(ctx, a.ID)
	if err != nil || pending.Email != a.Email || pending.PendingEmail != "Ann.New@example.com" {
		t.Fatalf("after request: %+v, %v", pending, err)
	}
	if err := s.ConfirmEmail(ctx, pending); err != nil {
		t.Fatal(err)
	}
	if u, err := s.UserByEmail(ctx, "ann.new@example.com"); err != nil || u.ID != a.ID || u.PendingEmail != "" {
		t.Errorf("new address finds %+v, %v", u, err)
	}
	// Confirming the same change again finds the account moved on.
	if err := s.ConfirmEmail(ctx, pending); !errors.Is(err, domain.ErrEmailChangeStale) {
		t.Errorf("second confirmation: err = %v", err)
	}
	// The old address is free for someone else; a held one is refused.
	if err := s.CreateUser(ctx, domain.User{ID: auth.NewID(), Username: "cat", Email: "ann@example.com", PasswordHash: "x"}, time.Time{}); err != nil {
		t.Errorf("old address still reserved: %v", err)
	}
	taken := b
	taken.PendingEmail = "ANN.NEW@example.com"
	if err := s.UpdateProfile(ctx, b, taken.PendingEmail); err != nil {
		t.Fatal(err)
	}
	if err := s.ConfirmEmail(ctx, taken); !errors.Is(err, domain.ErrEmailTaken) {
		t.Errorf("taking a held address: err = %v", err)
	}
}

// A sign-up that is never activated expires whole; activation keeps it.
func TestPendingAccountsExpireUnlessActivated(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	now := time.Now().UTC().Truncate(time.Second)
	expires := now.Add(72 * time.Hour)
	u := domain.User{ID: auth.NewID(), Username: "olga", Email: "olga@example.org", PasswordHash: "x", IsOrganizer: true, OrganizationID: auth.NewID(), Joined: now}
	o := domain.Organization{ID: u.OrganizationID, Name: "Olga's", OwnerID: u.ID, OwnerName: u.Username, Email: u.Email}
	if err := s.CreateOrganizer(ctx, u, o, expires); err != nil {
		t.Fatal(err)
	}
	got, err := s.Expiries(ctx, u.ID, u.Username, u.Email, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range got {
		if !e.Equal(expires) {
			t.Errorf("item %d expires %v, want %v", i, e, expires)
		}
	}
	u.ImageKey = ""
	if err := s.Activate(ctx, u, "media/logos/x.png"); err != nil {
		t.Fatal(err)
	}
	if got, err = s.Expiries(ctx, u.ID, u.Username, u.Email, o.ID); err != nil {
		t.Fatal(err)
	}
	for i, e := range got {
		if !e.IsZero() {
			t.Errorf("item %d still expires at %v after activation", i, e)
		}
	}
	if org, err := s.Organization(ctx, o.ID); err != nil || org.LogoKey != "media/logos/x.png" {
		t.Errorf("logo after activation = %q, %v", org.LogoKey, err)
	}
	if err := s.Activate(ctx, u, ""); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("second activation: err = %v", err)
	}
}

// DynamoDB deletes expired items only some time later; until then they
// must not hold a username or an address.
func TestExpiredReservationsAreFree(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	then := time.Now().UTC().Add(-100 * time.Hour).Truncate(time.Second)
	old := domain.User{ID: auth.NewID(), Username: "pat", Email: "pat@example.com", PasswordHash: "x", Joined: then}
	if err := s.CreateUser(ctx, old, then.Add(72*time.Hour)); err != nil {
		t.Fatal(err)
	}
	again := domain.User{ID: auth.NewID(), Username: "pat", Email: "pat@example.com", PasswordHash: "y", Joined: time.Now().UTC()}
	if err := s.CreateUser(ctx, again, again.Joined.Add(72*time.Hour)); err != nil {
		t.Fatalf("expired reservation still held: %v", err)
	}
	if u, err := s.UserByEmail(ctx, "pat@example.com"); err != nil || u.ID != again.ID {
		t.Errorf("address finds %v, %v", u.ID, err)
	}
	live := domain.User{ID: auth.NewID(), Username: "pat", Email: "pat2@example.com", PasswordHash: "z", Joined: time.Now().UTC()}
	if err := s.CreateUser(ctx, live, time.Time{}); !errors.Is(err, domain.ErrUsernameTaken) {
		t.Errorf("live reservation: err = %v", err)
	}
}
