package domain

import "time"

// Message is one email to one person, with a plain-text and an HTML body
// and any files attached.
type Message struct {
	To, Subject, Text, HTML string
	Attachments             []Attachment
	// Unsubscribe, for mail a person can turn off, is the address a mail
	// client posts to for one-click unsubscribe (RFC 8058).
	Unsubscribe string
	// ReplyTo, when set, is where replies go instead of the sender (an
	// organizer's message is answered to the organization).
	ReplyTo string
	// Ref names the mail to SES (a message tag), so that SES's report of
	// having sent it confirms a send that timed out; the mailer sets it.
	Ref string
	// Priority marks mail a person is waiting for (an account's activation,
	// password reset, email change): it never waits behind event mail. It
	// is queued apart, read by its own stream mapping, and has a place in
	// every second of the sending rate that event mail cannot take.
	Priority bool
}

// MailRefTag is the SES message tag that carries a mail's Ref; SES's
// events (through the configuration set) repeat it.
const MailRefTag = "turnout-mail"

// MaybeSent is a mail whose send timed out: SES may or may not have
// taken it. It waits for SES's report of the send, and is sent again if
// none comes (pkg/mail/feedback).
type MaybeSent struct {
	Message Message
	// Calendar is the calendar file the mail carried, if any (the only
	// attachment kept, as in the outbox).
	Calendar []byte
	At       time.Time
}

// Attachment is a file sent with a message (a calendar entry, say).
type Attachment struct {
	Name, ContentType string
	Data              []byte
	// ContentID, when set, makes the file an image shown inside the HTML
	// body, which names it "cid:<ContentID>" (multipart/related).
	ContentID string
}

// CalendarFile names the calendar attachment of a mail.
const CalendarFile = "event.ics"

// MailProblem is why mail no longer goes to an address: SES reported that
// it bounced for good, or that its owner marked a mail as spam.
type MailProblem string

const (
	AddressBounced    MailProblem = "bounced"
	AddressComplained MailProblem = "complained"
)
