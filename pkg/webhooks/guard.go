package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"

	"code.dny.dev/ssrf"

	"turnout/pkg/domain"
)

// Nothing is delivered to a private address (loopback, link-local, RFC
// 1918, the cloud's metadata service and every other special-purpose
// range, as code.dny.dev/ssrf lists them): an endpoint's host is resolved
// and checked when it is registered, and again at each delivery, where
// the connection goes to the very address that was checked (no second
// lookup a rebinding DNS could answer differently), and redirects are not
// followed.

// Resolver looks hosts up; *net.Resolver is one, tests give others.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard decides where deliveries may go.
type Guard struct {
	Resolver Resolver
	// Local allows plain http and loopback addresses: the local stack's
	// receivers. Never set in AWS (config.Config.Local).
	Local bool
}

// NewGuard is the guard of a stack on the emulators (local) or in AWS.
func NewGuard(local bool) Guard { return Guard{Resolver: net.DefaultResolver, Local: local} }

// ErrPrivate refuses an address inside a private network.
var ErrPrivate = errors.New("private address")

// errUnknownHost is a host that resolves to nothing.
var errUnknownHost = errors.New("unknown host")

func (g Guard) guardian() *ssrf.Guardian {
	if g.Local {
		return ssrf.New(ssrf.WithAnyPort(),
			ssrf.WithAllowedV4Prefixes(netip.MustParsePrefix("127.0.0.0/8")),
			ssrf.WithAllowedV6Prefixes(netip.MustParsePrefix("::1/128")))
	}
	return ssrf.New(ssrf.WithAnyPort())
}

// CheckURL refuses, with the message for the url field, an address that
// is not https (or http locally) or whose host is or resolves to a private
// address.
func (g Guard) CheckURL(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" && !(g.Local && u.Scheme == "http") {
		return domain.FieldError("url", domain.MsgWebhookHTTPS)
	}
	_, err = g.resolve(ctx, u.Hostname())
	switch {
	case errors.Is(err, ErrPrivate):
		return domain.FieldError("url", domain.MsgWebhookPrivate)
	case errors.Is(err, errUnknownHost):
		return domain.FieldError("url", domain.MsgWebhookUnknown)
	}
	return err
}

// resolve is host's addresses, refused with ErrPrivate when any is private.
func (g Guard) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip}
	} else {
		addrs, err = g.Resolver.LookupNetIP(ctx, "ip", host)
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) && dnsErr.IsNotFound || err == nil && len(addrs) == 0 {
			return nil, fmt.Errorf("resolve %s: %w", host, errUnknownHost)
		}
		if err != nil {
			return nil, fmt.Errorf("resolve %s: %w", host, err)
		}
	}
	guardian := g.guardian()
	for _, a := range addrs {
		if err := guardian.SafeAddr(a.Unmap()); err != nil {
			return nil, fmt.Errorf("%s: %w", host, ErrPrivate)
		}
	}
	return addrs, nil
}

// Client is an HTTP client that connects only to public addresses (see
// the package's comment), gives each request domain.WebhookTimeout and
// follows no redirect.
func (g Guard) Client() *http.Client {
	dialer := &net.Dialer{Timeout: domain.WebhookTimeout, Control: g.guardian().Safe}
	transport := &http.Transport{
		Proxy: nil, // a proxy would connect for us, unchecked
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, port, err := net.SplitHostPort(addr)
			if err != nil {
				return nil, err
			}
			addrs, err := g.resolve(ctx, host)
			if err != nil {
				return nil, err
			}
			return dialer.DialContext(ctx, network, net.JoinHostPort(addrs[0].Unmap().String(), port))
		},
		TLSHandshakeTimeout: domain.WebhookTimeout,
		MaxIdleConnsPerHost: 2,
	}
	return &http.Client{
		Transport:     transport,
		Timeout:       domain.WebhookTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
