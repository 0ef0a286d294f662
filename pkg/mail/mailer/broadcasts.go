package mailer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

// A broadcast (store/broadcasts.go) is one item telling all of an event's
// people something: the mailer fans it out into one queued message per
// person, which come back through the stream and are sent like any
// other, each once (its id, the broadcast's and the person's, is its
// claim's key). A fan-out that runs again rewrites the same messages.

// fanOut queues the mails of broadcast b, then deletes it (the stream
// record keeps what a retry needs).
func (d Deliverer) fanOut(ctx context.Context, b domain.Broadcast) error {
	if err := d.queueBroadcast(ctx, b); err != nil {
		return fmt.Errorf("fan out broadcast %s: %w", b.ID, err)
	}
	if err := d.Store.DeleteBroadcast(ctx, b.ID); err != nil {
		slog.WarnContext(ctx, "delete a fanned-out broadcast", "id", b.ID, "err", err) // TTL removes it later
	}
	return nil
}

// queueBroadcast queues one mail per person b is for.
func (d Deliverer) queueBroadcast(ctx context.Context, b domain.Broadcast) error {
	if b.Kind == domain.BroadcastNewEvents {
		return d.queueAnnouncement(ctx, b)
	}
	e, err := d.Store.Event(ctx, b.EventID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // deleted since: its deletion tells everyone
	} else if err != nil {
		return fmt.Errorf("read event %s: %w", b.EventID, err)
	}
	if _, isReminder := b.Kind.Reminder(); isReminder && (e.Cancelled || !e.Start.Equal(b.Start)) {
		return nil // cancelled or moved since: the move planned a new reminder
	}
	f := fanOutState{d: d, b: b, e: e, facts: d.facts(e), kind: optionalKind(b.Kind)}
	if b.Kind != domain.BroadcastMessage {
		f.ics = d.calendarFile(e, b.Kind == domain.BroadcastCancelled)
	}
	// The people holding a seat are told the online link in a reminder and
	// a change notice (whose calendar file replaces the one they have).
	f.seatedFacts = f.facts
	if _, isReminder := b.Kind.Reminder(); isReminder || b.Kind == domain.BroadcastChanged {
		f.seatedFacts, f.seatedICS = d.seatedFacts(e), map[string][]byte{}
	}
	if b.Kind == domain.BroadcastMessage || b.Kind == domain.BroadcastCancelled {
		// The organizer's own words: replies go to the organization.
		if f.replyTo, err = d.organizationAddress(ctx, e.OrganizationID); err != nil {
			return err
		}
	}
	err = d.Store.EachAttendee(ctx, b.EventID, "", func(a domain.Attendee) error {
		if a.Email == "" || !reaches(b, a) {
			return nil
		}
		f.people = append(f.people, a)
		if len(f.people) < fanOutChunk {
			return nil
		}
		return f.flush(ctx)
	})
	if err != nil {
		return err
	}
	return f.flush(ctx)
}

// fanOutChunk is how many people's mails a fan-out builds and queues at a
// time, so the mailer's memory stays small whatever the event's size
// (10,000 reminders held at once would be some 60 MB).
const fanOutChunk = 500

// fanOutState is one broadcast being fanned out, chunk by chunk.
type fanOutState struct {
	d     Deliverer
	b     domain.Broadcast
	e     domain.Event
	facts mail.EventFacts
	ics   []byte
	// seatedFacts are facts as told to the people holding a seat; their
	// calendar files, by language, are seatedICS (nil when theirs is ics).
	seatedFacts mail.EventFacts
	seatedICS   map[string][]byte
	// kind is the setting that turns this mail off ("" when it always goes).
	kind domain.MailKind
	// replyTo is where replies to the mails go ("" to the sender).
	replyTo string
	people  []domain.Attendee
}

// flush queues the mails of the people gathered so far, leaving out who
// turned this kind of mail off.
func (f *fanOutState) flush(ctx context.Context) error {
	if len(f.people) == 0 {
		return nil
	}
	muted := map[string]bool{}
	if f.kind != "" {
		ids := make([]string, len(f.people))
		for i, a := range f.people {
			ids[i] = a.UserID
		}
		var err error
		if muted, err = f.d.Store.MutedBy(ctx, ids, f.kind); err != nil {
			return err
		}
	}
	msgs := make(map[string]domain.Message, len(f.people))
	for _, a := range f.people {
		if !muted[a.UserID] {
			m := f.message(a)
			m.ReplyTo = f.replyTo
			msgs[f.b.ID+"."+a.UserID] = m
		}
	}
	f.people = f.people[:0]
	return f.d.Store.QueueMails(ctx, msgs, f.d.Now())
}

// message is the broadcast's mail to a.
func (f *fanOutState) message(a domain.Attendee) domain.Message {
	name := a.FirstName
	if name == "" {
		name = a.Username
	}
	off, l := f.d.optional(a.UserID, f.kind), mail.In(a.Language)
	facts, ics := f.facts, f.ics
	if a.Status == domain.StatusRegistered {
		facts, ics = f.seatedFacts, f.seatedFile(l)
	}
	facts = f.d.managed(facts, a, f.e)
	switch f.b.Kind {
	case domain.BroadcastCancelled:
		return l.EventCancelled(a.Email, name, f.e.OrganizationName, facts, f.b.Body, ics)
	case domain.BroadcastChanged:
		return l.EventChanged(a.Email, name, facts, f.b.Was, ics, off)
	case domain.BroadcastMessage:
		return l.OrganizerMessage(a.Email, name, f.e.OrganizationName, facts, f.b.Subject, f.b.Body, off)
	}
	reminder, _ := f.b.Kind.Reminder()
	// The reminder links to the ticket's page, which draws the QR code: a
	// queued mail keeps no image, and an image per person would multiply
	// the outbox's writes.
	return l.Reminder(a.Email, name, reminder, facts, f.d.ticket(f.b.EventID, a.ID, a.TicketVersion), ics, off)
}

// seatedFile is the calendar file of a person holding a seat who reads l:
// made once per language.
func (f *fanOutState) seatedFile(l mail.Lang) []byte {
	if f.seatedICS == nil {
		return f.ics
	}
	ics, ok := f.seatedICS[l.Tag()]
	if !ok {
		ics = f.d.seatedCalendarFile(f.e, l)
		f.seatedICS[l.Tag()] = ics
	}
	return ics
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
		return a.Seated()
	}
	return a.Seated() && !a.Created.After(b.Created)
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

// organizationAddress is the email address of organization id, "" when it
// is gone.
func (d Deliverer) organizationAddress(ctx context.Context, id string) (string, error) {
	o, err := d.Store.Organization(ctx, id)
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("read organization %s for its address: %w", id, err)
	}
	return o.Email, nil
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
