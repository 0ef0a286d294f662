package accounts

import (
	"context"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/media"
)

// AccountReader reads accounts and organizations, as every flow does.
type AccountReader interface {
	User(ctx context.Context, id string) (domain.User, error)
	UserByEmail(ctx context.Context, email string) (domain.User, error)
	Organization(ctx context.Context, id string) (domain.Organization, error)
}

// SignUpStore creates and activates accounts.
type SignUpStore interface {
	CreateUser(ctx context.Context, u domain.User, expires time.Time) error
	CreateOrganizer(ctx context.Context, u domain.User, o domain.Organization, expires time.Time) error
	Activate(ctx context.Context, u domain.User, logoKey string) error
}

// MailQuotaStore counts the mails sent per address, so no one is flooded.
type MailQuotaStore interface {
	TakeAllowance(ctx context.Context, a domain.Allowance, now time.Time) (bool, time.Time, error)
}

// LoginStore keeps login guards, passwords and sessions (refresh tokens).
type LoginStore interface {
	LoginLookup(ctx context.Context, username, addr string, now time.Time) (domain.User, domain.LoginGuard, error)
	ReserveLoginAttempt(ctx context.Context, username, addr string, threshold int, now, pendingUntil, forgetAt time.Time) (int, error)
	ReserveBoundAttempt(ctx context.Context, username string, bound int, now, forgetAt time.Time) error
	LockLogin(ctx context.Context, username, addr string, until time.Time) error
	CountUsernameFailure(ctx context.Context, username string, forgetAt time.Time) (int, error)
	ClearLoginAttempts(ctx context.Context, username, addr string) error
	ClearLoginGuards(ctx context.Context, username string) error
	SetPassword(ctx context.Context, id, hash string, from int) error
	SaveRefreshToken(ctx context.Context, t domain.RefreshToken) error
	RotateRefreshToken(ctx context.Context, oldID string, next domain.RefreshToken, issue domain.TokenIssue) error
	RevokeRefreshToken(ctx context.Context, userID, id string) error
	RevokeFamily(ctx context.Context, userID, familyID string, familyExpires time.Time) error
	RefreshState(ctx context.Context, tokenID, familyID, userID string) (domain.RefreshState, error)
}

// ProfileStore changes what a person or organization shows and gets.
type ProfileStore interface {
	UpdateProfile(ctx context.Context, u domain.User, pendingEmail string) error
	ConfirmEmail(ctx context.Context, u domain.User) error
	UpdateOrganization(ctx context.Context, o domain.Organization, pendingEmail string) error
	SetMuted(ctx context.Context, userID string, muted []domain.MailKind) error
	SetLanguage(ctx context.Context, userID, language string) error
	Mute(ctx context.Context, userID string, kind domain.MailKind) (guest bool, err error)
}

// LeavingStore is what deleting an account and exporting its data read and
// write of the account itself; what it has at events goes through Events.
type LeavingStore interface {
	MarkDeleting(ctx context.Context, u domain.User) error
	DeleteAccount(ctx context.Context, u domain.User) error
	ForgetAccount(ctx context.Context, u domain.User) error
	Sessions(ctx context.Context, userID string) ([]domain.RefreshToken, error)
	FailedLoginsOf(ctx context.Context, username string) (domain.FailedLogins, error)
}

// Events is what leaving Turnout asks of the events rules: giving up every
// registration and event of an account, and reading its registrations.
type Events interface {
	LeaveAll(ctx context.Context, u domain.User, stopAt time.Time) error
	RegistrationsWithTimes(ctx context.Context, userID, after string, limit int) ([]domain.RegisteredEvent, string, error)
	// ClaimGuestRegistrations makes the registrations made as a guest with
	// u's address u's.
	ClaimGuestRegistrations(ctx context.Context, u domain.User)
	// Followed lists the organizations u follows.
	Followed(ctx context.Context, u domain.User) ([]domain.Organization, error)
}

// Media is what account flows need of the media bucket: removing replaced
// or orphaned images and moving a sign-up image to its permanent key.
type Media interface {
	media.Deleter
	Promote(ctx context.Context, pendingKey string) (string, error)
}

var _ Media = (*media.Store)(nil)
