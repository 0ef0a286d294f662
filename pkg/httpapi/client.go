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
	if originSecret != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get(HeaderOrigin)), []byte(originSecret)) == 1 {
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
