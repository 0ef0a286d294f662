package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

func TestClientAddress(t *testing.T) {
	const secret = "edge-secret"
	peer := func(headers map[string]string) string {
		r := httptest.NewRequest("POST", "/api/user/login/", nil)
		r.RemoteAddr = "192.0.2.7:41000"
		for k, v := range headers {
			r.Header.Set(k, v)
		}
		return ClientAddress(r, secret)
	}
	tests := []struct {
		name    string
		headers map[string]string
		want    string
	}{
		{"peer", nil, "192.0.2.7"},
		{"viewer with secret", map[string]string{HeaderOrigin: secret, HeaderViewerAddress: "198.51.100.4:5555"}, "198.51.100.4"},
		{"IPv6 viewer", map[string]string{HeaderOrigin: secret, HeaderViewerAddress: "2001:db8::1:443"}, "2001:db8::1"},
		{"viewer without secret", map[string]string{HeaderViewerAddress: "198.51.100.4:5555"}, "192.0.2.7"},
		{"viewer with wrong secret", map[string]string{HeaderOrigin: "guess", HeaderViewerAddress: "198.51.100.4:5555"}, "192.0.2.7"},
		{"junk viewer", map[string]string{HeaderOrigin: secret, HeaderViewerAddress: "not-an-ip:1"}, "192.0.2.7"},
	}
	for _, tt := range tests {
		if got := peer(tt.headers); got != tt.want {
			t.Errorf("%s: ClientAddress = %q, want %q", tt.name, got, tt.want)
		}
	}
	r := httptest.NewRequest("POST", "/", nil)
	r.Header.Set(HeaderViewerAddress, "198.51.100.4:5555")
	if got := ClientAddress(r, ""); got != "192.0.2.1" { // httptest's peer; no secret configured
		t.Errorf("without a configured secret: %q", got)
	}
}

// In Lambda the address is API Gateway's sourceIp, not the adapter's peer.
func TestClientAddressFromAPIGateway(t *testing.T) {
	ev := events.APIGatewayV2HTTPRequest{
		RawPath: "/api/user/login/",
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "POST", Path: "/api/user/login/", SourceIP: "203.0.113.9"},
		},
	}
	r, err := (&core.RequestAccessorV2{}).EventToRequestWithContext(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if got := ClientAddress(r, "edge-secret"); got != "203.0.113.9" {
		t.Errorf("ClientAddress = %q, want the sourceIp", got)
	}
}

// Deployed, the API answers only what came through CloudFront (with the
// origin secret, either of two during a rotation); locally, with no
// secret, everything.
func TestOnlyThroughOrigin(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	status := func(secret, sent string) (int, string) {
		r := httptest.NewRequest("GET", "/api/event/public/", nil)
		if sent != "" {
			r.Header.Set(HeaderOrigin, sent)
		}
		w := httptest.NewRecorder()
		OnlyThroughOrigin(secret, ok).ServeHTTP(w, r)
		return w.Code, strings.TrimSpace(w.Body.String())
	}
	for _, tt := range []struct {
		secret, sent string
		want         int
	}{
		{"edge", "edge", http.StatusNoContent},
		{"old, new", "old", http.StatusNoContent},
		{"old, new", "new", http.StatusNoContent},
		{"edge", "", http.StatusForbidden},
		{"edge", "guess", http.StatusForbidden},
		{"old,new", "old,new", http.StatusForbidden},
		{"", "", http.StatusNoContent},
		{"", "anything", http.StatusNoContent},
	} {
		got, body := status(tt.secret, tt.sent)
		if got != tt.want {
			t.Errorf("secret %q, sent %q: status %d, want %d", tt.secret, tt.sent, got, tt.want)
		}
		if got == http.StatusForbidden && body != `{"detail":"`+MsgNotThroughSite+`","codes":{"detail":"not_through_site"}}` {
			t.Errorf("refusal body = %s", body)
		}
	}
}
