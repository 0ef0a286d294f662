package domain

import (
	"net/url"
	"testing"
)

func TestValidNextPath(t *testing.T) {
	for p, want := range map[string]bool{
		"/event/detail?id=01JD5Y3Z8Q9X7V6T5S4R3P2N1M": true,
		"/profile":                      true,
		"/":                             true,
		"":                              false,
		"event/detail":                  false, // relative to wherever it lands
		"//evil.example/":               false, // protocol-relative: another host
		"/\\evil.example":               false, // browsers read "/\" as "//"
		"/%2F%2Fevil.example":           false, // refused too: decoded once, it would be "//"
		"https://evil.example/":         false,
		"javascript:alert(1)":           false,
		"/ok\nLocation: https://evil/":  false,
		"/a b":                          false,
		"/event#frag":                   false,
		"/" + string(make([]byte, 600)): false,
	} {
		if got := ValidNextPath(p); got != want {
			t.Errorf("ValidNextPath(%q) = %v, want %v", p, got, want)
		}
	}
}

func FuzzValidNextPath(f *testing.F) {
	f.Add("/event/detail?id=01JD5Y3Z8Q9X7V6T5S4R3P2N1M")
	f.Add("//evil.example")
	f.Add("/\\evil.example")
	f.Fuzz(func(t *testing.T, p string) {
		if !ValidNextPath(p) {
			return
		}
		// Whatever is accepted resolves to this site's origin.
		u, err := parseOnSite(p)
		if err != nil || u != "https://site.example" {
			t.Fatalf("ValidNextPath(%q) accepted a path that resolves to %q (%v)", p, u, err)
		}
	})
}

// parseOnSite resolves p against a page of https://site.example, as a
// browser would, and returns the origin it lands on.
func parseOnSite(p string) (string, error) {
	base, err := url.Parse("https://site.example/activate-account")
	if err != nil {
		return "", err
	}
	ref, err := url.Parse(p)
	if err != nil {
		return "", err
	}
	u := base.ResolveReference(ref)
	return u.Scheme + "://" + u.Host, nil
}
