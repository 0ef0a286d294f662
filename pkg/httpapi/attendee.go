package httpapi

import (
	"time"

	"turnout/pkg/domain"
)

// Attendee is one registration as its organizers see it: in the attendee
// list, the answers of check-in and decisions, and webhooks' messages.
type Attendee struct {
	RegistrationID string                    `json:"registration_id"`
	UserID         string                    `json:"user_id"`
	Username       string                    `json:"username"`
	FirstName      string                    `json:"first_name"`
	LastName       string                    `json:"last_name"`
	Email          string                    `json:"email"`
	RegisteredAt   time.Time                 `json:"registered_at"`
	Status         domain.RegistrationStatus `json:"status"`
	CheckedInAt    *time.Time                `json:"checked_in_at"`
	// Guest: registered without an account (user_id is the guest's).
	Guest bool `json:"guest"`
}

// AttendeeOf is a as its organizers see it.
func AttendeeOf(a domain.Attendee) Attendee {
	return Attendee{
		RegistrationID: a.ID, UserID: a.UserID, Username: a.Username, FirstName: a.FirstName, LastName: a.LastName,
		Email: a.Email, RegisteredAt: a.Created, Status: a.Status, CheckedInAt: TimeOrNull(a.CheckedIn), Guest: a.Guest,
	}
}

// ListedAttendee is an attendee with their answers to e's questions, as
// the attendee list shows them.
type ListedAttendee struct {
	Attendee
	Answers []domain.LabeledAnswer `json:"answers"`
}

// ListedAttendeeOf is a, of event e, with its answers.
func ListedAttendeeOf(e domain.Event, a domain.Attendee) ListedAttendee {
	return ListedAttendee{AttendeeOf(a), e.LabeledAnswers(a.Answers)}
}
