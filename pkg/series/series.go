// Package series keeps a series' occurrences made for the window ahead
// (recurrence.Window): when the series is made, and as the window moves
// (the scheduled job). Each occurrence is an ordinary event copied from
// the series' template occurrence, with an id derived from the series and
// its start, so a run that is cut short and runs again makes no twin.
package series

import (
	"context"
	"errors"
	"fmt"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/domain/recurrence"
)

// Store is what keeping a series needs of the table.
type Store interface {
	Series(ctx context.Context, id string) (domain.Series, error)
	SaveSeries(ctx context.Context, was, next domain.Series) error
	DueSeries(ctx context.Context, now time.Time) ([]string, error)
	Event(ctx context.Context, id string) (domain.Event, error)
	CreateEvent(ctx context.Context, e domain.Event) error
}

// inviteCodeBytes is the randomness of a private occurrence's invite code
// (as any private event's).
const inviteCodeBytes = 16

// OccurrenceID names the occurrence of series id starting at start.
func OccurrenceID(id string, start time.Time) string {
	return auth.DerivedID(id, start.UTC().Format(time.RFC3339))
}

// Rule reads s's rule.
func Rule(s domain.Series) (recurrence.Rule, error) {
	zone, err := time.LoadLocation(s.TimeZone)
	if err != nil {
		return recurrence.Rule{}, fmt.Errorf("zone of series %s: %w", s.ID, err)
	}
	return recurrence.Parse(s.Rule, s.First, zone)
}

// Occurrence is template anew as the occurrence of s on the date of start,
// at template's time of day in its zone (an edit of "this and following"
// moves it), the position-th, made at now.
func Occurrence(template domain.Event, s domain.Series, start time.Time, position int, now time.Time) domain.Event {
	start = AtTimeOf(start, template.Start, ZoneOf(template))
	e := template.Duplicate(OccurrenceID(s.ID, start), start, template.BannerKey, now.UTC().Truncate(time.Second))
	e.SeriesID, e.Position, e.CreatedBy = s.ID, position, s.CreatedBy
	if e.Visibility == domain.VisibilityPrivate {
		e.InviteCode = auth.RandomToken(inviteCodeBytes)
	}
	return e
}

// AtTimeOf is the date of day at the wall-clock time of clock, in zone.
func AtTimeOf(day, clock time.Time, zone *time.Location) time.Time {
	d, c := day.In(zone), clock.In(zone)
	return time.Date(d.Year(), d.Month(), d.Day(), c.Hour(), c.Minute(), 0, 0, zone)
}

// ZoneOf is e's zone (UTC when it names none known).
func ZoneOf(e domain.Event) *time.Location {
	zone, err := time.LoadLocation(e.TimeZone)
	if err != nil {
		return time.UTC
	}
	return zone
}

// Fill makes s's occurrences after its last made up to the window's end at
// now (the first one always), copying template, and saves s with them:
// the series as saved, and the events made.
func Fill(ctx context.Context, st Store, s domain.Series, template domain.Event, now time.Time) (domain.Series, []domain.Event, error) {
	rule, err := Rule(s)
	if err != nil {
		return s, nil, err
	}
	next := s
	next.Occurrences = append([]domain.Occurrence(nil), s.Occurrences...)
	var made []domain.Event
	for _, date := range pending(rule, s, now) {
		e := Occurrence(template, next, date, len(next.Occurrences)+1, now)
		if err := st.CreateEvent(ctx, e); err != nil && !errors.Is(err, domain.ErrEventExists) {
			return s, made, err
		}
		made = append(made, e)
		next.Occurrences = append(next.Occurrences, domain.Occurrence{EventID: e.ID, Start: e.Start})
	}
	next.FillAt = FillAt(rule, next)
	if err := st.SaveSeries(ctx, s, next); err != nil {
		return s, made, err
	}
	next.Version++
	return next, made, nil
}

// pending are the rule's dates after the last made, up to the window's end
// at now; for a series not begun, at least its first.
func pending(rule recurrence.Rule, s domain.Series, now time.Time) []time.Time {
	end := now.Add(recurrence.Window)
	if len(s.Occurrences) == 0 {
		return rule.Starts(s.First, maxTime(end, s.First))
	}
	return after(rule, s, end)
}

// after are the rule's dates later than the day of s's last occurrence, up
// to end (the last may have moved within its day).
func after(rule recurrence.Rule, s domain.Series, end time.Time) []time.Time {
	zone := rule.Zone()
	lastDay := s.Last().In(zone).Format(time.DateOnly)
	var out []time.Time
	for _, t := range rule.Starts(s.Last().Add(-24*time.Hour), end) {
		if t.In(zone).Format(time.DateOnly) > lastDay {
			out = append(out, t)
		}
	}
	return out
}

// FillAt is when the window reaches s's next date not made yet, zero when
// none is left (or s is cancelled).
func FillAt(rule recurrence.Rule, s domain.Series) time.Time {
	if s.Cancelled {
		return time.Time{}
	}
	next := after(rule, s, s.Last().AddDate(recurrence.MaxYears+1, 0, 0))
	if len(next) == 0 {
		return time.Time{}
	}
	return next[0].Add(-recurrence.Window)
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// FillDue fills every series due at now (the scheduled job), from the
// occurrence each copies; it answers how many it filled. A failure with
// one does not hold up the others; the first is returned.
func FillDue(ctx context.Context, st Store, now time.Time) (int, error) {
	ids, err := st.DueSeries(ctx, now)
	if err != nil {
		return 0, err
	}
	filled := 0
	var first error
	for _, id := range ids {
		err := fillOne(ctx, st, id, now)
		switch {
		case err == nil:
			filled++
		case first == nil:
			first = err
		}
	}
	return filled, first
}

func fillOne(ctx context.Context, st Store, id string, now time.Time) error {
	s, err := st.Series(ctx, id)
	if err != nil {
		return fmt.Errorf("fill series %s: %w", id, err)
	}
	template, err := Template(ctx, st, s)
	if errors.Is(err, domain.ErrNotFound) || s.Cancelled {
		// Nothing left to copy (every occurrence deleted), or called off.
		next := s
		next.FillAt = time.Time{}
		return st.SaveSeries(ctx, s, next)
	}
	if err != nil {
		return err
	}
	_, _, err = Fill(ctx, st, s, template, now)
	return err
}

// Template is the occurrence s's new ones copy: its template, or when that
// was deleted its latest occurrence still there.
func Template(ctx context.Context, st Store, s domain.Series) (domain.Event, error) {
	e, err := st.Event(ctx, s.TemplateID)
	if !errors.Is(err, domain.ErrNotFound) {
		return e, err
	}
	for i := len(s.Occurrences) - 1; i >= 0; i-- {
		e, err = st.Event(ctx, s.Occurrences[i].EventID)
		if !errors.Is(err, domain.ErrNotFound) {
			return e, err
		}
	}
	return domain.Event{}, domain.ErrNotFound
}
