package domain

import (
	"net/url"
	"slices"
	"time"
)

// User is an account: a person or the login of an organization.
type User struct {
	ID             string
	Username       string
	Email          string
	FirstName      string
	LastName       string
	Phone          string
	Address        string
	ImageKey       string // media object key, "" when none
	PasswordHash   string
	IsActive       bool
	IsOrganizer    bool
	OrganizationID string // set for organizers
	Joined         time.Time
	// SessionVersion grows on every password change or reset; tokens carry
	// the version they were issued under and die when it moves on.
	SessionVersion int
	// PendingEmail is an address the account asked to move to; it takes
	// effect only when that address confirms it by an emailed link.
	PendingEmail string
	// FeedVersion grows when the person resets their calendar feed's
	// secret URL; only the URL of the current version answers.
	FeedVersion int
	// Muted are the kinds of mail the person turned off.
	Muted []MailKind
	// Deleting is set while the account is being deleted.
	Deleting bool
	// MailProblem says why mail stopped going to Email ("" while it goes);
	// a new address clears it.
	MailProblem MailProblem
	// Guest marks a guest's profile (guests.go): the name and address of
	// the person registered without an account, which no login reaches.
	Guest bool
	// Memberships are the person's roles in organizations, by their ids
	// (an organization's own login holds its own by OrganizationID).
	Memberships map[string]Role
	// Language is the one the person reads Turnout in (language.go): the
	// one they signed up or registered as a guest in, until they choose
	// another; "" for accounts older than languages.
	Language string
	// Scopes are what an API token's call may do (APIToken.Principal);
	// nil for a person, whose role alone says.
	Scopes []Scope
}

// Sees reports whether u may read what scope s covers: a person always
// (their role decides), a token's call when the token carries s.
func (u User) Sees(s Scope) bool { return u.Scopes == nil || slices.Contains(u.Scopes, s) }

// Organization is the public face of an organizer account.
type Organization struct {
	ID          string
	Name        string
	OwnerID     string
	OwnerName   string // the organizer account's username
	Email       string
	Phone       string
	Address1    string
	Address2    string
	Link        string
	Description string
	LogoKey     string
	// CreatedBy made the organization (its own login); ChangedBy last
	// changed its profile, at Changed (zero before they were kept).
	CreatedBy, ChangedBy Editor
	Changed              time.Time
}

// Event is something people can register for.
type Event struct {
	ID               string
	OrganizationID   string
	OrganizationName string
	// OrganizationLogoKey is its organization's logo (media key), shown
	// on its page's host card; "" for none.
	OrganizationLogoKey string
	Title               string
	Description         string
	Location            string
	Start               time.Time
	End                 time.Time
	Capacity            int
	SeatsTaken          int
	// Waitlist lets people queue for seats once the event is full.
	Waitlist bool
	// Waiting counts the people on the waitlist; CheckedIn the attendees
	// checked in at the door.
	Waiting   int
	CheckedIn int
	// Cancelled events stay listed and visible, but take nobody.
	Cancelled bool
	// CancelReason is what the organizer told its people when calling it
	// off.
	CancelReason string
	// Category is one of Categories; City and Coords (nil when unknown)
	// place it; TimeZone is the IANA zone its times are told in.
	Category, City, TimeZone string
	Coords                   *Coords
	BannerKey                string
	Created                  time.Time
	// Visibility says who finds and opens it ("" is public); InviteCode
	// opens a private one.
	Visibility Visibility
	InviteCode string
	// OnlineURL is where it is joined online ("" when it is not): only
	// its organizer and the people holding a seat see it. Online says
	// there is one, which lists know without reading it.
	OnlineURL string
	Online    bool
	// Language is the BCP 47 tag of the language it is held in, "" when
	// its organizer did not say.
	Language string
	// Approval makes registering a request its organizer approves or
	// declines (approval.go); Pending counts the requests waiting.
	Approval bool
	Pending  int
	// Questions are what registering asks (questions.go); Retired are
	// the ones taken off since people answered them, kept so that their
	// answers still read as what they answered.
	Questions, RetiredQuestions []Question
	// CreatedBy made the event; ChangedBy last changed it, at Changed
	// (zero for events from before they were kept).
	CreatedBy, ChangedBy Editor
	Changed              time.Time
	// SeriesID is the series the event is an occurrence of ("" for none),
	// Position its place in it (from 1).
	SeriesID string
	Position int
}

// Editor is the account that made or changed something of an
// organization, as its members see it.
type Editor struct{ ID, Username string }

// EditorOf is u as an editor.
func EditorOf(u User) Editor { return Editor{ID: u.ID, Username: u.Username} }

// SeatsLeft never goes below zero, even if capacity was lowered by hand.
func (e Event) SeatsLeft() int { return max(e.Capacity-e.SeatsTaken, 0) }

// Started reports whether registration has closed because the event began.
func (e Event) Started(now time.Time) bool { return !now.Before(e.Start) }

// Registration is one account's seat at one event, or its place in the
// event's waitlist.
type Registration struct {
	ID      string
	EventID string
	UserID  string
	Created time.Time
	Status  RegistrationStatus
	// Position is a waitlisted registration's place in the queue, from 1.
	Position int
	// CheckedIn is when the attendee was checked in at the door (zero if not).
	CheckedIn time.Time
	// TicketVersion is the version of the link to the ticket's own page;
	// a reset moves it on, which ends every older link.
	TicketVersion int
	// Answers are the person's answers to the event's questions.
	Answers Answers
	// Guest: made without an account (guests.go); UserID is the guest's id.
	Guest bool
}

