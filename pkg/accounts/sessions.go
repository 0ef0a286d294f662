package accounts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

var (
	errLoginFailed  = domain.Errorf(domain.CodeUnauthorized, MsgLoginFailed)
	errSessionEnded = domain.Errorf(domain.CodeUnauthorized, MsgSessionEnded)
	errLoginBound   = domain.Errorf(domain.CodeTooMany, MsgLoginBound)
)

// Login checks a username and password from the client at address addr
// and starts a session. Whether the username exists changes neither the
// answer nor the work done: an unknown one still costs a password hash and
// counts towards a lockout.
//
// Failures are counted per username and client address, so a guesser
// locks only its own address out, never the owner elsewhere. Past a
// ceiling of failures from all addresses, each address gets one attempt
// before its lockout instead of lockoutThreshold: guessing spread over many
// addresses slows down, and the owner still gets a try from any address of
// its own. Addresses are cheap (IPv6 gives anyone a /64), so the username
// also has a bound of LoginBound consecutive attempts from all addresses
// together; past it no password is checked until a success would clear
// it, which only a password reset (a link mailed to the owner) can now
// bring: guessing has a hard limit, and the owner a way in.
func (s *Service) Login(ctx context.Context, username, password, addr string) (TokenPair, error) {
	if username == "" || password == "" {
		f := domain.FieldErrors{}
		if username == "" {
			f.Add("username", domain.MsgRequired)
		}
		if password == "" {
			f.Add("password", domain.MsgRequired)
		}
		return TokenPair{}, f.Err()
	}
	if err := domain.CheckLoginName("username", username); err != nil {
		return TokenPair{}, err
	}
	now := s.Now()
	u, guard, err := s.Logins.LoginLookup(ctx, username, addr, now)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return TokenPair{}, err
	}
	if guard.BoundAttempts >= LoginBound {
		return TokenPair{}, errLoginBound
	}
	threshold := lockoutThreshold
	if guard.UsernameFailures >= usernameCeiling {
		threshold = 1
	}
	if wait := guard.LockedAt(now, threshold); wait > 0 {
		return TokenPair{}, lockedOut(wait)
	}
	// The attempt is counted before the hash, atomically, so a burst of
	// parallel guesses cannot all be checked before the lock applies:
	// first for the address (whose lock refuses it without touching the
	// username's bound), then towards the bound.
	n, err := s.Logins.ReserveLoginAttempt(ctx, username, addr, threshold, now, now.Add(attemptPending), now.Add(lockoutForget))
	if errors.Is(err, domain.ErrLoginLocked) {
		return TokenPair{}, lockedOut(max(guard.LockedUntil.Sub(now), time.Second))
	}
	if err != nil {
		return TokenPair{}, err
	}
	err = s.Logins.ReserveBoundAttempt(ctx, username, LoginBound, now, now.Add(LoginBoundForget))
	if errors.Is(err, domain.ErrLoginBound) {
		return TokenPair{}, errLoginBound
	}
	if err != nil {
		return TokenPair{}, err
	}
	ok := false
	if u.ID != "" {
		if ok, err = s.Passwords.Verify(u.PasswordHash, password); err != nil {
			return TokenPair{}, fmt.Errorf("verify password of %s: %w", u.ID, err)
		}
	} else {
		s.Passwords.Burn(password)
	}
	if !ok {
		return TokenPair{}, s.loginFailed(ctx, username, addr, n-threshold, now)
	}
	if err := s.Logins.ClearLoginAttempts(ctx, username, addr); err != nil {
		slog.WarnContext(ctx, "clear login attempts", "err", err)
	}
	if !u.IsActive {
		return TokenPair{}, domain.Errorf(domain.CodeForbidden, MsgNotActivated)
	}
	return s.startSession(ctx, u)
}

func lockedOut(wait time.Duration) error {
	return domain.Errorf(domain.CodeTooMany, MsgLockedOut, int(wait.Seconds())+1)
}

// loginFailed counts the failure towards the username's ceiling and, when
// the address is at or past its threshold (excess >= 0), locks the address
// for a time that doubles with each further failure, capped.
func (s *Service) loginFailed(ctx context.Context, username, addr string, excess int, now time.Time) error {
	if _, err := s.Logins.CountUsernameFailure(ctx, username, now.Add(lockoutForget)); err != nil {
		return err
	}
	if excess >= 0 {
		if err := s.Logins.LockLogin(ctx, username, addr, now.Add(LockoutFor(excess))); err != nil {
			return err
		}
	}
	return errLoginFailed
}

// LockoutFor is how long a failure locks an address when it is the
// excess-th failure past the threshold (0 for the one that reaches it).
func LockoutFor(excess int) time.Duration {
	d := lockoutBase
	for i := 0; i < excess && d < lockoutMax; i++ {
		d *= 2
	}
	return min(d, lockoutMax)
}

