// Package events is the life of events and registrations: who may create,
// change and delete an event, who may register and cancel, which banner an
// event keeps, and how store and media failures read to people. It speaks
// domain errors; the HTTP layer only decodes, calls and encodes.
package events

import (
	"context"
	"errors"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/media"
	"turnout/pkg/series"
)

// Messages shown to people.
const (
	MsgEventNotFound        = "Event not found."
	MsgOrganizationNotFound = "Organization not found."
	MsgUserNotFound         = "User not found."
	MsgNotOrganizer         = "Only organizers can create events."
	MsgNotOwner             = "Only the organization that created this event can change it."
	MsgCapacityBelowTaken   = "Capacity cannot be lower than the number of people already registered."
	MsgAlreadyRegistered    = "You are already registered for this event."
	MsgEventFull            = "This event is full."
	MsgEventStarted         = "This event has already started."
	MsgNotYourRegistrations = "You can only see your own registrations."
	MsgRegistrationNotFound = "Registration not found."
	MsgNotYourRegistration  = "You can only cancel your own registrations."
	MsgNotRegistered        = "You are not registered for this event."
	MsgBusy                 = "This event is very busy right now. Please try again."
	MsgBadCursor            = "This page cursor is not valid."
	MsgAccountDeleting      = "This account is being deleted."
	MsgTooManyChanges       = "You have registered and cancelled too often just now. Please try again in a few minutes."
)

// Registrations and cancellations one account may make in a window: more
// than a person clicks, few enough that no account can flood the mail
// everyone's account mail goes out with.
const (
	RegistrationChangesPerWindow = 30
	RegistrationChangeWindow     = 10 * time.Minute
)

// Store is what the events service needs of the table.
type Store interface {
	FollowStore
	series.Store
	EventsByID(ctx context.Context, ids []string) ([]domain.Event, error)
	DeleteSeries(ctx context.Context, id string) error
	Organization(ctx context.Context, id string) (domain.Organization, error)
	Event(ctx context.Context, id string) (domain.Event, error)
	CreateEvent(ctx context.Context, e domain.Event) error
	UpdateEvent(ctx context.Context, was, e domain.Event, notice *domain.ChangeNotice, now time.Time) error
	CancelEvent(ctx context.Context, e domain.Event, b domain.Broadcast) error
	SetInviteCode(ctx context.Context, id, orgID, code string) error
	QueueMessage(ctx context.Context, b domain.Broadcast) error
	OrganizationUpcoming(ctx context.Context, orgID string, now time.Time, limit int) ([]domain.Event, error)
	PastEventCount(ctx context.Context, orgID string, now time.Time) (domain.Bounded, error)
	User(ctx context.Context, id string) (domain.User, error)
	LatestRegistrations(ctx context.Context, userID string, limit int) ([]domain.RegisteredEvent, error)
	ResetFeed(ctx context.Context, userID string) (int, error)
	Search(ctx context.Context, q domain.SearchQuery, now time.Time) ([]domain.Event, string, error)
	Cities(ctx context.Context, prefix string, limit int) ([]domain.Place, error)
	DeleteEvent(ctx context.Context, id string, may func(orgID string) error) (domain.Event, error)
	OrganizationEvents(ctx context.Context, orgID, after string, limit int, unlisted bool) ([]domain.Event, string, error)
	UpcomingEvents(ctx context.Context, after string, now time.Time, limit int) ([]domain.Event, string, error)
	Register(ctx context.Context, a domain.Attendee, now time.Time, place func(domain.SeatCounter) (domain.RegistrationStatus, error)) (domain.Registration, error)
	TakeAllowance(ctx context.Context, a domain.Allowance, now time.Time) (bool, time.Time, error)
	Registration(ctx context.Context, id string) (domain.Registration, error)
	Attendee(ctx context.Context, eventID, userID string) (domain.Attendee, error)
	AttendeeAndEvent(ctx context.Context, eventID, userID string) (domain.Attendee, domain.Event, error)
	RequestSeat(ctx context.Context, a domain.Attendee, now time.Time) (domain.Registration, error)
	Approve(ctx context.Context, eventID, regID string, now time.Time) (domain.Attendee, error)
	Decline(ctx context.Context, eventID, regID string, now time.Time) (domain.Attendee, error)
	CancelRegistration(ctx context.Context, r domain.Registration) error
	UserRegistrations(ctx context.Context, userID, after string, limit int) ([]domain.RegisteredEvent, string, error)
	Attendees(ctx context.Context, eventID, search, after string, limit int) ([]domain.Attendee, string, error)
	EachAttendee(ctx context.Context, eventID, after string, fn func(domain.Attendee) error) error
	CheckIn(ctx context.Context, eventID, regID string, now time.Time) (domain.Attendee, bool, error)
	UndoCheckIn(ctx context.Context, eventID, regID string) (domain.Attendee, bool, error)
	ResetTicketLink(ctx context.Context, eventID, userID, regID string) (int, error)
	PromoteWaiting(ctx context.Context, eventID string) error
	PersonRegistrations(ctx context.Context, userID, after string, limit int) ([]domain.Registration, string, error)
	DropRegistration(ctx context.Context, r domain.Registration) error
	OrganizationEventIDs(ctx context.Context, orgID string, part domain.OwnedPart, after string, limit int) ([]string, string, error)
	RegistrationTimes(ctx context.Context, userID string, eventIDs []string) (map[string]domain.Registration, error)
	UserByEmail(ctx context.Context, email string) (domain.User, error)
	SaveGuestRequest(ctx context.Context, r domain.GuestRequest) error
	GuestRequest(ctx context.Context, digest string, now time.Time) (domain.GuestRequest, error)
	ClaimGuestRegistrations(ctx context.Context, guestID string, u domain.User) (int, error)
}

