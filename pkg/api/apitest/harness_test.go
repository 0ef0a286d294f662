package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"turnout/pkg/accounts"
	"turnout/pkg/api/users"
	"turnout/pkg/app"
	"turnout/pkg/app/all"
	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/store"
	"turnout/pkg/testenv"
	"turnout/pkg/webshell"
)

func TestMain(m *testing.M) {
	code := testenv.MainSpread(m)
	fmt.Fprintln(os.Stderr, contractSummary())
	if grants, err := deployedGrants(); code == 0 && err == nil && !testing.Short() {
		if problems := checkGrants(grants, fullRun()); len(problems) > 0 {
			fmt.Fprintln(os.Stderr, "FAIL: the deployed grants and the calls the functions make disagree:\n  "+strings.Join(problems, "\n  "))
			code = 1
		}
	}
	os.Exit(code)
}

// Env is one isolated Turnout API (its own table and bucket) served by
// httptest, with the same handlers the Lambdas run.
type Env struct {
	tb     testing.TB
	Server *httptest.Server
	Base   app.Base
	Config config.Config
	awsCfg aws.Config
	// Ops counts the DynamoDB calls the handlers make.
	Ops *store.OperationCounter
	// Passwords counts the password work the API does.
	Passwords *CountingPasswords
	// shift moves the API's clock ahead of real time.
	shift atomic.Int64
	// Language, when set, goes as Accept-Language with every request (as
	// the web app sends the language it shows).
	Language string
}

// CountingPasswords is the real argon2id hashing, counted.
type CountingPasswords struct {
	accounts.Argon2id
	verified, burned atomic.Int64
}

func (c *CountingPasswords) Verify(encoded, password string) (bool, error) {
	c.verified.Add(1)
	return c.Argon2id.Verify(encoded, password)
}

func (c *CountingPasswords) Burn(password string) {
	c.burned.Add(1)
	c.Argon2id.Burn(password)
}

// Checks returns how many passwords were verified or burned since the
// last call, and starts again from zero.
func (c *CountingPasswords) Checks() (verified, burned int64) {
	return c.verified.Swap(0), c.burned.Swap(0)
}

// Now is the API's current time.
func (e *Env) Now() time.Time { return time.Now().Add(time.Duration(e.shift.Load())) }

// Advance moves the API's clock forward.
func (e *Env) Advance(d time.Duration) { e.shift.Add(int64(d)) }

// MustEnv starts an Env for the test and stops it at cleanup. storeOpts
// may add SDK middleware to the API's DynamoDB client (e.g. to inject a
// fault).
func MustEnv(tb testing.TB, storeOpts ...func(*dynamodb.Options)) *Env {
	tb.Helper()
	cfg, awsCfg := testenv.Config(tb)
	return mustEnv(tb, cfg, awsCfg, true, storeOpts...)
}

// MustEnvWithoutRegistrationMail is MustEnv for the tests that register
// crowds and are not about mail: its mailer leaves registrations' changes
// alone, so hundreds of confirmations do not load the emulators the
// crowd's requests need (two cores run the whole suite).
func MustEnvWithoutRegistrationMail(tb testing.TB, storeOpts ...func(*dynamodb.Options)) *Env {
	tb.Helper()
	cfg, awsCfg := testenv.Config(tb)
	return mustEnv(tb, cfg, awsCfg, false, storeOpts...)
}

// MustEnvOfItsOwn is MustEnvWithoutRegistrationMail on emulators of the
// test's own (testenv.PrivateConfig), for a test of thousands of writes.
// Its requests have production's deadline, which such a test is about
// (each answer within the Lambda's time); each call to the emulators
// keeps the test's longer wait.
func MustEnvOfItsOwn(tb testing.TB) *Env {
	tb.Helper()
	cfg, awsCfg := testenv.PrivateConfig(tb)
	cfg.Deadlines.Request = config.RequestTimeout
	return mustEnv(tb, cfg, awsCfg, false)
}

