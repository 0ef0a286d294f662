// Package accounts is the life of an account: sign-up with email
// activation, login with lockouts, refresh-token rotation, logout, password
// change and reset. It speaks domain errors; the HTTP layer renders them.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/media"
)

// Policy numbers, in one place.
const (
	ActivationMaxAge = 72 * time.Hour
	ResetMaxAge      = time.Hour
	// SessionMaxAge is the absolute life of a login: refresh tokens rotate
	// within it but never past it.
	SessionMaxAge = 30 * 24 * time.Hour
	// RefreshGrace is how long after its rotation a refresh token still
	// yields the pair it was rotated into (two tabs refreshing at once).
	RefreshGrace = 10 * time.Second

	lockoutThreshold = 5                // failures per client address before the first lockout
	usernameCeiling  = 20               // failures per username, from any address, before each address gets one try
	attemptPending   = 10 * time.Second // an attempt past the threshold holds the lock this long while checked
	lockoutBase      = 30 * time.Second // first lockout; doubles per further failure
	lockoutMax       = 15 * time.Minute // so an owner is never locked out for long
	lockoutForget    = time.Hour        // failures are forgotten an hour after the last attempt
	// LoginBound is how many consecutive unsuccessful attempts a username
	// gets, from all addresses together (NIST SP 800-63B allows at most
	// 100), before only a password reset lets it log in again.
	LoginBound       = 100
	LoginBoundForget = 30 * 24 * time.Hour // the count is forgotten 30 days after the last counted attempt
	// Mails per hour from sign-up, resend, reset and email change: of one
	// kind per destination address (mailKind), and of all kinds per client
	// address.
	MailsPerAddress = 3
	MailsPerClient  = 10
	// resetFloor is the least time a reset request takes, so a known and
	// an unknown address answer alike.
	resetFloor = 400 * time.Millisecond
)

// Messages shown to people.
const (
	MsgSignedUp        = "Registration successful. Check your email to activate your account."
	MsgUsernameTaken   = "A user with that username already exists."
	MsgLoginFailed     = "No active account found with the given credentials."
	MsgNotActivated    = "Please activate your account with the link we emailed you before logging in."
	MsgLockedOut       = "Too many failed login attempts. Try again in %d seconds."
	MsgLoginBound      = "Too many failed login attempts on this account. Reset your password to log in."
	MsgSessionEnded    = "Your session has ended. Please log in again."
	MsgOldPassword     = "Your old password was entered incorrectly. Please enter it again."
	MsgInvalidReset    = "This password reset link is invalid or has expired."
	MsgPasswordChanged = "Your password was changed at the same time elsewhere. Please log in again."
)

// Mailer sends one message; *ses.Sender implements it.
type Mailer interface {
	Send(ctx context.Context, m domain.Message) error
}

// Passwords hashes and checks passwords.
type Passwords interface {
	Hash(password string) (string, error)
	Verify(encoded, password string) (bool, error)
	// Burn costs what Verify costs, for a login whose username is unknown.
	Burn(password string)
}

// Argon2id is Passwords with auth's argon2id functions.
type Argon2id struct{}

func (Argon2id) Hash(password string) (string, error) { return auth.HashPassword(password) }
func (Argon2id) Verify(encoded, password string) (bool, error) {
	return auth.VerifyPassword(encoded, password)
}
func (Argon2id) Burn(password string) { auth.BurnPasswordCheck(password) }

// Service holds what account flows need. Build it once per process.
type Service struct {
	// The table, through the small parts each flow uses.
	Accounts  AccountReader
	SignUps   SignUpStore
	MailQuota MailQuotaStore
	Logins    LoginStore
	Profiles  ProfileStore
	Leaving   LeavingStore
	Members   MembersStore
	// Events gives up an account's registrations and events when it
	// leaves, and reads them for its export.
	Events    Events
	Media     Media
	Mail      Mailer
	Passwords Passwords
	Tokens    *auth.Issuer
	Links     auth.LinkSigner
	// Unsubscribes checks the one-click unsubscribe links of optional mail.
	Unsubscribes auth.Unsubscribes
	// WebOrigin is the site's scheme://host; emailed links start with it.
	WebOrigin string
	Now       func() time.Time
	// Sleep waits for d unless ctx ends first; tests may shorten it.
	Sleep func(ctx context.Context, d time.Duration)
}

// TokenPair is what login, refresh and password change return.
type TokenPair struct {
	Refresh string `json:"refresh"`
	Access  string `json:"access"`
}

const (
	purposeActivate = "activate"
	purposeReset    = "reset"
)

// linkState changes whenever a one-time link must die: on activation, on a
// password change and on a reset.
func linkState(u domain.User) string {
	return strconv.FormatBool(u.IsActive) + "|" + strconv.Itoa(u.SessionVersion) + "|" + u.PasswordHash
}

