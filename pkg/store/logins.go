package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

type loginAddressItem struct {
	PK          string `dynamo:"PK,hash"`
	SK          string `dynamo:"SK,range"`
	Attempts    int
	LockedUntil time.Time `dynamo:",unixtime"`
	Expires     time.Time `dynamo:"TTL,unixtime"`
}

// loginBoundItem counts a username's attempts since its last success,
// from every address.
type loginBoundItem struct {
	PK       string `dynamo:"PK,hash"`
	SK       string `dynamo:"SK,range"`
	Attempts int
	Expires  time.Time `dynamo:"TTL,unixtime"`
}

type loginCeilingItem struct {
	PK       string `dynamo:"PK,hash"`
	SK       string `dynamo:"SK,range"`
	Failures int
	Expires  time.Time `dynamo:"TTL,unixtime"`
}

// LoginLookup reads, in one BatchGetItem, the username's pointer and its
// login guards for addr, then the account if the username exists. A
// missing account is returned as domain.ErrNotFound alongside the guard.
func (s *Store) LoginLookup(ctx context.Context, username, addr string, now time.Time) (domain.User, domain.LoginGuard, error) {
	un, ak, ck, bk := usernameKey(username), loginAddressKey(username, addr), loginCeilingKey(username), loginBoundKey(username)
	var guard domain.LoginGuard
	userID := ""
	iter := s.table.Batch(attrPK, attrSK).
		Get(dynamo.Keys{un.PK, un.SK}, dynamo.Keys{ak.PK, ak.SK}, dynamo.Keys{ck.PK, ck.SK}, dynamo.Keys{bk.PK, bk.SK}).
		Consistent(true).Iter()
	var raw dynamo.Item
	for iter.Next(ctx, &raw) {
		var pk, sk string
		err := errors.Join(dynamo.Unmarshal(raw[attrPK], &pk), dynamo.Unmarshal(raw[attrSK], &sk))
		switch {
		case err != nil:
		case pk == un.PK:
			var p pointerItem
			err = dynamo.UnmarshalItem(raw, &p)
			userID = p.UserID
		case sk == ak.SK:
			var g loginAddressItem
			err = dynamo.UnmarshalItem(raw, &g)
			if g.Expires.After(now) { // TTL deletion is lazy; ignore stale guards
				guard.Attempts, guard.LockedUntil = g.Attempts, g.LockedUntil
			}
		case sk == ck.SK:
			var g loginCeilingItem
			err = dynamo.UnmarshalItem(raw, &g)
			if g.Expires.After(now) {
				guard.UsernameFailures = g.Failures
			}
		case sk == bk.SK:
			var g loginBoundItem
			err = dynamo.UnmarshalItem(raw, &g)
			if g.Expires.After(now) {
				guard.BoundAttempts = g.Attempts
			}
		}
		if err != nil {
			return domain.User{}, guard, fmt.Errorf("login lookup: %w", err)
		}
		raw = nil
	}
	if err := iter.Err(); err != nil && !errors.Is(err, dynamo.ErrNotFound) { // none of the items exist
		return domain.User{}, guard, fmt.Errorf("login lookup: %w", err)
	}
	if userID == "" {
		return domain.User{}, guard, fmt.Errorf("login lookup: %w", domain.ErrNotFound)
	}
	u, err := s.User(ctx, userID)
	return u, guard, err
}

// ReserveLoginAttempt counts an attempt for username from addr before its
// password is checked, in one conditional UpdateItem, so that concurrent
// guesses can never get more than threshold checks past the guard. Below
// the threshold any attempt passes; at or above it only one whose lock has
// run out, and that one holds the lock until pendingUntil while it is
// checked (its failure then sets the real lock, its success clears the
// guard; if it dies midway the lock simply runs out). It returns the count
// including this attempt, or domain.ErrLoginLocked.
func (s *Store) ReserveLoginAttempt(ctx context.Context, username, addr string, threshold int, now, pendingUntil, forgetAt time.Time) (int, error) {
	k := loginAddressKey(username, addr)
	var out loginAddressItem
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Add("Attempts", 1).
		Set("LockedUntil", pendingUntil.Unix()).
		Set(attrTTL, forgetAt.Unix()).
		If("attribute_not_exists(Attempts) OR Attempts < ? OR LockedUntil <= ?", threshold, now.Unix()).
		Value(ctx, &out)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrLoginLocked
	}
	if err != nil {
		return 0, fmt.Errorf("reserve login attempt: %w", err)
	}
	return out.Attempts, nil
}

