package domain

// TableChange is what one record of the table's stream tells the mailer.
// The store reads a record into one of these types, so nothing above it
// knows an attribute or key name; a record the mailer has no use for reads
// as nil.
type TableChange interface{ isTableChange() }

// MailQueued: a message was queued, to be sent once.
type MailQueued struct {
	ID      string
	Message Message
	// Calendar is the event's calendar file to attach, if any.
	Calendar []byte
}

// BroadcastAdded: a mail to an event's people was recorded.
type BroadcastAdded struct{ Broadcast Broadcast }

// DepartureAdded: a person gave a registration up.
type DepartureAdded struct{ Departure Departure }

// AttendeeWritten: an attendee item was inserted (Inserted) or changed.
type AttendeeWritten struct {
	EventID, UserID string
	Inserted        bool
	Status          RegistrationStatus
	RegistrationID  string
	Email           string
	FirstName       string
	Username        string
	// Promoted: the registration was given a seat from the waitlist.
	// Approved: its organizer approved the request it was.
	Promoted, Approved bool
	CheckedIn          bool
	TicketVersion      int
}

// AttendeeRemoved: an attendee item was removed (the stream carries new
// images only, so all it tells is whose).
type AttendeeRemoved struct{ EventID, UserID string }

// OrganizationWritten: an organization's profile was changed (its
// Organization holds ID, Name and LogoKey): its events carry its name and
// logo.
type OrganizationWritten struct{ Organization Organization }

func (MailQueued) isTableChange()          {}
func (BroadcastAdded) isTableChange()      {}
func (DepartureAdded) isTableChange()      {}
func (AttendeeWritten) isTableChange()     {}
func (AttendeeRemoved) isTableChange()     {}
func (OrganizationWritten) isTableChange() {}

// DeliveryQueued: a webhook delivery was queued, for its first attempt.
type DeliveryQueued struct{ WebhookID, ID, OrganizationID string }

func (DeliveryQueued) isTableChange() {}
