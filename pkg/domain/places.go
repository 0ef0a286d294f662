package domain

import (
	"math"
	"strconv"
	"strings"

	"github.com/mmcloughlin/geohash"
)

//go:generate go run ./internal/genzones

// Where and what an event is, for finding it: a category from a fixed list,
// a city, a point on the map, and the time zone its times are told in.

// Categories are the kinds of event, in the order the app offers them.
var Categories = []Category{
	{"music", "Music"}, {"sports", "Sports"}, {"tech", "Tech"}, {"arts", "Arts"}, {"food", "Food & Drink"},
	{"community", "Community"}, {"education", "Education"}, {"business", "Business"}, {"outdoors", "Outdoors"},
	{"other", "Other"},
}

// Category is one kind of event: its id in the API and its name.
type Category struct{ ID, Name string }

// DefaultCategory and DefaultTimeZone are a new event's when its form
// names none.
const (
	DefaultCategory = "other"
	DefaultTimeZone = "UTC"
)

// Messages of the place fields.
const (
	MsgCategory    = "Choose one of the categories."
	MsgTimeZone    = "Enter a valid IANA time zone, such as Europe/Paris."
	MsgLatitude    = "Latitude must be a number from -90 to 90."
	MsgLongitude   = "Longitude must be a number from -180 to 180."
	MsgCoordsPair  = "Send both latitude and longitude, or neither."
	maxCityLength  = 100
	coordsDecimals = 5 // about a metre
)

// ValidCategory reports whether id is one of Categories.
func ValidCategory(id string) bool {
	for _, c := range Categories {
		if c.ID == id {
			return true
		}
	}
	return false
}

// ValidTimeZone reports whether name is an IANA time zone name.
func ValidTimeZone(name string) bool {
	return name != "" && !strings.ContainsAny(name, "\n\r") && strings.Contains(zoneNames, "\n"+name+"\n")
}

// Coords is a point on the map, in degrees.
type Coords struct{ Lat, Lng float64 }

// Place is a city events are in, with a point there (nil when no event
// in it had one).
type Place struct {
	City   string
	Coords *Coords
}

// Parts are c's latitude and longitude as optional values, both nil for no
// point (as the API's body and the table's item hold them).
func (c *Coords) Parts() (lat, lng *float64) {
	if c == nil {
		return nil, nil
	}
	return &c.Lat, &c.Lng
}

// CoordsOf is the point of optional parts, nil unless both are there.
func CoordsOf(lat, lng *float64) *Coords {
	if lat == nil || lng == nil {
		return nil
	}
	return &Coords{Lat: *lat, Lng: *lng}
}

// DistanceKm is the distance between two points, by the equirectangular
// approximation: within a fraction of a percent of the great circle at the
// distances a search covers (up to 500 km), with two cheap operations.
func (c Coords) DistanceKm(o Coords) float64 {
	const earthRadiusKm = 6371.0
	rad := math.Pi / 180
	x := (o.Lng - c.Lng) * rad * math.Cos((c.Lat+o.Lat)/2*rad)
	y := (o.Lat - c.Lat) * rad
	return earthRadiusKm * math.Sqrt(x*x+y*y)
}

// ParseCoord reads a latitude (max 90) or longitude (max 180), rounded to
// about a metre; false when it is not a number within ±max.
func ParseCoord(v string, max float64) (float64, bool) {
	n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(n) || n < -max || n > max {
		return 0, false
	}
	scale := math.Pow(10, coordsDecimals)
	return math.Round(n*scale) / scale, true
}

