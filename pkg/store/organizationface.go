package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An event carries its organization's name and logo (its lists, its
// search words, its page's host card), copied when it is created, so
// showing an event reads no organization. When the organization changes,
// the table's stream brings the change (domain.OrganizationWritten) and
// CopyOrganizationToEvents brings it to each of its events.

// faceItem is what the copy reads of an event: what it may change, and
// what the search words are made of.
type faceItem struct {
	ID, OrganizationName, OrganizationLogoKey string
	Title, Location, City, Description        string
	StartsAt                                  string
	Deleting                                  bool
}

// words is the event's text as its find keys read it, with its
// organization named name.
func (it faceItem) words(name string) domain.Event {
	start, _ := time.Parse(sortTimeLayout, it.StartsAt)
	return domain.Event{ID: it.ID, Start: start, Title: it.Title, Location: it.Location, City: it.City, Description: it.Description, OrganizationName: name}
}

var faceAttrs = []string{"ID", "OrganizationName", "OrganizationLogoKey", "Title", "Location", "City", "Description", "StartsAt", "Deleting"}

// CopyOrganizationToEvents writes o's name and logo on each of its events
// that shows others: one Query of each of its partitions of the owned index, one BatchGetItem per
// 100 events and one UpdateItem per event that changes. An event being
// deleted meanwhile is left alone; running it again changes nothing.
func (s *Store) CopyOrganizationToEvents(ctx context.Context, o domain.Organization) error {
	fail := func(err error) error { return fmt.Errorf("copy organization %s to its events: %w", o.ID, err) }
	var owned []struct{ ID string }
	for _, pk := range []string{organizationEventsPK(o.ID), unlistedEventsPK(o.ID)} {
		var part []struct{ ID string }
		if err := s.table.Get(attrGSI2PK, pk).Index(IndexOwned).Project("ID").All(ctx, &part); err != nil {
			return fail(err)
		}
		owned = append(owned, part...)
	}
	keys := make([]dynamo.Keyed, len(owned))
	for i, e := range owned {
		k := eventKey(e.ID)
		keys[i] = dynamo.Keys{k.PK, k.SK}
	}
	if len(keys) == 0 {
		return nil
	}
	var items []faceItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).Project(faceAttrs...).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return fail(err)
	}
	for _, it := range items {
		if err := s.copyFace(ctx, o, it); err != nil {
			return fail(err)
		}
	}
	return nil
}

// copyFace writes o's name and logo on the event it, unless it shows
// them: first the logo on its seat counter (which the lists read), then
// both on the event, so a retry after a failure between the two finds the
// event still to do.
func (s *Store) copyFace(ctx context.Context, o domain.Organization, it faceItem) error {
	if it.Deleting || (it.OrganizationName == o.Name && it.OrganizationLogoKey == o.LogoKey) {
		return nil
	}
	// Its name is among the words it is found by, while it is to come.
	var found *findChange
	if was := it.words(it.OrganizationName); was.Start.After(time.Now()) {
		c := newFindChange(&was, it.words(o.Name))
		if err := s.findBefore(ctx, c); err != nil {
			return fmt.Errorf("event %s: %w", it.ID, err)
		}
		found = &c
	}
	k, sk := eventKey(it.ID), seatsKey(it.ID)
	counter := s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).If("attribute_exists(PK)")
	event := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("OrganizationName", o.Name).
		Set("Words", eventWords(it.words(o.Name))).
		If("attribute_exists(PK) AND attribute_not_exists(Deleting)")
	for _, up := range []*dynamo.Update{counter, event} {
		if o.LogoKey == "" {
			up.Remove("OrganizationLogoKey")
		} else {
			up.Set("OrganizationLogoKey", o.LogoKey)
		}
		// A counter or event gone meanwhile was being deleted.
		if err := up.Run(ctx); err != nil && !dynamo.IsCondCheckFailed(err) {
			return fmt.Errorf("event %s: %w", it.ID, err)
		}
	}
	if found != nil {
		s.findAfter(ctx, *found)
	}
	return nil
}
