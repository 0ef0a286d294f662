// Package recurrence reads the repeat rule of a series of events: the
// RFC 5545 RRULE forms people use (weekly on some days, every 1 to 4
// weeks; monthly on a day of the month or an nth weekday), ended by COUNT
// or UNTIL, with dates left out (EXDATE), and expands it at the same wall
// clock in the series' zone, whatever daylight saving does. rrule-go does
// the expansion; this package decides what is accepted, and words it.
package recurrence

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/teambition/rrule-go"

	"turnout/pkg/domain"
)

// Bounds of a rule.
const (
	MaxCount    = 200
	MaxYears    = 2
	MaxInterval = 4
	maxExcept   = 50
	maxLength   = 1000
	dateLayout  = "20060102"
)

// Window is how far ahead a series' occurrences exist as events; the
// scheduled job adds the later ones as it moves.
const Window = 12 * 7 * 24 * time.Hour

// Messages of a refused rule (each is the field error of `repeat`).
const (
	MsgFreq      = "Repeat weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY)."
	MsgInterval  = "Repeat every 1 to 4 weeks or months (INTERVAL=1 to 4)."
	MsgEnd       = "End the repeat with COUNT (at most 200) or UNTIL (at most 2 years ahead)."
	MsgCount     = "A series has at most 200 dates."
	MsgUntil     = "A series ends at most 2 years after it starts."
	MsgPart      = "This part of a repeat rule is not supported: %s."
	MsgWeekly    = "A weekly repeat takes days of the week (BYDAY=MO,WE)."
	MsgMonthly   = "A monthly repeat takes one day of the month (BYMONTHDAY=15) or one nth weekday (BYDAY=2WE, BYDAY=-1FR)."
	MsgNotStart  = "The event's start is not one of the dates the rule gives: start it on the first of them."
	MsgSyntax    = "Enter a repeat rule such as FREQ=WEEKLY;BYDAY=WE;COUNT=10."
	MsgExcept    = "Leave out dates as EXDATE:20261224,20261231 (at most 50)."
	MsgNoDates   = "The rule gives no date after the ones left out."
	MsgTooLong   = "A repeat rule has at most 1000 characters."
	MsgFewerDays = "Each day of the week once (BYDAY=MO,TH)."
)

// Rule is a parsed, accepted repeat rule anchored at its first start.
type Rule struct {
	rule   *rrule.RRule
	opt    rrule.ROption
	except map[string]bool // dates (YYYYMMDD in the zone) left out
	zone   *time.Location
}

func refuse(msg string, args ...any) error {
	return domain.FieldError("repeat", fmt.Sprintf(msg, args...))
}

// Parse reads text (an RRULE line, "RRULE:" optional, and optionally an
// EXDATE line of dates) for a series whose first event starts at start in
// zone.
func Parse(text string, start time.Time, zone *time.Location) (Rule, error) {
	if len(text) > maxLength {
		return Rule{}, refuse(MsgTooLong)
	}
	lines := strings.Split(strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n"), "\n")
	if len(lines) > 2 {
		return Rule{}, refuse(MsgSyntax)
	}
	r := Rule{except: map[string]bool{}, zone: zone}
	ruleLine := ""
	for _, l := range lines {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(strings.ToUpper(l), "EXDATE"):
			if err := r.readExcept(l); err != nil {
				return Rule{}, err
			}
		case ruleLine == "":
			ruleLine = strings.TrimPrefix(strings.ToUpper(l), "RRULE:")
		default:
			return Rule{}, refuse(MsgSyntax)
		}
	}
	if ruleLine == "" || strings.Contains(ruleLine, "DTSTART") {
		return Rule{}, refuse(MsgSyntax)
	}
	opt, err := rrule.StrToROptionInLocation(ruleLine, zone)
	if err != nil {
		return Rule{}, refuse(MsgSyntax)
	}
	if err := accept(opt, start.In(zone)); err != nil {
		return Rule{}, err
	}
	opt.Dtstart = start.In(zone)
	if r.rule, err = rrule.NewRRule(*opt); err != nil {
		return Rule{}, refuse(MsgSyntax)
	}
	r.opt = *opt
	return r, r.checkDates(start)
}

// readExcept reads an EXDATE line: dates, or date-times whose date counts.
func (r *Rule) readExcept(line string) error {
	_, values, ok := strings.Cut(line, ":")
	if !ok {
		return refuse(MsgExcept)
	}
	for _, v := range strings.Split(values, ",") {
		v = strings.TrimSpace(v)
		if len(v) < len(dateLayout) {
			return refuse(MsgExcept)
		}
		if _, err := time.Parse(dateLayout, v[:len(dateLayout)]); err != nil {
			return refuse(MsgExcept)
		}
		r.except[v[:len(dateLayout)]] = true
	}
	if len(r.except) > maxExcept {
		return refuse(MsgExcept)
	}
	return nil
}