// placeFields parses the optional place fields of an event form: each is
// nil when the form did not send it (an update keeps the event's value).
func (in EventInput) placeFields(f FieldErrors, out *EventFields) {
	if in.Category != nil {
		c := strings.TrimSpace(*in.Category)
		if !ValidCategory(c) {
			f.Add("category", MsgCategory)
		}
		out.Category = &c
	}
	if in.City != nil {
		c := strings.Join(strings.Fields(*in.City), " ")
		maxLen(f, "city", c, maxCityLength)
		out.City = &c
	}
	if in.TimeZone != nil {
		z := strings.TrimSpace(*in.TimeZone)
		if !ValidTimeZone(z) {
			f.Add("time_zone", MsgTimeZone)
		}
		out.TimeZone = &z
	}
	switch {
	case in.Latitude == nil && in.Longitude == nil:
	case in.Latitude == nil || in.Longitude == nil || (strings.TrimSpace(*in.Latitude) == "") != (strings.TrimSpace(*in.Longitude) == ""):
		f.Add("latitude", MsgCoordsPair)
	case strings.TrimSpace(*in.Latitude) == "":
		out.CoordsSet = true // cleared
	default:
		lat, okLat := ParseCoord(*in.Latitude, 90)
		lng, okLng := ParseCoord(*in.Longitude, 180)
		if !okLat {
			f.Add("latitude", MsgLatitude)
		}
		if !okLng {
			f.Add("longitude", MsgLongitude)
		}
		out.Coords, out.CoordsSet = &Coords{lat, lng}, true
	}
}

// Cells: an event with a point is found under the geohash cell of that
// point at each of CellPrecisions; a search near a point reads the cells
// of one precision that cover its circle.

// CellPrecisions are the geohash lengths an event's point is found by:
// cells from about 1,250 km (2) to 5 km (5) across.
var CellPrecisions = []uint{2, 3, 4, 5}

// maxCells bounds the cells a search near a point reads.
const maxCells = 8

// Cells are the cells of c, one per precision.
func (c Coords) Cells() []string {
	out := make([]string, len(CellPrecisions))
	for i, p := range CellPrecisions {
		out[i] = geohash.EncodeWithPrecision(c.Lat, c.Lng, p)
	}
	return out
}

// CellsAround are the cells covering the circle of radiusKm around c:
// those of the finest precision that needs at most maxCells (the coarsest
// when even it needs more).
func (c Coords) CellsAround(radiusKm float64) []string {
	box := c.BoxAround(radiusKm)
	var cells []string
	for _, p := range CellPrecisions {
		covering := box.cells(p)
		if len(covering) > maxCells && cells != nil {
			break
		}
		cells = covering
	}
	return cells
}

// Box is a latitude and longitude box; MinLng > MaxLng when it crosses
// the 180th meridian.
type Box struct{ MinLat, MaxLat, MinLng, MaxLng float64 }

// BoxAround is the box around the circle of radiusKm around c.
func (c Coords) BoxAround(radiusKm float64) Box {
	dLat := radiusKm / 111.0
	dLng := math.Min(180, radiusKm/(111.0*math.Max(0.01, math.Cos(c.Lat*math.Pi/180))))
	b := Box{MinLat: math.Max(-90, c.Lat-dLat), MaxLat: math.Min(90, c.Lat+dLat), MinLng: c.Lng - dLng, MaxLng: c.Lng + dLng}
	if dLng >= 180 {
		b.MinLng, b.MaxLng = -180, 180
	}
	b.MinLng, b.MaxLng = wrapLng(b.MinLng), wrapLng(b.MaxLng)
	return b
}

func wrapLng(lng float64) float64 {
	switch {
	case lng < -180:
		return lng + 360
	case lng > 180:
		return lng - 360
	}
	return lng
}

// cells are the cells of precision p that cover b.
func (b Box) cells(p uint) []string {
	cell := geohash.BoundingBox(geohash.EncodeWithPrecision(0, 0, p))
	dLat, dLng := cell.MaxLat-cell.MinLat, cell.MaxLng-cell.MinLng
	width := b.MaxLng - b.MinLng
	if width < 0 {
		width += 360 // across the 180th meridian
	}
	seen := map[string]bool{}
	var out []string
	for lat := b.MinLat; ; lat = math.Min(lat+dLat, b.MaxLat) {
		for x := 0.0; ; x = math.Min(x+dLng, width) {
			h := geohash.EncodeWithPrecision(math.Min(lat, 89.999999), wrapLng(b.MinLng+x), p)
			if !seen[h] {
				seen[h] = true
				out = append(out, h)
			}
			if x >= width {
				break
			}
		}
		if lat >= b.MaxLat {
			break
		}
	}
	return out
}
