package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

type eventItem struct {
	PK string `dynamo:"PK,hash"`
	SK string `dynamo:"SK,range"`
	// An unlisted or private event is in neither the public list (GSI1)
	// nor search (GSI3).
	GSI1PK           string `dynamo:",omitempty"`
	GSI1SK           string `dynamo:",omitempty"`
	GSI2PK           string
	GSI2SK           string
	GSI3PK           string `dynamo:",omitempty"`
	GSI3SK           string `dynamo:",omitempty"`
	ID               string
	OrganizationID   string
	OrganizationName string
	// OrganizationLogoKey is copied from the organization like its name
	// (organizationface.go); lists read it from the seat counter.
	OrganizationLogoKey string `dynamo:",omitempty"`
	Title               string
	Description         string
	Location            string
	// StartsAt and EndsAt are sortTime strings so conditions can compare
	// them with the request's clock.
	StartsAt string
	EndsAt   string
	Capacity int
	// SeatsTaken to Cancelled are read from the event's seat counter
	// (seatsItem), which decodes into this type too; the event item itself
	// holds none but Cancelled.
	SeatsTaken int  `dynamo:",omitempty"`
	Waitlist   bool `dynamo:",omitempty"`
	Waiting    int  `dynamo:",omitempty"`
	// Approval and Pending are the counter's too (an event that takes
	// approval, and the requests waiting for it).
	Approval bool `dynamo:",omitempty"`
	Pending  int  `dynamo:",omitempty"`
	// Served and Gone are the counter's, read by a person's list.
	Served    int    `dynamo:",omitempty"`
	Gone      []int  `dynamo:",set,omitempty"`
	CheckedIn int    `dynamo:",omitempty"`
	Cancelled bool   `dynamo:",omitempty"`
	BannerKey string `dynamo:",omitempty"`
	Created   time.Time
	// Deleting marks an event whose delete has begun: it is out of every
	// list and refuses changes while its children are removed.
	Deleting bool `dynamo:",omitempty"`
	// What the event is found by (search.go): its kind, place and words.
	Category string   `dynamo:",omitempty"`
	City     string   `dynamo:",omitempty"`
	CityKey  string   `dynamo:",omitempty"`
	TimeZone string   `dynamo:",omitempty"`
	Lat      *float64 `dynamo:",omitempty"`
	Lng      *float64 `dynamo:",omitempty"`
	Words    string   `dynamo:",omitempty"`
	// CancelReason is what the organizer told people when calling it off
	// (kept on the counter too, for the lists).
	CancelReason string `dynamo:",omitempty"`
	// Visibility is "" for a public event (events from before it are);
	// the counter keeps it too, for the owner's list. InviteCode opens a
	// private event; OnlineURL is the online link, which only the event's
	// reads give (the counter says only that there is one, Online).
	Visibility string `dynamo:",omitempty"`
	InviteCode string `dynamo:",omitempty"`
	OnlineURL  string `dynamo:",omitempty"`
	Online     bool   `dynamo:",omitempty"`
	// Language is the tag of the language it is held in (the counter
	// carries it too, for the lists' cards).
	Language string `dynamo:",omitempty"`
	// Questions are what registering asks; RetiredQuestions those taken
	// off, for their answers (only the event's own reads hold them).
	Questions        []domain.Question `dynamo:",omitempty"`
	RetiredQuestions []domain.Question `dynamo:",omitempty"`
	// Who made and last changed it (absent on events from before).
	CreatedBy, ChangedBy *domain.Editor `dynamo:",omitempty"`
	Changed              time.Time      `dynamo:",omitempty"`
	// SeriesID and Position place an occurrence in its series (the
	// counter carries them too, for the lists).
	SeriesID string `dynamo:",omitempty"`
	Position int    `dynamo:",omitempty"`
}

func newEventItem(e domain.Event) eventItem {
	k := eventKey(e.ID)
	lat, lng := e.Coords.Parts()
	it := eventItem{
		PK: k.PK, SK: k.SK,
		GSI2PK: ownedPK(e), GSI2SK: upcomingSK(e.Start, e.ID),
		ID: e.ID, OrganizationID: e.OrganizationID, OrganizationName: e.OrganizationName, OrganizationLogoKey: e.OrganizationLogoKey,
		Title: e.Title, Description: e.Description, Location: e.Location,
		StartsAt: sortTime(e.Start), EndsAt: sortTime(e.End),
		Capacity: e.Capacity, BannerKey: e.BannerKey, Created: e.Created,
		Category: e.Category, City: e.City, CityKey: domain.CityKey(e.City), TimeZone: e.TimeZone,
		Lat: lat, Lng: lng,
		Words:      eventWords(e),
		Visibility: storedVisibility(e), InviteCode: e.InviteCode, OnlineURL: e.OnlineURL, Language: e.Language,
		Questions: e.Questions, RetiredQuestions: e.RetiredQuestions,
		CreatedBy: editorItem(e.CreatedBy), ChangedBy: editorItem(e.ChangedBy), Changed: e.Changed,
		SeriesID: e.SeriesID, Position: e.Position,
	}
	if e.Listed() {
		it.GSI1PK, it.GSI1SK = listedPK(e), upcomingSK(e.Start, e.ID)
		it.GSI3PK, it.GSI3SK = searchPK(e.Start), upcomingSK(e.Start, e.ID)
	}
	return it
}

