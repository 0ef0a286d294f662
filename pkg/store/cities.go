package store

import (
	"context"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// The cities events are in, for the event form's place picker: one small
// item per city, written with each event that names it, in one partition
// ordered by the city's folded name, so a prefix is one Query. An event
// with a point gives the city that point, so the next organizer who picks
// the city gets it; one without keeps the point the city had.

type cityItem struct {
	PK   string `dynamo:"PK,hash"`
	SK   string `dynamo:"SK,range"`
	Name string
	Lat  *float64 `dynamo:",omitempty"`
	Lng  *float64 `dynamo:",omitempty"`
}

const citiesPK = "CITIES"

// addCity adds to tx the item of e's city, if it names one.
func (s *Store) addCity(tx *dynamo.WriteTx, e domain.Event) {
	key := domain.CityKey(e.City)
	// An unlisted or private event's city and point would tell where it
	// is to anyone typing in a place picker.
	if key == "" || !e.Listed() {
		return
	}
	up := s.table.Update(attrPK, citiesPK).Range(attrSK, key).Set("Name", e.City)
	if e.Coords != nil {
		up.Set("Lat", e.Coords.Lat).Set("Lng", e.Coords.Lng)
	}
	tx.Update(up)
}

// Cities returns up to limit cities that begin with prefix (compared
// without case and accents), in alphabetical order, each with its point
// when an event there had one.
func (s *Store) Cities(ctx context.Context, prefix string, limit int) ([]domain.Place, error) {
	q := s.table.Get(attrPK, citiesPK)
	if key := domain.CityKey(prefix); key != "" {
		q = q.Range(attrSK, dynamo.BeginsWith, key)
	}
	var items []cityItem
	if err := q.Limit(limit).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("list cities: %w", err)
	}
	places := make([]domain.Place, len(items))
	for i, it := range items {
		places[i] = domain.Place{City: it.Name, Coords: domain.CoordsOf(it.Lat, it.Lng)}
	}
	return places, nil
}
