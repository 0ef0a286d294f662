package store

import (
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
)

// The table's stream has one reader: ChangeOf turns a record into the
// typed change it carries (domain.TableChange), so the mailer switches on
// types and knows no attribute or key name. The stream carries new images
// only (old ones would slow every write), so a change is told by its
// keys, its kind of event and what it leaves.

// ChangeOf reads a record of the table's stream, and nil for a record
// that tells the mailer nothing.
func (s *Store) ChangeOf(r events.DynamoDBEventRecord) domain.TableChange {
	img := image(r.Change.NewImage)
	pk, sk := image(r.Change.Keys).text(attrPK), image(r.Change.Keys).text(attrSK)
	inserted := r.EventName == string(events.DynamoDBOperationTypeInsert)
	for _, q := range outboxes {
		if id, ok := strings.CutPrefix(pk, q.prefix); ok && id != "" {
			if !inserted {
				return nil
			}
			return queuedMail(id, q.priority, img)
		}
	}
	if id, ok := strings.CutPrefix(pk, broadcastPrefix); ok && id != "" {
		if !inserted || img.text("EventID") == "" {
			return nil
		}
		return domain.BroadcastAdded{Broadcast: broadcastOf(id, img)}
	}
	if hookID, ok := strings.CutPrefix(pk, deliveryPrefix); ok && hookID != "" {
		if !inserted || img.flag("Inline") {
			return nil
		}
		return domain.DeliveryQueued{WebhookID: hookID, ID: sk, OrganizationID: img.text("OrganizationID")}
	}
	if regID, ok := strings.CutPrefix(pk, departurePrefix); ok && regID != "" {
		d := domain.Departure{EventID: img.text("EventID"), RegistrationID: regID, UserID: img.text("UserID"), Status: domain.RegistrationStatus(img.text("Status"))}
		if !inserted || d.EventID == "" || d.UserID == "" {
			return nil
		}
		return domain.DepartureAdded{Departure: d}
	}
	if id, ok := strings.CutPrefix(pk, organizationPrefix); ok && id != "" && sk == organizationSK {
		// A new organization has no events yet; one being deleted keeps
		// its events only until they go too.
		if r.EventName != string(events.DynamoDBOperationTypeModify) || img.flag("Deleting") {
			return nil
		}
		return domain.OrganizationWritten{Organization: domain.Organization{ID: id, Name: img.text("Name"), LogoKey: img.text("LogoKey")}}
	}
	eventID, okPK := strings.CutPrefix(pk, eventPrefix)
	userID, okSK := strings.CutPrefix(sk, attendeePrefix)
	if !okPK || !okSK || eventID == "" || userID == "" {
		return nil
	}
	switch {
	case r.EventName == string(events.DynamoDBOperationTypeRemove):
		return domain.AttendeeRemoved{EventID: eventID, UserID: userID}
	case inserted && img.flag("Claimed"):
		return nil // a guest's registration moved to an account: not a new one
	}
	return attendeeWritten(eventID, userID, inserted, img)
}

// outboxes are the key prefixes of queued messages: event mail, and
// priority (account) mail.
var outboxes = []struct {
	prefix   string
	priority bool
}{{outboxPrefix, false}, {priorityOutboxPrefix, true}}

func queuedMail(id string, priority bool, img image) domain.MailQueued {
	return domain.MailQueued{ID: id, Calendar: []byte(img.text("Calendar")), Message: domain.Message{
		To: img.text("To"), Subject: img.text("Subject"), Text: img.text("Text"), HTML: img.text("HTML"),
		Unsubscribe: img.text("Unsubscribe"), ReplyTo: img.text("ReplyTo"), Priority: priority,
	}}
}

func broadcastOf(id string, img image) domain.Broadcast {
	created, _ := time.Parse(time.RFC3339Nano, img.text("Created"))
	at := func(name string) time.Time {
		t, _ := time.Parse(sortTimeLayout, img.text(name))
		return t
	}
	return domain.Broadcast{
		ID: id, EventID: img.text("EventID"), Kind: domain.BroadcastKind(img.text("Kind")),
		Subject: img.text("Subject"), Body: img.text("Body"), Created: created, Start: at("Start"),
		Was:            domain.EventWas{Start: at("WasStart"), End: at("WasEnd"), Location: img.text("WasLocation")},
		OrganizationID: img.text("OrganizationID"), EventIDs: idsOf(img.text("EventIDs")),
	}
}

// idsOf splits a comma-separated list of ids ("" for none).
func idsOf(list string) []string {
	if list == "" {
		return nil
	}
	return strings.Split(list, ",")
}

func attendeeWritten(eventID, userID string, inserted bool, img image) domain.AttendeeWritten {
	status := domain.RegistrationStatus(img.text("Status"))
	if status == "" {
		status = domain.StatusRegistered // as attendeeItem reads it
	}
	return domain.AttendeeWritten{
		EventID: eventID, UserID: userID, Inserted: inserted, Status: status,
		RegistrationID: img.text("RegistrationID"), Email: img.text("Email"),
		FirstName: img.text("FirstName"), Username: img.text("Username"),
		Promoted: img.flag("Promoted"), CheckedIn: img.text("CheckedInAt") != "", Approved: img.flag("Approved"),
		TicketVersion: img.number("TicketVersion"),
	}
}

// image is a stream record's new image (or its keys).
type image map[string]events.DynamoDBAttributeValue

// text is a string attribute, or "".
func (img image) text(name string) string {
	if v, ok := img[name]; ok && v.DataType() == events.DataTypeString {
		return v.String()
	}
	return ""
}

// number is a whole-number attribute, 0 when absent.
func (img image) number(name string) int {
	if v, ok := img[name]; ok && v.DataType() == events.DataTypeNumber {
		if n, err := v.Integer(); err == nil {
			return int(n)
		}
	}
	return 0
}

// flag is a boolean attribute, false when absent.
func (img image) flag(name string) bool {
	v, ok := img[name]
	return ok && v.DataType() == events.DataTypeBoolean && v.Boolean()
}