func mustEnv(tb testing.TB, cfg config.Config, awsCfg aws.Config, registrationMail bool, storeOpts ...func(*dynamodb.Options)) *Env {
	tb.Helper()
	cfg.OriginSecret = testOriginSecret
	awsCfg.APIOptions = append(awsCfg.APIOptions, recordActions)
	e := &Env{tb: tb, Config: cfg, awsCfg: awsCfg, Ops: &store.OperationCounter{}}
	e.Base = app.NewBase(cfg, awsCfg, e.Now, append([]func(*dynamodb.Options){e.Ops.ClientOption()}, storeOpts...)...)
	e.Passwords = &CountingPasswords{}
	e.Base.Passwords = e.Passwords
	ctx := context.Background()
	if err := e.Base.Store.CreateTable(ctx); err != nil {
		tb.Fatalf("create table: %v", err)
	}
	// Registered first, so it runs last, once the server and the mailer
	// have stopped.
	tb.Cleanup(func() { dropTable(tb, awsCfg, cfg) })
	if err := e.Base.Media.EnsureBucket(ctx); err != nil {
		tb.Fatalf("create bucket: %v", err)
	}
	e.Base.Mail = startMailer(tb, e.Base, awsCfg, registrationMail)
	// The site whose page event pages carry (the web build, in AWS).
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `<!doctype html><html><head><title>Turnout</title></head><body><div id="root"></div></body></html>`)
	}))
	tb.Cleanup(site.Close)
	e.Base.Shell = webshell.New(site.URL, e.Now)
	grants, err := deployedGrants()
	if err != nil {
		tb.Fatal(err)
	}
	e.Server = httptest.NewServer(checkContract(tb, tagFunctions(grants, e.Base.API(all.Functions()))))
	tb.Cleanup(e.Server.Close)
	e.Ops.Take()
	return e
}

// dropTable deletes the test's table. DynamoDB Local holds every table in
// one process: kept, the suite's hundreds of tables with their items
// (thousands in the large-deletion test) grew it until its pauses passed
// the clients' 3 s deadline and unrelated tests failed with timeouts.
func dropTable(tb testing.TB, awsCfg aws.Config, cfg config.Config) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := dynamodb.NewFromConfig(awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(cfg.DynamoDBEndpoint) })
	if _, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(cfg.Table)}); err != nil {
		tb.Errorf("delete table %s: %v", cfg.Table, err)
	}
}

// startMailer runs the mailer function on b's table stream until the test
// ends; its AWS calls are recorded as the mailer's.
func startMailer(tb testing.TB, b app.Base, awsCfg aws.Config, registrationMail bool) *streamrelay.Relay {
	tb.Helper()
	ctx, stop := context.WithCancel(context.Background())
	tb.Cleanup(stop)
	// The mailer has a client of its own: its calls are not the request's.
	deliver := mailer.New(b.Config, awsCfg, store.New(awsCfg, b.Config.DynamoDBEndpoint, b.Config.Table)).Handle
	relay, err := streamrelay.Start(ctx, awsCfg, b.Config.DynamoDBEndpoint, b.Store, b.Now,
		func(ctx context.Context, batch events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
			if !registrationMail {
				batch.Records = slices.DeleteFunc(batch.Records, func(r events.DynamoDBEventRecord) bool {
					switch b.Store.ChangeOf(r).(type) {
					case domain.AttendeeWritten, domain.AttendeeRemoved, domain.DepartureAdded:
						return true
					}
					return false
				})
			}
			return deliver(context.WithValue(ctx, functionKey{}, "mailer"), batch)
		})
	if err != nil {
		tb.Fatalf("start the mailer: %v", err)
	}
	return relay
}

// Response is a finished API call.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Decode unmarshals the body into v, failing the test on bad JSON.
func (r *Response) Decode(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		tb.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Detail is the body's "detail" message.
func (r *Response) Detail(tb testing.TB) string {
	tb.Helper()
	var d struct {
		Detail string `json:"detail"`
	}
	r.Decode(tb, &d)
	return d.Detail
}

// Fields is the body as field errors (their codes left out).
func (r *Response) Fields(tb testing.TB) map[string][]string {
	tb.Helper()
	var raw map[string]json.RawMessage
	r.Decode(tb, &raw)
	f := map[string][]string{}
	for field, msgs := range raw {
		if field == "codes" {
			continue
		}
		var list []string
		if err := json.Unmarshal(msgs, &list); err != nil {
			tb.Fatalf("field %s of %s: %v", field, r.Body, err)
		}
		f[field] = list
	}
	return f
}

// testOriginSecret is the API's origin secret in tests: requests carrying
// it may name their client address as CloudFront does.
const testOriginSecret = "test-origin-secret"

// Request sends a raw request; token, when set, is a bearer access token.
func (e *Env) Request(method, path, contentType string, body io.Reader, token string) *Response {
	e.tb.Helper()
	return e.request("", method, path, contentType, body, token)
}

// request sends a request that, unless from is "", comes from the client
// address from as CloudFront reports it.
func (e *Env) request(from, method, path, contentType string, body io.Reader, token string) *Response {
	e.tb.Helper()
	req, err := http.NewRequest(method, e.Server.URL+path, body)
	if err != nil {
		e.tb.Fatalf("new request: %v", err)
	}
	if from != "" {
		req.Header.Set(httpapi.HeaderOrigin, testOriginSecret)
		req.Header.Set(httpapi.HeaderViewerAddress, from+":443")
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if e.Language != "" {
		req.Header.Set("Accept-Language", e.Language)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		e.tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.tb.Fatalf("read %s %s: %v", method, path, err)
	}
	out := &Response{Status: res.StatusCode, Header: res.Header, Body: b}
	if problem := out.codesProblem(); problem != "" {
		e.tb.Errorf("%s %s: %s", method, path, problem)
	}
	return out
}

// codesProblem is what is wrong with the codes of a body's messages: every
// message the API shows (an error's, a success's "detail") has its code
// beside it (httpapi.Codes), which clients translate by; "" when all is
// well or the body has no message.
func (r *Response) codesProblem() string {
	var top map[string]json.RawMessage
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") || json.Unmarshal(r.Body, &top) != nil {
		return ""
	}
	if _, said := top["detail"]; !said && r.Status < 400 {
		return ""
	}
	raw, ok := top["codes"]
	if !ok {
		return fmt.Sprintf("%d %s carries no codes", r.Status, r.Body)
	}
	var codes any
	if err := json.Unmarshal(raw, &codes); err != nil || hasNull(codes) {
		return fmt.Sprintf("%d %s has a message without a code (declare it as a Msg constant; go run ./tools/msgcodes)", r.Status, r.Body)
	}
	return ""
}

func hasNull(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case []any:
		return slices.ContainsFunc(v, hasNull)
	case map[string]any:
		for _, x := range v {
			if hasNull(x) {
				return true
			}
		}
	}
	return false
}

