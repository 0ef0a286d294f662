package apitest

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"turnout/pkg/domain"
	"turnout/pkg/media/mediatest"
)

// itemsNaming lists the keys of the test table's items that hold any of
// needles (case-insensitively) in a key or a string attribute. A test's
// table is small, so it is read whole (never on a request path).
func itemsNaming(t *testing.T, env *Env, needles ...string) []string {
	t.Helper()
	db := dynamodb.NewFromConfig(env.awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(env.Config.DynamoDBEndpoint) })
	var found []string
	pages := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(env.Config.Table), ConsistentRead: aws.Bool(true)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range page.Items {
			for _, v := range item {
				s, ok := v.(*types.AttributeValueMemberS)
				if !ok {
					continue
				}
				if slices.ContainsFunc(needles, func(n string) bool { return strings.Contains(strings.ToLower(s.Value), strings.ToLower(n)) }) {
					found = append(found, item["PK"].(*types.AttributeValueMemberS).Value+" "+item["SK"].(*types.AttributeValueMemberS).Value)
					break
				}
			}
		}
	}
	return found
}

// TestDeleteAccount: after the password is entered again, a person's
// account goes: their seat passes to the first waiting, their sessions
// end, a confirmation is mailed (and no cancellation mails), and the
// username and email can sign up again. An organization's account takes
// its events with it, and their people are told.
func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	// An organization with a logo and an event with a banner: both images
	// go with the account.
	orgForm := OrganizationForm(Unique("org"))
	Expect(t, env.Multipart(http.MethodPost, "/api/organization/register/", orgForm, map[string]File{"logo": {"l.png", mediatest.PNG(8, 8)}}, ""), http.StatusCreated)
	org := env.finishSignUp(t, orgForm)
	var details struct{ Logo *string }
	env.JSON(http.MethodGet, "/api/organization/details/", nil, org.Access).Decode(t, &details)
	if details.Logo == nil {
		t.Fatal("the organization has no logo")
	}
	res := env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(env.EventForm(3, 1), map[string]string{"title": "Small Recital", "waitlist": "true"}),
		map[string]File{"banner": {"b.png", mediatest.PNG(8, 8)}}, org.Access)
	Expect(t, res, http.StatusCreated)
	var ev Event
	res.Decode(t, &ev)
	ana, ben := env.NewPerson(t), env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, ana.Access), http.StatusCreated)
	Expect(t, regPost(env, ev.ID, ben.Access), http.StatusCreated) // waiting
	regMail(t, env, ana.Email, "You're registered: Small Recital")
	// A message to the event's people: its mail to ana was claimed under
	// a name holding her id.
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": "Doors at six", "body": "See you."}, org.Access), http.StatusAccepted)
	regMail(t, env, ana.Email, "Doors at six")

	path := "/api/user/account/"
	evExpectFields(t, env.JSON(http.MethodDelete, path, map[string]string{"password": "not-my-password"}, ana.Access),
		map[string][]string{"password": {"Your password was entered incorrectly. Please enter it again."}})
	evExpectFields(t, env.JSON(http.MethodDelete, path, map[string]string{}, ana.Access), map[string][]string{"password": {"This field is required."}})
	Expect(t, env.JSON(http.MethodDelete, path, map[string]string{"password": ana.Password}, ""), http.StatusUnauthorized)

	Expect(t, env.JSON(http.MethodDelete, path, map[string]string{"password": ana.Password}, ana.Access), http.StatusNoContent)
	regMail(t, env, ana.Email, "Your Turnout account is deleted")
	// Nothing in the table names the account any more: not its id,
	// username or address (sessions, login guards and mail counters
	// included; the confirmation's queued message is gone once sent).
	if left := itemsNaming(t, env, ana.ID, ana.Username, ana.Email); len(left) > 0 {
		t.Errorf("items of the deleted account remain: %v", left)
	}
	Expect(t, env.JSON(http.MethodGet, "/api/user/profile/", nil, ana.Access), http.StatusUnauthorized)
	Expect(t, env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": ana.Username, "password": ana.Password}, ""), http.StatusUnauthorized)
	var bens waitReply
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ben.Access).Decode(t, &bens)
	if bens.Status != "registered" {
		t.Errorf("the first waiting reads %+v, want the freed seat", bens)
	}
	regMail(t, env, ana.Email, "Your Turnout account is deleted")
	regMail(t, env, ben.Email, "A seat is yours: Small Recital")
	time.Sleep(300 * time.Millisecond)
	if got := mailsAbout(t, env, ana.Email, "Small Recital"); len(got) != 2 { // the confirmation and the message only
		t.Errorf("the deleted account was mailed %v", got)
	}

	// The username and the address are free again.
	form := PersonForm(ana.Username)
	if form["email"] != strings.ToLower(ana.Email) {
		t.Fatalf("form email %s, account email %s", form["email"], ana.Email)
	}
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)

	// An organization goes with its events; their people are told.
	Expect(t, env.JSON(http.MethodDelete, path, map[string]string{"password": org.Password}, org.Access), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, ""), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, ""), http.StatusNotFound)
	regMail(t, env, ben.Email, "Called off: Small Recital")
	for _, key := range []string{*ev.Banner, *details.Logo} {
		if _, _, _, err := env.Base.Media.Open(context.Background(), key); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("image %s of the deleted organization: %v, want it gone", key, err)
		}
	}
}
