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
	"turnout/pkg/store"
)

var (
	errLoginFailed  = domain.Errorf(domain.CodeUnauthorized, MsgLoginFailed)
	errSessionEnded = domain.Errorf(domain.CodeUnauthorized, MsgSessionEnded)
)

// Login checks a username and password and starts a session. Whether the
// username exists changes neither the answer nor the work done: an unknown
// one still costs a password hash and counts towards a lockout.
func (s *Service) Login(ctx context.Context, username, password string) (TokenPair, error) {
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
	now := s.Now()
	u, guard, err := s.Store.LoginLookup(ctx, username, now)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return TokenPair{}, err
	}
	if wait := guard.LockedUntil.Sub(now); wait > 0 {
		return TokenPair{}, domain.Errorf(domain.CodeTooMany, MsgLockedOut, int(wait.Seconds())+1)
	}
	ok := false
	if err == nil {
		if ok, err = s.Passwords.Verify(u.PasswordHash, password); err != nil {
			return TokenPair{}, fmt.Errorf("verify password of %s: %w", u.ID, err)
		}
	} else {
		s.Passwords.Burn(password)
	}
	if !ok {
		return TokenPair{}, s.loginFailed(ctx, username, now)
	}
	if !u.IsActive {
		return TokenPair{}, domain.Errorf(domain.CodeForbidden, MsgNotActivated)
	}
	if guard.Failures > 0 {
		if err := s.Store.ClearLoginFailures(ctx, username); err != nil {
			slog.WarnContext(ctx, "clear login failures", "err", err)
		}
	}
	return s.startSession(ctx, u)
}

// loginFailed counts the failure and, past the threshold, locks the
// username for a time that doubles with each further failure, capped.
func (s *Service) loginFailed(ctx context.Context, username string, now time.Time) error {
	n, err := s.Store.RecordLoginFailure(ctx, username, lockoutForget, now)
	if err != nil {
		return err
	}
	if n >= lockoutThreshold {
		if err := s.Store.LockLogin(ctx, username, now.Add(LockoutFor(n))); err != nil {
			return err
		}
	}
	return errLoginFailed
}

// LockoutFor is how long the n-th consecutive failure locks a username.
func LockoutFor(n int) time.Duration {
	if n < lockoutThreshold {
		return 0
	}
	d := lockoutBase
	for i := lockoutThreshold; i < n && d < lockoutMax; i++ {
		d *= 2
	}
	return min(d, lockoutMax)
}

// startSession issues a new token family for u.
func (s *Service) startSession(ctx context.Context, u domain.User) (TokenPair, error) {
	return s.issue(ctx, u, auth.NewID(), s.Now().Add(SessionMaxAge), "")
}

// issue signs an access token and a refresh token of family; with
// rotating set, the refresh token replaces that one atomically.
func (s *Service) issue(ctx context.Context, u domain.User, family string, notAfter time.Time, rotating string) (TokenPair, error) {
	access, err := s.Tokens.Access(u.ID, u.SessionVersion)
	if err != nil {
		return TokenPair{}, fmt.Errorf("sign access token: %w", err)
	}
	jti := auth.NewID()
	refresh, expires, err := s.Tokens.Refresh(u.ID, jti, family, u.SessionVersion, notAfter)
	if err != nil {
		return TokenPair{}, fmt.Errorf("sign refresh token: %w", err)
	}
	rec := domain.RefreshToken{ID: jti, UserID: u.ID, FamilyID: family, Status: domain.RefreshActive, Expires: expires, FamilyExpires: notAfter}
	if rotating == "" {
		err = s.Store.SaveRefreshToken(ctx, rec)
	} else {
		err = s.Store.RotateRefreshToken(ctx, rotating, rec)
	}
	if errors.Is(err, store.ErrTokenNotActive) {
		return TokenPair{}, errSessionEnded
	}
	if err != nil {
		return TokenPair{}, err
	}
	return TokenPair{Refresh: refresh, Access: access}, nil
}

// Refresh exchanges a refresh token for a new access token and a new
// refresh token. Each refresh token works once: presenting one that was
// already rotated means it leaked, so its whole family is revoked.
func (s *Service) Refresh(ctx context.Context, refresh string) (TokenPair, error) {
	st, claims, err := s.refreshState(ctx, refresh)
	if err != nil {
		return TokenPair{}, err
	}
	switch st.Token.Status {
	case domain.RefreshActive:
	case domain.RefreshRotated:
		if err := s.Store.RevokeFamily(ctx, claims.Family, st.Token.FamilyExpires); err != nil {
			return TokenPair{}, err
		}
		slog.WarnContext(ctx, "refresh token reused; family revoked", "user", st.User.ID)
		return TokenPair{}, errSessionEnded
	default:
		return TokenPair{}, errSessionEnded
	}
	if !st.User.IsActive || st.User.SessionVersion != claims.SessionVersion || !s.Now().Before(st.Token.FamilyExpires) {
		return TokenPair{}, errSessionEnded
	}
	return s.issue(ctx, st.User, claims.Family, st.Token.FamilyExpires, claims.ID)
}

func (s *Service) refreshState(ctx context.Context, refresh string) (store.RefreshState, *auth.RefreshClaims, error) {
	if refresh == "" {
		return store.RefreshState{}, nil, domain.FieldError("refresh", domain.MsgRequired)
	}
	claims, err := s.Tokens.ParseRefresh(refresh)
	if err != nil {
		return store.RefreshState{}, nil, errSessionEnded
	}
	st, err := s.Store.RefreshState(ctx, claims.ID, claims.Family, claims.Subject)
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
	return s.Store.RevokeRefreshToken(ctx, claims.ID)
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
	err = s.Store.SetPassword(ctx, u.ID, hash, u.SessionVersion)
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
func (s *Service) RequestReset(ctx context.Context, email string) error {
	if email == "" {
		return domain.FieldError("email", domain.MsgRequired)
	}
	if !domain.ValidEmail(email) {
		return domain.FieldError("email", domain.MsgInvalidEmail)
	}
	defer s.atLeast(ctx, s.Now(), resetFloor)
	u, err := s.Store.UserByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token := s.Links.Make(purposeReset, u.ID, linkState(u))
	link := s.WebOrigin + "/forget/password/create?" + url.Values{"uid": {u.ID}, "token": {token}}.Encode()
	s.send(ctx, mail.PasswordReset(u.Email, displayName(u), link))
	return nil
}

// ConfirmReset sets a new password from an emailed link. The link dies
// once used, and every session of the account ends.
func (s *Service) ConfirmReset(ctx context.Context, uid, token, password string) error {
	if password == "" {
		return domain.FieldError("password", domain.MsgRequired)
	}
	u, err := s.Store.User(ctx, uid)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeInvalid, MsgInvalidReset)
	}
	if err != nil {
		return err
	}
	if !s.Links.Valid(purposeReset, u.ID, linkState(u), token, ResetMaxAge) {
		return domain.Errorf(domain.CodeInvalid, MsgInvalidReset)
	}
	if msg := domain.PasswordProblem(password, u.Username, u.Email); msg != "" {
		return domain.FieldError("password", msg)
	}
	return s.setPassword(ctx, &u, password)
}
