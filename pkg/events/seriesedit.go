package events

import (
	"context"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/series"
)

// Messages of an edit's scope.
const (
	MsgNotInSeries = "This event is not part of a series."
	MsgScope       = "Choose this or following."
)

// ScopeFollowing is the form's scope that edits an occurrence and every
// later one of its series.
const ScopeFollowing = "following"

// UpdateFollowing rewrites current (an occurrence of a series, as Editable
// returned it for u) from the form, then every later occurrence made of
// its series the same way: the same fields, at the new time of day on its
// own date, and as long; their people are told what moved, as for any
// edit. The series makes its later dates from this one from then on. A new
// rule (the form's repeat) reshapes the series from this one on (reshape).
func (s *Service) UpdateFollowing(ctx context.Context, u domain.User, current domain.Event, in domain.EventInput, banner Banner) (domain.Event, error) {
	if current.SeriesID == "" {
		return domain.Event{}, domain.FieldError("scope", MsgNotInSeries)
	}
	rule, err := s.ruleFromHere(ctx, current, in)
	if err != nil {
		return domain.Event{}, err
	}
	next, err := s.Update(ctx, u, current, in, banner)
	if err != nil {
		return next, err
	}
	sr, err := s.Store.Series(ctx, current.SeriesID)
	if err != nil {
		return next, explain(err, eventNotFound())
	}
	if rule != nil {
		return next, s.reshape(ctx, u, sr, next, *rule)
	}
	var later []string
	for _, o := range sr.Occurrences {
		if o.Start.After(current.Start) && o.EventID != current.ID {
			later = append(later, o.EventID)
		}
	}
	for from := 0; from < len(later); from += maxSeriesEvents {
		events, err := s.Store.EventsByID(ctx, later[from:min(from+maxSeriesEvents, len(later))])
		if err != nil {
			return next, err
		}
		for _, l := range events {
			if err := s.rewriteLike(ctx, u, l, next); err != nil {
				return next, err
			}
		}
	}
	copyFrom := sr
	copyFrom.TemplateID = next.ID
	return next, explain(s.Store.SaveSeries(ctx, sr, copyFrom), eventNotFound())
}

// rewriteLike gives occurrence l model's fields, at model's time of day on
// l's own date, and as long (its capacity never below its seats taken).
func (s *Service) rewriteLike(ctx context.Context, u domain.User, l, model domain.Event) error {
	if l.Started(s.Now()) || l.Cancelled {
		return nil
	}
	n := l
	n.Title, n.Description, n.Location = model.Title, model.Description, model.Location
	n.Capacity, n.Waitlist, n.Approval = max(model.Capacity, l.SeatsTaken), model.Waitlist, model.Approval
	n.Category, n.City, n.TimeZone, n.Coords = model.Category, model.City, model.TimeZone, model.Coords
	n.Visibility, n.OnlineURL, n.Online, n.Language = model.Visibility, model.OnlineURL, model.Online, model.Language
	n.Questions, n.RetiredQuestions, n.BannerKey = model.Questions, model.RetiredQuestions, model.BannerKey
	n.Start = series.AtTimeOf(l.Start, model.Start, series.ZoneOf(model))
	n.End = n.Start.Add(model.End.Sub(model.Start))
	keepInvite(&n)
	now := s.Now()
	n.ChangedBy, n.Changed = domain.EditorOf(u), now.UTC().Truncate(time.Second)
	if err := s.Store.UpdateEvent(ctx, l, n, domain.NoticeOf(l, n, now), now); err != nil {
		return explain(err, eventNotFound())
	}
	if n.Capacity > l.Capacity {
		return s.Store.PromoteWaiting(ctx, n.ID)
	}
	return nil
}