// startSession issues a new token family for u.
func (s *Service) startSession(ctx context.Context, u domain.User) (TokenPair, error) {
	return s.issue(ctx, u, auth.NewID(), s.Now().Add(SessionMaxAge), "")
}

// issue signs an access token and a refresh token of family; with
// rotating set, the refresh token replaces that one atomically (failing
// with domain.ErrTokenNotActive if another request rotated it first).
func (s *Service) issue(ctx context.Context, u domain.User, family string, notAfter time.Time, rotating string) (TokenPair, error) {
	// Whole seconds, as the tokens carry them, so the pair can be signed
	// again identically from what is stored.
	next := domain.TokenIssue{RefreshID: auth.NewID(), AccessID: auth.NewID(), IssuedAt: s.Now().Truncate(time.Second)}
	pair, expires, err := s.sign(u, family, notAfter, next)
	if err != nil {
		return TokenPair{}, err
	}
	rec := domain.RefreshToken{ID: next.RefreshID, UserID: u.ID, FamilyID: family, Status: domain.RefreshActive, Expires: expires, FamilyExpires: notAfter}
	if rotating == "" {
		err = s.Logins.SaveRefreshToken(ctx, rec)
	} else {
		err = s.Logins.RotateRefreshToken(ctx, rotating, rec, next)
	}
	if err != nil {
		return TokenPair{}, err
	}
	return pair, nil
}

// sign makes the token pair of next; the same arguments give the same pair.
func (s *Service) sign(u domain.User, family string, notAfter time.Time, next domain.TokenIssue) (TokenPair, time.Time, error) {
	access, err := s.Tokens.AccessAt(u.ID, next.AccessID, u.SessionVersion, next.IssuedAt)
	if err != nil {
		return TokenPair{}, time.Time{}, fmt.Errorf("sign access token: %w", err)
	}
	refresh, expires, err := s.Tokens.RefreshAt(u.ID, next.RefreshID, family, u.SessionVersion, notAfter, next.IssuedAt)
	if err != nil {
		return TokenPair{}, time.Time{}, fmt.Errorf("sign refresh token: %w", err)
	}
	return TokenPair{Refresh: refresh, Access: access}, expires, nil
}

// Refresh exchanges a refresh token for a new access token and a new
// refresh token. Each refresh token works once: presenting one that was
// already rotated means it leaked, so its whole family is revoked; except
// within RefreshGrace of its rotation, when it is most likely a second tab
// that refreshed at the same moment, which gets the same new pair.
func (s *Service) Refresh(ctx context.Context, refresh string) (TokenPair, error) {
	st, claims, err := s.refreshState(ctx, refresh)
	if err != nil {
		return TokenPair{}, err
	}
	switch st.Token.Status {
	case domain.RefreshActive:
	case domain.RefreshRotated:
		return s.rotatedAgain(ctx, st, claims)
	default:
		return TokenPair{}, errSessionEnded
	}
	if !s.sessionLive(st, claims) {
		return TokenPair{}, errSessionEnded
	}
	pair, err := s.issue(ctx, st.User, claims.Family, st.Token.FamilyExpires, claims.ID)
	if errors.Is(err, domain.ErrTokenNotActive) {
		// A concurrent request rotated it first; answer as it did.
		if st, _, err = s.refreshState(ctx, refresh); err != nil {
			return TokenPair{}, err
		}
		return s.rotatedAgain(ctx, st, claims)
	}
	return pair, err
}

// rotatedAgain answers a refresh token presented after its rotation.
func (s *Service) rotatedAgain(ctx context.Context, st domain.RefreshState, claims *auth.RefreshClaims) (TokenPair, error) {
	if st.Token.Status != domain.RefreshRotated {
		return TokenPair{}, errSessionEnded
	}
	if next := st.Token.Successor; next.RefreshID != "" && s.Now().Sub(next.IssuedAt) <= RefreshGrace {
		if !s.sessionLive(st, claims) {
			return TokenPair{}, errSessionEnded
		}
		pair, _, err := s.sign(st.User, claims.Family, st.Token.FamilyExpires, next)
		return pair, err
	}
	if err := s.Logins.RevokeFamily(ctx, claims.Subject, claims.Family, st.Token.FamilyExpires); err != nil {
		return TokenPair{}, err
	}
	slog.WarnContext(ctx, "refresh token reused; family revoked", "user", st.User.ID)
	return TokenPair{}, errSessionEnded
}

// sessionLive reports whether the account may still use the session.
func (s *Service) sessionLive(st domain.RefreshState, claims *auth.RefreshClaims) bool {
	return st.User.IsActive && st.User.SessionVersion == claims.SessionVersion && s.Now().Before(st.Token.FamilyExpires)
}