// RegisterPerson creates an inactive account and emails its activation
// link. When the email is already registered it answers the same and
// emails that address instead, so sign-up does not reveal who has an
// account. Usernames are public, so a taken one is reported.
//
// client is the client's address; it and the destination share mail quotas.
// in.Next, a page of this site (checked by in.Validate), rides in the
// activation link, so activation leads on to it in whichever browser the
// mail is opened.
func (s *Service) RegisterPerson(ctx context.Context, in domain.NewAccount, imageKey, client string) error {
	u, err := s.newUser(in.Username, in.Email, in.Password)
	if err != nil {
		return err
	}
	u.FirstName, u.LastName, u.Phone, u.Address, u.ImageKey = in.FirstName, in.LastName, in.Phone, in.Address, imageKey
	u.Language = in.Language
	return s.afterCreate(ctx, u, client, in.Next, media.Replace(ctx, s.Media, imageKey, "", func() error {
		return s.SignUps.CreateUser(ctx, u, u.Joined.Add(ActivationMaxAge))
	}))
}

// RegisterOrganization creates an inactive organizer account together with
// its organization, with the same rules as RegisterPerson.
func (s *Service) RegisterOrganization(ctx context.Context, in domain.NewOrganization, logoKey, client string) error {
	u, err := s.newUser(in.Username, in.Email, in.Password)
	if err != nil {
		return err
	}
	org := domain.Organization{
		ID: auth.NewID(), Name: in.Name, OwnerID: u.ID, OwnerName: u.Username, Email: in.Email,
		Phone: in.Phone, Address1: in.Address1, Address2: in.Address2, Link: in.Link,
		Description: in.Description, LogoKey: logoKey,
	}
	u.IsOrganizer, u.OrganizationID, u.Phone, u.Language = true, org.ID, in.Phone, in.Language
	return s.afterCreate(ctx, u, client, "", media.Replace(ctx, s.Media, logoKey, "", func() error {
		return s.SignUps.CreateOrganizer(ctx, u, org, u.Joined.Add(ActivationMaxAge))
	}))
}

func (s *Service) newUser(username, email, password string) (domain.User, error) {
	hash, err := s.Passwords.Hash(password)
	if err != nil {
		return domain.User{}, fmt.Errorf("hash password: %w", err)
	}
	return domain.User{
		ID: auth.NewID(), Username: username, Email: email, PasswordHash: hash,
		Joined: s.Now().UTC().Truncate(time.Second),
	}, nil
}

func (s *Service) afterCreate(ctx context.Context, u domain.User, client, next string, err error) error {
	switch {
	case errors.Is(err, domain.ErrUsernameTaken):
		return domain.FieldError("username", MsgUsernameTaken)
	case errors.Is(err, domain.ErrEmailTaken):
		login, reset := s.WebOrigin+"/login", s.WebOrigin+"/forget/password"
		return s.send(ctx, client, mailAlreadyRegistered, mail.In(u.MailLanguage()).AlreadyRegistered(u.Email, login, reset))
	case err != nil:
		return err
	}
	return s.sendActivation(ctx, client, u, next)
}

// mailKind is a kind of account mail with its own hourly allowance per
// address: a notice a stranger can cause (a sign-up with someone's
// address) never spends what the owner asks for (a reset link). The same
// notice again tells nothing new, so it goes once an hour.
type mailKind struct {
	name       string
	perAddress int
}

var (
	mailAlreadyRegistered = mailKind{"already-registered", 1}
	mailActivation        = mailKind{"activation", MailsPerAddress}
	mailReset             = mailKind{"reset", MailsPerAddress}
	mailEmailChange       = mailKind{"email-change", MailsPerAddress}
)

// send delivers m unless its destination has used up its mails of kind
// for the hour, or the client that asked for it its mails of any kind, so
// the forms cannot be used to flood an inbox. A suppressed or failed mail
// changes nothing in the answer: a failure is logged (the account is
// already written, and a person can ask for the mail again); only a
// failing quota store is an error.
func (s *Service) send(ctx context.Context, client string, kind mailKind, m domain.Message) error {
	for _, q := range []domain.Allowance{
		{Scope: domain.MailFromClient, Value: client, Limit: MailsPerClient, Per: time.Hour},
		{Scope: domain.MailToAddress, Value: m.To, Kind: kind.name, Limit: kind.perAddress, Per: time.Hour},
	} {
		// Locally every request comes from loopback (the local gateway, the
		// tests); in AWS a client address never is.
		if q.Scope == domain.MailFromClient && isLoopback(client) {
			continue
		}
		ok, _, err := s.MailQuota.TakeAllowance(ctx, q, s.Now())
		if err != nil {
			return err
		}
		if !ok {
			slog.InfoContext(ctx, "mail suppressed by hourly quota", "subject", m.Subject, "scope", q.Scope, "kind", kind.name)
			return nil
		}
	}
	if err := s.Mail.Send(ctx, m); err != nil {
		slog.ErrorContext(ctx, "send mail failed", "subject", m.Subject, "err", err)
	}
	return nil
}

func isLoopback(addr string) bool {
	ip := net.ParseIP(addr)
	return ip != nil && ip.IsLoopback()
}