// JSON sends v as a JSON body (nil sends no body).
func (e *Env) JSON(method, path string, v any, token string) *Response {
	e.tb.Helper()
	return e.JSONFrom("", method, path, v, token)
}

// JSONFrom is JSON from the client address from (see request).
func (e *Env) JSONFrom(from, method, path string, v any, token string) *Response {
	e.tb.Helper()
	if v == nil {
		return e.request(from, method, path, "", nil, token)
	}
	b, err := json.Marshal(v)
	if err != nil {
		e.tb.Fatalf("marshal: %v", err)
	}
	return e.request(from, method, path, "application/json", bytes.NewReader(b), token)
}

// File is a file field of a multipart form.
type File struct {
	Name string
	Data []byte
}

// Multipart sends fields and files as multipart/form-data.
func (e *Env) Multipart(method, path string, fields map[string]string, files map[string]File, token string) *Response {
	e.tb.Helper()
	return e.MultipartFrom("", method, path, fields, files, token)
}

// MultipartFrom is Multipart from the client address from (see request).
func (e *Env) MultipartFrom(from, method, path string, fields map[string]string, files map[string]File, token string) *Response {
	e.tb.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for k, f := range files {
		fw, err := w.CreateFormFile(k, f.Name)
		if err != nil {
			e.tb.Fatalf("form file: %v", err)
		}
		_, _ = fw.Write(f.Data)
	}
	_ = w.Close()
	return e.request(from, method, path, w.FormDataContentType(), &buf, token)
}

// Expect fails the test unless res has status want.
func Expect(tb testing.TB, res *Response, want int) {
	tb.Helper()
	if res.Status != want {
		tb.Fatalf("status = %d, want %d; body %s", res.Status, want, res.Body)
	}
}

var seq atomic.Int64

// Unique returns a name no other test uses.
func Unique(prefix string) string {
	return fmt.Sprintf("%s%d%d", prefix, time.Now().UnixNano()%1e9, seq.Add(1))
}

// Account is a signed-up, activated, logged-in account.
type Account struct {
	ID, Username, Email, Password string
	OrganizationID                string
	Access, Refresh               string
}

const testPassword = "correct-horse-battery"

// PersonForm is a valid person sign-up form.
func PersonForm(username string) map[string]string {
	return map[string]string{
		"first_name": "Ada", "last_name": "Lovelace", "username": username,
		"email": strings.ToLower(username) + "@example.com", "phone": "01234567890",
		"address": "1 Analytical Row", "password": testPassword, "password1": testPassword,
	}
}

// OrganizationForm is a valid organization sign-up form.
func OrganizationForm(username string) map[string]string {
	return map[string]string{
		"organization": "Org " + username, "address1": "1 Main St", "address2": "Floor 2",
		"phone": "0123456789", "email": strings.ToLower(username) + "@example.org",
		"link": "https://example.org", "description": "We run events.",
		"username": username, "password": testPassword, "password1": testPassword,
	}
}

// Activate follows the newest activation link mailed to email and checks
// it lands on the success page.
func (e *Env) Activate(tb testing.TB, email string) {
	tb.Helper()
	link := e.MailedLink(tb, email, e.Config.WebOrigin+"/api/user/activate/")
	res := e.Request(http.MethodGet, strings.TrimPrefix(link, e.Config.WebOrigin), "", nil, "")
	Expect(tb, res, http.StatusFound)
	if got, want := res.Header.Get("Location"), e.Config.WebOrigin+users.ActivatedPath; got != want {
		tb.Fatalf("activation redirect = %q, want %q", got, want)
	}
}

