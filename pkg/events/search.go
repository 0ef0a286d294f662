package events

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"turnout/pkg/domain"
)

// Messages of a search's parameters.
const (
	MsgSearchLong     = "Ensure the search has no more than 100 characters."
	MsgSearchWords    = "Search with at most 8 words."
	MsgSearchDate     = "Enter a valid date, as YYYY-MM-DD, or a time with its offset, such as 2026-11-25T00:00:00-08:00."
	MsgSearchToBefore = "The end date must not be before the start date."
	MsgSearchCity     = "Ensure the city has no more than 100 characters."
	MsgSearchNear     = "Enter a point as latitude,longitude, such as 48.8566,2.3522."
	MsgSearchRadius   = "radius_km must be a number from 1 to 500."
	MsgRadiusAlone    = "radius_km needs near."
	// DefaultRadiusKm is a search's radius around near when none is given.
	DefaultRadiusKm = 25
	maxSearchLen    = 100
	maxRadiusKm     = 500
)

// SearchInput is a search of the public list, as the query sends it;
// empty fields do not filter.
type SearchInput struct {
	Q, From, To, Category, City, Near, RadiusKm string
	// Lang is a BCP 47 tag: events held in its language (any variety).
	Lang  string
	After string
	Limit int
}

// Empty reports whether the input asks for no search at all (the plain
// list).
func (in SearchInput) Empty() bool {
	return strings.TrimSpace(in.Q) == "" && in.From == "" && in.To == "" && in.Category == "" &&
		strings.TrimSpace(in.City) == "" && in.Near == "" && in.RadiusKm == "" && in.Lang == ""
}

// Search finds upcoming events by words, dates, category, city and
// distance (Store.Search).
func (s *Service) Search(ctx context.Context, in SearchInput) ([]domain.Event, string, error) {
	q, err := in.parse()
	if err != nil {
		return nil, "", err
	}
	events, next, err := s.Store.Search(ctx, q, s.Now())
	return events, next, explain(err, eventNotFound())
}

func (in SearchInput) parse() (domain.SearchQuery, error) {
	bad := domain.FieldErrors{}
	q := domain.SearchQuery{After: in.After, Limit: in.Limit, Category: in.Category, CityKey: domain.CityKey(in.City)}
	if utf8.RuneCountInString(in.Q) > maxSearchLen {
		bad.Add("q", MsgSearchLong)
	} else if q.Words = domain.QueryWords(in.Q); len(q.Words) > domain.MaxQueryWords {
		bad.Add("q", MsgSearchWords)
	}
	q.From, _ = searchBound(bad, "from", in.From)
	if to, date := searchBound(bad, "to", in.To); !to.IsZero() {
		q.To = to
		if date {
			q.To = to.AddDate(0, 0, 1) // the whole day
		}
		if !q.From.IsZero() && !q.To.After(q.From) {
			bad.Add("to", MsgSearchToBefore)
		}
	}
	if in.Category != "" && !domain.ValidCategory(in.Category) {
		bad.Add("category", domain.MsgCategory)
	}
	if tag, ok := domain.NormalizeLanguageTag(in.Lang); ok {
		q.Language = domain.BaseLanguage(tag)
	} else {
		bad.Add("lang", domain.MsgLanguageTag)
	}
	if utf8.RuneCountInString(in.City) > maxSearchLen {
		bad.Add("city", MsgSearchCity)
	}
	if in.Near != "" {
		lat, lng, ok := strings.Cut(in.Near, ",")
		la, okLat := domain.ParseCoord(lat, 90)
		lo, okLng := domain.ParseCoord(lng, 180)
		if !ok || !okLat || !okLng {
			bad.Add("near", MsgSearchNear)
		}
		q.Near, q.RadiusKm = &domain.Coords{Lat: la, Lng: lo}, DefaultRadiusKm
	}
	if in.RadiusKm != "" {
		r, err := strconv.ParseFloat(in.RadiusKm, 64)
		switch {
		case in.Near == "":
			bad.Add("radius_km", MsgRadiusAlone)
		case err != nil || !(r >= 1 && r <= maxRadiusKm): // NaN too
			bad.Add("radius_km", MsgSearchRadius)
		default:
			q.RadiusKm = r
		}
	}
	return q, bad.Err()
}

// searchBound reads a bound of a search's dates, or zero for "": a date
// (YYYY-MM-DD, the UTC day, with date true) or an instant with its offset
// (RFC 3339), which lets a visitor ask for their own day: the API cannot
// know their zone.
func searchBound(bad domain.FieldErrors, field, v string) (t time.Time, date bool) {
	if v == "" {
		return time.Time{}, false
	}
	if t, err := time.Parse(time.DateOnly, v); err == nil {
		return t, true
	}
	// A "+" offset left unescaped in a query string arrives as a space.
	if t, err := time.Parse(time.RFC3339, strings.Replace(v, " ", "+", 1)); err == nil {
		return t, false
	}
	bad.Add(field, MsgSearchDate)
	return time.Time{}, false
}

// citySuggestions bounds the cities suggested at once.
const citySuggestions = 10

// Cities suggests the cities of events that begin with prefix, with their
// points. It returns a field error on q when prefix is too long.
func (s *Service) Cities(ctx context.Context, prefix string) ([]domain.Place, error) {
	if utf8.RuneCountInString(prefix) > maxSearchLen {
		return nil, domain.FieldError("q", MsgSearchCity)
	}
	return s.Store.Cities(ctx, prefix, citySuggestions)
}