// storedVisibility is how e's visibility is stored: "" for public, as
// every event from before it.
func storedVisibility(e domain.Event) string {
	if e.Listed() {
		return ""
	}
	return string(e.Visibility)
}

func (it eventItem) domain() domain.Event {
	start, _ := time.Parse(sortTimeLayout, it.StartsAt)
	end, _ := time.Parse(sortTimeLayout, it.EndsAt)
	return domain.Event{
		ID: it.ID, OrganizationID: it.OrganizationID, OrganizationName: it.OrganizationName, OrganizationLogoKey: it.OrganizationLogoKey,
		Title: it.Title, Description: it.Description, Location: it.Location,
		Start: start, End: end, Capacity: it.Capacity, SeatsTaken: it.SeatsTaken, Cancelled: it.Cancelled,
		CancelReason: it.CancelReason, BannerKey: it.BannerKey, Created: it.Created,
		Category: it.Category, City: it.City, TimeZone: it.TimeZone, Coords: domain.CoordsOf(it.Lat, it.Lng),
		Visibility: domain.Visibility(it.Visibility), InviteCode: it.InviteCode, OnlineURL: it.OnlineURL, Online: it.OnlineURL != "",
		Language:  it.Language,
		Questions: it.Questions, RetiredQuestions: it.RetiredQuestions,
		CreatedBy: editorOf(it.CreatedBy), ChangedBy: editorOf(it.ChangedBy), Changed: it.Changed,
		SeriesID: it.SeriesID, Position: it.Position,
	}
}

// CreateEvent stores a new event, created at e.Created, with its reminders,
// while its organization exists and is not being deleted
// (domain.ErrAccountDeleting), so no event outlives its organization.
func (s *Store) CreateEvent(ctx context.Context, e domain.Event) error {
	if err := s.findBefore(ctx, newFindChange(nil, e)); err != nil {
		return fmt.Errorf("create event %s: %w", e.ID, err)
	}
	ok := organizationKey(e.OrganizationID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().Put(s.putNew(newEventItem(e))).Put(s.putNew(newSeatsItem(e))).
			Check(s.table.Check(attrPK, ok.PK).Range(attrSK, ok.SK).If("attribute_exists(PK) AND attribute_not_exists(Deleting)"))
		s.addCity(tx, e)
		s.planReminders(tx, e, e.Created)
		return tx
	})
	switch reasons := cancelReasons(err); {
	case failedAt(reasons, 0):
		return fmt.Errorf("create event %s: %w", e.ID, domain.ErrEventExists) // its find keys are its own
	case failedAt(reasons, 2):
		err = domain.ErrAccountDeleting
	}
	if err != nil {
		// Its find keys name the organization: they go with the event.
		s.findAfter(ctx, newFindChange(nil, e).undone())
		return fmt.Errorf("create event %s: %w", e.ID, err)
	}
	return nil
}

// Event reads one event with its seats: one Query of the event's item and
// its counter, which sort next to each other ("EVENT" < "SEATS").
func (s *Store) Event(ctx context.Context, id string) (domain.Event, error) {
	var items []eventItem
	err := s.table.Get(attrPK, eventKey(id).PK).Range(attrSK, dynamo.Between, eventKey(id).SK, seatsKey(id).SK).All(ctx, &items)
	if err != nil {
		return domain.Event{}, fmt.Errorf("get event %s: %w", id, err)
	}
	var e domain.Event
	var counter eventItem
	found := false
	for _, it := range items {
		switch {
		case it.SK == seatsSK:
			counter = it
		case it.SK == eventKey(id).SK && !it.Deleting:
			e, found = it.domain(), true
		}
	}
	if !found {
		return domain.Event{}, fmt.Errorf("get event %s: %w", id, domain.ErrNotFound)
	}
	counter.counts(&e)
	return e, nil
}

