package domain

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