// Media is what event flows need of the media bucket: removing banners an
// event no longer keeps, and copying one for a duplicate.
type Media interface {
	media.Deleter
	CopyBanner(ctx context.Context, key string) (string, error)
}

var _ Media = (*media.Store)(nil)

// Service holds what event flows need. Build it once per process.
type Service struct {
	Store Store
	Media Media
	// Tickets signs and checks the codes of attendees' tickets.
	Tickets auth.Tickets
	// Feeds signs and checks the secrets of people's calendar feeds.
	Feeds auth.Feeds
	// Guests names the guests of addresses (guests.go).
	Guests auth.Guests
	// Mail queues the confirmation links of guest registrations.
	Mail Mailer
	// WebOrigin is the site's scheme://host; mailed links start with it.
	WebOrigin string
	Now       func() time.Time
}

// Banner stores or claims the banner a form sent and returns its media key
// ("" when none). It is called only once the rest of the form is valid, so
// a refused form stores nothing.
type Banner func(ctx context.Context) (string, error)

// explain turns a store failure into the people's message for it, in one
// place; notFound is what a missing item means to the caller. Anything
// else stays internal.
func explain(err error, notFound *domain.Error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, domain.ErrNotFound):
		return notFound
	case errors.Is(err, domain.ErrNotOwner):
		return domain.Errorf(domain.CodeForbidden, MsgNotOwner)
	case errors.Is(err, domain.ErrCapacityBelowTaken):
		return domain.FieldError("capacity", MsgCapacityBelowTaken)
	case errors.Is(err, domain.ErrAlreadyRegistered):
		return domain.Errorf(domain.CodeConflict, MsgAlreadyRegistered)
	case errors.Is(err, domain.ErrEventFull):
		return domain.Errorf(domain.CodeConflict, MsgEventFull)
	case errors.Is(err, domain.ErrEventStarted):
		return domain.Errorf(domain.CodeConflict, MsgEventStarted)
	case errors.Is(err, domain.ErrEventCancelled):
		return domain.Errorf(domain.CodeConflict, MsgEventCancelled)
	case errors.Is(err, domain.ErrAccountDeleting):
		return domain.Errorf(domain.CodeConflict, MsgAccountDeleting)
	case errors.Is(err, domain.ErrBusy):
		return domain.Errorf(domain.CodeUnavailable, MsgBusy)
	case errors.Is(err, domain.ErrBadCursor):
		return domain.FieldError("after", MsgBadCursor)
	case errors.Is(err, domain.ErrRequestUsed):
		return domain.Errorf(domain.CodeNotFound, MsgRSVPLinkInvalid)
	}
	return err
}

func eventNotFound() *domain.Error { return domain.Errorf(domain.CodeNotFound, MsgEventNotFound) }

func registrationNotFound() *domain.Error {
	return domain.Errorf(domain.CodeNotFound, MsgRegistrationNotFound)
}

// Upcoming lists events that have not started, soonest first, limit at a
// time; after is the previous page's cursor and the returned one is "" on
// the last page.
func (s *Service) Upcoming(ctx context.Context, after string, limit int) ([]domain.Event, string, error) {
	events, next, err := s.Store.UpcomingEvents(ctx, after, s.Now(), limit)
	return events, next, explain(err, eventNotFound())
}

// Event reads one event; unknown or malformed ids are not found.
func (s *Service) Event(ctx context.Context, id string) (domain.Event, error) {
	if !domain.ValidID(id) {
		return domain.Event{}, eventNotFound()
	}
	e, err := s.Store.Event(ctx, id)
	return e, explain(err, eventNotFound())
}

// OrganizationEvents lists an organization's events by start time, limit
// at a time, as Upcoming pages: its public ones, and for its own
// organizer (viewer, nil for anyone) its unlisted and private ones too.
func (s *Service) OrganizationEvents(ctx context.Context, orgID, after string, limit int, viewer *domain.User) ([]domain.Event, string, error) {
	if !domain.ValidID(orgID) {
		return nil, "", domain.Errorf(domain.CodeNotFound, MsgOrganizationNotFound)
	}
	events, next, err := s.Store.OrganizationEvents(ctx, orgID, after, limit, viewer != nil && viewer.May(orgID, domain.DutyDoor))
	return events, next, explain(err, eventNotFound())
}

