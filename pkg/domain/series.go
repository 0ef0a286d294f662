package domain

import "time"

// Series is a repeating event: its occurrences are ordinary events (each
// with its own seats, people, reminders and page) made for a rolling
// window ahead by the scheduled job, from a template occurrence.
type Series struct {
	ID, OrganizationID string
	// Rule is the repeat rule as kept (pkg/domain/recurrence), expanded in
	// TimeZone from First, the first occurrence's start.
	Rule, TimeZone string
	First          time.Time
	// TemplateID is the occurrence new ones copy, at its time of day and
	// length (the first, or the one last edited for "this and following").
	TemplateID string
	// Occurrences are those made so far, in order.
	Occurrences []Occurrence
	// FillAt is when the window reaches the next date not made yet (zero
	// once every date is made, or the series is cancelled).
	FillAt    time.Time
	Cancelled bool
	CreatedBy Editor
	Created   time.Time
	// Version grows with each write, so two writers never lose each
	// other's occurrences.
	Version int
}

// Occurrence is one event of a series.
type Occurrence struct {
	EventID string
	Start   time.Time
}

// Last is the start of the series' last occurrence made (zero for none).
func (s Series) Last() time.Time {
	if len(s.Occurrences) == 0 {
		return time.Time{}
	}
	return s.Occurrences[len(s.Occurrences)-1].Start
}
