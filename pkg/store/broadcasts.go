package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Broadcasts: a mail to an event's people is recorded as one item, written
// in the same transaction as the change it tells of; the mailer, fed by the
// table's stream, fans it out into one queued message per person
// (QueueMails), each sent once. So a request that tells 5,000 people writes
// one item and answers at once.

// BroadcastTTL bounds how long a broadcast and a deleted event's notice
// wait for the mailer, as long as a claim is kept.
const BroadcastTTL = SentTTL

type broadcastItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	ID      string
	EventID string
	Kind    string
	Subject string `dynamo:",omitempty"`
	Body    string `dynamo:",omitempty"`
	// WasStart, WasEnd (sortTimes) and WasLocation are what a change
	// notice tells moved.
	WasStart    string `dynamo:",omitempty"`
	WasEnd      string `dynamo:",omitempty"`
	WasLocation string `dynamo:",omitempty"`
	// Start is a reminder's event start (a sortTime).
	Start string `dynamo:",omitempty"`
	// OrganizationID and EventIDs (comma-separated) are whose followers
	// an announcement tells of which events.
	OrganizationID string `dynamo:",omitempty"`
	EventIDs       string `dynamo:",omitempty"`
	Created        time.Time
	Expires        time.Time `dynamo:"TTL,unixtime"`
}

func (s *Store) putBroadcast(b domain.Broadcast) *dynamo.Put {
	k := broadcastKey(b.ID)
	return s.table.Put(broadcastItem{
		PK: k.PK, SK: k.SK, ID: b.ID, EventID: b.EventID, Kind: string(b.Kind), Subject: b.Subject, Body: b.Body,
		WasStart: optionalTime(b.Was.Start), WasEnd: optionalTime(b.Was.End), WasLocation: b.Was.Location,
		Start: optionalTime(b.Start), Created: b.Created, Expires: b.Created.Add(BroadcastTTL),
		OrganizationID: b.OrganizationID, EventIDs: strings.Join(b.EventIDs, ","),
	})
}

// optionalTime is t as a sortTime, or "" when it is zero.
func optionalTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return sortTime(t)
}

// DeleteBroadcast removes a broadcast once it is fanned out, so the
// organizer's words it holds do not wait in the table for TTL.
func (s *Store) DeleteBroadcast(ctx context.Context, id string) error {
	k := broadcastKey(id)
	if err := s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).Run(ctx); err != nil {
		return fmt.Errorf("delete broadcast %s: %w", id, err)
	}
	return nil
}

// CancelEvent marks event e cancelled, for the reason b tells, on the
// event (which, when public, moves to the public list's cancelled
// partition) and its seat counter (which then refuses every
// registration), records b, its notice to everyone registered or waiting,
// and drops its reminders, in one transaction, while the event still
// belongs to e.OrganizationID and has e's visibility.
func (s *Store) CancelEvent(ctx context.Context, e domain.Event, b domain.Broadcast) error {
	id, orgID := e.ID, e.OrganizationID
	k, sk := eventKey(id), seatsKey(id)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		up := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Cancelled", true).Set("CancelReason", b.Body)
		if e.ChangedBy.ID != "" {
			up.Set("ChangedBy", e.ChangedBy).Set("Changed", e.Changed)
		}
		cond := "attribute_exists(PK) AND attribute_not_exists(Deleting) AND OrganizationID = ? AND attribute_not_exists(Cancelled) AND "
		if e.Listed() {
			up.Set(attrGSI1PK, cancelledPK).If(cond+"attribute_not_exists(Visibility)", orgID)
		} else {
			up.If(cond+"Visibility = ?", orgID, string(e.Visibility))
		}
		tx := s.db.WriteTx().Update(up).
			Update(s.table.Update(attrPK, sk.PK).Range(attrSK, sk.SK).Set("Cancelled", true).Set("CancelReason", b.Body).If("attribute_exists(PK)")).
			Put(s.putBroadcast(b))
		s.dropTimers(tx, id)
		return tx
	})
	if r := cancelReasons(err); failedAt(r, 0) || failedAt(r, 1) {
		stored, rerr := s.Event(ctx, id)
		switch {
		case rerr != nil:
			err = rerr
		case stored.OrganizationID != orgID:
			err = domain.ErrNotOwner
		case !stored.Cancelled:
			err = domain.ErrBusy // its visibility changed meanwhile
		default:
			err = domain.ErrEventCancelled
		}
	}
	if err != nil {
		return fmt.Errorf("cancel event %s: %w", id, err)
	}
	return nil
}

// messagesPerDay bounds an organizer's messages to one event's people.
const messagesPerDay = 3

// countToday counts one more of what key counts, on the condition that
// fewer than limit were counted; the counter outlives its day by one.
func (s *Store) countToday(k key, limit int, now time.Time) *dynamo.Update {
	return s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Add("Sent", 1).Set(attrTTL, now.Add(48*time.Hour).Unix()).
		If("attribute_not_exists(Sent) OR Sent < ?", limit)
}

// QueueMessage records b, an organizer's message to the event's people,
// counting it against the event's messages of the day (messagesPerDay), in
// one transaction.
func (s *Store) QueueMessage(ctx context.Context, b domain.Broadcast) error {
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.countToday(messageCountKey(b.EventID, b.Created), messagesPerDay, b.Created)).
			Put(s.putBroadcast(b))
	})
	if failedAt(cancelReasons(err), 0) {
		err = domain.ErrTooManyMessages
	}
	if err != nil {
		return fmt.Errorf("queue message to event %s: %w", b.EventID, err)
	}
	return nil
}

// QueueMails queues one message per key in parallel batches, for a
// broadcast's fan-out. A message's id is its key, so a fan-out that runs
// again rewrites the same items, and the claim under that key (ClaimMail)
// keeps a rewritten one from being sent twice.
func (s *Store) QueueMails(ctx context.Context, msgs map[string]domain.Message, now time.Time) error {
	items := make([]any, 0, len(msgs))
	for id, m := range msgs {
		items = append(items, newOutboxItem(outboxKey(id, m.Priority), m, now))
	}
	if err := s.putAll(ctx, items); err != nil {
		return fmt.Errorf("queue %d mails: %w", len(items), err)
	}
	return nil
}
