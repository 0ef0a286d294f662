package domain

import (
	"net/url"
	"strings"
)

// MsgInvalidNext answers a sign-up whose way back is not a page of this site.
const MsgInvalidNext = "Enter a path on this site, such as /event/detail?id=…."

// maxNextPath bounds the path carried through sign-up and the activation
// link (an event page's path is about 45 characters).
const maxNextPath = 512

// ValidNextPath reports whether p is a page of this site that a person may
// be sent on to after sign-up or login: an absolute path with an optional
// query, never another origin. "//evil.example", "/\evil.example" (which
// browsers read as "//") and "https://…" are refused, so a link cannot
// become an open redirect.
func ValidNextPath(p string) bool {
	if p == "" || len(p) > maxNextPath || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\#") {
		return false
	}
	for _, r := range p {
		if r <= ' ' || r == 0x7f {
			return false
		}
	}
	u, err := url.Parse(p)
	return err == nil && u.Scheme == "" && u.Host == "" && u.User == nil && strings.HasPrefix(u.Path, "/") && !strings.HasPrefix(u.Path, "//")
}
