package store

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
)

// infraLib is the CDK app's code, whose stream filter names the prefixes.
const infraLib = "../../infra/lib"

// TestStreamFilterPrefixes: the mailer's stream filter in the CDK app lets
// through exactly the items ChangeOf reads, so its prefixes (and the one
// sort key it names) must be the store's keys.
func TestStreamFilterPrefixes(t *testing.T) {
	want := map[string]string{
		"OUTBOX_PREFIX":          outboxPrefix,
		"PRIORITY_OUTBOX_PREFIX": priorityOutboxPrefix,
		"BROADCAST_PREFIX":       broadcastPrefix,
		"ATTENDEE_PREFIX":        attendeePrefix,
		"DEPARTURE_PREFIX":       departurePrefix,
		"ORGANIZATION_PREFIX":    organizationPrefix,
		"ORGANIZATION_SK":        organizationSK,
		"DELIVERY_PREFIX":        deliveryPrefix,
	}
	decl := regexp.MustCompile(`(?m)^export const ([A-Z_]+_(?:PREFIX|SK)) = '([^']*)';`)
	found := map[string]string{}
	err := filepath.WalkDir(infraLib, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".ts") {
			return err
		}
		src, err := os.ReadFile(path)
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			found[m[1]] = m[2]
		}
		return err
	})
	if err != nil {
		t.Fatalf("read %s: %v", infraLib, err)
	}
	for name, prefix := range want {
		if got, ok := found[name]; !ok {
			t.Errorf("%s: no export const %s in %s", name, name, infraLib)
		} else if got != prefix {
			t.Errorf("%s is %q in %s, but the store's key starts with %q", name, got, infraLib, prefix)
		}
	}
}

func str(s string) events.DynamoDBAttributeValue { return events.NewStringAttribute(s) }

func record(name events.DynamoDBOperationType, k key, img map[string]events.DynamoDBAttributeValue) events.DynamoDBEventRecord {
	return events.DynamoDBEventRecord{EventName: string(name), Change: events.DynamoDBStreamRecord{
		Keys:     map[string]events.DynamoDBAttributeValue{attrPK: str(k.PK), attrSK: str(k.SK)},
		NewImage: img,
	}}
}

func TestChangeOf(t *testing.T) {
	insert, modify, remove := events.DynamoDBOperationTypeInsert, events.DynamoDBOperationTypeModify, events.DynamoDBOperationTypeRemove
	start := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	broadcast := map[string]events.DynamoDBAttributeValue{
		"EventID": str("E1"), "Kind": str(string(domain.BroadcastMessage)), "Subject": str("Doors"), "Body": str("at six"),
		"Start": str(sortTime(start)),
	}
	attendee := map[string]events.DynamoDBAttributeValue{
		"RegistrationID": str("R1"), "Email": str("ada@example.com"), "FirstName": str("Ada"), "Username": str("ada"),
		"Status": str(string(domain.StatusWaitlisted)), "Promoted": events.NewBooleanAttribute(true),
		"TicketVersion": events.NewNumberAttribute("2"), "CheckedInAt": str("2026-06-01T18:05:00Z"),
	}
	tests := []struct {
		name   string
		record events.DynamoDBEventRecord
		want   domain.TableChange
	}{
		{"a queued message", record(insert, outboxKey("M1", false), map[string]events.DynamoDBAttributeValue{
			"To": str("ada@example.com"), "Subject": str("Hello"), "Text": str("hi"), "Calendar": str("BEGIN:VCALENDAR"),
		}), domain.MailQueued{ID: "M1", Message: domain.Message{To: "ada@example.com", Subject: "Hello", Text: "hi"}, Calendar: []byte("BEGIN:VCALENDAR")}},
		{"a queued message deleted", record(remove, outboxKey("M1", false), nil), nil},
		{"a queued priority message", record(insert, outboxKey("M2", true), map[string]events.DynamoDBAttributeValue{
			"To": str("ada@example.com"), "Subject": str("Reset"), "Text": str("link"),
		}), domain.MailQueued{ID: "M2", Message: domain.Message{To: "ada@example.com", Subject: "Reset", Text: "link", Priority: true}, Calendar: []byte{}}},
		{"a queued priority message deleted", record(remove, outboxKey("M2", true), nil), nil},
		{"a broadcast", record(insert, broadcastKey("B1"), broadcast), domain.BroadcastAdded{Broadcast: domain.Broadcast{
			ID: "B1", EventID: "E1", Kind: domain.BroadcastMessage, Subject: "Doors", Body: "at six", Start: start,
		}}},
		{"a broadcast without its event", record(insert, broadcastKey("B1"), nil), nil},
		{"a departure", record(insert, departureKey("R1"), map[string]events.DynamoDBAttributeValue{
			"EventID": str("E1"), "UserID": str("U1"), "Status": str(string(domain.StatusRegistered)),
		}), domain.DepartureAdded{Departure: domain.Departure{EventID: "E1", RegistrationID: "R1", UserID: "U1", Status: domain.StatusRegistered}}},
		{"a departure deleted", record(remove, departureKey("R1"), nil), nil},
		{"an attendee inserted", record(insert, attendeeKey("E1", "U1"), attendee), domain.AttendeeWritten{
			EventID: "E1", UserID: "U1", Inserted: true, Status: domain.StatusWaitlisted, RegistrationID: "R1",
			Email: "ada@example.com", FirstName: "Ada", Username: "ada", Promoted: true, CheckedIn: true, TicketVersion: 2,
		}},
		{"an attendee changed, no status kept", record(modify, attendeeKey("E1", "U1"), map[string]events.DynamoDBAttributeValue{
			"RegistrationID": str("R1"),
		}), domain.AttendeeWritten{EventID: "E1", UserID: "U1", Status: domain.StatusRegistered, RegistrationID: "R1"}},
		{"an attendee removed", record(remove, attendeeKey("E1", "U1"), nil), domain.AttendeeRemoved{EventID: "E1", UserID: "U1"}},
		{"an event", record(modify, eventKey("E1"), nil), nil},
		{"a seat counter", record(modify, seatsKey("E1"), nil), nil},
		{"an organization changed", record(modify, organizationKey("O1"), map[string]events.DynamoDBAttributeValue{
			"Name": str("City Lights"), "LogoKey": str("logos/a.png"), "Phone": str("0123"),
		}), domain.OrganizationWritten{Organization: domain.Organization{ID: "O1", Name: "City Lights", LogoKey: "logos/a.png"}}},
		{"an organization made", record(insert, organizationKey("O1"), map[string]events.DynamoDBAttributeValue{"Name": str("City Lights")}), nil},
		{"an organization being deleted", record(modify, organizationKey("O1"), map[string]events.DynamoDBAttributeValue{
			"Name": str("City Lights"), "Deleting": events.NewBooleanAttribute(true),
		}), nil},
	}
	var s *Store
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := s.ChangeOf(tt.record); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ChangeOf = %#v, want %#v", got, tt.want)
			}
		})
	}
}
