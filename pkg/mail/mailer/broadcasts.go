package mailer

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/store"
)

// A broadcast (store/broadcasts.go) is one item telling all of an event's
// people something: the mailer fans it out into one queued message per
// person, which come back through the stream and are sent like any
// other, each once (its id, the broadcast's and the person's, is its
// claim's key). A fan-out that runs again rewrites the same messages.

// fanOut queues the mails of the broadcast a stream record inserts, and
// reports false for a record that inserts none.
func (d Deliverer) fanOut(ctx context.Context, r events.DynamoDBEventRecord) (bool, error) {
	if r.EventName != "INSERT" {
		return false, nil
	}
	b, ok := store.BroadcastRecord(text(r.Change.Keys, "PK"), func(name string) string { return text(r.Change.NewImage, name) })
	if !ok {
		return false, nil
	}
	e, err := d.Store.Event(ctx, b.EventID)
	if errors.Is(err, domain.ErrNotFound) {
		return true, nil // deleted since: its deletion tells everyone
	} else if err != nil {
		return true, fmt.Errorf("read event %s for broadcast %s: %w", b.EventID, b.ID, err)
	}
	facts := d.facts(e)
	var ics []byte
	if b.Kind != domain.BroadcastMessage {
		ics = d.calendarFile(e, b.Kind == domain.BroadcastCancelled)
	}
	msgs := map[string]mail.Message{}
	err = d.Store.EachAttendee(ctx, b.EventID, func(a domain.Attendee) error {
		if a.Email == "" || b.Kind == domain.BroadcastMessage && a.Status == domain.StatusWaitlisted {
			return nil
		}
		name := a.FirstName
		if name == "" {
			name = a.Username
		}
		var m mail.Message
		switch b.Kind {
		case domain.BroadcastCancelled:
			m = mail.EventCancelled(a.Email, name, e.OrganizationName, facts, b.Body, ics)
		case domain.BroadcastChanged:
			m = mail.EventChanged(a.Email, name, facts, b.Changes, ics)
		default:
			m = mail.OrganizerMessage(a.Email, name, e.OrganizationName, facts, b.Subject, b.Body)
		}
		msgs[b.ID+"."+a.UserID] = m
		return nil
	})
	if err == nil {
		err = d.Store.QueueMails(ctx, msgs, d.Now())
	}
	if err != nil {
		return true, fmt.Errorf("fan out broadcast %s: %w", b.ID, err)
	}
	return true, nil
}