// accept refuses what the forms people use do not need.
func accept(o *rrule.ROption, start time.Time) error {
	for name, set := range map[string]bool{
		"BYSETPOS": len(o.Bysetpos) > 0, "BYMONTH": len(o.Bymonth) > 0, "BYYEARDAY": len(o.Byyearday) > 0,
		"BYWEEKNO": len(o.Byweekno) > 0, "BYHOUR": len(o.Byhour) > 0, "BYMINUTE": len(o.Byminute) > 0,
		"BYSECOND": len(o.Bysecond) > 0, "BYEASTER": len(o.Byeaster) > 0,
	} {
		if set {
			return refuse(MsgPart, name)
		}
	}
	if o.Interval == 0 {
		o.Interval = 1
	}
	switch {
	case o.Freq != rrule.WEEKLY && o.Freq != rrule.MONTHLY:
		return refuse(MsgFreq)
	case o.Interval < 1 || o.Interval > MaxInterval:
		return refuse(MsgInterval)
	case (o.Count == 0) == o.Until.IsZero():
		return refuse(MsgEnd)
	case o.Count < 0 || o.Count > MaxCount:
		return refuse(MsgCount)
	case !o.Until.IsZero() && o.Until.After(start.AddDate(MaxYears, 0, 0)):
		return refuse(MsgUntil)
	}
	if o.Freq == rrule.WEEKLY {
		return acceptWeekly(o)
	}
	return acceptMonthly(o)
}

func acceptWeekly(o *rrule.ROption) error {
	if len(o.Bymonthday) > 0 {
		return refuse(MsgWeekly)
	}
	seen := map[int]bool{}
	for _, d := range o.Byweekday {
		if d.N() != 0 {
			return refuse(MsgWeekly)
		}
		if seen[d.Day()] {
			return refuse(MsgFewerDays)
		}
		seen[d.Day()] = true
	}
	return nil
}

func acceptMonthly(o *rrule.ROption) error {
	switch {
	case len(o.Bymonthday) > 0 && len(o.Byweekday) > 0, len(o.Bymonthday) > 1, len(o.Byweekday) > 1:
		return refuse(MsgMonthly)
	case len(o.Bymonthday) == 1:
		if d := o.Bymonthday[0]; d == 0 || d > 31 || d < -1 {
			return refuse(MsgMonthly)
		}
	case len(o.Byweekday) == 1:
		if n := o.Byweekday[0].N(); n == 0 || n > 4 || n < -1 {
			return refuse(MsgMonthly)
		}
	}
	return nil
}

// checkDates refuses a rule whose dates do not begin at start, or that
// gives more than MaxCount, or none once the exceptions are left out.
func (r Rule) checkDates(start time.Time) error {
	it := r.rule.Iterator()
	first, ok := it()
	if !ok || !first.Equal(start) {
		return refuse(MsgNotStart)
	}
	n, kept := 1, !r.except[r.dateOf(first)]
	for t, ok := it(); ok; t, ok = it() {
		if n++; n > MaxCount {
			return refuse(MsgCount)
		}
		kept = kept || !r.except[r.dateOf(t)]
	}
	if !kept {
		return refuse(MsgNoDates)
	}
	return nil
}

func (r Rule) dateOf(t time.Time) string { return t.In(r.zone).Format(dateLayout) }

// Starts are the rule's starts from from to to (both included), the dates
// left out left out.
func (r Rule) Starts(from, to time.Time) []time.Time {
	var out []time.Time
	for _, t := range r.rule.Between(from, to, true) {
		if !r.except[r.dateOf(t)] {
			out = append(out, t)
		}
	}
	return out
}

// Zone is the zone the rule is expanded in.
func (r Rule) Zone() *time.Location { return r.zone }

// All are every start of the rule (at most MaxCount).
func (r Rule) All() []time.Time {
	return r.Starts(r.opt.Dtstart, r.opt.Dtstart.AddDate(MaxYears+1, 0, 0))
}

// String is the rule as kept: its RRULE, then its EXDATE line if any.
func (r Rule) String() string {
	o := r.opt
	o.Dtstart = time.Time{}
	s := o.RRuleString()
	if len(r.except) == 0 {
		return s
	}
	dates := make([]string, 0, len(r.except))
	for d := range r.except {
		dates = append(dates, d)
	}
	slices.Sort(dates)
	return s + "\nEXDATE:" + strings.Join(dates, ",")
}