func (s *Service) refreshState(ctx context.Context, refresh string) (domain.RefreshState, *auth.RefreshClaims, error) {
	if refresh == "" {
		return domain.RefreshState{}, nil, domain.FieldError("refresh", domain.MsgRequired)
	}
	claims, err := s.Tokens.ParseRefresh(refresh)
	if err != nil {
		return domain.RefreshState{}, nil, errSessionEnded
	}
	st, err := s.Logins.RefreshState(ctx, claims.ID, claims.Family, claims.Subject)
	if errors.Is(err, domain.ErrNotFound) {
		return st, nil, errSessionEnded
	}
	if err != nil {
		return st, nil, err
	}
	if st.FamilyRevoked {
		return st, nil, errSessionEnded
	}
	return st, claims, nil
}

// Logout revokes the refresh token given. Logging out twice is fine.
func (s *Service) Logout(ctx context.Context, refresh string) error {
	if refresh == "" {
		return domain.FieldError("refresh", domain.MsgRequired)
	}
	claims, err := s.Tokens.ParseRefresh(refresh)
	if err != nil {
		return errSessionEnded
	}
	return s.Logins.RevokeRefreshToken(ctx, claims.Subject, claims.ID)
}

// ChangePassword replaces u's password after checking the old one. Every
// other session of the account ends; the caller gets a fresh one.
func (s *Service) ChangePassword(ctx context.Context, u domain.User, oldPassword, newPassword string) (TokenPair, error) {
	f := domain.FieldErrors{}
	if oldPassword == "" {
		f.Add("old_password", domain.MsgRequired)
	}
	if newPassword == "" {
		f.Add("new_password", domain.MsgRequired)
	} else if msg := domain.PasswordProblem(newPassword, u.Username, u.Email); msg != "" {
		f.Add("new_password", msg)
	}
	if err := f.Err(); err != nil {
		return TokenPair{}, err
	}
	ok, err := s.Passwords.Verify(u.PasswordHash, oldPassword)
	if err != nil {
		return TokenPair{}, fmt.Errorf("verify password of %s: %w", u.ID, err)
	}
	if !ok {
		return TokenPair{}, domain.FieldError("old_password", MsgOldPassword)
	}
	if err := s.setPassword(ctx, &u, newPassword); err != nil {
		return TokenPair{}, err
	}
	return s.startSession(ctx, u)
}

func (s *Service) setPassword(ctx context.Context, u *domain.User, password string) error {
	hash, err := s.Passwords.Hash(password)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	err = s.Logins.SetPassword(ctx, u.ID, hash, u.SessionVersion)
	if errors.Is(err, domain.ErrConflict) {
		return domain.Errorf(domain.CodeConflict, MsgPasswordChanged)
	}
	if err != nil {
		return err
	}
	u.PasswordHash, u.SessionVersion = hash, u.SessionVersion+1
	return nil
}

// RequestReset emails a password reset link when the address belongs to
// an account. It answers the same, in about the same time, either way.
func (s *Service) RequestReset(ctx context.Context, email, client string) error {
	if email == "" {
		return domain.FieldError("email", domain.MsgRequired)
	}
	if !domain.ValidEmail(email) {
		return domain.FieldError("email", domain.MsgInvalidEmail)
	}
	defer s.atLeast(ctx, s.Now(), resetFloor)
	u, err := s.Accounts.UserByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token := s.Links.Make(purposeReset, u.ID, linkState(u))
	link := s.WebOrigin + "/forget/password/create?" + url.Values{"uid": {u.ID}, "token": {token}}.Encode()
	return s.send(ctx, client, mailReset, mail.In(u.MailLanguage()).PasswordReset(u.Email, displayName(u), link))
}

// ConfirmReset sets a new password from an emailed link. The link dies
// once used, and every session of the account ends.
func (s *Service) ConfirmReset(ctx context.Context, uid, token, password string) error {
	if password == "" {
		return domain.FieldError("password", domain.MsgRequired)
	}
	u, err := s.linkedAccount(ctx, purposeReset, uid, token, linkState, ResetMaxAge)
	if errors.Is(err, ErrInvalidLink) {
		return domain.Errorf(domain.CodeInvalid, MsgInvalidReset)
	}
	if err != nil {
		return err
	}
	if msg := domain.PasswordProblem(password, u.Username, u.Email); msg != "" {
		return domain.FieldError("password", msg)
	}
	// Whoever holds a valid link owns the account: no lock stands in its
	// way. Lifted first, so a failure leaves the link usable for a retry.
	if err := s.Logins.ClearLoginGuards(ctx, u.Username); err != nil {
		return err
	}
	return s.setPassword(ctx, &u, password)
}
