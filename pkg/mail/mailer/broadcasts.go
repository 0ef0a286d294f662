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
	reminder, isReminder := b.Kind.Reminder()
	if isReminder && (e.Cancelled || !e.Start.Equal(b.Start)) {
		return true, nil // cancelled or moved since: the move planned a new reminder
	}
	facts := d.facts(e)
	var ics []byte
	if b.Kind != domain.BroadcastMessage {
		ics = d.calendarFile(e, b.Kind == domain.BroadcastCancelled)
	}
	var people []domain.Attendee
	err = d.Store.EachAttendee(ctx, b.EventID, func(a domain.Attendee) error {
		if a.Email != "" && reaches(b, a) {
			people = append(people, a)
		}
		return nil
	})
	// A change and a message are mail people can turn off; a
	// cancellation always goes.
	kind := optionalKind(b.Kind)
	muted := map[string]bool{}
	if err == nil && kind != "" {
		ids := make([]string, len(people))
		for i, a := range people {
			ids[i] = a.UserID
		}
		muted, err = d.Store.MutedBy(ctx, ids, kind)
	}
	if err != nil {
		return true, fmt.Errorf("fan out broadcast %s: %w", b.ID, err)
	}
	msgs := map[string]mail.Message{}
	for _, a := range people {
		if muted[a.UserID] {
			continue
		}
		name := a.FirstName
		if name == "" {
			name = a.Username
		}
		off := d.optional(a.UserID, kind)
		switch {
		case isReminder:
			msgs[b.ID+"."+a.UserID] = mail.Reminder(a.Email, name, soon(reminder), facts, d.Tickets.Code(b.EventID, a.ID), ics, off)
		case b.Kind == domain.BroadcastCancelled:
			msgs[b.ID+"."+a.UserID] = mail.EventCancelled(a.Email, name, e.OrganizationName, facts, b.Body, ics)
		case b.Kind == domain.BroadcastChanged:
			msgs[b.ID+"."+a.UserID] = mail.EventChanged(a.Email, name, facts, b.Changes, ics, off)
		default:
			msgs[b.ID+"."+a.UserID] = mail.OrganizerMessage(a.Email, name, e.OrganizationName, facts, b.Subject, b.Body, off)
		}
	}
	if err := d.Store.QueueMails(ctx, msgs, d.Now()); err != nil {
		return true, fmt.Errorf("fan out broadcast %s: %w", b.ID, err)
	}
	return true, nil
}

// reaches reports whether broadcast b is for attendee a: a cancellation or
// a change for everyone registered or waiting, a message for those
// registered, a reminder for those registered before its moment (a later
// registration does not get it late).
func reaches(b domain.Broadcast, a domain.Attendee) bool {
	switch b.Kind {
	case domain.BroadcastCancelled, domain.BroadcastChanged:
		return true
	case domain.BroadcastMessage:
		return a.Status != domain.StatusWaitlisted
	}
	return a.Status != domain.StatusWaitlisted && !a.Created.After(b.Created)
}

// soon says when an event starts, from its reminder's moment.
func soon(k domain.ReminderKind) string {
	if k == domain.Reminder1h {
		return "in 1 hour"
	}
	return "tomorrow"
}

// optionalKind is the kind of mail a broadcast is that people can turn
// off, or "" for one that always goes.
func optionalKind(k domain.BroadcastKind) domain.MailKind {
	if r, ok := k.Reminder(); ok {
		return r.MailKind()
	}
	switch k {
	case domain.BroadcastChanged:
		return domain.MailEventChanges
	case domain.BroadcastMessage:
		return domain.MailOrganizerMessages
	}
	return ""
}

// optional is how userID turns off mail of kind: the web page and the
// one-click address, both carrying the signed token.
func (d Deliverer) optional(userID string, kind domain.MailKind) mail.Optional {
	if kind == "" {
		return mail.Optional{}
	}
	token := d.Unsubscribes.Token(userID, string(kind))
	if token == "" {
		return mail.Optional{}
	}
	return mail.Optional{
		Page:     d.WebOrigin + "/unsubscribe?t=" + token,
		OneClick: d.WebOrigin + "/api/user/unsubscribe/" + token + "/",
	}
}
