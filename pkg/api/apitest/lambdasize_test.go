package apitest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/api/formimage"
	"turnout/pkg/media/mediatest"
)

// lambdaEventLimit is the most Lambda accepts as a synchronous invocation's
// payload.
const lambdaEventLimit = 6_291_456

// signUpBody is a person's sign-up form with a PNG padded so that the whole
// body is exactly size bytes.
func signUpBody(tb testing.TB, size int) (body []byte, contentType string) {
	tb.Helper()
	build := func(pad int) ([]byte, string) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		_ = w.SetBoundary("turnout-size-test-boundary")
		for k, v := range PersonForm("sizetest") {
			_ = w.WriteField(k, v)
		}
		fw, _ := w.CreateFormFile("image", "big.png")
		_, _ = fw.Write(mediatest.PNG(8, 8))
		_, _ = fw.Write(make([]byte, pad)) // bytes after IEND are ignored by decoders
		_ = w.Close()
		return buf.Bytes(), w.FormDataContentType()
	}
	empty, _ := build(0)
	body, contentType = build(size - len(empty))
	if len(body) != size {
		tb.Fatalf("built a body of %d bytes, want %d", len(body), size)
	}
	return body, contentType
}

// gatewayEvent is the HTTP API v2 event API Gateway would send for a
// multipart POST of body, with the request line and headers filling the
// HTTP API's 10,240-byte limit with characters JSON escapes the most.
func gatewayEvent(tb testing.TB, path, contentType string, body []byte) []byte {
	tb.Helper()
	const headerLimit = 10_240
	headers := map[string]string{
		"content-type":    contentType,
		"content-length":  strings.Repeat("9", 7),
		"host":            "d111111abcdef8.cloudfront.net",
		"x-forwarded-for": "203.0.113.7, 198.51.100.9",
	}
	used := len("POST " + path + " HTTP/1.1")
	for k, v := range headers {
		used += len(k) + len(v)
	}
	headers["x-filler"] = strings.Repeat("<", headerLimit-used-len("x-filler"))
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "POST /api/user/{proxy+}", RawPath: path, Headers: headers,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "123456789012", APIID: "abcdef1234", DomainName: "abcdef1234.execute-api.eu-west-1.amazonaws.com",
			DomainPrefix: "abcdef1234", RequestID: "Yx0VRhv9joEEJ-g=", RouteKey: "POST /api/user/{proxy+}", Stage: "$default",
			Time: "24/Nov/2026:18:30:00 +0000", TimeEpoch: 1795631400000,
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: "POST", Path: path, Protocol: "HTTP/1.1", SourceIP: "203.0.113.7", UserAgent: strings.Repeat("<", 200),
			},
		},
		Body: base64.StdEncoding.EncodeToString(body), IsBase64Encoded: true,
	}
	b, err := json.Marshal(ev)
	if err != nil {
		tb.Fatalf("marshal event: %v", err)
	}
	return b
}

// The largest form the API takes inline still fits Lambda once API Gateway
// has base64-encoded it into an event; one byte more is refused with 413.
func TestLargestInlineFormFitsLambda(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	const path = "/api/user/registration/"
	body, contentType := signUpBody(t, formimage.MaxFormBytes)
	ev := gatewayEvent(t, path, contentType, body)
	t.Logf("largest inline form: body %d bytes, event %d bytes (limit %d)", len(body), len(ev), lambdaEventLimit)
	if len(ev) >= lambdaEventLimit {
		t.Errorf("event of the largest accepted form is %d bytes, over Lambda's %d", len(ev), lambdaEventLimit)
	}
	res := env.Request(http.MethodPost, path, contentType, bytes.NewReader(body), "")
	Expect(t, res, http.StatusCreated)

	body, contentType = signUpBody(t, formimage.MaxFormBytes+1)
	res = env.Request(http.MethodPost, path, contentType, bytes.NewReader(body), "")
	Expect(t, res, http.StatusRequestEntityTooLarge)
	if got, want := res.Detail(t), formimage.MsgFormTooLarge; got != want {
		t.Errorf("detail = %q, want %q", got, want)
	}
}
