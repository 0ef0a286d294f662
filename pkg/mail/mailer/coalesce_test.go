package mailer_test

import (
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/store/storetest"
)

// TestRegistrationMailsOfOnePersonAndEventAreCoalesced: when the mailer
// reads a burst of registering, cancelling and registering again after the
// fact, the person gets the one mail of where things stand (the second
// confirmation), not a confirmation, a cancellation and a confirmation.
func TestRegistrationMailsOfOnePersonAndEventAreCoalesced(t *testing.T) {
	o := newOutbox(t)
	org := storetest.NewAccount(t, o.st, storetest.Account{Active: true, Organizer: true})
	ev := storetest.NewEvent(t, o.st, org, storetest.Event{Start: time.Now().Add(48 * time.Hour), Capacity: 5, Created: time.Now()})
	ana := storetest.NewAccount(t, o.st, storetest.Account{Active: true})
	seat := func(domain.SeatCounter) (domain.RegistrationStatus, error) { return domain.StatusRegistered, nil }
	register := func() domain.Registration {
		r := domain.Registration{ID: auth.NewID(), EventID: ev.ID, UserID: ana.ID, Created: time.Now()}
		got, err := o.st.Register(t.Context(), domain.AttendeeOf(r, ana), time.Now(), seat)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	first := register()
	if err := o.st.CancelRegistration(t.Context(), first); err != nil {
		t.Fatal(err)
	}
	second := register()

	// The records the stream carries for the three changes, in order.
	attendeeKeys := map[string]events.DynamoDBAttributeValue{"PK": events.NewStringAttribute("EVENT#" + ev.ID), "SK": events.NewStringAttribute("ATTENDEE#" + ana.ID)}
	inserted := func(seq string, r domain.Registration) events.DynamoDBEventRecord {
		return events.DynamoDBEventRecord{EventName: "INSERT", Change: events.DynamoDBStreamRecord{SequenceNumber: seq, Keys: attendeeKeys,
			NewImage: map[string]events.DynamoDBAttributeValue{
				"Status": events.NewStringAttribute(string(domain.StatusRegistered)), "RegistrationID": events.NewStringAttribute(r.ID),
				"Email": events.NewStringAttribute(ana.Email), "Username": events.NewStringAttribute(ana.Username),
			}}}
	}
	departed := events.DynamoDBEventRecord{EventName: "INSERT", Change: events.DynamoDBStreamRecord{SequenceNumber: "2",
		Keys: map[string]events.DynamoDBAttributeValue{"PK": events.NewStringAttribute("DEPARTED#" + first.ID)},
		NewImage: map[string]events.DynamoDBAttributeValue{
			"EventID": events.NewStringAttribute(ev.ID), "UserID": events.NewStringAttribute(ana.ID), "Status": events.NewStringAttribute(string(domain.StatusRegistered)),
		}}}
	removed := events.DynamoDBEventRecord{EventName: "REMOVE", Change: events.DynamoDBStreamRecord{SequenceNumber: "3", Keys: attendeeKeys}}
	batch := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{inserted("1", first), departed, removed, inserted("4", second)}}
	res, err := o.d.Handle(t.Context(), batch)
	if err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("Handle = %+v, %v", res, err)
	}
	var subjects []string
	for _, m := range mailtest.Inbox(t, o.sesURL, ana.Email) {
		subjects = append(subjects, m.Subject)
	}
	if len(subjects) != 1 || !strings.HasPrefix(subjects[0], "You're registered: ") {
		t.Errorf("mails %q, want the one confirmation of the registration that stands", subjects)
	}
}
