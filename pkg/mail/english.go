package mail

import "turnout/pkg/domain"

// English shorthands: mail.X(…) is mail.In("en").X(…), the spec's own
// words, for tests and tools. The product's code names the recipient's
// language (mail.In(u.MailLanguage())); TestProductCodeNamesTheLanguage
// keeps it so.

func english() Lang { return In(domain.DefaultLanguage) }

// Activation is Lang.Activation in English.
func Activation(to, name, link string) domain.Message { return english().Activation(to, name, link) }

// PasswordReset is Lang.PasswordReset in English.
func PasswordReset(to, name, link string) domain.Message {
	return english().PasswordReset(to, name, link)
}

// AlreadyRegistered is Lang.AlreadyRegistered in English.
func AlreadyRegistered(to, loginLink, resetLink string) domain.Message {
	return english().AlreadyRegistered(to, loginLink, resetLink)
}

// ConfirmEmailChange is Lang.ConfirmEmailChange in English.
func ConfirmEmailChange(to, name, link string) domain.Message {
	return english().ConfirmEmailChange(to, name, link)
}

// EmailChangeRequested is Lang.EmailChangeRequested in English.
func EmailChangeRequested(to, name, newEmail, when, resetLink string) domain.Message {
	return english().EmailChangeRequested(to, name, newEmail, when, resetLink)
}

// AccountDeleted is Lang.AccountDeleted in English.
func AccountDeleted(to, name, signUp string) domain.Message {
	return english().AccountDeleted(to, name, signUp)
}

// RegistrationConfirmed is Lang.RegistrationConfirmed in English.
func RegistrationConfirmed(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return english().RegistrationConfirmed(to, name, e, t, ics)
}

// Waitlisted is Lang.Waitlisted in English.
func Waitlisted(to, name string, e EventFacts, position int) domain.Message {
	return english().Waitlisted(to, name, e, position)
}

// SeatGiven is Lang.SeatGiven in English.
func SeatGiven(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return english().SeatGiven(to, name, e, t, ics)
}

// RegistrationCancelled is Lang.RegistrationCancelled in English.
func RegistrationCancelled(to, name string, e EventFacts, ics []byte) domain.Message {
	return english().RegistrationCancelled(to, name, e, ics)
}

// WaitlistLeft is Lang.WaitlistLeft in English.
func WaitlistLeft(to, name string, e EventFacts) domain.Message {
	return english().WaitlistLeft(to, name, e)
}

// Reminder is Lang.Reminder in English.
func Reminder(to, name string, kind domain.ReminderKind, e EventFacts, t Ticket, ics []byte, off Optional) domain.Message {
	return english().Reminder(to, name, kind, e, t, ics, off)
}

// RequestReceived is Lang.RequestReceived in English.
func RequestReceived(to, name string, e EventFacts) domain.Message {
	return english().RequestReceived(to, name, e)
}

// RequestApproved is Lang.RequestApproved in English.
func RequestApproved(to, name string, e EventFacts, t Ticket, ics []byte) domain.Message {
	return english().RequestApproved(to, name, e, t, ics)
}

// RequestDeclined is Lang.RequestDeclined in English.
func RequestDeclined(to, name string, e EventFacts) domain.Message {
	return english().RequestDeclined(to, name, e)
}

// EventCancelled is Lang.EventCancelled in English.
func EventCancelled(to, name, org string, e EventFacts, message string, ics []byte) domain.Message {
	return english().EventCancelled(to, name, org, e, message, ics)
}

// EventDeleted is Lang.EventDeleted in English.
func EventDeleted(to, name string, e EventFacts, browse string, ics []byte) domain.Message {
	return english().EventDeleted(to, name, e, browse, ics)
}

// EventChanged is Lang.EventChanged in English.
func EventChanged(to, name string, e EventFacts, was domain.EventWas, ics []byte, off Optional) domain.Message {
	return english().EventChanged(to, name, e, was, ics, off)
}

// OrganizerMessage is Lang.OrganizerMessage in English.
func OrganizerMessage(to, name, org string, e EventFacts, subject, message string, off Optional) domain.Message {
	return english().OrganizerMessage(to, name, org, e, subject, message, off)
}

// NewEvents is Lang.NewEvents in English.
func NewEvents(to, name, org string, events []EventFacts, more int, orgLink string, off Optional) domain.Message {
	return english().NewEvents(to, name, org, events, more, orgLink, off)
}

// GuestConfirm is Lang.GuestConfirm in English.
func GuestConfirm(to, name string, e EventFacts, link string) domain.Message {
	return english().GuestConfirm(to, name, e, link)
}

// Invitation is Lang.Invitation in English.
func Invitation(to, org, inviter, role, link string) domain.Message {
	return english().Invitation(to, org, inviter, role, link)
}