// MailedLink returns the first link starting with prefix in the newest
// mail to email.
func (e *Env) MailedLink(tb testing.TB, email, prefix string) string {
	tb.Helper()
	inbox := mailtest.Inbox(tb, e.Config.SESEndpoint, email)
	if len(inbox) == 0 {
		tb.Fatalf("no mail for %s", email)
	}
	return mailtest.Link(tb, inbox[len(inbox)-1].Text, prefix)
}

// Login logs in and fills a's tokens.
func (e *Env) Login(tb testing.TB, a *Account) {
	tb.Helper()
	res := e.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": a.Username, "password": a.Password}, "")
	Expect(tb, res, http.StatusOK)
	var tok accounts.TokenPair
	res.Decode(tb, &tok)
	a.Access, a.Refresh = tok.Access, tok.Refresh
}

// profile reads the account's profile.
func (e *Env) profile(tb testing.TB, a *Account) map[string]any {
	tb.Helper()
	res := e.JSON(http.MethodGet, "/api/user/profile/", nil, a.Access)
	Expect(tb, res, http.StatusOK)
	var p map[string]any
	res.Decode(tb, &p)
	return p
}

// NewPerson signs up, activates and logs in a person.
func (e *Env) NewPerson(tb testing.TB) *Account {
	tb.Helper()
	form := PersonForm(Unique("ada"))
	Expect(tb, e.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	return e.finishSignUp(tb, form)
}

// NewOrganizer signs up, activates and logs in an organization.
func (e *Env) NewOrganizer(tb testing.TB) *Account {
	tb.Helper()
	form := OrganizationForm(Unique("org"))
	Expect(tb, e.Multipart(http.MethodPost, "/api/organization/register/", form, nil, ""), http.StatusCreated)
	return e.finishSignUp(tb, form)
}

func (e *Env) finishSignUp(tb testing.TB, form map[string]string) *Account {
	tb.Helper()
	a := &Account{Username: form["username"], Email: form["email"], Password: form["password"]}
	e.Activate(tb, a.Email)
	e.Login(tb, a)
	p := e.profile(tb, a)
	a.ID = p["id"].(string)
	if org, ok := p["organization_id"].(string); ok {
		a.OrganizationID = org
	}
	return a
}

// EventForm is a valid event form starting in days days.
func (e *Env) EventForm(days, capacity int) map[string]string {
	start := e.Now().Add(time.Duration(days) * 24 * time.Hour).UTC().Truncate(time.Minute)
	return map[string]string{
		"title": "Test event", "description": "A test event.", "location": "Main Hall",
		"start_time": start.Format(time.RFC3339), "end_time": start.Add(2 * time.Hour).Format(time.RFC3339),
		"capacity": fmt.Sprint(capacity),
	}
}

// Event is an event as the API returns it.
type Event struct {
	ID           string    `json:"id"`
	Title        string    `json:"title"`
	Description  string    `json:"description"`
	Location     string    `json:"location"`
	StartTime    time.Time `json:"start_time"`
	EndTime      time.Time `json:"end_time"`
	Capacity     int       `json:"capacity"`
	SeatsLeft    int       `json:"seats_left"`
	Banner       *string   `json:"banner"`
	BannerURL    *string   `json:"banner_url"`
	Organization struct {
		ID      string  `json:"id"`
		Name    string  `json:"name"`
		LogoURL *string `json:"logo_url"`
	} `json:"organization"`
}

// CreateEvent creates an event as org.
func (e *Env) CreateEvent(tb testing.TB, org *Account, form map[string]string) Event {
	tb.Helper()
	var ev Event
	e.createEventInto(tb, org, form, &ev)
	return ev
}

// createEventInto creates an event as org and decodes the answer into v.
func (e *Env) createEventInto(tb testing.TB, org *Account, form map[string]string, v any) {
	tb.Helper()
	res := e.Multipart(http.MethodPost, "/api/event/create/", form, nil, org.Access)
	Expect(tb, res, http.StatusCreated)
	res.Decode(tb, v)
}

// GetEvent reads an event publicly.
func (e *Env) GetEvent(tb testing.TB, id string) Event {
	tb.Helper()
	res := e.JSON(http.MethodGet, "/api/event/detail/"+id+"/", nil, "")
	Expect(tb, res, http.StatusOK)
	var ev Event
	res.Decode(tb, &ev)
	return ev
}

// parallel runs f(i) for i in [0, n) concurrently and waits.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); f(i) }()
	}
	wg.Wait()
}
