package events

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/domain/recurrence"
	"turnout/pkg/series"
)

// Messages of series.
const (
	MsgSeriesNotFound  = "Series not found."
	MsgSeriesCancelled = "This series is cancelled."
)

// maxSeriesEvents bounds the occurrences a series' page lists.
const maxSeriesEvents = 50

// repeatOf reads a new event's repeat rule, nil when it has none.
func repeatOf(text string, fields domain.EventFields) (*recurrence.Rule, error) {
	if text == "" {
		return nil, nil
	}
	zoneName := domain.DefaultTimeZone
	if fields.TimeZone != nil && *fields.TimeZone != "" {
		zoneName = *fields.TimeZone
	}
	zone, err := time.LoadLocation(zoneName)
	if err != nil {
		return nil, domain.FieldError("time_zone", domain.MsgTimeZone)
	}
	rule, err := recurrence.Parse(text, fields.Start, zone)
	return &rule, err
}

// startSeries makes first (a new event of u's organization) the first
// occurrence of a series repeating by rule, with the occurrences of the
// window ahead, and answers first as made. Its followers hear of the
// series once, by its first occurrence.
func (s *Service) startSeries(ctx context.Context, u domain.User, first domain.Event, rule recurrence.Rule) (domain.Event, error) {
	now := s.Now()
	sr := domain.Series{
		ID: auth.NewID(), OrganizationID: first.OrganizationID, Rule: rule.String(), TimeZone: first.TimeZone,
		First: first.Start, CreatedBy: domain.EditorOf(u), Created: now.UTC().Truncate(time.Second),
	}
	sr.TemplateID = series.OccurrenceID(sr.ID, first.Start)
	// Kept due at once before any occurrence is made: a request cut short
	// leaves the job to make them.
	sr.FillAt = now
	if err := s.Store.SaveSeries(ctx, domain.Series{}, sr); err != nil {
		return domain.Event{}, err
	}
	sr.Version = 1
	_, made, err := series.Fill(ctx, s.Store, sr, first, now)
	if err != nil {
		return domain.Event{}, explain(err, eventNotFound())
	}
	s.announce(ctx, made[0])
	return made[0], nil
}

// SeriesPage is a series with its upcoming occurrences.
type SeriesPage struct {
	Series domain.Series
	Rule   recurrence.Rule
	Events []domain.Event
}

// Series reads series id with its upcoming occurrences (at most 50): for
// anyone when they are public, else for its organization's members.
func (s *Service) Series(ctx context.Context, id string, viewer *domain.User) (SeriesPage, error) {
	notFound := domain.Errorf(domain.CodeNotFound, MsgSeriesNotFound)
	if !domain.ValidID(id) {
		return SeriesPage{}, notFound
	}
	sr, err := s.Store.Series(ctx, id)
	if err != nil {
		return SeriesPage{}, explain(err, notFound)
	}
	rule, err := series.Rule(sr)
	if err != nil {
		return SeriesPage{}, err
	}
	now := s.Now()
	var ids []string
	for _, o := range sr.Occurrences {
		if !o.Start.Before(now) && len(ids) < maxSeriesEvents {
			ids = append(ids, o.EventID)
		}
	}
	events, err := s.Store.EventsByID(ctx, ids)
	if err != nil {
		return SeriesPage{}, err
	}
	member := viewer != nil && viewer.May(sr.OrganizationID, domain.DutyDoor)
	if !member {
		listed := events[:0]
		for _, e := range events {
			if e.Listed() {
				listed = append(listed, e)
			}
		}
		if events = listed; len(events) == 0 && len(ids) > 0 {
			return SeriesPage{}, notFound // its dates are not public
		}
	}
	return SeriesPage{Series: sr, Rule: rule, Events: events}, nil
}

// CancelSeries calls off every upcoming occurrence of u's series id (each
// one's people are told in.Message, as for any cancellation) and makes no
// more.
func (s *Service) CancelSeries(ctx context.Context, u domain.User, id string, in CancelInput) (SeriesPage, error) {
	notFound := domain.Errorf(domain.CodeNotFound, MsgSeriesNotFound)
	if !domain.ValidID(id) {
		return SeriesPage{}, notFound
	}
	sr, err := s.Store.Series(ctx, id)
	if err != nil {
		return SeriesPage{}, explain(err, notFound)
	}
	if err := domain.Authorize(u, sr.OrganizationID, domain.DutyEvents, MsgNotOwner); err != nil {
		return SeriesPage{}, err
	}
	if err := cancelMessage(in); err != nil {
		return SeriesPage{}, err
	}
	if sr.Cancelled {
		return SeriesPage{}, domain.Errorf(domain.CodeConflict, MsgSeriesCancelled)
	}
	next := sr
	next.Cancelled, next.FillAt = true, time.Time{}
	if err := s.Store.SaveSeries(ctx, sr, next); err != nil {
		return SeriesPage{}, explain(err, notFound)
	}
	now := s.Now()
	for _, o := range sr.Occurrences {
		if o.Start.Before(now) {
			continue
		}
		_, err := s.CancelEvent(ctx, u, o.EventID, in)
		if err != nil && !isGoneOrDone(err) {
			slog.ErrorContext(ctx, "cancel an occurrence of a cancelled series", "event", o.EventID, "err", err)
			return SeriesPage{}, err
		}
	}
	return s.Series(ctx, id, &u)
}

// isGoneOrDone reports whether err says an occurrence was deleted, or the
// change was made already (called off, made).
func isGoneOrDone(err error) bool {
	var e *domain.Error
	if errors.As(err, &e) {
		return e.Code == domain.CodeNotFound || e.Code == domain.CodeConflict
	}
	return errors.Is(err, domain.ErrEventExists)
}
