package store

import (
	"context"
	"time"
)

// Expiries reads the TTL of an account's item, its username and email
// reservations and (for an organizer) its organization, for tests; a zero
// time means the item does not expire, a missing item is an error.
func (s *Store) Expiries(ctx context.Context, userID, username, email, orgID string) ([]time.Time, error) {
	keys := []key{userKey(userID), usernameKey(username), emailKey(email)}
	if orgID != "" {
		keys = append(keys, organizationKey(orgID))
	}
	var out []time.Time
	for _, k := range keys {
		var it struct {
			Expires time.Time `dynamo:"TTL,unixtime"`
		}
		if err := s.get(ctx, k, &it, true); err != nil {
			return nil, err
		}
		out = append(out, it.Expires)
	}
	return out, nil
}
