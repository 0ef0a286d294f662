package lambdamain

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/httpapi"
)

func TestEveryRequestIsLoggedWithAPIGatewaysRequestID(t *testing.T) {
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(&buf, nil))))
	t.Cleanup(func() { slog.SetDefault(prev) })

	rt := httpapi.NewRouter()
	rt.Handle("GET /api/event/public/{$}", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	res, err := Proxy(rt)(t.Context(), events.APIGatewayV2HTTPRequest{
		Version: "2.0", RawPath: "/api/event/public/",
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RequestID: "Kx1abc=", Stage: "$default",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: "/api/event/public/"},
		},
	})
	if err != nil || res.StatusCode != 204 {
		t.Fatalf("proxy: %d %v", res.StatusCode, err)
	}
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("log %q: %v", buf.String(), err)
	}
	if line["msg"] != "request" || line["request_id"] != "Kx1abc=" || line["route"] != "GET /api/event/public/{$}" || line["status"] != float64(204) {
		t.Errorf("log line = %v", line)
	}
}
