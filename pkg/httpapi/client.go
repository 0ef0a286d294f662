package httpapi

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strings"

	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

// Headers CloudFront adds to API requests: the secret that proves a request
// came through our distribution, and the viewer's own address.
const (
	HeaderOrigin         = "X-Turnout-Origin"
	HeaderViewerAddress  = "CloudFront-Viewer-Address"
	unknownClientAddress = "unknown"
)

// ClientAddress is the IP address of the client that sent r. Behind
// CloudFront, API Gateway sees CloudFront's edge, so the viewer address
// CloudFront forwards is used, but only when the request carries the origin
// secret (anyone can send the header itself). Otherwise it is API Gateway
// v2's sourceIp, and outside Lambda (local gateway, httptest) the peer.
func ClientAddress(r *http.Request, originSecret string) string {
	if throughOrigin(r, originSecret) {
		// "ip:port", IPv6 without brackets, so the port follows the last colon.
		if v := r.Header.Get(HeaderViewerAddress); v != "" {
			if i := strings.LastIndexByte(v, ':'); i > 0 {
				v = v[:i]
			}
			if ip := net.ParseIP(v); ip != nil {
				return ip.String()
			}
		}
	}
	if gw, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok && gw.HTTP.SourceIP != "" {
		return gw.HTTP.SourceIP
	}
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil && host != "" {
		return host
	}
	return unknownClientAddress
}

// throughOrigin reports whether r carries the origin secret. originSecret
// may hold two values, comma-separated, both accepted while CloudFront
// moves from one to the other (README, "Rotating the origin secret").
func throughOrigin(r *http.Request, originSecret string) bool {
	got := []byte(r.Header.Get(HeaderOrigin))
	for secret := range strings.SplitSeq(originSecret, ",") {
		if secret = strings.TrimSpace(secret); secret != "" && subtle.ConstantTimeCompare(got, []byte(secret)) == 1 {
			return true
		}
	}
	return false
}

// MsgNotThroughSite answers a request sent to the API's own endpoint.
const MsgNotThroughSite = "This API answers only through the site."

// OnlyThroughOrigin answers 403 to a request without the origin secret:
// deployed, the API serves only what comes through CloudFront (its caching,
// its headers, the viewer address it vouches for), not callers of API
// Gateway's own endpoint. Without a secret (locally) it lets all through.
func OnlyThroughOrigin(originSecret string, next http.Handler) http.Handler {
	if strings.TrimSpace(strings.ReplaceAll(originSecret, ",", "")) == "" {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !throughOrigin(r, originSecret) {
			Detail(w, http.StatusForbidden, MsgNotThroughSite)
			return
		}
		next.ServeHTTP(w, r)
	})
}
