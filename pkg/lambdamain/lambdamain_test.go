package lambdamain

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/app"
	"turnout/pkg/app/all"
	"turnout/pkg/app/eventsapp"
	"turnout/pkg/app/mediaapp"
	"turnout/pkg/app/organizationsapp"
	"turnout/pkg/app/usersapp"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// gatewayEvent is a request as API Gateway's HTTP API (payload 2.0, the
// $default stage and route) hands it to a function: lower-case headers,
// cookies apart, the body base64-encoded when it is not plain text.
func gatewayEvent(method, path, contentType, token string, body []byte) events.APIGatewayV2HTTPRequest {
	headers := map[string]string{
		"host":              "abc123.execute-api.us-east-1.amazonaws.com",
		"user-agent":        "Mozilla/5.0 (test)",
		"accept":            "application/json",
		"x-forwarded-for":   "203.0.113.7",
		"x-forwarded-proto": "https",
		"x-forwarded-port":  "443",
		"content-length":    fmt.Sprint(len(body)),
	}
	if contentType != "" {
		headers["content-type"] = contentType
	}
	if token != "" {
		headers["authorization"] = "Bearer " + token
	}
	ev := events.APIGatewayV2HTTPRequest{
		Version:  "2.0",
		RouteKey: "$default",
		RawPath:  path,
		Cookies:  []string{"theme=dark", "seen=1"},
		Headers:  headers,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "123456789012", APIID: "abc123", Stage: "$default", RouteKey: "$default",
			DomainName: "abc123.execute-api.us-east-1.amazonaws.com", DomainPrefix: "abc123",
			RequestID: "req-" + fmt.Sprint(time.Now().UnixNano()), Time: time.Now().UTC().Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch: time.Now().UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: method, Path: path, Protocol: "HTTP/1.1", SourceIP: "203.0.113.7", UserAgent: "Mozilla/5.0 (test)",
			},
		},
	}
	if body != nil {
		if strings.HasPrefix(contentType, "application/json") {
			ev.Body = string(body)
		} else {
			ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
		}
	}
	return ev
}

// invoker calls each function's handler, built by pkg/app as its main
// builds it, through the same adapter Main starts.
type invoker struct {
	tb      testing.TB
	proxies map[string]func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)
}

func (iv invoker) call(fn app.Function, ev events.APIGatewayV2HTTPRequest) events.APIGatewayV2HTTPResponse {
	iv.tb.Helper()
	res, err := iv.proxies[fn.Name](context.Background(), ev)
	if err != nil {
		iv.tb.Fatalf("%s %s: %v", ev.RequestContext.HTTP.Method, ev.RawPath, err)
	}
	if res.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(res.Body)
		if err != nil {
			iv.tb.Fatalf("decode body: %v", err)
		}
		res.Body = string(b)
	}
	return res
}

func expect(tb testing.TB, res events.APIGatewayV2HTTPResponse, status int) {
	tb.Helper()
	if res.StatusCode != status {
		tb.Fatalf("status = %d, want %d; body %s", res.StatusCode, status, res.Body)
	}
}

func multipartBody(tb testing.TB, fields map[string]string) ([]byte, string) {
	tb.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes(), w.FormDataContentType()
}

