package apitest

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
	"turnout/pkg/mail/feedback"
	"turnout/pkg/mail/mailtest"
)

// TestProfileSaysTheAddressBouncesUntilANewOneIsConfirmed: once SES
// reported the account's address bounced for good, the profile says so,
// no mail goes to it (a reset asked for it sends nothing), and confirming
// a new address clears the notice; mail then goes to the new one.
func TestProfileSaysTheAddressBouncesUntilANewOneIsConfirmed(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	person := env.NewPerson(t)
	problem := func() any {
		var body map[string]any
		res := env.JSON(http.MethodGet, "/api/user/profile/", nil, person.Access)
		Expect(t, res, http.StatusOK)
		res.Decode(t, &body)
		return body["mail_problem"]
	}
	if got := problem(); got != nil {
		t.Fatalf("mail_problem of a fresh account = %v, want null", got)
	}
	// SES's notification of a permanent bounce, through the feedback function.
	h := feedback.Handler{Store: env.Base.Store, Now: time.Now}
	bounce := fmt.Sprintf(`{"eventType":"Bounce","bounce":{"bounceType":"Permanent","bouncedRecipients":[{"emailAddress":%q}]},"mail":{"destination":[%[1]q]}}`, person.Email)
	// Before it, SES reports a send to the address (which confirms any mail
	// waiting as maybe sent; none here).
	send := fmt.Sprintf(`{"eventType":"Send","send":{},"mail":{"destination":[%q],"tags":{%q:["0123456789abcdef"]}}}`, person.Email, domain.MailRefTag)
	ev := events.SNSEvent{Records: []events.SNSEventRecord{{SNS: events.SNSEntity{MessageID: "0", Message: send}}, {SNS: events.SNSEntity{MessageID: "1", Message: bounce}}}}
	if err := h.Handle(context.WithValue(t.Context(), functionKey{}, "feedback"), ev); err != nil {
		t.Fatal(err)
	}
	if got := problem(); got != "bounced" {
		t.Errorf("mail_problem after a bounce = %v, want bounced", got)
	}
	before := len(mailtest.Inbox(t, env.Config.SESEndpoint, person.Email))
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": person.Email}, ""), http.StatusOK)
	if n := len(mailtest.Inbox(t, env.Config.SESEndpoint, person.Email)); n != before {
		t.Errorf("a bounced address was mailed (%d mails, %d before)", n, before)
	}

	newEmail := Unique("fixed") + "@example.com"
	form := evFormWith(profileForm(person, newEmail), map[string]string{"current_password": person.Password})
	Expect(t, env.Multipart(http.MethodPut, profilePath, form, nil, person.Access), http.StatusOK)
	env.followConfirm(t, newEmail)
	if got := problem(); got != nil {
		t.Errorf("mail_problem after a new address = %v, want null", got)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": newEmail}, ""), http.StatusOK)
	if n := len(mailtest.Inbox(t, env.Config.SESEndpoint, newEmail)); n != 2 {
		t.Errorf("the new address has %d mails, want the confirmation and the reset", n)
	}
}
