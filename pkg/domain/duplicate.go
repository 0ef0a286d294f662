package domain

import (
	"slices"
	"time"
)

// An event duplicated is a new event with the original's fields, banner,
// questions and settings, and nothing of its life: no registrations or
// counts, no cancellation, no retired questions, its own invite code.

// DuplicateStart is when a duplicate of e starts: at start ("" for the
// default), which must lie ahead as any new event's (after now, at most
// MaxStartYears on), or by default a week after e at the same wall-clock
// time in e's zone (across a daylight-saving change), or the first such
// week after now when that week has passed.
func DuplicateStart(e Event, start string, now time.Time) (time.Time, error) {
	f := FieldErrors{}
	var at time.Time
	if start != "" {
		at = parseTimeField(f, "start_time", start)
	} else {
		at = weeksAfter(e.Start, e.TimeZone, now)
	}
	switch {
	case at.IsZero():
	case !at.After(now):
		f.Add("start_time", MsgStartInPast)
	case at.After(now.AddDate(MaxStartYears, 0, 0)):
		f.Add("start_time", MsgStartTooFar)
	}
	return at, f.Err()
}

// weeksAfter is the first week after start, at its wall-clock time in
// zone, that lies after now.
func weeksAfter(start time.Time, zone string, now time.Time) time.Time {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	local := start.In(loc)
	weeks := 1
	if passed := int(now.Sub(start) / (7 * 24 * time.Hour)); passed > weeks {
		weeks = passed
	}
	for {
		next := local.AddDate(0, 0, 7*weeks)
		if next.After(now) {
			return next.UTC()
		}
		weeks++
	}
}

// Duplicate is e anew: id, made at created, starting at start and as long
// as e, with bannerKey (a copy of e's banner, "" for none).
func (e Event) Duplicate(id string, start time.Time, bannerKey string, created time.Time) Event {
	return Event{
		ID: id, OrganizationID: e.OrganizationID, OrganizationName: e.OrganizationName, OrganizationLogoKey: e.OrganizationLogoKey,
		Title: e.Title, Description: e.Description, Location: e.Location,
		Start: start, End: start.Add(e.End.Sub(e.Start)), Capacity: e.Capacity, Waitlist: e.Waitlist,
		Category: e.Category, City: e.City, TimeZone: e.TimeZone, Coords: e.Coords, BannerKey: bannerKey, Created: created,
		Visibility: e.Visibility, OnlineURL: e.OnlineURL, Online: e.Online, Approval: e.Approval, Language: e.Language,
		Questions: slices.Clone(e.Questions),
	}
}
