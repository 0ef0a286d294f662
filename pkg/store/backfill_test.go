package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// TestBackfillBringsOlderItemsToTodaysShape: an event cancelled before
// cancelled events sank, with a seat counter that carries nothing for the
// lists, of an organization renamed and given a logo before events
// carried them, reads as one written today once Backfill has run; a
// second run changes nothing.
func TestBackfillBringsOlderItemsToTodaysShape(t *testing.T) {
	ctx := context.Background()
	s := MustStore(t)
	now := time.Now().UTC().Truncate(time.Minute)
	event := func(title string, start time.Time) domain.Event {
		e := domain.Event{
			ID: auth.NewID(), OrganizationID: TestOrganization, OrganizationName: "Org", Title: title, Location: "Quay",
			Start: start, End: start.Add(time.Hour), Capacity: 10, Category: domain.Categories[0].ID, City: "Porto", TimeZone: "Europe/Lisbon",
		}
		if err := s.CreateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	live := event("Lanterns", now.Add(48*time.Hour))
	old := event("Regatta", now.Add(24*time.Hour))

	// The older shape, written as the code of its day did.
	k, sk := eventKey(old.ID), seatsKey(old.ID)
	must(t, s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Cancelled", true).Set("CancelReason", "Flooded").Run(ctx))
	must(t, s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Set("Cancelled", true).Remove("Category", "City", "TimeZone").Run(ctx))
	ok := organizationKey(TestOrganization)
	must(t, s.table.Update(attrPK, ok.PK).Range(attrSK, ok.SK).Set("Name", "Harbour Club").Set("LogoKey", "logos/club.png").Run(ctx))

	listed := func() []domain.Event {
		t.Helper()
		events, _, err := s.UpcomingEvents(ctx, "", now, 10)
		must(t, err)
		return events
	}
	if got := listed(); len(got) != 2 || got[0].ID != old.ID {
		t.Fatalf("before: list = %v, want the old cancelled event first (the older shape)", titles(got))
	}

	done, err := s.Backfill(ctx)
	must(t, err)
	if done.Sunk != 1 || done.Counters != 1 || done.Organizations != 1 {
		t.Errorf("backfill = %+v, want 1 sunk, 1 counter, 1 organization", done)
	}
	got := listed()
	if len(got) != 2 || got[0].ID != live.ID || got[1].ID != old.ID {
		t.Fatalf("after: list = %v, want the live event, then the cancelled one", titles(got))
	}
	for _, e := range got {
		if e.OrganizationName != "Harbour Club" || e.OrganizationLogoKey != "logos/club.png" || e.City != "Porto" || e.TimeZone != "Europe/Lisbon" {
			t.Errorf("%s lists as %+v, want the organization's name and logo, its city and zone", e.Title, e)
		}
	}
	if got[1].CancelReason != "Flooded" || !got[1].Cancelled {
		t.Errorf("the cancelled event lists as %+v, want it cancelled with its reason", got[1])
	}
	e, err := s.Event(ctx, old.ID)
	must(t, err)
	if e.OrganizationLogoKey != "logos/club.png" || e.OrganizationName != "Harbour Club" {
		t.Errorf("event = %+v, want the organization's name and logo", e)
	}

	again, err := s.Backfill(ctx)
	must(t, err)
	if again.Sunk != 0 || again.Counters != 0 {
		t.Errorf("second backfill = %+v, want nothing left to change", again)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func titles(events []domain.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Title
	}
	return out
}

// TestBackfillNumbersQueuesFromBeforeTickets: three places in a queue,
// written as before tickets (keyed by their registration's id), read their
// places as the queue's length until Backfill numbers them 1 to 3; then a
// cancel from the middle moves the last up, and a second run numbers
// nothing.
func TestBackfillNumbersQueuesFromBeforeTickets(t *testing.T) {
	ctx := context.Background()
	s := MustStore(t)
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)
	e := domain.Event{ID: auth.NewID(), OrganizationID: TestOrganization, OrganizationName: "Org", Title: "Sold out",
		Start: start, End: start.Add(time.Hour), Capacity: 1, SeatsTaken: 1, Waitlist: true}
	must(t, s.CreateEvent(ctx, e))
	sk := seatsKey(e.ID)
	var waiting []domain.Attendee
	for range 3 {
		a := domain.Attendee{Registration: domain.Registration{ID: auth.NewID(), EventID: e.ID, UserID: auth.NewID(),
			Created: time.Now(), Status: domain.StatusWaitlisted}}
		for _, it := range registrationItems(a, nil) {
			must(t, s.table.Put(it).Run(ctx))
		}
		wk := waitKey(e.ID, a.ID, nil)
		must(t, s.table.Put(waitItem{PK: wk.PK, SK: wk.SK, RegistrationID: a.ID, UserID: a.UserID}).Run(ctx))
		must(t, s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Add("Waiting", 1).Run(ctx))
		waiting = append(waiting, a)
	}
	places := func() []int {
		t.Helper()
		var out []int
		for _, a := range waiting {
			got, err := s.Attendee(ctx, e.ID, a.UserID)
			if errors.Is(err, domain.ErrNotFound) {
				continue
			}
			must(t, err)
			out = append(out, got.Position)
		}
		return out
	}
	if got := places(); !slices.Equal(got, []int{3, 3, 3}) {
		t.Errorf("before: places %v, want the queue's length for each", got)
	}
	done, err := s.Backfill(ctx)
	must(t, err)
	if done.Queued != 3 {
		t.Errorf("backfill numbered %d places, want 3", done.Queued)
	}
	if got := places(); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("after: places %v, want 1, 2, 3", got)
	}
	must(t, s.CancelRegistration(ctx, waiting[1].Registration))
	if got := places(); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("after the second left: places %v, want 1, 2", got)
	}
	again, err := s.Backfill(ctx)
	must(t, err)
	if again.Queued != 0 {
		t.Errorf("second backfill numbered %d places, want none", again.Queued)
	}
}