// sendActivation mails u's activation link; next, a page of this site or
// "", is carried in its query for the redirect that follows activation.
func (s *Service) sendActivation(ctx context.Context, client string, u domain.User, next string) error {
	token := s.Links.Make(purposeActivate, u.ID, linkState(u))
	link := s.WebOrigin + "/api/user/activate/" + url.PathEscape(u.ID) + "/" + url.PathEscape(token) + "/"
	if next != "" {
		link += "?" + url.Values{"next": {next}}.Encode()
	}
	return s.send(ctx, client, mailActivation, mail.In(u.MailLanguage()).Activation(u.Email, displayName(u), link))
}

func displayName(u domain.User) string {
	if u.FirstName != "" {
		return u.FirstName
	}
	return u.Username
}

// ErrInvalidLink answers a wrong, expired or used activation link.
var ErrInvalidLink = errors.New("invalid or expired link")

// ErrAlreadyActivated says an activation link was good and its account is
// active already: opened before, by a second click or by a mail scanner
// that follows links.
var ErrAlreadyActivated = errors.New("account already activated")

// linkedAccount loads the account an emailed link names and checks the
// link's token against the account's state now; a malformed or unknown uid
// and a wrong, expired or spent token are all ErrInvalidLink, so a link
// reveals nothing more.
func (s *Service) linkedAccount(ctx context.Context, purpose, uid, token string, state func(domain.User) string, maxAge time.Duration) (domain.User, error) {
	if !domain.ValidID(uid) {
		return domain.User{}, ErrInvalidLink
	}
	u, err := s.Accounts.User(ctx, uid)
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return domain.User{}, ErrInvalidLink
	case err != nil:
		return domain.User{}, err
	case !s.Links.Valid(purpose, u.ID, state(u), token, maxAge):
		return domain.User{}, ErrInvalidLink
	}
	return u, nil
}

// Activate checks an emailed activation link and activates its account,
// moving its sign-up image out of the pending prefix (which expires). The
// link dies once used: opened again it is ErrAlreadyActivated, any other
// bad link ErrInvalidLink.
func (s *Service) Activate(ctx context.Context, uid, token string) error {
	u, err := s.linkedAccount(ctx, purposeActivate, uid, token, linkState, ActivationMaxAge)
	if errors.Is(err, ErrInvalidLink) {
		// Was it good before this account's activation, which is all
		// that has changed since? (A second read, on this path only.)
		if u, again := s.linkedAccount(ctx, purposeActivate, uid, token, stateBeforeActivation, ActivationMaxAge); again == nil && u.IsActive {
			return ErrAlreadyActivated
		}
	}
	if err != nil {
		return err
	}
	pending := u.ImageKey
	if u.OrganizationID != "" {
		o, err := s.Accounts.Organization(ctx, u.OrganizationID)
		if err != nil {
			return err
		}
		pending = o.LogoKey
	}
	kept := ""
	if media.IsPending(pending) {
		if kept, err = s.Media.Promote(ctx, pending); err != nil {
			return fmt.Errorf("activate %s: %w", u.ID, err)
		}
	}
	err = media.Replace(ctx, s.Media, kept, pending, func() error {
		if u.OrganizationID == "" {
			u.ImageKey = kept
			return s.SignUps.Activate(ctx, u, "")
		}
		return s.SignUps.Activate(ctx, u, kept)
	})
	if errors.Is(err, domain.ErrNotFound) { // activated meanwhile by the same link
		return ErrAlreadyActivated
	}
	if err != nil {
		return err
	}
	// The address is proven theirs: what they registered for as a guest
	// with it is theirs now.
	s.Events.ClaimGuestRegistrations(ctx, u)
	return nil
}

// stateBeforeActivation is the state an active account's activation link
// was made for.
func stateBeforeActivation(u domain.User) string {
	u.IsActive = false
	return linkState(u)
}

// ResendActivation emails a fresh activation link if the address belongs
// to an account that is not active yet; it answers the same either way.
// next, a page of this site or "", rides in the link as at sign-up.
func (s *Service) ResendActivation(ctx context.Context, email, next, client string) error {
	if !domain.ValidEmail(email) {
		return domain.FieldError("email", domain.MsgInvalidEmail)
	}
	if next != "" && !domain.ValidNextPath(next) {
		return domain.FieldError("next", domain.MsgInvalidNext)
	}
	defer s.atLeast(ctx, s.Now(), resetFloor)
	u, err := s.Accounts.UserByEmail(ctx, email)
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return nil
	case err != nil:
		return err
	case !u.IsActive:
		return s.sendActivation(ctx, client, u, next)
	}
	return nil
}

// atLeast sleeps until floor has passed since start.
func (s *Service) atLeast(ctx context.Context, start time.Time, floor time.Duration) {
	if d := floor - s.Now().Sub(start); d > 0 {
		s.Sleep(ctx, d)
	}
}

// SleepContext waits d or until ctx ends; the default Service.Sleep.
func SleepContext(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