// Departure is a registration its person gave up: a seat (Status
// registered) or a place in the queue (waitlisted).
type Departure struct {
	EventID, RegistrationID, UserID string
	Status                          RegistrationStatus
}

// DepartureDeclined is a departure's Status when its organizer declined
// the request it was.
const DepartureDeclined RegistrationStatus = "declined"

// Declined reports whether d is a request its organizer declined.
func (d Departure) Declined() bool { return d.Status == DepartureDeclined }

// RegistrationStatus says whether a registration holds a seat.
type RegistrationStatus string

const (
	StatusRegistered RegistrationStatus = "registered"
	StatusWaitlisted RegistrationStatus = "waitlisted"
	// StatusPending is a request to join an event that takes approval:
	// it holds no seat until its organizer approves it.
	StatusPending RegistrationStatus = "pending"
)

// Seated reports whether r holds a seat (not waiting, not pending).
func (r Registration) Seated() bool { return r.Status == StatusRegistered }

// Broadcast is a mail to an event's people, recorded with the change it
// tells of and sent by the mailer, one mail per person.
type Broadcast struct {
	ID      string
	EventID string
	Kind    BroadcastKind
	// Subject and Body are the organizer's words (a message, or what a
	// cancellation says); Was is what moved (a change notice).
	Subject, Body string
	Was           EventWas
	Created       time.Time
	// Start, for a reminder, is the event's start it was planned for: if
	// the event has moved since, the reminder of the new start goes instead.
	Start time.Time
	// OrganizationID and EventIDs, for new events, are whose followers
	// are told of which events.
	OrganizationID string
	EventIDs       []string
}

// EventWas is what an event was before a change its people are told of:
// its times, zero when they did not move, and its place, "" when it did
// not. The mailer words it in the event's zone.
type EventWas struct {
	Start, End time.Time
	Location   string
}

// BroadcastKind says what a broadcast tells and to whom: a cancellation
// and a change reach everyone registered or waiting; a message the
// registered.
type BroadcastKind string

const (
	BroadcastCancelled BroadcastKind = "cancelled"
	BroadcastChanged   BroadcastKind = "changed"
	BroadcastMessage   BroadcastKind = "message"
	// A reminder reaches those registered (not waiting) before its moment,
	// its Created.
	BroadcastReminder24h BroadcastKind = "reminder_24h"
	BroadcastReminder1h  BroadcastKind = "reminder_1h"
	// BroadcastNewEvents tells an organization's followers of its new
	// public events (EventIDs; EventID is the first of them).
	BroadcastNewEvents BroadcastKind = "new_events"
)

// OrganizationPagePath is the web app's page of organization id.
func OrganizationPagePath(id string) string { return "/organizations/" + url.PathEscape(id) }

// EventPagePath is the web app's page of event id, the address an event is
// shared by; the site's origin goes before it.
func EventPagePath(id string) string { return "/event/detail?id=" + url.QueryEscape(id) }

// TicketPagePath is the web app's page of a ticket, opened without a login
// by its link secret; the site's origin goes before it. The secret rides in
// the query: it holds dots, and the edge serves the app only for paths
// without one (any other is a file).
func TicketPagePath(secret string) string { return "/ticket?t=" + url.QueryEscape(secret) }

// Attendee is a registration with the person it is for, as the event's
// organizer sees it.
type Attendee struct {
	Registration
	Username, FirstName, LastName, Email string
	// Confirms is the key of the guest request whose confirmation makes
	// this registration: the registration's transaction consumes it, so
	// its link works once ("" for none).
	Confirms string
	// Language is the holder's (a guest's profile keeps it for their mail).
	Language string
}

// AttendeeOf is u's registration r, with what the organizer sees of u.
func AttendeeOf(r Registration, u User) Attendee {
	r.Guest = u.Guest
	return Attendee{Registration: r, Username: u.Username, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Language: u.Language}
}

// RegisteredEvent is a user's registration joined with the event it is for.
type RegisteredEvent struct {
	Registration Registration
	Event        Event
}

// RefreshToken is the server-side record of an issued refresh token, so that
// logout can revoke it, refresh can rotate it and reuse can be detected.
type RefreshToken struct {
	ID       string // the JWT's jti
	UserID   string
	FamilyID string // every token rotated from one login shares it
	Status   RefreshStatus
	Expires  time.Time
	// FamilyExpires is the absolute end of the login this token descends
	// from: rotation never extends a session past it.
	FamilyExpires time.Time
	// Successor is set once the token is rotated: what the pair it was
	// exchanged for was signed from, so a second tab presenting the same
	// token moments later can be handed the very same pair.
	Successor TokenIssue
}

// TokenIssue is what an issued access and refresh token pair was signed
// from, besides the account: the tokens' ids and the time of issue.
type TokenIssue struct {
	RefreshID, AccessID string
	IssuedAt            time.Time
}

// RefreshStatus is the life stage of a refresh token.
type RefreshStatus string

const (
	RefreshActive  RefreshStatus = "active"
	RefreshRotated RefreshStatus = "rotated"
	RefreshRevoked RefreshStatus = "revoked"
)

// MediaKind names what an uploaded image is for.
type MediaKind string

const (
	MediaAvatar MediaKind = "avatar"
	MediaLogo   MediaKind = "logo"
	MediaBanner MediaKind = "banner"
)

// Bounded is a count read within a bound: N, and AtLeast when there are
// more than were counted (the bound stopped the count).
type Bounded struct {
	N       int
	AtLeast bool
}
