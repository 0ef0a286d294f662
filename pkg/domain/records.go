package domain

import "time"

// Records and queries the services exchange with the store.

// SearchQuery is a search of upcoming events; zero fields do not filter.
type SearchQuery struct {
	// Words must each begin a word of the event (QueryWords).
	Words []string
	// From and To bound the start (To exclusive).
	From, To time.Time
	Category string
	// Language is a base language ("de"): events held in any variety of
	// it answer.
	Language string
	// CityKey is CityKey of the city, or of the beginning of any of
	// its words.
	CityKey string
	// Near, with RadiusKm, keeps events within that distance and orders
	// them by it.
	Near     *Coords
	RadiusKm float64
	// After is the previous page's cursor.
	After string
	Limit int
}

// LoginGuard is what login knows about recent failures of one username,
// whether or not an account holds it, so lockouts reveal nothing about
// which accounts exist.
type LoginGuard struct {
	// Attempts counts attempts from the client address that did not
	// succeed (one in flight counts until it succeeds).
	Attempts    int
	LockedUntil time.Time
	// UsernameFailures counts failures from every address.
	UsernameFailures int
	// BoundAttempts counts the username's attempts from every address
	// since its last success or reset (one in flight counts until it
	// succeeds).
	BoundAttempts int
}

// LockedAt reports how long the guard refuses attempts at now when
// threshold attempts are allowed before a lock.
func (g LoginGuard) LockedAt(now time.Time, threshold int) time.Duration {
	if g.Attempts < threshold {
		return 0
	}
	return max(g.LockedUntil.Sub(now), 0)
}

// FailedLogins are the records login keeps of failures under a username.
type FailedLogins struct {
	// ByAddress are the attempts from each client address.
	ByAddress []AddressFailures
	// Everywhere counts failures from every address (0 when none are kept),
	// forgotten at EverywhereUntil.
	Everywhere      int
	EverywhereUntil time.Time
}

// AddressFailures are the failed attempts from one client address.
type AddressFailures struct {
	Address     string
	Attempts    int
	LockedUntil time.Time
	// Until is when the record is forgotten.
	Until time.Time
}

// RefreshState is what a refresh or logout needs to decide, read in one
// BatchGetItem.
type RefreshState struct {
	Token         RefreshToken
	FamilyRevoked bool
	User          User
}

// DueTimers are the reminders and change notices due at a moment.
type DueTimers struct {
	Reminders []Reminder
	Changes   []ChangeNotice
}

// Scopes of allowances.
const (
	MailToAddress  = "TO"   // mails per destination address
	MailFromClient = "FROM" // mails per client address that caused them
	// RegistrationChanges: registrations and cancellations per account.
	RegistrationChanges = "REGCHANGES"
	// GuestRequests: guest registrations asked for per client address.
	GuestRequests = "GUESTS"
)

// Allowance bounds what Value (an address, an account) may do in Scope:
// Limit times in each window of Per, counted apart for each Kind ("" for
// all kinds together).
type Allowance struct {
	Scope, Value, Kind string
	Limit              int
	Per                time.Duration
}
