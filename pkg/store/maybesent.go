package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"
	"github.com/oklog/ulid/v2"

	"turnout/pkg/domain"
)

// Mail maybe sent: a send that timed out may have reached SES, so the
// mailer keeps its claim and parks the message here, under its Ref, in one
// partition (there are few). SES's report of the send removes it
// (ConfirmSent); one still here after a while is queued again (Resend).

const maybeSentPK = "MAYBESENT"

// MaybeSentTTL bounds how long a parked message is kept: a day, as the
// outbox keeps a message.
const MaybeSentTTL = OutboxTTL

type maybeSentItem struct {
	outboxItem
	At time.Time
}

func maybeSentKey(ref string) key { return key{maybeSentPK, ref} }

// MarkMaybeSent parks m (whose Ref names it) as maybe sent at (one PutItem).
func (s *Store) MarkMaybeSent(ctx context.Context, m domain.Message, at time.Time) error {
	if err := s.table.Put(maybeSentItem{outboxItem: newOutboxItem(maybeSentKey(m.Ref), m, at), At: at}).Run(ctx); err != nil {
		return fmt.Errorf("park a mail maybe sent: %w", err)
	}
	return nil
}

// ConfirmSent forgets the parked mail ref, which SES reported sent (one
// DeleteItem; nothing is parked under most refs).
func (s *Store) ConfirmSent(ctx context.Context, ref string) error {
	k := maybeSentKey(ref)
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("confirm mail %s sent: %w", ref, err)
	}
	return nil
}

// MaybeSentBefore returns the mails parked before t (one Query a page of
// the partition, which holds only what waits for SES's report).
func (s *Store) MaybeSentBefore(ctx context.Context, t time.Time) ([]domain.MaybeSent, error) {
	var items []maybeSentItem
	if err := s.table.Get(attrPK, maybeSentPK).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("read the mail maybe sent: %w", err)
	}
	var out []domain.MaybeSent
	for _, it := range items {
		if !it.At.Before(t) {
			continue
		}
		m := domain.Message{
			To: it.To, Subject: it.Subject, Text: it.Text, HTML: it.HTML, Unsubscribe: it.Unsubscribe,
			ReplyTo: it.ReplyTo, Ref: it.SK, Priority: it.Priority,
		}
		out = append(out, domain.MaybeSent{Message: m, Calendar: []byte(it.Calendar), At: it.At})
	}
	return out, nil
}

// Resend queues the parked mail again, as a new message, and forgets it,
// in one transaction: whoever reconciles it first sends it once.
func (s *Store) Resend(ctx context.Context, ms domain.MaybeSent, now time.Time) error {
	k := maybeSentKey(ms.Message.Ref)
	queued := newOutboxItem(outboxKey(ulid.Make().String(), ms.Message.Priority), ms.Message, now)
	queued.Calendar = string(ms.Calendar)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Put(s.table.Put(queued)).
			Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_exists(PK)"))
	})
	if hasConditionFailure(cancelReasons(err)) {
		return nil // confirmed or resent meanwhile
	}
	if err != nil {
		return fmt.Errorf("send mail %s again: %w", ms.Message.Ref, err)
	}
	return nil
}
