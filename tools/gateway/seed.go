package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"turnout/pkg/app"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/media"
)

// demoPassword is the password of every seeded organizer account, so a
// developer can log in as one.
const demoPassword = "turnout-demo-2026"

// demoPlace is where an organization's demo events happen.
type demoPlace struct {
	city, timeZone string
	coords         domain.Coords
}

type demoOrganization struct {
	place  demoPlace
	org    domain.Organization
	events []demoEvent
}

// demoEvent starts inDays from the seeding day at hour o'clock on the
// clock of its organization's place.
type demoEvent struct {
	title, description, location  string
	inDays, hour, hours, capacity int
	category                      string
}

// times are the event's start and end when seeded on day today (a UTC
// date), its hour read in loc.
func (de demoEvent) times(today time.Time, loc *time.Location) (start, end time.Time) {
	start = time.Date(today.Year(), today.Month(), today.Day()+de.inDays, de.hour, 0, 0, 0, loc)
	return start, start.Add(time.Duration(de.hours) * time.Hour)
}

var demoData = []demoOrganization{
	{
		org: domain.Organization{
			Name: "City Lights Collective", OwnerName: "citylights", Email: "hello@citylights.example",
			Address1: "12 Harbour Street", Link: "https://citylights.example",
			Description: "Evening talks, film nights and walks around the city's hidden corners.",
		},
		place: demoPlace{"Lisbon", "Europe/Lisbon", domain.Coords{Lat: 38.7223, Lng: -9.1393}},
		events: []demoEvent{
			{"Night Photography Walk", "Bring a camera or a phone: we walk the old town after dark and learn to shoot in low light.", "Old Town Square", 5, 19, 3, 25, "arts"},
			{"Open-Air Cinema: Classics", "A double bill of restored classics on the big screen by the river. Blankets welcome.", "Riverside Park", 12, 20, 4, 200, "arts"},
			{"Architecture Talk: Brutalism", "An illustrated talk on the concrete buildings everyone loves to hate, and why they matter.", "Central Library, Hall B", 20, 18, 2, 80, "education"},
		},
	},
	{
		org: domain.Organization{
			Name: "Green Valley Runners", OwnerName: "greenvalley", Email: "team@greenvalley.example",
			Address1: "Valley Sports Ground", Link: "https://greenvalley.example",
			Description: "A friendly running club for every pace, from first 5K to marathon.",
		},
		place: demoPlace{"Boulder", "America/Denver", domain.Coords{Lat: 40.015, Lng: -105.2705}},
		events: []demoEvent{
			{"Saturday 5K Social Run", "An easy-paced 5K loop followed by coffee. Every pace welcome.", "Valley Sports Ground", 3, 9, 2, 60, "sports"},
			{"Trail Running Basics", "Learn footwork, pacing and kit for running off-road, with a short guided trail run.", "North Ridge Car Park", 9, 8, 3, 20, "outdoors"},
			{"Half Marathon Training Kick-off", "Meet the coaches, get a 12-week plan and do the first group session.", "Valley Sports Ground", 30, 10, 2, 120, "sports"},
		},
	},
}

// seed fills an empty table with demo organizations and events starting
// in the days ahead. It does nothing when the first demo account exists.
func seed(ctx context.Context, b app.Base) error {
	hash, err := auth.HashPassword(demoPassword)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	today := b.Now().UTC().Truncate(24 * time.Hour)
	banner := 0
	for i, d := range demoData {
		u := domain.User{
			ID: auth.NewID(), Username: d.org.OwnerName, Email: d.org.Email, PasswordHash: hash,
			IsActive: true, IsOrganizer: true, Joined: today,
		}
		org := d.org
		org.ID, org.OwnerID = auth.NewID(), u.ID
		u.OrganizationID = org.ID
		if org.LogoKey, err = b.Media.PutImage(ctx, domain.MediaLogo, demoLogo(i)); err != nil {
			return fmt.Errorf("seed logo of %s: %w", org.Name, err)
		}
		err := b.Store.CreateOrganizer(ctx, u, org, time.Time{}) // active: never expires
		if errors.Is(err, domain.ErrUsernameTaken) {
			media.Discard(ctx, b.Media, org.LogoKey)
			return nil // seeded before
		}
		if err != nil {
			return fmt.Errorf("seed organization %s: %w", org.Name, err)
		}
		loc, err := time.LoadLocation(d.place.timeZone)
		if err != nil {
			return fmt.Errorf("seed events of %s: %w", org.Name, err)
		}
		for _, de := range d.events {
			start, end := de.times(today, loc)
			e := domain.Event{
				ID: auth.NewID(), OrganizationID: org.ID, OrganizationName: org.Name, OrganizationLogoKey: org.LogoKey,
				Title: de.title, Description: de.description, Location: de.location,
				Start: start, End: end,
				Capacity: de.capacity, Created: today,
				Category: de.category, City: d.place.city, TimeZone: d.place.timeZone, Coords: &d.place.coords,
			}
			if e.BannerKey, err = b.Media.PutImage(ctx, domain.MediaBanner, demoBanner(banner)); err != nil {
				return fmt.Errorf("seed banner of %s: %w", e.Title, err)
			}
			banner++
			if err := b.Store.CreateEvent(ctx, e); err != nil {
				return fmt.Errorf("seed event %s: %w", e.Title, err)
			}
		}
	}
	slog.Info("seeded demo data", "organizers", len(demoData), "password", demoPassword)
	return nil
}
