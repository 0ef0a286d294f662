package recurrence

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	z, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// A 19:00 Berlin meetup stays at 19:00 in Berlin across the change to
// summer time: 18:00 UTC in winter, 17:00 UTC in summer.
func TestWeeklyKeepsTheWallClockAcrossDaylightSaving(t *testing.T) {
	berlin := mustZone(t, "Europe/Berlin")
	start := time.Date(2027, 3, 17, 19, 0, 0, 0, berlin) // a Wednesday, CET
	r, err := Parse("FREQ=WEEKLY;BYDAY=WE;COUNT=4", start, berlin)
	if err != nil {
		t.Fatal(err)
	}
	var utc []string
	for _, s := range r.All() {
		if s.In(berlin).Hour() != 19 {
			t.Errorf("%s is not 19:00 in Berlin", s)
		}
		utc = append(utc, s.UTC().Format("01-02 15:04"))
	}
	if got, want := strings.Join(utc, " "), "03-17 18:00 03-24 18:00 03-31 17:00 04-07 17:00"; got != want {
		t.Errorf("starts in UTC = %s, want %s", got, want)
	}
	if got := r.Describe(r.All()[0]); got != "Every Wednesday, 19:00 CET" {
		t.Errorf("winter words = %q", got)
	}
	if got := r.Describe(r.All()[3]); got != "Every Wednesday, 19:00 CEST" {
		t.Errorf("summer words = %q", got)
	}
}

func TestTheFormsPeopleUse(t *testing.T) {
	zone := mustZone(t, "America/New_York")
	cases := []struct {
		rule  string
		start time.Time
		n     int
		words string
		last  string
	}{
		{"FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6", time.Date(2027, 1, 4, 18, 30, 0, 0, zone), 6, "Every Monday and Thursday, 18:30 EST", "2027-01-21"},
		{"RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;UNTIL=20270301T000000Z", time.Date(2027, 1, 2, 9, 0, 0, 0, zone), 5, "Every 2 weeks on Saturday, 09:00 EST", "2027-02-27"},
		{"FREQ=MONTHLY;BYDAY=2WE;COUNT=3", time.Date(2027, 1, 13, 19, 0, 0, 0, zone), 3, "Monthly on the 2nd Wednesday, 19:00 EST", "2027-03-10"},
		{"FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", time.Date(2027, 1, 29, 20, 0, 0, 0, zone), 3, "Monthly on the last Friday, 20:00 EST", "2027-03-26"},
		{"FREQ=MONTHLY;BYMONTHDAY=15;INTERVAL=2;COUNT=3", time.Date(2027, 1, 15, 12, 0, 0, 0, zone), 3, "Every 2 months on day 15, 12:00 EST", "2027-05-15"},
		{"FREQ=WEEKLY;BYDAY=TU;COUNT=4\nEXDATE:20270112", time.Date(2027, 1, 5, 7, 0, 0, 0, zone), 3, "Every Tuesday, 07:00 EST", "2027-01-26"},
	}
	for _, c := range cases {
		r, err := Parse(c.rule, c.start, zone)
		if err != nil {
			t.Errorf("%q: %v", c.rule, err)
			continue
		}
		all := r.All()
		if len(all) != c.n || all[len(all)-1].In(zone).Format("2006-01-02") != c.last {
			t.Errorf("%q: %d dates, the last %s; want %d, %s", c.rule, len(all), all[len(all)-1], c.n, c.last)
		}
		if got := r.Describe(all[0]); got != c.words {
			t.Errorf("%q says %q, want %q", c.rule, got, c.words)
		}
		again, err := Parse(r.String(), c.start, zone)
		if err != nil || len(again.All()) != c.n {
			t.Errorf("%q kept as %q reads back as %d dates, %v", c.rule, r.String(), len(again.All()), err)
		}
	}
}

