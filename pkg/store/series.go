package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// A series is one item, naming its occurrences (events of their own). The
// series whose window needs filling are found by a partition of their
// own, keyed by when: the scheduled job reads the due ones with one Query.

const seriesFillPK = "SERIESFILL"

func seriesKey(id string) key { return key{"SERIES#" + id, "SERIES"} }
func seriesFillKey(at time.Time, id string) key {
	return key{seriesFillPK, sortTime(at) + "#" + id}
}

type seriesItem struct {
	PK, SK                             string
	ID, OrganizationID, Rule, TimeZone string
	First                              time.Time
	TemplateID                         string
	// Occurrences are "<sortTime>|<event id>", in order.
	Occurrences []string `dynamo:",omitempty"`
	FillAt      string   `dynamo:",omitempty"`
	Cancelled   bool     `dynamo:",omitempty"`
	CreatedBy   *domain.Editor
	Created     time.Time
	Version     int
}

func newSeriesItem(s domain.Series) seriesItem {
	k := seriesKey(s.ID)
	it := seriesItem{
		PK: k.PK, SK: k.SK, ID: s.ID, OrganizationID: s.OrganizationID, Rule: s.Rule, TimeZone: s.TimeZone,
		First: s.First.UTC(), TemplateID: s.TemplateID,
		FillAt: optionalTime(s.FillAt), Cancelled: s.Cancelled, CreatedBy: editorItem(s.CreatedBy), Created: s.Created, Version: s.Version,
	}
	for _, o := range s.Occurrences {
		it.Occurrences = append(it.Occurrences, sortTime(o.Start)+"|"+o.EventID)
	}
	return it
}

func (it seriesItem) domain() domain.Series {
	s := domain.Series{
		ID: it.ID, OrganizationID: it.OrganizationID, Rule: it.Rule, TimeZone: it.TimeZone, First: it.First,
		TemplateID: it.TemplateID, Cancelled: it.Cancelled,
		CreatedBy: editorOf(it.CreatedBy), Created: it.Created, Version: it.Version,
	}
	s.FillAt, _ = time.Parse(sortTimeLayout, it.FillAt)
	for _, o := range it.Occurrences {
		at, id, _ := strings.Cut(o, "|")
		start, _ := time.Parse(sortTimeLayout, at)
		s.Occurrences = append(s.Occurrences, domain.Occurrence{EventID: id, Start: start})
	}
	return s
}

// Series reads series id.
func (s *Store) Series(ctx context.Context, id string) (domain.Series, error) {
	var it seriesItem
	if err := s.get(ctx, seriesKey(id), &it, true); err != nil {
		return domain.Series{}, fmt.Errorf("get series %s: %w", id, err)
	}
	return it.domain(), nil
}

// SaveSeries writes series next over was (as read; a new series has
// Version 0) and moves its place in the fill index, in one transaction:
// domain.ErrConflict when another writer changed it since it was read.
func (s *Store) SaveSeries(ctx context.Context, was, next domain.Series) error {
	next.Version = was.Version + 1
	put := s.table.Put(newSeriesItem(next))
	if was.Version == 0 {
		put = put.If("attribute_not_exists(PK)")
	} else {
		put = put.If("Version = ?", was.Version)
	}
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().Put(put)
		if !was.FillAt.IsZero() && !was.FillAt.Equal(next.FillAt) {
			k := seriesFillKey(was.FillAt, was.ID)
			tx.Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK))
		}
		if !next.FillAt.IsZero() && !next.FillAt.Equal(was.FillAt) {
			k := seriesFillKey(next.FillAt, next.ID)
			tx.Put(s.table.Put(key{k.PK, k.SK}))
		}
		return tx
	})
	if failedAt(cancelReasons(err), 0) {
		err = domain.ErrConflict
	}
	if err != nil {
		return fmt.Errorf("save series %s: %w", next.ID, err)
	}
	return nil
}

// DueSeries lists the series whose window reached a date not made yet at
// now.
func (s *Store) DueSeries(ctx context.Context, now time.Time) ([]string, error) {
	var keys []key
	err := s.table.Get(attrPK, seriesFillPK).Range(attrSK, dynamo.LessOrEqual, sortTime(now)+"#~").Consistent(true).All(ctx, &keys)
	if err != nil {
		return nil, fmt.Errorf("list the series due: %w", err)
	}
	ids := make([]string, len(keys))
	for i, k := range keys {
		_, ids[i], _ = strings.Cut(k.SK, "#")
	}
	return ids, nil
}

// EventsByID reads the events of ids that exist (at most 50) with their
// counts, in one BatchGetItem, in the order of ids.
func (s *Store) EventsByID(ctx context.Context, ids []string) ([]domain.Event, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	keys := make([]dynamo.Keyed, 0, 2*len(ids))
	for _, id := range ids {
		k, seats := eventKey(id), seatsKey(id)
		keys = append(keys, dynamo.Keys{k.PK, k.SK}, dynamo.Keys{seats.PK, seats.SK})
	}
	var items []eventItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read events: %w", err)
	}
	events, counters := map[string]eventItem{}, map[string]eventItem{}
	for _, it := range items {
		switch {
		case it.SK == seatsSK:
			counters[it.ID] = it
		case !it.Deleting:
			events[it.ID] = it
		}
	}
	var out []domain.Event
	for _, id := range ids {
		it, ok := events[id]
		if !ok {
			continue
		}
		e := it.domain()
		counters[id].counts(&e)
		out = append(out, e)
	}
	return out, nil
}

// DeleteSeries removes series id and its place in the fill index (its
// organization's deletion; its events go one by one); gone already is
// done.
func (s *Store) DeleteSeries(ctx context.Context, id string) error {
	sr, err := s.Series(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	k := seriesKey(id)
	keys := []dynamo.Keyed{dynamo.Keys{k.PK, k.SK}}
	if !sr.FillAt.IsZero() {
		fk := seriesFillKey(sr.FillAt, id)
		keys = append(keys, dynamo.Keys{fk.PK, fk.SK})
	}
	if err := s.deleteAll(ctx, keys); err != nil {
		return fmt.Errorf("delete series %s: %w", id, err)
	}
	return nil
}
