package store

import (
	"context"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// The cities events are in, for the event form's suggestions: one small
// item per city, written with each event that names it, in one partition
// ordered by the city's folded name, so a prefix is one Query.

type cityItem struct {
	PK   string `dynamo:"PK,hash"`
	SK   string `dynamo:"SK,range"`
	Name string
}

const citiesPK = "CITIES"

// addCity adds to tx the item of e's city, if it names one.
func (s *Store) addCity(tx *dynamo.WriteTx, e domain.Event) {
	if key := domain.CityKey(e.City); key != "" {
		tx.Put(s.table.Put(cityItem{PK: citiesPK, SK: key, Name: e.City}))
	}
}

// Cities returns up to limit city names that begin with prefix (compared
// without case and accents), in alphabetical order.
func (s *Store) Cities(ctx context.Context, prefix string, limit int) ([]string, error) {
	q := s.table.Get(attrPK, citiesPK)
	if key := domain.CityKey(prefix); key != "" {
		q = q.Range(attrSK, dynamo.BeginsWith, key)
	}
	var items []cityItem
	if err := q.Limit(limit).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("list cities: %w", err)
	}
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.Name
	}
	return names, nil
}