// Hostile and unsupported rules answer 400 on `repeat` with the reason.
func TestRulesRefused(t *testing.T) {
	zone := time.UTC
	start := time.Date(2027, 1, 6, 19, 0, 0, 0, zone) // a Wednesday
	cases := map[string]string{
		"FREQ=DAILY;COUNT=5":                                     MsgFreq,
		"FREQ=YEARLY;COUNT=5":                                    MsgFreq,
		"FREQ=WEEKLY;BYDAY=WE;COUNT=10000":                       MsgCount,
		"FREQ=WEEKLY;BYDAY=WE":                                   MsgEnd,
		"FREQ=WEEKLY;BYDAY=WE;COUNT=3;UNTIL=20270301":            MsgEnd,
		"FREQ=WEEKLY;BYDAY=WE;UNTIL=20300101":                    MsgUntil,
		"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;UNTIL=20271231":  MsgCount,
		"FREQ=WEEKLY;INTERVAL=5;BYDAY=WE;COUNT=3":                MsgInterval,
		"FREQ=WEEKLY;INTERVAL=-1;BYDAY=WE;COUNT=3":               MsgInterval,
		"FREQ=WEEKLY;BYDAY=2WE;COUNT=3":                          MsgWeekly,
		"FREQ=WEEKLY;BYDAY=WE,WE;COUNT=3":                        MsgFewerDays,
		"FREQ=MONTHLY;BYDAY=5WE;COUNT=3":                         MsgMonthly,
		"FREQ=MONTHLY;BYDAY=1WE,3WE;COUNT=3":                     MsgMonthly,
		"FREQ=WEEKLY;BYDAY=WE;BYHOUR=9;COUNT=3":                  "This part of a repeat rule is not supported: BYHOUR.",
		"FREQ=WEEKLY;BYDAY=TH;COUNT=3":                           MsgNotStart,
		"FREQ=WEEKLY;BYDAY=WE;COUNT=2\nEXDATE:20270106,20270113": MsgNoDates,
		"FREQ=WEEKLY;BYDAY=WE;COUNT=3\nEXDATE:tomorrow":          MsgExcept,
		"DTSTART:20270106T190000Z\nFREQ=WEEKLY;COUNT=3":          MsgSyntax,
		"FREQ=WEEKLY;COUNT=3\nFREQ=WEEKLY;COUNT=3":               MsgSyntax,
		"":                                       MsgSyntax,
		"FREQ=WEEKLY;;COUNT=3":                   MsgSyntax,
		"FREQ=WEEKLY;COUNT=abc":                  MsgSyntax,
		"FREQ=WEEKLY;COUNT=99999999999999999999": MsgSyntax,
		strings.Repeat("FREQ=WEEKLY;", 100):      MsgTooLong,
	}
	for rule, want := range cases {
		_, err := Parse(rule, start, zone)
		var e *domain.Error
		if !errors.As(err, &e) || e.Code != domain.CodeInvalid || len(e.Fields["repeat"]) != 1 || e.Fields["repeat"][0] != want {
			t.Errorf("%q: %v, want %q", rule, err, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"FREQ=WEEKLY;BYDAY=WE;COUNT=3", "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20280101", "EXDATE:20270101\nFREQ=WEEKLY;COUNT=2"} {
		f.Add(s)
	}
	start := time.Date(2027, 1, 6, 19, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s, start, time.UTC)
		if err != nil {
			var e *domain.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: an error that is not the user's: %v", s, err)
			}
			return
		}
		if n := len(r.All()); n == 0 || n > MaxCount {
			t.Fatalf("%q gives %d dates", s, n)
		}
	})
}

// A rule's pattern carries what a client words it by.
func TestPattern(t *testing.T) {
	zone, _ := time.LoadLocation("America/New_York")
	friday := 4
	cases := []struct {
		rule  string
		start time.Time
		want  Pattern
	}{
		{"FREQ=WEEKLY;BYDAY=TH,MO;INTERVAL=2;COUNT=4", time.Date(2027, 1, 4, 18, 30, 0, 0, zone), Pattern{Unit: "week", Every: 2, Weekdays: []int{0, 3}, Time: "18:30", Zone: "EST"}},
		{"FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", time.Date(2027, 1, 29, 20, 0, 0, 0, zone), Pattern{Unit: "month", Every: 1, Nth: -1, Weekday: &friday, Time: "20:00", Zone: "EST"}},
		{"FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", time.Date(2027, 1, 31, 9, 0, 0, 0, zone), Pattern{Unit: "month", Every: 1, MonthDay: -1, Time: "09:00", Zone: "EST"}},
		{"FREQ=MONTHLY;COUNT=3", time.Date(2027, 1, 15, 12, 0, 0, 0, zone), Pattern{Unit: "month", Every: 1, MonthDay: 15, Time: "12:00", Zone: "EST"}},
	}
	for _, c := range cases {
		r, err := Parse(c.rule, c.start, zone)
		if err != nil {
			t.Fatalf("%q: %v", c.rule, err)
		}
		if got := r.Pattern(r.All()[0]); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: pattern %+v, want %+v", c.rule, got, c.want)
		}
	}
}
