package mail

import (
	"strconv"
	"time"
)

// Dates and times as each language writes them, from its catalog: the
// names of the days and months ("date.weekdays", "date.months") and the
// patterns that place them. Times are on the 24-hour clock in every
// language Turnout speaks; digits are Western Arabic ones in all of them
// (Arabic too, as the times and codes beside them are). The zone is told
// as it is in every language: its abbreviation and IANA name, which are
// the same words a calendar app shows.

// clock is the layout of a time of day.
const clock = "15:04"

// When is the event's time in words, in its zone and l: "Fri, 27 Nov
// 2026, 18:00–20:30 -03 (America/Sao_Paulo)", "2026年11月27日(金)
// 18:00～20:30 …", or both dates when it ends on another day; a UTC
// event's ends in "UTC" (as does one whose zone is unknown here: functions
// that tell times embed the zone database).
func (l Lang) When(e EventFacts) string {
	loc := time.UTC
	if z, err := time.LoadLocation(e.Zone); e.Zone != "" && err == nil {
		loc = z
	}
	start, end := e.Start.In(loc), e.End.In(loc)
	zone := start.Format("MST")
	if name := loc.String(); name != "UTC" && name != zone {
		zone += " (" + name + ")"
	}
	if rightToLeft[l.tag] {
		// Left to right inside ("-03 (America/Sao_Paulo)"), whatever
		// surrounds it.
		zone = "\u2066" + zone + "\u2069"
	}
	if sy, sm, sd := start.Date(); end.Year() == sy && end.Month() == sm && end.Day() == sd {
		return l.t("date.sameDay", "start", l.dayTime(start), "end", end.Format(clock)) + " " + zone
	}
	return l.t("date.span", "start", l.dayTime(start), "end", l.dayTime(end)) + " " + zone
}

// dayTime is t's date, with its weekday, and time of day.
func (l Lang) dayTime(t time.Time) string {
	date := l.t("date.day", "weekday", l.words("date.weekdays", int(t.Weekday())),
		"day", strconv.Itoa(t.Day()), "month", l.words("date.months", int(t.Month())-1), "year", strconv.Itoa(t.Year()))
	return l.t("date.dayTime", "date", date, "time", t.Format(clock))
}

// Moment is an instant in words, in UTC: "24 Nov 2026 at 18:30 UTC".
func (l Lang) Moment(t time.Time) string {
	t = t.UTC()
	return l.t("date.moment", "day", strconv.Itoa(t.Day()), "month", l.words("date.months", int(t.Month())-1),
		"year", strconv.Itoa(t.Year()), "time", t.Format(clock))
}
