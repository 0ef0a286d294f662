package feedback_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
	"turnout/pkg/mail/feedback"
	"turnout/pkg/store"
	"turnout/pkg/store/storetest"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// The notifications as SES documents them ("Contents of event data that
// Amazon SES publishes to Amazon SNS" and "Amazon SNS notification
// contents for Amazon SES"), trimmed of fields the handler does not read
// but in their shape; %s is the recipient.
const (
	permanentBounceEvent = `{"eventType":"Bounce","bounce":{"bounceType":"Permanent","bounceSubType":"General",
	  "bouncedRecipients":[{"emailAddress":"%s","action":"failed","status":"5.1.1","diagnosticCode":"smtp; 550 5.1.1 user unknown"}],
	  "timestamp":"2026-11-26T00:41:02.669Z","feedbackId":"01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000",
	  "reportingMTA":"dsn; mta.example.com"},
	  "mail":{"timestamp":"2026-11-26T00:40:02.012Z","source":"Turnout <no-reply@turnout.example>",
	  "sourceArn":"arn:aws:ses:us-east-1:123456789012:identity/turnout.example","sendingAccountId":"123456789012",
	  "messageId":"EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000","destination":["%[1]s"],
	  "headersTruncated":false,"tags":{"ses:configuration-set":["turnout-mail"]}}}`
	complaintNotification = `{"notificationType":"Complaint","complaint":{"userAgent":"ExampleCorp Feedback Loop (V0.01)",
	  "complainedRecipients":[{"emailAddress":"%s"}],"complaintFeedbackType":"abuse",
	  "arrivalDate":"2026-11-26T20:17:53.000Z","timestamp":"2026-11-26T20:17:54.000Z",
	  "feedbackId":"000001378603177f-18c07c78-fa81-4a58-9dd1-fedc3cb8f49a-000000"},
	  "mail":{"timestamp":"2026-11-26T20:16:56.000Z","messageId":"000001378603176d-5a4b5ad9-6f30-4198-a8c3-b1eb0c270a1d-000000",
	  "source":"no-reply@turnout.example","destination":["%[1]s"]}}`
	transientBounceEvent = `{"eventType":"Bounce","bounce":{"bounceType":"Transient","bounceSubType":"MailboxFull",
	  "bouncedRecipients":[{"emailAddress":"%s","status":"4.2.2"}],"timestamp":"2026-11-26T00:41:02.669Z"},
	  "mail":{"messageId":"EXAMPLE-000001","destination":["%[1]s"]}}`
	deliveryEvent = `{"eventType":"Delivery","delivery":{"timestamp":"2026-11-26T00:41:02.669Z","recipients":["%s"]},
	  "mail":{"messageId":"EXAMPLE-000002","destination":["%[1]s"]}}`
)

func sns(messages ...string) events.SNSEvent {
	var ev events.SNSEvent
	for i, m := range messages {
		ev.Records = append(ev.Records, events.SNSEventRecord{EventSource: "aws:sns", SNS: events.SNSEntity{MessageID: string(rune('a' + i)), Message: m}})
	}
	return ev
}

// TestBouncesAndComplaintsStopMail: a permanent bounce and a complaint stop
// every mail to their address and tell its account; a transient bounce, a
// delivery and a notification that is not JSON change nothing, and do not
// stop the batch.
func TestBouncesAndComplaintsStopMail(t *testing.T) {
	st, _ := storetest.New(t)
	bounced := storetest.NewAccount(t, st, storetest.Account{Active: true})
	complained := storetest.NewAccount(t, st, storetest.Account{Active: true})
	full := storetest.NewAccount(t, st, storetest.Account{Active: true})
	stranger := "nobody-" + bounced.ID + "@example.com"
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	h := feedback.Handler{Store: st, Now: func() time.Time { return at }}

	batch := sns(
		"not json",
		fmt.Sprintf(permanentBounceEvent, bounced.Email),
		fmt.Sprintf(transientBounceEvent, full.Email),
		fmt.Sprintf(deliveryEvent, full.Email),
		// SES reports the address as it was sent: case differs from the account's.
		fmt.Sprintf(complaintNotification, strings.ToUpper(complained.Email)),
		fmt.Sprintf(permanentBounceEvent, stranger),
	)
	if err := h.Handle(t.Context(), batch); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		u    domain.User
		want domain.MailProblem
	}{{bounced, domain.AddressBounced}, {complained, domain.AddressComplained}, {full, ""}} {
		got, err := st.User(t.Context(), c.u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.MailProblem != c.want {
			t.Errorf("%s: mail problem %q, want %q", c.u.Email, got.MailProblem, c.want)
		}
		_, err = st.ClaimMail(t.Context(), "test#"+c.u.ID, c.u.Email, at)
		if suppressed := errors.Is(err, domain.ErrAddressSuppressed); suppressed != (c.want != "") {
			t.Errorf("%s: a mail's claim answered %v", c.u.Email, err)
		}
	}
	// An address no account holds is suppressed all the same.
	if _, err := st.ClaimMail(t.Context(), "test#stranger", stranger, at); !errors.Is(err, domain.ErrAddressSuppressed) {
		t.Errorf("a mail to a bounced address without an account: %v", err)
	}
}

// TestAStoreFailureFailsTheInvocation: when the address cannot be written,
// the invocation fails, so Lambda tries the notification again.
func TestAStoreFailureFailsTheInvocation(t *testing.T) {
	cfg, awsCfg := testenv.Config(t)
	st := store.New(awsCfg, testenv.ClosedEndpoint(t), cfg.Table)
	h := feedback.Handler{Store: st, Now: time.Now}
	addr := "someone@example.com"
	if err := h.Handle(t.Context(), sns(fmt.Sprintf(permanentBounceEvent, addr))); err == nil {
		t.Error("a bounce that could not be recorded did not fail the invocation")
	}
}
