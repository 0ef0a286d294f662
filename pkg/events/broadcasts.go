package events

import (
	"context"
	"errors"
	"strings"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// Telling an event's people: its cancellation, its changes, an organizer's
// message. Each request records one broadcast with its change and answers;
// the mailer writes to each person (pkg/mail/mailer/broadcasts.go).

// Messages of cancelling and messaging.
const (
	MsgCancelled          = "The event is cancelled. Everyone registered or waiting is being told."
	MsgEventCancelled     = "This event has been cancelled."
	MsgMessageQueued      = "Your message is on its way to everyone registered."
	MsgTooManyMessages    = "You can send at most 3 messages a day about one event. Please try again tomorrow."
	maxCancelMessageRunes = 2000
	maxSubjectRunes       = 120
	maxBodyRunes          = 5000
)

// CancelInput is the body of a cancellation: what to tell the people.
type CancelInput struct {
	Message string `json:"message"`
}

// MessageInput is an organizer's message to the people registered.
type MessageInput struct {
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

// CancelEvent calls off u's event id: it stays listed and visible as
// cancelled, takes no registrations, and everyone registered or waiting is
// mailed in.Message.
func (s *Service) CancelEvent(ctx context.Context, u domain.User, id string, in CancelInput) (domain.Event, error) {
	if err := cancelMessage(in); err != nil {
		return domain.Event{}, err
	}
	msg := strings.TrimSpace(in.Message)
	e, err := s.owned(ctx, u, id, domain.DutyEvents)
	switch {
	case err != nil:
		return e, err
	case e.Cancelled:
		return e, domain.Errorf(domain.CodeConflict, MsgEventCancelled)
	}
	b := domain.Broadcast{ID: auth.NewID(), EventID: id, Kind: domain.BroadcastCancelled, Body: msg, Created: s.Now()}
	e.ChangedBy, e.Changed = domain.EditorOf(u), b.Created.UTC().Truncate(time.Second)
	if err := s.Store.CancelEvent(ctx, e, b); err != nil {
		return e, explain(err, eventNotFound())
	}
	e.Cancelled, e.CancelReason = true, msg
	return e, nil
}

// Message records an organizer's message to everyone registered for u's
// event id, at most messagesPerDay a day.
func (s *Service) Message(ctx context.Context, u domain.User, id string, in MessageInput) error {
	subject, body := strings.TrimSpace(in.Subject), strings.TrimSpace(in.Body)
	bad := domain.FieldErrors{}
	domain.RequiredText(bad, "subject", subject, maxSubjectRunes)
	domain.RequiredText(bad, "body", body, maxBodyRunes)
	if err := bad.Err(); err != nil {
		return err
	}
	e, err := s.owned(ctx, u, id, domain.DutyEvents)
	switch {
	case err != nil:
		return err
	case e.Cancelled:
		return domain.Errorf(domain.CodeConflict, MsgEventCancelled)
	}
	b := domain.Broadcast{ID: auth.NewID(), EventID: id, Kind: domain.BroadcastMessage, Subject: subject, Body: body, Created: s.Now()}
	err = s.Store.QueueMessage(ctx, b)
	if errors.Is(err, domain.ErrTooManyMessages) {
		return domain.Errorf(domain.CodeTooMany, MsgTooManyMessages)
	}
	return explain(err, eventNotFound())
}

// cancelMessage checks what a cancellation tells its people.
func cancelMessage(in CancelInput) error {
	bad := domain.FieldErrors{}
	domain.RequiredText(bad, "message", strings.TrimSpace(in.Message), maxCancelMessageRunes)
	return bad.Err()
}
