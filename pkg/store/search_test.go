package store_test

import (
	"context"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// TestIndexForSearchBackfillsOlderEvents: an upcoming event with no search
// entry gets one, once; a past one is left alone.
func TestIndexForSearchBackfillsOlderEvents(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	now := time.Now().UTC().Truncate(time.Second)
	var ids []string
	for _, d := range []time.Duration{48 * time.Hour, -48 * time.Hour} {
		e := domain.Event{ID: auth.NewID(), OrganizationID: "org", OrganizationName: "Harbour Club", Title: "Lantern Parade",
			Start: now.Add(d), End: now.Add(d + time.Hour), Capacity: 5}
		if err := s.CreateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		if err := s.DropSearchEntry(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	search := domain.SearchQuery{Words: []string{"lantern"}, Limit: 10}
	if found, _, err := s.Search(ctx, search, now); err != nil || len(found) != 0 {
		t.Fatalf("before: %v %v", found, err)
	}
	if n, err := s.IndexForSearch(ctx, now); err != nil || n != 1 {
		t.Fatalf("IndexForSearch = %d, %v; want 1", n, err)
	}
	if found, _, err := s.Search(ctx, domain.SearchQuery{Words: []string{"harbour", "lant"}, Limit: 10}, now); err != nil || len(found) != 1 || found[0].ID != ids[0] {
		t.Errorf("after: %v %v; want %s", found, err, ids[0])
	}
	if n, err := s.IndexForSearch(ctx, now); err != nil || n != 0 {
		t.Errorf("a second run indexed %d (%v), want 0", n, err)
	}
}
