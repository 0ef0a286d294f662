package recurrence

import (
	"strconv"
	"strings"
	"time"

	"github.com/teambition/rrule-go"
)

var dayNames = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// Pattern is how a rule repeats, in parts a client words in its reader's
// language (the API answers it beside the English Describe).
type Pattern struct {
	// Unit is "week" or "month"; Every how many of them apart (1: each).
	Unit  string `json:"unit"`
	Every int    `json:"every"`
	// Weekdays, of a weekly rule: 0 Monday … 6 Sunday, in week order.
	Weekdays []int `json:"weekdays,omitempty"`
	// MonthDay, of a monthly rule by date: 1–31, or -1 for the last day.
	MonthDay int `json:"month_day,omitempty"`
	// Nth and Weekday, of a monthly rule by weekday: the 1st–5th (-1: the
	// last) Weekday (0 Monday … 6 Sunday) of the month.
	Nth     int  `json:"nth,omitempty"`
	Weekday *int `json:"weekday,omitempty"`
	// Time ("19:00") and Zone (its abbreviation, "CET", or offset) of the
	// occurrence it was told at.
	Time string `json:"time"`
	Zone string `json:"zone"`
}

// Pattern is how the rule repeats, at the time of day and zone of its
// occurrence at (the next one: the zone's abbreviation follows daylight
// saving).
func (r Rule) Pattern(at time.Time) Pattern {
	o, local := r.opt, at.In(r.zone)
	start := o.Dtstart.In(r.zone)
	p := Pattern{Unit: "month", Every: o.Interval, Time: local.Format("15:04"), Zone: local.Format("MST")}
	switch {
	case o.Freq == rrule.WEEKLY:
		p.Unit, p.Weekdays = "week", weekdays(o.Byweekday, start)
	case len(o.Bymonthday) == 1:
		p.MonthDay = o.Bymonthday[0]
	case len(o.Byweekday) == 1:
		d := o.Byweekday[0].Day()
		p.Nth, p.Weekday = o.Byweekday[0].N(), &d
	default:
		p.MonthDay = start.Day()
	}
	return p
}

// Describe says in English how the rule repeats (see Pattern): "Every
// Wednesday, 19:00 CET".
func (r Rule) Describe(at time.Time) string {
	p := r.Pattern(at)
	return p.english() + ", " + p.Time + " " + p.Zone
}

func (p Pattern) english() string {
	if p.Unit == "week" {
		names := make([]string, len(p.Weekdays))
		for i, d := range p.Weekdays {
			names[i] = dayNames[d]
		}
		days := names[0]
		if len(names) > 1 {
			days = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
		}
		if p.Every == 1 {
			return "Every " + days
		}
		return "Every " + strconv.Itoa(p.Every) + " weeks on " + days
	}
	on := "day " + strconv.Itoa(p.MonthDay)
	switch {
	case p.MonthDay == -1:
		on = "the last day"
	case p.Weekday != nil:
		on = "the " + nth(p.Nth) + " " + dayNames[*p.Weekday]
	}
	if p.Every == 1 {
		return "Monthly on " + on
	}
	return "Every " + strconv.Itoa(p.Every) + " months on " + on
}

// weekdays are the rule's days in week order (0 Monday), the start's day
// when it names none.
func weekdays(days []rrule.Weekday, start time.Time) []int {
	seen := make([]bool, 7)
	if len(days) == 0 {
		seen[(int(start.Weekday())+6)%7] = true
	}
	for _, d := range days {
		seen[d.Day()] = true
	}
	var out []int
	for i, on := range seen {
		if on {
			out = append(out, i)
		}
	}
	return out
}

func nth(n int) string {
	switch n {
	case -1:
		return "last"
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}
