package main

import (
	"testing"
	"time"
)

// Every demo event starts at its hour on its place's clock, on the day it
// is due there, whatever the place's offset: a Denver run at 9 AM, not
// 9 UTC (2 AM in Denver).
func TestDemoEventsStartAtLocalHours(t *testing.T) {
	for _, today := range []time.Time{time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC)} {
		for _, d := range demoData {
			loc, err := time.LoadLocation(d.place.timeZone)
			if err != nil {
				t.Fatal(err)
			}
			for _, de := range d.events {
				start, end := de.times(today, loc)
				local := start.In(loc)
				if got, want := local.Format("2006-01-02 15:04"), today.AddDate(0, 0, de.inDays).Format("2006-01-02")+time.Date(0, 1, 1, de.hour, 0, 0, 0, time.UTC).Format(" 15:04"); got != want {
					t.Errorf("%s (%s) starts %s local, want %s", de.title, d.place.timeZone, got, want)
				}
				if h := local.Hour(); h < 7 || h+de.hours > 24 {
					t.Errorf("%s (%s) runs %d:00–%d:00 local, outside waking hours", de.title, d.place.timeZone, h, h+de.hours)
				}
				if got := end.Sub(start); got != time.Duration(de.hours)*time.Hour {
					t.Errorf("%s lasts %s, want %d hours", de.title, got, de.hours)
				}
			}
		}
	}
}
