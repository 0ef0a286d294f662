package domain

// The mails a person may turn off; transactional mail (activation, reset,
// confirmations, cancellations) always goes.

// MailKind names one kind of mail a person can turn off.
type MailKind string

const (
	MailReminder24h       MailKind = "reminder_24h"
	MailReminder1h        MailKind = "reminder_1h"
	MailEventChanges      MailKind = "event_changes"
	MailOrganizerMessages MailKind = "organizer_messages"
	// MailNewEvents are the announcements of the organizations one
	// follows.
	MailNewEvents MailKind = "new_events"
)

// MailKinds are the kinds, in the order the profile shows them.
var MailKinds = []MailKind{MailReminder24h, MailReminder1h, MailEventChanges, MailOrganizerMessages, MailNewEvents}

// ValidMailKind reports whether k is one of MailKinds.
func ValidMailKind(k MailKind) bool {
	for _, m := range MailKinds {
		if m == k {
			return true
		}
	}
	return false
}

// Wants reports whether u receives mail of kind k (every kind is on until
// turned off).
func (u User) Wants(k MailKind) bool {
	for _, m := range u.Muted {
		if m == k {
			return false
		}
	}
	return true
}