// One journey through every function, each called as API Gateway calls
// it: users (multipart sign-up, the activation link, JSON login),
// organizations (multipart sign-up), events (the public list) and media (a
// presigned upload for the signed-in organizer).
func TestFunctionsThroughTheGatewayAdapter(t *testing.T) {
	cfg, awsCfg := testenv.Config(t)
	base := app.NewBase(cfg, awsCfg, time.Now)
	ctx := context.Background()
	if err := base.Store.CreateTable(ctx); err != nil {
		t.Fatal(err)
	}
	if err := base.Media.EnsureBucket(ctx); err != nil {
		t.Fatal(err)
	}
	// The mailer, fed by the table's stream, delivers the activation mail.
	relayCtx, stopRelay := context.WithCancel(ctx)
	defer stopRelay()
	relay, err := streamrelay.Start(relayCtx, awsCfg, cfg.DynamoDBEndpoint, base.Store, time.Now, mailer.New(cfg, awsCfg, base.Store).Handle)
	if err != nil {
		t.Fatal(err)
	}
	base.Mail = relay
	iv := invoker{tb: t, proxies: map[string]func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error){}}
	for _, fn := range all.Functions() {
		iv.proxies[fn.Name] = Proxy(base.Handler(fn))
	}

	// users: a person signs up with a multipart form.
	name := fmt.Sprintf("gw%d", time.Now().UnixNano()%1e9)
	person, ct := multipartBody(t, map[string]string{
		"first_name": "Ada", "last_name": "Lovelace", "username": name, "email": name + "@example.com",
		"password": "correct-horse-battery", "password1": "correct-horse-battery",
	})
	res := iv.call(usersapp.Function(), gatewayEvent(http.MethodPost, "/api/user/registration/", ct, "", person))
	expect(t, res, http.StatusCreated)
	if !strings.Contains(res.Headers["Content-Type"], "application/json") || !strings.Contains(res.Body, `"detail"`) {
		t.Errorf("sign-up answer: headers %v, body %s", res.Headers, res.Body)
	}

	// organizations: an organization signs up with a multipart form.
	org := "gworg" + name[2:]
	orgForm, ct := multipartBody(t, map[string]string{
		"organization": "Gateway Events", "email": org + "@example.org", "username": org,
		"password": "correct-horse-battery", "password1": "correct-horse-battery",
	})
	res = iv.call(organizationsapp.Function(), gatewayEvent(http.MethodPost, "/api/organization/register/", ct, "", orgForm))
	expect(t, res, http.StatusCreated)

	// users: the organizer's activation link (a GET that redirects) and login (JSON).
	inbox := mailtest.Inbox(t, cfg.SESEndpoint, org+"@example.org")
	if len(inbox) == 0 {
		t.Fatal("no activation mail")
	}
	link := strings.TrimPrefix(mailtest.Link(t, inbox[len(inbox)-1].Text, cfg.WebOrigin+"/api/user/activate/"), cfg.WebOrigin)
	res = iv.call(usersapp.Function(), gatewayEvent(http.MethodGet, link, "", "", nil))
	expect(t, res, http.StatusFound)
	if loc := res.Headers["Location"]; !strings.HasPrefix(loc, cfg.WebOrigin+"/activate-account") || strings.HasSuffix(loc, "/invalid") {
		t.Errorf("activation redirect to %q", loc)
	}
	login, _ := json.Marshal(map[string]string{"username": org, "password": "correct-horse-battery"})
	res = iv.call(usersapp.Function(), gatewayEvent(http.MethodPost, "/api/user/login/", "application/json", "", login))
	expect(t, res, http.StatusOK)
	var tokens struct{ Access, Refresh string }
	if err := json.Unmarshal([]byte(res.Body), &tokens); err != nil || tokens.Access == "" {
		t.Fatalf("login body %s: %v", res.Body, err)
	}

	// events: the public list.
	res = iv.call(eventsapp.Function(), gatewayEvent(http.MethodGet, "/api/event/public/", "", "", nil))
	expect(t, res, http.StatusOK)
	var list []any
	if err := json.Unmarshal([]byte(res.Body), &list); err != nil {
		t.Errorf("public list body %s: %v", res.Body, err)
	}
	if cc := res.Headers["Cache-Control"]; !strings.Contains(cc, "max-age") {
		t.Errorf("public list Cache-Control = %q", cc)
	}

	// media: a presigned banner upload for the organizer.
	presign := []byte(`{"kind": "banner", "content_type": "image/png", "size": 1000}`)
	res = iv.call(mediaapp.Function(), gatewayEvent(http.MethodPost, "/api/media/upload/", "application/json", tokens.Access, presign))
	expect(t, res, http.StatusOK)
	var up struct {
		URL    string            `json:"url"`
		Key    string            `json:"key"`
		Fields map[string]string `json:"fields"`
	}
	if err := json.Unmarshal([]byte(res.Body), &up); err != nil || up.URL == "" || !strings.HasPrefix(up.Key, "media/uploads/banner/") || len(up.Fields) == 0 {
		t.Errorf("presign body %s: %v", res.Body, err)
	}

	// Without the token the media function refuses, in the standard shape.
	res = iv.call(mediaapp.Function(), gatewayEvent(http.MethodPost, "/api/media/upload/", "application/json", "", presign))
	expect(t, res, http.StatusUnauthorized)
	if !strings.Contains(res.Body, `"detail"`) {
		t.Errorf("401 body %s", res.Body)
	}
}
