package recurrence

import (
	"strconv"
	"strings"
	"time"

	"github.com/teambition/rrule-go"
)

var dayNames = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// Describe says how the rule repeats, with the time of day and zone of
// its occurrence at (the next one: the zone's abbreviation follows
// daylight saving): "Every Wednesday, 19:00 CET".
func (r Rule) Describe(at time.Time) string {
	o := r.opt
	local := at.In(r.zone)
	return r.pattern(o) + ", " + local.Format("15:04 MST")
}

func (r Rule) pattern(o rrule.ROption) string {
	start := o.Dtstart.In(r.zone)
	if o.Freq == rrule.WEEKLY {
		days := weekdays(o.Byweekday, start)
		if o.Interval == 1 {
			return "Every " + days
		}
		return "Every " + strconv.Itoa(o.Interval) + " weeks on " + days
	}
	on := "day " + strconv.Itoa(start.Day())
	switch {
	case len(o.Bymonthday) == 1 && o.Bymonthday[0] == -1:
		on = "the last day"
	case len(o.Bymonthday) == 1:
		on = "day " + strconv.Itoa(o.Bymonthday[0])
	case len(o.Byweekday) == 1:
		d := o.Byweekday[0]
		on = "the " + nth(d.N()) + " " + dayNames[d.Day()]
	}
	if o.Interval == 1 {
		return "Monthly on " + on
	}
	return "Every " + strconv.Itoa(o.Interval) + " months on " + on
}

// weekdays names the rule's days in week order ("Monday and Thursday"),
// the start's day when it names none.
func weekdays(days []rrule.Weekday, start time.Time) string {
	seen := make([]bool, 7)
	if len(days) == 0 {
		seen[(int(start.Weekday())+6)%7] = true
	}
	for _, d := range days {
		seen[d.Day()] = true
	}
	var names []string
	for i, on := range seen {
		if on {
			names = append(names, dayNames[i])
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
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