// ReserveBoundAttempt counts an attempt for username, from any address,
// before its password is checked, in one conditional UpdateItem, so that
// however many addresses guess at once no more than bound attempts are
// checked until a success or a reset clears the count. The count is
// forgotten at forgetAt unless counted again. domain.ErrLoginBound when the
// username is at its bound.
func (s *Store) ReserveBoundAttempt(ctx context.Context, username string, bound int, now, forgetAt time.Time) error {
	k := loginBoundKey(username)
	reserve := func() error {
		return s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
			Add("Attempts", 1).Set(attrTTL, forgetAt.Unix()).
			If("attribute_not_exists(Attempts) OR Attempts < ?", bound).Run(ctx)
	}
	err := reserve()
	if dynamo.IsCondCheckFailed(err) {
		// A count past its TTL is forgotten, though DynamoDB removes it
		// only some time later: remove it now and count afresh.
		err = s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("$ <= ?", attrTTL, now.Unix()).Run(ctx)
		if err == nil {
			err = reserve()
		}
	}
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrLoginBound
	}
	if err != nil {
		return fmt.Errorf("reserve a bounded login attempt: %w", err)
	}
	return nil
}

// LockLogin refuses logins for username from addr until the given time.
func (s *Store) LockLogin(ctx context.Context, username, addr string, until time.Time) error {
	k := loginAddressKey(username, addr)
	if err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("LockedUntil", until.Unix()).Run(ctx); err != nil {
		return fmt.Errorf("lock login: %w", err)
	}
	return nil
}

// CountUsernameFailure counts a failed login for username from any address
// and returns the new count; it is forgotten at forgetAt unless counted again.
func (s *Store) CountUsernameFailure(ctx context.Context, username string, forgetAt time.Time) (int, error) {
	k := loginCeilingKey(username)
	var out loginCeilingItem
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Add("Failures", 1).Set(attrTTL, forgetAt.Unix()).
		Value(ctx, &out)
	if err != nil {
		return 0, fmt.Errorf("count username failure: %w", err)
	}
	return out.Failures, nil
}

// ClearLoginAttempts forgets the attempts of addr, and the username's
// count towards its bound, after a successful login (one BatchWriteItem).
func (s *Store) ClearLoginAttempts(ctx context.Context, username, addr string) error {
	ak, bk := loginAddressKey(username, addr), loginBoundKey(username)
	if err := s.deleteAll(ctx, []dynamo.Keyed{dynamo.Keys{ak.PK, ak.SK}, dynamo.Keys{bk.PK, bk.SK}}); err != nil {
		return fmt.Errorf("clear login attempts: %w", err)
	}
	return nil
}

// ClearLoginGuards removes every lock and count of username, from every
// address: one Query for the keys, then batched deletes.
func (s *Store) ClearLoginGuards(ctx context.Context, username string) error {
	var keys []dynamo.Keyed
	iter := s.table.Get(attrPK, loginGuardsPK(username)).Consistent(true).Project(attrPK, attrSK).Iter()
	var it key
	for iter.Next(ctx, &it) {
		keys = append(keys, dynamo.Keys{it.PK, it.SK})
	}
	if err := iter.Err(); err != nil {
		return fmt.Errorf("list login guards: %w", err)
	}
	if len(keys) == 0 {
		return nil
	}
	if _, err := s.table.Batch(attrPK, attrSK).Write().Delete(keys...).Run(ctx); err != nil {
		return fmt.Errorf("clear login guards: %w", err)
	}
	return nil
}
