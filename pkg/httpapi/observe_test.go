package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// captureLogs makes the default logger write JSON lines through a
// LogHandler into the returned function's result, until the test ends.
func captureLogs(t *testing.T) func() []map[string]any {
	t.Helper()
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(NewLogHandler(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return func() []map[string]any {
		var lines []map[string]any
		for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if l == "" {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("log line %q: %v", l, err)
			}
			lines = append(lines, m)
		}
		buf.Reset()
		return lines
	}
}

func failingRouter() *Router {
	rt := NewRouter()
	rt.Handle("GET /api/event/{id}/{$}", func(w http.ResponseWriter, r *http.Request) {
		Error(w, r, fmt.Errorf("get event %s: %w", r.PathValue("id"), errors.New("table is gone")))
	})
	rt.Handle("GET /api/event/public/{$}", func(w http.ResponseWriter, r *http.Request) {
		// What a store call answers once the client has gone.
		Error(w, r, fmt.Errorf("list events: %w", r.Context().Err()))
	})
	return rt
}

func TestObserveLogsOneLinePerRequestAndErrorsCarryItsID(t *testing.T) {
	logs := captureLogs(t)
	// As API Gateway calls the Lambda: its request id is the one to log.
	proxy := httpadapter.NewV2(Observe(failingRouter(), slog.LevelInfo))
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "invocation-1"})
	res, err := proxy.ProxyWithContext(ctx, events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "ANY /api/event/{proxy+}", RawPath: "/api/event/01J0ABC/",
		Headers: map[string]string{"accept": "application/json"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RequestID: "apigw-Kx1", Stage: "$default",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: "/api/event/01J0ABC/", SourceIP: "203.0.113.9"},
		},
	})
	if err != nil || res.StatusCode != 500 {
		t.Fatalf("proxy: %d %v", res.StatusCode, err)
	}
	lines := logs()
	if len(lines) != 2 {
		t.Fatalf("%d log lines, want the error and the request: %v", len(lines), lines)
	}
	failure, request := lines[0], lines[1]
	if failure["level"] != "ERROR" || failure["request_id"] != "apigw-Kx1" || !strings.Contains(fmt.Sprint(failure["err"]), "table is gone") {
		t.Errorf("error line = %v, want ERROR with request_id apigw-Kx1", failure)
	}
	for key, want := range map[string]any{
		"level": "INFO", "msg": "request", "request_id": "apigw-Kx1", "method": "GET",
		"route": "GET /api/event/{id}/{$}", "status": float64(500),
	} {
		if got := request[key]; got != want {
			t.Errorf("request line %s = %v, want %v", key, got, want)
		}
	}
	if _, ok := request["duration_ms"].(float64); !ok {
		t.Errorf("request line has no duration_ms: %v", request)
	}
	if _, ok := request["account_id"]; ok {
		t.Errorf("anonymous request logged an account: %v", request)
	}

	// Without API Gateway, the invocation's id; without Lambda, a new one each time.
	h := Observe(failingRouter(), slog.LevelInfo)
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(ctx, "GET", "/api/nothing/", nil))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/nothing/", nil))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/nothing/", nil))
	lines = logs()
	if len(lines) != 3 {
		t.Fatalf("%d log lines, want 3: %v", len(lines), lines)
	}
	if got := lines[0]["request_id"]; got != "invocation-1" {
		t.Errorf("request_id in Lambda without API Gateway = %v, want invocation-1", got)
	}
	if a, b := lines[1]["request_id"], lines[2]["request_id"]; a == "" || a == nil || a == b {
		t.Errorf("local request ids %v and %v, want two different ids", a, b)
	}
	if lines[1]["status"] != float64(404) || lines[1]["route"] != "" || lines[1]["path"] != "/api/nothing/" {
		t.Errorf("unmatched request line = %v, want 404 with its path", lines[1])
	}
}

func TestFailuresAfterTheClientLeftAreNotErrors(t *testing.T) {
	logs := captureLogs(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client went away mid-request
	rec := httptest.NewRecorder()
	Observe(failingRouter(), slog.LevelInfo).ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", "/api/event/public/", nil))
	lines := logs()
	if len(lines) != 2 {
		t.Fatalf("%d log lines, want 2: %v", len(lines), lines)
	}
	for _, l := range lines {
		if l["level"] != "DEBUG" || l["client_gone"] != true || l["request_id"] == nil {
			t.Errorf("line = %v, want DEBUG with client_gone and the request id", l)
		}
	}
	if !strings.Contains(fmt.Sprint(lines[0]["err"]), "context canceled") {
		t.Errorf("the failure is still told: %v", lines[0])
	}

	// Outside a request nothing changes.
	slog.ErrorContext(ctx, "not a request")
	if lines := logs(); len(lines) != 1 || lines[0]["level"] != "ERROR" || lines[0]["request_id"] != nil {
		t.Errorf("line outside a request = %v", lines)
	}
}

func TestLogHandlerKeepsLevelsAndAttrs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(NewLogHandler(slog.NewJSONHandler(&buf, nil))).With("fn", "events")
	var seen string
	Observe(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = RequestID(r.Context())
		log.DebugContext(r.Context(), "hidden")
		log.WarnContext(r.Context(), "shown")
	}), slog.LevelDebug).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	out := buf.String()
	if strings.Contains(out, "hidden") || !strings.Contains(out, `"fn":"events"`) || !strings.Contains(out, `"request_id":"`+seen+`"`) {
		t.Errorf("log = %s", out)
	}
}

// Outside a request (the mailer, the scheduled jobs), a line carries the
// Lambda invocation's id.
func TestLogLinesOutsideARequestCarryTheInvocationID(t *testing.T) {
	lines := captureLogs(t)
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "inv-42"})
	slog.ErrorContext(ctx, "gave up an undeliverable mail")
	slog.InfoContext(context.Background(), "no invocation")
	got := lines()
	if len(got) != 2 || got[0]["invocation_id"] != "inv-42" || got[1]["invocation_id"] != nil {
		t.Errorf("lines = %v, want the invocation's id on the first only", got)
	}
}
