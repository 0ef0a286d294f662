package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// What a person's data export reads beyond the account and its
// registrations: when each registration was made and checked in, the
// account's sessions, and the failed-login records kept under its
// username.

// RegistrationTimes reads when each registration of userID to eventIDs
// was made and checked in (and its answers), from their attendee items (one BatchGetItem of
// up to 100 keys, as a page of an export holds), by event id.
func (s *Store) RegistrationTimes(ctx context.Context, userID string, eventIDs []string) (map[string]domain.Registration, error) {
	out := make(map[string]domain.Registration, len(eventIDs))
	if len(eventIDs) == 0 {
		return out, nil
	}
	keys := make([]dynamo.Keyed, 0, len(eventIDs))
	for _, id := range eventIDs {
		if _, seen := out[id]; !seen {
			out[id] = domain.Registration{} // a batch may not name a key twice
			k := attendeeKey(id, userID)
			keys = append(keys, dynamo.Keys{k.PK, k.SK})
		}
	}
	clear(out)
	var items []attendeeItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).Project(attrPK, "RegistrationID", "Created", "CheckedInAt", "Answers").All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("read registration times of %s: %w", userID, err)
	}
	for _, it := range items {
		eventID := strings.TrimPrefix(it.PK, eventPrefix)
		out[eventID] = domain.Registration{ID: it.RegistrationID, EventID: eventID, UserID: userID, Created: it.Created, CheckedIn: it.CheckedInAt, Answers: it.Answers}
	}
	return out, nil
}

// Sessions lists userID's refresh tokens, live and spent, each the state
// of one sign-in (one Query of the account's sessions partition).
func (s *Store) Sessions(ctx context.Context, userID string) ([]domain.RefreshToken, error) {
	var items []refreshItem
	err := s.table.Get(attrPK, sessionsPK(userID)).Range(attrSK, dynamo.BeginsWith, refreshKey(userID, "").SK).All(ctx, &items)
	if err != nil {
		return nil, fmt.Errorf("list sessions of %s: %w", userID, err)
	}
	out := make([]domain.RefreshToken, len(items))
	for i, it := range items {
		out[i] = it.domain()
	}
	return out, nil
}

// FailedLoginsOf reads the failed-login records of username (one Query of
// its login guards).
func (s *Store) FailedLoginsOf(ctx context.Context, username string) (domain.FailedLogins, error) {
	var items []struct {
		SK          string
		Attempts    int
		Failures    int
		LockedUntil time.Time `dynamo:",unixtime"`
		Expires     time.Time `dynamo:"TTL,unixtime"`
	}
	if err := s.table.Get(attrPK, loginGuardsPK(username)).All(ctx, &items); err != nil {
		return domain.FailedLogins{}, fmt.Errorf("list failed logins of %s: %w", username, err)
	}
	var out domain.FailedLogins
	for _, it := range items {
		if addr, ok := strings.CutPrefix(it.SK, loginAddressKey(username, "").SK); ok {
			out.ByAddress = append(out.ByAddress, domain.AddressFailures{Address: addr, Attempts: it.Attempts, LockedUntil: it.LockedUntil, Until: it.Expires})
		} else {
			out.Everywhere, out.EverywhereUntil = it.Failures, it.Expires
		}
	}
	return out, nil
}
