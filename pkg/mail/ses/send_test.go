package ses_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/mail/ses"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// newSender returns a Sender on the emulator stack, its SES endpoint and a
// recipient address no other test writes to.
func newSender(t *testing.T) (*ses.Sender, string, string) {
	t.Helper()
	cfg, awsCfg := testenv.Config(t)
	to := "person-" + strings.ToLower(rand.Text()) + "@example.com"
	return ses.New(awsCfg, cfg.SESEndpoint, cfg.MailFrom), cfg.SESEndpoint, to
}

func TestSendThroughEmulator(t *testing.T) {
	sender, endpoint, to := newSender(t)
	// The web app, so that links can be followed.
	visited := make(chan string, 16)
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		visited <- r.URL.RequestURI()
		fmt.Fprintln(w, "ok")
	}))
	defer web.Close()
	origin := web.URL
	activate := origin + "/api/user/activate/?uid=01J0ABC&token=c4k-1a2b3c"
	reset := origin + "/reset-password?uid=01J0ABC&token=c4k-9f8e7d"
	login := origin + "/login"
	msgs := []domain.Message{
		mail.Activation(to, "Ana <b>", activate),
		mail.PasswordReset(to, "Ana", reset),
		mail.AlreadyRegistered(to, login, reset),
	}
	for _, m := range msgs {
		if err := sender.Send(t.Context(), m); err != nil {
			t.Fatalf("Send %q: %v", m.Subject, err)
		}
	}

	inbox := mailtest.Inbox(t, endpoint, strings.ToUpper(to))
	if len(inbox) != len(msgs) {
		t.Fatalf("inbox has %d emails, want %d: %+v", len(inbox), len(msgs), inbox)
	}
	for i, got := range inbox {
		want := msgs[i]
		if got.Subject != want.Subject || got.Text != want.Text || got.HTML != want.HTML {
			t.Errorf("email %d: got %q, want %q with the bodies sent", i, got.Subject, want.Subject)
		}
		if len(got.To) != 1 || got.To[0] != to {
			t.Errorf("email %d to %v, want [%s]", i, got.To, to)
		}
	}
	for _, tc := range []struct {
		email  int
		prefix string
		want   string
	}{
		{0, origin + "/api/user/activate/", activate},
		{1, origin + "/reset-password", reset},
		{2, origin + "/login", login},
		{2, origin + "/reset-password", reset},
	} {
		for _, body := range []string{inbox[tc.email].Text, inbox[tc.email].HTML} {
			link := mailtest.Link(t, body, tc.prefix)
			if link != tc.want {
				t.Errorf("email %d: Link(%s) = %q, want %q", tc.email, tc.prefix, link, tc.want)
			}
			resp, err := http.Get(link)
			if err != nil {
				t.Fatalf("follow %s: %v", link, err)
			}
			resp.Body.Close()
			if got, want := <-visited, strings.TrimPrefix(tc.want, origin); got != want {
				t.Errorf("following the link requested %q, want %q", got, want)
			}
		}
	}
	if other := mailtest.Inbox(t, endpoint, "nobody-"+to); len(other) != 0 {
		t.Errorf("an address that was sent nothing has %d emails", len(other))
	}
}

func TestSendRefusesIncompleteMessages(t *testing.T) {
	sender := ses.New(aws.Config{Region: "us-east-1"}, "http://127.0.0.1:1", "Turnout <no-reply@turnout.test>")
	for _, m := range []domain.Message{
		{Subject: "s", Text: "t"},
		{To: "a@example.com", Text: "t"},
		{To: "a@example.com", Subject: "s"},
	} {
		err := sender.Send(t.Context(), m)
		if err == nil {
			t.Errorf("Send(%+v) succeeded", m)
		}
	}
}

func TestSendErrorHidesBody(t *testing.T) {
	// Nothing listens on port 1: the error comes from the SDK.
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""), RetryMaxAttempts: 1}
	sender := ses.New(cfg, "http://127.0.0.1:1", "Turnout <no-reply@turnout.test>")
	m := mail.PasswordReset("a@example.com", "Ana", "http://turnout.test/reset-password?token=SECRET-TOKEN")
	err := sender.Send(t.Context(), m)
	if err == nil {
		t.Fatal("Send to a closed port succeeded")
	}
	if strings.Contains(err.Error(), "SECRET-TOKEN") {
		t.Errorf("error carries the body: %v", err)
	}
	if !strings.Contains(err.Error(), m.Subject) {
		t.Errorf("error %q does not say which mail failed", err)
	}
}

// pacer lets through the sends it has places for, then refuses.
type pacer struct{ places int }

func (p *pacer) Wait(context.Context, bool) error {
	if p.places == 0 {
		return errors.New("no place this second")
	}
	p.places--
	return nil
}

// TestPacedSendingWaitsForItsPlace: a paced sender sends only once its
// pacer lets it; a send the pacer holds back does not reach SES.
func TestPacedSendingWaitsForItsPlace(t *testing.T) {
	sender, endpoint, to := newSender(t)
	sender.Paced(&pacer{places: 2})
	var refused int
	for i := range 3 {
		if err := sender.Send(t.Context(), domain.Message{To: to, Subject: fmt.Sprint("Paced ", i), Text: "Hello"}); err != nil {
			refused++
		}
	}
	if got := len(mailtest.Inbox(t, endpoint, to)); got != 2 || refused != 1 {
		t.Errorf("%d mails arrived and %d were refused, want 2 and 1", got, refused)
	}
}

// TestASendThatTimesOutIsMaybeSent: SES taking the request and never
// answering may have sent the mail: the error says so (domain.ErrMaybeSent);
// a refused connection sent nothing, and says nothing of the kind.
func TestASendThatTimesOutIsMaybeSent(t *testing.T) {
	cfg, _ := testenv.Config(t)
	cfg.Deadlines = config.ProductionDeadlines
	awsCfg, err := cfg.AWS()
	if err != nil {
		t.Fatal(err)
	}
	m := domain.Message{To: "ana@example.com", Subject: "Stalled", Text: "Hello"}
	err = ses.New(awsCfg, testenv.StalledEndpoint(t), cfg.MailFrom).Send(t.Context(), m)
	if !errors.Is(err, domain.ErrMaybeSent) || errors.Is(err, domain.ErrUndeliverable) {
		t.Errorf("a send SES never answered: %v, want maybe sent", err)
	}
	err = ses.New(awsCfg, testenv.ClosedEndpoint(t), cfg.MailFrom).Send(t.Context(), m)
	if err == nil || errors.Is(err, domain.ErrMaybeSent) {
		t.Errorf("a send whose connection was refused: %v, want a plain failure", err)
	}
}
