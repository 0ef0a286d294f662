package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// TakeMailQuota counts one mail against q within the clock hour of now,
// in one conditional UpdateItem, and reports false without counting when
// q.Limit mails were already counted in that hour. The counter expires by
// TTL after its hour.
func (s *Store) TakeMailQuota(ctx context.Context, q domain.MailQuota, now time.Time) (bool, error) {
	hour := now.UTC().Truncate(time.Hour)
	k := mailQuotaKey(q.Scope, q.Value, hour.Format("2006-01-02T15"), q.Kind)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Add("Sent", 1).Set(attrTTL, hour.Add(2*time.Hour).Unix()).
		If("attribute_not_exists(Sent) OR Sent < ?", q.Limit).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("take mail quota %s: %w", q.Scope, err)
	}
	return true, nil
}
