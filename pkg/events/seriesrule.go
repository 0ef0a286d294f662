package events

import (
	"context"
	"slices"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/domain/recurrence"
	"turnout/pkg/series"
)

// MsgDateTakenOut is what the people of an occurrence a new rule leaves out
// are told.
const MsgDateTakenOut = "This date was taken out of the series: it will not take place."

// ruleFromHere reads the new rule of an edit of "this and following" for
// occurrence current, starting at the form's start: nil when the form
// sends none or the series' own.
func (s *Service) ruleFromHere(ctx context.Context, current domain.Event, in domain.EventInput) (*recurrence.Rule, error) {
	if in.Repeat == "" {
		return nil, nil
	}
	sr, err := s.Store.Series(ctx, current.SeriesID)
	if err != nil {
		return nil, explain(err, eventNotFound())
	}
	if in.Repeat == sr.Rule {
		return nil, nil
	}
	start, err := domain.ParseTime(in.StartTime)
	if err != nil {
		return nil, domain.FieldError("start_time", domain.MsgInvalidDateTime)
	}
	zone := current.TimeZone
	if in.TimeZone != nil && *in.TimeZone != "" {
		zone = *in.TimeZone
	}
	return repeatOf(in.Repeat, domain.EventFields{Start: start, TimeZone: &zone})
}

// reshape gives series sr the rule from occurrence next on: its later
// occurrences on a date of the rule are rewritten like next, the others
// called off (their people told), and the rule's dates of the window not
// made yet are made.
func (s *Service) reshape(ctx context.Context, u domain.User, sr domain.Series, next domain.Event, rule recurrence.Rule) error {
	zone := rule.Zone()
	day := func(t time.Time) string { return t.In(zone).Format(time.DateOnly) }
	dates := map[string]bool{}
	for _, t := range rule.All() {
		dates[day(t)] = true
	}
	now := s.Now()
	reshaped := sr
	reshaped.Rule, reshaped.First, reshaped.TemplateID = rule.String(), next.Start, next.ID
	reshaped.Occurrences = nil
	made := map[string]bool{}
	for _, o := range sr.Occurrences {
		switch {
		case !o.Start.After(next.Start) || o.EventID == next.ID:
		case dates[day(o.Start)]:
			e, err := s.Store.Event(ctx, o.EventID)
			if err != nil {
				continue // deleted since
			}
			if err := s.rewriteLike(ctx, u, e, next); err != nil {
				return err
			}
		default:
			if _, err := s.CancelEvent(ctx, u, o.EventID, CancelInput{Message: MsgDateTakenOut}); err != nil && !isGoneOrDone(err) {
				return err
			}
			continue
		}
		reshaped.Occurrences = append(reshaped.Occurrences, o)
		made[day(o.Start)] = true
	}
	for _, t := range rule.Starts(next.Start, now.Add(recurrence.Window)) {
		if made[day(t)] {
			continue
		}
		e := series.Occurrence(next, reshaped, t, len(reshaped.Occurrences)+1, now)
		if err := s.Store.CreateEvent(ctx, e); err != nil && !isGoneOrDone(err) {
			return explain(err, eventNotFound())
		}
		reshaped.Occurrences = append(reshaped.Occurrences, domain.Occurrence{EventID: e.ID, Start: e.Start})
	}
	slices.SortFunc(reshaped.Occurrences, func(a, b domain.Occurrence) int { return a.Start.Compare(b.Start) })
	reshaped.FillAt = series.FillAt(rule, reshaped)
	return explain(s.Store.SaveSeries(ctx, sr, reshaped), eventNotFound())
}
