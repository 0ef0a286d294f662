package webhooks

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"testing"
	"time"

	"turnout/pkg/domain"
)

// noLookups answers no name: a test that resolves one has a bug.
type noLookups struct{}

func (noLookups) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return nil, errors.New("no lookups in this test")
}

// zone is a DNS that answers its names with fixed addresses, as an
// attacker's name server would.
type zone map[string][]string

func (z zone) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	answers, ok := z[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	addrs := make([]netip.Addr, len(answers))
	for i, a := range answers {
		addrs[i] = netip.MustParseAddr(a)
	}
	return addrs, nil
}

var attacker = zone{
	"hooks.example.com":   {"93.184.216.34"},
	"inside.example.com":  {"10.0.0.7"},
	"mixed.example.com":   {"93.184.216.34", "192.168.1.2"},
	"meta.example.com":    {"169.254.169.254"},
	"loop.example.com":    {"127.0.0.1"},
	"mapped.example.com":  {"::ffff:127.0.0.1"},
	"v6local.example.com": {"fd00::1"},
}

func TestCheckURLRefusesPrivateAddresses(t *testing.T) {
	g := Guard{Resolver: attacker}
	for _, tc := range []struct{ url, want string }{
		{"https://hooks.example.com/turnout", ""},
		{"https://93.184.216.34:8443/in", ""},
		{"http://hooks.example.com/turnout", domain.MsgWebhookHTTPS},
		{"ftp://hooks.example.com/", domain.MsgWebhookHTTPS},
		{"https://127.0.0.1/hook", domain.MsgWebhookPrivate},
		{"https://[::1]/hook", domain.MsgWebhookPrivate},
		{"https://10.1.2.3/hook", domain.MsgWebhookPrivate},
		{"https://172.16.0.1/hook", domain.MsgWebhookPrivate},
		{"https://192.168.0.10/hook", domain.MsgWebhookPrivate},
		{"https://169.254.169.254/latest/meta-data/", domain.MsgWebhookPrivate},
		{"https://[fd00:ec2::254]/", domain.MsgWebhookPrivate},
		{"https://0.0.0.0/", domain.MsgWebhookPrivate},
		// DNS answers that point inside.
		{"https://inside.example.com/hook", domain.MsgWebhookPrivate},
		{"https://mixed.example.com/hook", domain.MsgWebhookPrivate},
		{"https://meta.example.com/hook", domain.MsgWebhookPrivate},
		{"https://loop.example.com/hook", domain.MsgWebhookPrivate},
		{"https://mapped.example.com/hook", domain.MsgWebhookPrivate},
		{"https://v6local.example.com/hook", domain.MsgWebhookPrivate},
		{"https://nowhere.example.com/hook", domain.MsgWebhookUnknown},
	} {
		err := g.CheckURL(context.Background(), tc.url)
		var de *domain.Error
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused (%v), want accepted", tc.url, err)
		case tc.want != "" && (!errors.As(err, &de) || len(de.Fields["url"]) != 1 || de.Fields["url"][0] != tc.want):
			t.Errorf("%s: %v, want url: %q", tc.url, err, tc.want)
		}
	}
}

// TestLocalAllowsLoopbackOnly: the local stack's receivers listen on
// loopback over plain http; the rest of the private space stays refused.
func TestLocalAllowsLoopbackOnly(t *testing.T) {
	g := Guard{Resolver: attacker, Local: true}
	for url, ok := range map[string]bool{
		"http://127.0.0.1:9999/hook":      true,
		"http://loop.example.com:81/hook": true,
		"http://10.0.0.1/hook":            false,
		"http://meta.example.com/":        false,
	} {
		if err := g.CheckURL(context.Background(), url); (err == nil) != ok {
			t.Errorf("local %s: %v, want allowed %v", url, err, ok)
		}
	}
}

// TestDeliveryChecksTheAddressItConnectsTo: a name that resolved to a
// public address when the endpoint was registered and points inside at
// delivery (DNS rebinding) is refused at the delivery, and the receiver
// inside never hears of it.
func TestDeliveryChecksTheAddressItConnectsTo(t *testing.T) {
	heard := false
	inside := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { heard = true }))
	defer inside.Close()
	port := must(url.Parse(inside.URL)).Port()
	rebinding := zone{"hooks.example.com": {"93.184.216.34"}}
	g := Guard{Resolver: rebinding}
	hookURL := "https://hooks.example.com:" + port + "/hook"
	if err := g.CheckURL(context.Background(), hookURL); err != nil {
		t.Fatalf("registration: %v", err)
	}
	rebinding["hooks.example.com"] = []string{"127.0.0.1"}
	s := Sender{Client: g.Client(), Now: time.Now}
	a := s.Attempt(context.Background(), domain.Webhook{URL: hookURL, Secret: vectorSecret, Enabled: true}, domain.Delivery{ID: "msg_3", Body: []byte(`{}`)})
	if a.Succeeded() || a.Error != "private address" || heard {
		t.Fatalf("rebound delivery: %+v, heard %v; want refused as a private address", a, heard)
	}
	// An address given as such is checked too (a redirect is never
	// followed, so this is the only way to name one).
	a = s.Attempt(context.Background(), domain.Webhook{URL: "https://169.254.169.254/latest/", Secret: vectorSecret}, domain.Delivery{ID: "msg_4", Body: []byte(`{}`)})
	if a.Error != "private address" {
		t.Fatalf("metadata address: %+v", a)
	}
}
