package domain

import (
	"errors"
	"fmt"
)

// The refusals the services and the store speak: a store write that breaks
// one of these rules fails with the refusal (wrapped), and the service or
// the HTTP layer turns it into words for people. Those that wrap
// ErrConflict are 409s unless translated.

// Registration refusals.
var (
	ErrAlreadyRegistered = fmt.Errorf("already registered: %w", ErrConflict)
	ErrEventFull         = fmt.Errorf("event full: %w", ErrConflict)
	ErrEventStarted      = fmt.Errorf("event started: %w", ErrConflict)
	// ErrAccountDeleting refuses a registration of an account whose
	// deletion has begun (or ended), so nothing of it outlives the deletion.
	ErrAccountDeleting = fmt.Errorf("account being deleted: %w", ErrConflict)
	// ErrEventExists: an event of that id was made already.
	ErrEventExists = fmt.Errorf("event exists: %w", ErrConflict)
	// ErrAlreadyMember refuses joining an organization one belongs to.
	ErrAlreadyMember = fmt.Errorf("already a member: %w", ErrConflict)
	// ErrRequestUsed: a guest's confirmation link was used or expired
	// (its request is gone).
	ErrRequestUsed = errors.New("guest request used or expired")
)

// Check-in refusals.
var (
	ErrOtherEvent = errors.New("registration of another event")
	ErrWaitlisted = errors.New("registration is on the waitlist")
	// ErrPending: the registration awaits its organizer's approval.
	ErrPending = errors.New("registration awaits approval")
	// ErrNotPending: an approval or a decline of a registration that no
	// longer awaits one.
	ErrNotPending = fmt.Errorf("registration does not await approval: %w", ErrConflict)
)

// Event write refusals.
var (
	ErrNotOwner           = errors.New("event belongs to another organization")
	ErrCapacityBelowTaken = errors.New("capacity below seats already taken")
	ErrBadCursor          = errors.New("bad page cursor")
)

// Broadcast refusals.
var (
	ErrEventCancelled  = fmt.Errorf("event cancelled: %w", ErrConflict)
	ErrTooManyMessages = errors.New("too many messages for the event today")
)

// Change notice and reminder outcomes the reminder job acts on.
var (
	ErrChangeNoticeGone     = fmt.Errorf("change notice no longer due: %w", ErrConflict)
	ErrTooManyChangeNotices = errors.New("too many change notices for the event today")
	// ErrReminderGone says a reminder was handed over or dropped by another
	// run, or moved with its event, since it was listed.
	ErrReminderGone = fmt.Errorf("reminder no longer due: %w", ErrConflict)
)

// Account refusals.
var (
	ErrUsernameTaken = fmt.Errorf("username taken: %w", ErrConflict)
	ErrEmailTaken    = fmt.Errorf("email taken: %w", ErrConflict)
	// ErrEmailChangeStale means a confirmed email change no longer matches
	// the account: another change or confirmation came first.
	ErrEmailChangeStale = fmt.Errorf("email change is stale: %w", ErrConflict)
	// ErrTokenNotActive means a refresh token was already rotated or revoked
	// (or is unknown) when a write expected it active.
	ErrTokenNotActive = fmt.Errorf("refresh token not active: %w", ErrConflict)
)

// Login refusals, each decided before any password work.
var (
	// ErrLoginLocked: the username is locked for the client address.
	ErrLoginLocked = errors.New("login locked")
	// ErrLoginBound: the username has had its bound of consecutive
	// unsuccessful attempts, from whatever addresses, and only a password
	// reset lifts it.
	ErrLoginBound = errors.New("login attempts of the username at their bound")
)

// ErrLeavingUnfinished means an account's leaving ran out of the time it
// was given; what it did stays done, and running it again goes on.
var ErrLeavingUnfinished = errors.New("leaving unfinished")

// ErrBusy means a write kept colliding with concurrent writers to the same
// items, or kept being throttled; the caller may try again.
var ErrBusy = fmt.Errorf("too much contention, try again: %w", ErrUnavailable)

// OfOrganization refuses with ErrNotOwner anything not of organization
// orgID.
func OfOrganization(orgID string) func(string) error {
	return func(of string) error {
		if of != orgID {
			return ErrNotOwner
		}
		return nil
	}
}
