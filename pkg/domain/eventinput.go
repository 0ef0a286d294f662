package domain

import (
	"strconv"
	"time"
)

// EventInput is the form of an event create or update, as sent.
type EventInput struct {
	Title, Description, Location, StartTime, EndTime, Capacity string
	// Waitlist and Approval are "true" or "false"; "" keeps an event's
	// current choice (off for a new event).
	Waitlist, Approval string
	// The place fields (places.go) are nil when the form did not send
	// them: an update keeps the event's, a new event gets the defaults.
	// Empty latitude and longitude clear the point.
	Category, City, TimeZone, Latitude, Longitude *string
	// Visibility and OnlineURL (visibility.go) are nil when not sent, as
	// the place fields; an empty online link removes it.
	Visibility, OnlineURL *string
	// Language is the BCP 47 tag of the language the event is held in,
	// nil when not sent; "" removes it.
	Language *string
	// Questions is the JSON list of questions (questions.go), nil when not
	// sent; AskedBefore are the event's questions until now and
	// NewQuestionID names a new one.
	Questions     *string
	AskedBefore   []Question
	NewQuestionID func() string
	// Repeat makes a new event the first of a series (its rule, read by
	// pkg/domain/recurrence); "" for one event.
	Repeat string
}

// EventFields are EventInput's values once parsed and checked.
type EventFields struct {
	Title, Description, Location string
	Start, End                   time.Time
	Capacity                     int
	// Waitlist and Approval are nil when the form did not say; so are the
	// place fields.
	Waitlist, Approval       *bool
	Category, City, TimeZone *string
	// CoordsSet says the form sent a point (Coords) or cleared it (nil).
	CoordsSet bool
	Coords    *Coords
	// Visibility and OnlineURL are nil when the form did not say.
	Visibility *Visibility
	OnlineURL  *string
	Language   *string
	// Questions is nil when the form did not send them.
	Questions *[]Question
}

// Apply copies the fields onto e.
func (f EventFields) Apply(e *Event) {
	e.Title, e.Description, e.Location = f.Title, f.Description, f.Location
	e.Start, e.End, e.Capacity = f.Start, f.End, f.Capacity
	if f.Waitlist != nil {
		e.Waitlist = *f.Waitlist
	}
	if f.Approval != nil {
		e.Approval = *f.Approval
	}
	for _, field := range []struct{ from, to *string }{{f.Category, &e.Category}, {f.City, &e.City}, {f.TimeZone, &e.TimeZone}} {
		if field.from != nil {
			*field.to = *field.from
		}
	}
	if f.CoordsSet {
		e.Coords = f.Coords
	}
	if f.Visibility != nil {
		e.Visibility = *f.Visibility
	}
	if f.OnlineURL != nil {
		e.OnlineURL, e.Online = *f.OnlineURL, *f.OnlineURL != ""
	}
	if f.Language != nil {
		e.Language = *f.Language
	}
	if f.Questions != nil {
		e.RetiredQuestions = retire(e.RetiredQuestions, e.Questions, *f.Questions)
		e.Questions = *f.Questions
	}
}

// Parse checks the input and returns its values. Every field is required;
// the end must follow the start and capacity is a positive whole number.
// startMustBeAfter, when not zero, is the earliest allowed start (now, for
// a new event or a moved one); such a start may also be at most
// MaxStartYears after it.
func (in EventInput) Parse(startMustBeAfter time.Time) (EventFields, error) {
	f := FieldErrors{}
	out := EventFields{Title: in.Title, Description: in.Description, Location: in.Location}
	required(f, "title", in.Title)
	required(f, "description", in.Description)
	required(f, "location", in.Location)
	maxLen(f, "title", in.Title, 200)
	maxLen(f, "description", in.Description, 5000)
	maxLen(f, "location", in.Location, 255)
	out.Start = parseTimeField(f, "start_time", in.StartTime)
	out.End = parseTimeField(f, "end_time", in.EndTime)
	if !out.Start.IsZero() && !out.End.IsZero() && !out.End.After(out.Start) {
		f.Add("end_time", MsgEndBeforeStart)
	}
	if !out.Start.IsZero() && !startMustBeAfter.IsZero() && !out.Start.After(startMustBeAfter) {
		f.Add("start_time", MsgStartInPast)
	}
	if !out.Start.IsZero() && !startMustBeAfter.IsZero() && out.Start.After(startMustBeAfter.AddDate(MaxStartYears, 0, 0)) {
		f.Add("start_time", MsgStartTooFar)
	}
	required(f, "capacity", in.Capacity)
	if in.Capacity != "" {
		n, err := strconv.Atoi(in.Capacity)
		if err != nil || n < 1 || n > MaxCapacity {
			f.Add("capacity", MsgCapacity)
		}
		out.Capacity = n
	}
	out.Waitlist = parseBool(f, "waitlist", in.Waitlist)
	out.Approval = parseBool(f, "approval", in.Approval)
	in.placeFields(f, &out)
	in.visibilityFields(f, &out)
	if in.Language != nil {
		tag, ok := NormalizeLanguageTag(*in.Language)
		if !ok {
			f.Add("language", MsgLanguageTag)
		}
		out.Language = &tag
	}
	if in.Questions != nil {
		questions, problems := ParseQuestions(*in.Questions, in.AskedBefore, in.NewQuestionID)
		for _, p := range problems {
			f.Add("questions", p)
		}
		out.Questions = &questions
	}
	return out, f.Err()
}

// timeLayouts are accepted for event times: RFC 3339 with an offset, or
// the browser's datetime-local value, which has none and is read as UTC.
var timeLayouts = []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02T15:04:05"}

func parseTimeField(f FieldErrors, field, v string) time.Time {
	if v == "" {
		required(f, field, v)
		return time.Time{}
	}
	t, err := ParseTime(v)
	if err != nil {
		f.Add(field, MsgInvalidDateTime)
	}
	return t
}

// ParseTime reads an event time in one of timeLayouts, to the second.
func ParseTime(v string) (time.Time, error) {
	var err error
	for _, layout := range timeLayouts {
		var t time.Time
		if t, err = time.Parse(layout, v); err == nil {
			return t.UTC().Truncate(time.Second), nil
		}
	}
	return time.Time{}, err
}

// parseBool reads an optional "true" or "false" field: nil when empty.
func parseBool(f FieldErrors, field, v string) *bool {
	switch v {
	case "":
		return nil
	case "true", "false":
		on := v == "true"
		return &on
	}
	f.Add(field, MsgBoolean)
	return nil
}
