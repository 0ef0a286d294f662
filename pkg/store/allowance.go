package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// TakeAllowance counts one use of a within its window of now (windows of
// a.Per, from the epoch), in one conditional UpdateItem, and reports false
// without counting when a.Limit uses were already counted in that window,
// with the window's end either way. The counter expires by TTL after its
// window.
func (s *Store) TakeAllowance(ctx context.Context, a domain.Allowance, now time.Time) (bool, time.Time, error) {
	start := now.UTC().Truncate(a.Per)
	end := start.Add(a.Per)
	k := allowanceKey(a.Scope, a.Value, sortTime(start), a.Kind)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Add("Used", 1).Set(attrTTL, end.Add(a.Per).Unix()).
		If("attribute_not_exists(Used) OR Used < ?", a.Limit).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return false, end, nil
	}
	if err != nil {
		return false, end, fmt.Errorf("take allowance %s: %w", a.Scope, err)
	}
	return true, end, nil
}
