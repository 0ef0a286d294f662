package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// A webhook's deliveries (webhooks.go): one item each in the endpoint's
// deliveries partition, keyed by the delivery's id (a ULID: the log reads
// it newest first).

type deliveryItem struct {
	PK, SK         string
	OrganizationID string
	Kind           string
	Body           string
	Created        time.Time
	Status         string
	Attempts       int       `dynamo:",omitempty"`
	LastAttempt    time.Time `dynamo:",omitempty"`
	StatusCode     int       `dynamo:",omitempty"`
	DurationMS     int64     `dynamo:",omitempty"`
	Error          string    `dynamo:",omitempty"`
	Next           time.Time `dynamo:",omitempty"`
	// Inline: attempted by its caller, not the stream's reader.
	Inline bool `dynamo:",omitempty"`
	TTL    int64
}

func (it deliveryItem) domain() domain.Delivery {
	return domain.Delivery{
		ID: it.SK, WebhookID: strings.TrimPrefix(it.PK, deliveryPrefix), OrganizationID: it.OrganizationID,
		Kind: domain.WebhookKind(it.Kind), Body: []byte(it.Body), Created: it.Created, Status: domain.DeliveryStatus(it.Status),
		Attempts: it.Attempts, LastAttempt: it.LastAttempt, StatusCode: it.StatusCode,
		Duration: time.Duration(it.DurationMS) * time.Millisecond, Error: it.Error, Next: it.Next,
	}
}

// QueueDeliveries writes new deliveries, whose inserts the stream hands to
// the mailer function for their first attempt. A delivery with a Once key
// is written with a claim of that key (kept SentTTL) in one transaction,
// and not at all when the key was claimed before: a change the stream
// hands over again, or a later change of the same item, queues nothing
// twice.
func (s *Store) QueueDeliveries(ctx context.Context, ds []domain.Delivery) error {
	for _, d := range ds {
		k := deliveryKey(d.WebhookID, d.ID)
		put := s.table.Put(deliveryItem{
			PK: k.PK, SK: k.SK, OrganizationID: d.OrganizationID, Kind: string(d.Kind), Body: string(d.Body),
			Created: d.Created, Status: string(domain.DeliveryPending), Inline: d.Inline, TTL: d.Created.Add(domain.DeliveryRetention).Unix(),
		}).If("attribute_not_exists(PK)")
		var err error
		if d.Once == "" {
			err = put.Run(ctx)
		} else {
			ck := sentKey("hook#" + d.WebhookID + "#" + d.Once)
			err = s.runTx(ctx, func() *dynamo.WriteTx {
				return s.db.WriteTx().Put(put).
					Put(s.table.Put(sentItem{PK: ck.PK, SK: ck.SK, Expires: d.Created.Add(SentTTL)}).If("attribute_not_exists(PK)"))
			})
			if reasons := cancelReasons(err); failedAt(reasons, 0) || failedAt(reasons, 1) {
				err = nil // queued before
			}
		}
		if err != nil && !dynamo.IsCondCheckFailed(err) {
			return fmt.Errorf("queue delivery to webhook %s: %w", d.WebhookID, err)
		}
	}
	return nil
}

// Delivery reads delivery id of endpoint hookID.
func (s *Store) Delivery(ctx context.Context, hookID, id string) (domain.Delivery, error) {
	var it deliveryItem
	if err := s.get(ctx, deliveryKey(hookID, id), &it, true); err != nil {
		return domain.Delivery{}, fmt.Errorf("get delivery %s: %w", id, err)
	}
	return it.domain(), nil
}

// Deliveries lists endpoint hookID's deliveries newest first, limit at a
// time after the cursor after (a delivery id); next is "" on the last page.
func (s *Store) Deliveries(ctx context.Context, hookID, after string, limit int) ([]domain.Delivery, string, error) {
	q := s.table.Get(attrPK, deliveryPrefix+hookID).Order(dynamo.Descending)
	if after != "" {
		q = q.Range(attrSK, dynamo.Less, after)
	}
	var items []deliveryItem
	lek, err := q.SearchLimit(limit).AllWithLastEvaluatedKey(ctx, &items)
	if err != nil {
		return nil, "", fmt.Errorf("list deliveries of webhook %s: %w", hookID, err)
	}
	out := make([]domain.Delivery, len(items))
	for i, it := range items {
		out[i] = it.domain()
	}
	next := ""
	if lek != nil && len(items) > 0 {
		next = items[len(items)-1].SK
	}
	return out, next, nil
}

// RecordDelivery writes d's attempts and status, and its place in the
// retry index: under its next attempt's day while one is due, else none.
func (s *Store) RecordDelivery(ctx context.Context, d domain.Delivery) error {
	k := deliveryKey(d.WebhookID, d.ID)
	u := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set("Status", string(d.Status)).Set("Attempts", d.Attempts).Set("LastAttempt", d.LastAttempt).
		Set("StatusCode", d.StatusCode).Set("DurationMS", d.Duration.Milliseconds()).Set("Error", d.Error).
		If("attribute_exists(PK)")
	if d.Next.IsZero() {
		u = u.Remove("Next", attrGSI1PK, attrGSI1SK)
	} else {
		u = u.Set("Next", d.Next).Set(attrGSI1PK, deliveriesDuePK(d.Next)).Set(attrGSI1SK, deliveriesDueSK(d))
	}
	err := u.Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return nil // expired meanwhile: nothing to record
	}
	if err != nil {
		return fmt.Errorf("record delivery %s: %w", d.ID, err)
	}
	return nil
}

// DueDeliveries lists the deliveries whose next attempt is at or before
// now, from yesterday's and today's partitions of the retry index (a
// delivery is given up within a day), soonest first: two Queries.
func (s *Store) DueDeliveries(ctx context.Context, now time.Time) ([]domain.Delivery, error) {
	var due []domain.Delivery
	for _, day := range []time.Time{now.Add(-24 * time.Hour), now} {
		var items []deliveryItem
		err := s.table.Get(attrGSI1PK, deliveriesDuePK(day)).Index(IndexUpcoming).
			Range(attrGSI1SK, dynamo.LessOrEqual, sortTime(now)+"#~").All(ctx, &items)
		if err != nil {
			return nil, fmt.Errorf("list deliveries due on %s: %w", deliveriesDuePK(day), err)
		}
		for _, it := range items {
			due = append(due, it.domain()) // keys only: the job reads each
		}
	}
	return due, nil
}