// MayCreate refuses anyone whose role in organization orgID does not make
// events, before their form is read. orgID "" is u's home organization;
// MayCreate answers the organization meant.
func (s *Service) MayCreate(u domain.User, orgID string) (string, error) {
	if orgID == "" {
		orgID = u.HomeOrganization(domain.DutyEvents)
	}
	return orgID, domain.Authorize(u, orgID, domain.DutyEvents, MsgNotOrganizer)
}

// Create adds an event of organization orgID ("" for u's own).
func (s *Service) Create(ctx context.Context, u domain.User, orgID string, in domain.EventInput, banner Banner) (domain.Event, error) {
	orgID, err := s.MayCreate(u, orgID)
	if err != nil {
		return domain.Event{}, err
	}
	now := s.Now()
	in.NewQuestionID = newQuestionID
	fields, err := in.Parse(now)
	if err != nil {
		return domain.Event{}, err
	}
	rule, err := repeatOf(in.Repeat, fields)
	if err != nil {
		return domain.Event{}, err
	}
	org, err := s.Store.Organization(ctx, orgID)
	if err != nil {
		// An organization goes only with its own account.
		return domain.Event{}, explain(err, domain.Errorf(domain.CodeConflict, MsgAccountDeleting))
	}
	bannerKey, err := banner(ctx)
	if err != nil {
		return domain.Event{}, err
	}
	e := domain.Event{
		ID: auth.NewID(), OrganizationID: org.ID, OrganizationName: org.Name, OrganizationLogoKey: org.LogoKey,
		BannerKey: bannerKey, Created: now.UTC().Truncate(time.Second), CreatedBy: domain.EditorOf(u),
		Category: domain.DefaultCategory, TimeZone: domain.DefaultTimeZone,
	}
	fields.Apply(&e)
	keepInvite(&e)
	err = media.Replace(ctx, s.Media, bannerKey, "", func() (err error) {
		if rule != nil {
			e, err = s.startSeries(ctx, u, e, *rule)
			return err
		}
		return s.Store.CreateEvent(ctx, e)
	})
	if err == nil && rule == nil {
		s.announce(ctx, e)
	}
	return e, explain(err, eventNotFound())
}

// Editable loads event id if u may change it, before their form is read.
func (s *Service) Editable(ctx context.Context, u domain.User, id string) (domain.Event, error) {
	e, err := s.Event(ctx, id)
	if err != nil {
		return e, err
	}
	return e, domain.Authorize(u, e.OrganizationID, domain.DutyEvents, MsgNotOwner)
}

// Update rewrites current (as Editable returned it for u) from the form; a
// new banner replaces the old one.
func (s *Service) Update(ctx context.Context, u domain.User, current domain.Event, in domain.EventInput, banner Banner) (domain.Event, error) {
	// A start that is not moved may already lie in the past (or, for
	// events from before the bound, far ahead).
	var earliest time.Time
	if start, err := domain.ParseTime(in.StartTime); err != nil || !start.Equal(current.Start) {
		earliest = s.Now()
	}
	in.AskedBefore, in.NewQuestionID = current.Questions, newQuestionID
	fields, err := in.Parse(earliest)
	if err != nil {
		return domain.Event{}, err
	}
	bannerKey, err := banner(ctx)
	if err != nil {
		return domain.Event{}, err
	}
	next := current
	fields.Apply(&next)
	keepInvite(&next)
	if bannerKey != "" {
		next.BannerKey = bannerKey
	}
	// People registered or waiting are told what moved, by a notice noted
	// with the change, which goes once the edits stop (domain.NoticeOf).
	now := s.Now()
	next.ChangedBy, next.Changed = domain.EditorOf(u), now.UTC().Truncate(time.Second)
	notice := domain.NoticeOf(current, next, now)
	replaced := current.BannerKey
	if current.SeriesID != "" {
		replaced = "" // its series' other occurrences share it
	}
	err = media.Replace(ctx, s.Media, bannerKey, replaced, func() error { return s.Store.UpdateEvent(ctx, current, next, notice, now) })
	if err == nil && !current.Listed() {
		s.announce(ctx, next) // made public: new to its followers
	}
	if err == nil && next.Capacity > current.Capacity {
		// The seats a raised capacity frees go to the people waiting
		// first; until they have them, nobody else can take one.
		err = s.Store.PromoteWaiting(ctx, next.ID)
	}
	return next, explain(err, eventNotFound())
}

// Delete removes an event of u's organization with its registrations and
// banner, and answers it as it was. The owner's retry of a delete that
// was cut short finishes it.
func (s *Service) Delete(ctx context.Context, u domain.User, id string) (domain.Event, error) {
	if !domain.ValidID(id) {
		return domain.Event{}, eventNotFound()
	}
	deleted, err := s.Store.DeleteEvent(ctx, id, func(orgID string) error {
		return domain.Authorize(u, orgID, domain.DutyEvents, MsgNotOwner)
	})
	if err != nil {
		return domain.Event{}, explain(err, eventNotFound())
	}
	if deleted.SeriesID == "" { // a series' occurrences share its banner
		media.Discard(ctx, s.Media, deleted.BannerKey)
	}
	return deleted, nil
}