// UpdateEvent rewrites, at now, the editable fields of e (which was as
// was) and its counter in one transaction: the event must exist, belong
// to e.OrganizationID, and keep capacity at or above the seats already
// taken. A change notice, if any, is noted (or pushed back) in the same
// transaction, and its reminders are planned again for its start. Its
// find keys move around the transaction.
func (s *Store) UpdateEvent(ctx context.Context, was, e domain.Event, notice *domain.ChangeNotice, now time.Time) error {
	found := newFindChange(&was, e)
	if err := s.findBefore(ctx, found); err != nil {
		return fmt.Errorf("update event %s: %w", e.ID, err)
	}
	k, sk := eventKey(e.ID), seatsKey(e.ID)
	it, seats := newEventItem(e), newSeatsItem(e)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		up := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
			Set("Title", it.Title).Set("Description", it.Description).Set("Location", it.Location).
			Set("StartsAt", it.StartsAt).Set("EndsAt", it.EndsAt).Set("Capacity", it.Capacity).
			Set("BannerKey", it.BannerKey).Set(attrGSI2PK, it.GSI2PK).Set(attrGSI2SK, it.GSI2SK).Set("Words", it.Words).
			Set("Category", it.Category).Set("City", it.City).Set("CityKey", it.CityKey).Set("TimeZone", it.TimeZone)
		setOrRemove(up, map[string]string{
			attrGSI1PK: it.GSI1PK, attrGSI1SK: it.GSI1SK, attrGSI3PK: it.GSI3PK, attrGSI3SK: it.GSI3SK,
			"Visibility": it.Visibility, "InviteCode": it.InviteCode, "OnlineURL": it.OnlineURL, "Language": it.Language,
		})
		for name, list := range map[string][]domain.Question{"Questions": it.Questions, "RetiredQuestions": it.RetiredQuestions} {
			if len(list) > 0 {
				up.Set(name, list)
			} else {
				up.Remove(name)
			}
		}
		upSeats := s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).
			Set("Capacity", seats.Capacity).Set("StartsAt", seats.StartsAt).Set("Waitlist", seats.Waitlist).
			Set("Category", seats.Category).Set("City", seats.City).Set("TimeZone", seats.TimeZone)
		setOrRemove(upSeats, map[string]string{"Visibility": seats.Visibility, "Language": seats.Language})
		upSeats.Set("Approval", seats.Approval)
		if seats.Online {
			upSeats.Set("Online", true)
		} else {
			upSeats.Remove("Online")
		}
		for _, u := range []*dynamo.Update{up, upSeats} {
			if it.Lat != nil {
				u.Set("Lat", *it.Lat).Set("Lng", *it.Lng)
			} else {
				u.Remove("Lat", "Lng")
			}
		}
		// The list key written depends on whether it is cancelled.
		cond := "attribute_exists(PK) AND attribute_not_exists(Deleting) AND OrganizationID = ?"
		if !e.Cancelled {
			cond += " AND attribute_not_exists(Cancelled)"
		}
		tx := s.db.WriteTx().Update(up.If(cond, e.OrganizationID)).
			Update(upSeats.If("attribute_exists(PK) AND SeatsTaken <= ?", e.Capacity))
		s.addCity(tx, e)
		s.planReminders(tx, e, now)
		if notice != nil {
			s.noteChange(tx, e, *notice)
		}
		return tx
	})
	if r := cancelReasons(err); failedAt(r, 0) || failedAt(r, 1) {
		err = s.explainEventWrite(ctx, e)
	}
	if err != nil {
		s.findAfter(ctx, found.undone()) // back to the event as it stands
		return fmt.Errorf("update event %s: %w", e.ID, err)
	}
	s.findAfter(ctx, found)
	return nil
}

// setOrRemove sets each attribute of values to its value, or removes it
// when that is "" (an empty string cannot be an index key).
func setOrRemove(u *dynamo.Update, values map[string]string) {
	for name, v := range values {
		if v == "" {
			u.Remove(name)
		} else {
			u.Set(name, v)
		}
	}
}

// explainEventWrite finds out, after a failed conditional write of e,
// which condition did not hold. It costs a read only on the failure path.
func (s *Store) explainEventWrite(ctx context.Context, e domain.Event) error {
	stored, err := s.Event(ctx, e.ID)
	switch {
	case err != nil:
		return err
	case stored.OrganizationID != e.OrganizationID:
		return domain.ErrNotOwner
	case stored.Cancelled && !e.Cancelled:
		return domain.ErrEventCancelled
	default:
		return domain.ErrCapacityBelowTaken
	}
}

// SetInviteCode replaces private event id's invite code with code, while
// it belongs to orgID and is private: every link with the old code stops
// opening it.
func (s *Store) SetInviteCode(ctx context.Context, id, orgID, code string) error {
	k := eventKey(id)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("InviteCode", code).
		If("attribute_exists(PK) AND attribute_not_exists(Deleting) AND OrganizationID = ? AND Visibility = ?", orgID, string(domain.VisibilityPrivate)).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("reset the invite code of event %s: %w", id, err)
	}
	return nil
}
