// Package archtest checks the module's import rules, so the layering
// cannot rot: the domain depends on nothing of Turnout, the store (the
// DynamoDB adapter) on the domain only, and no service on the store.
package archtest

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "turnout/pkg/"

// deps lists the packages of this module that pkg imports, directly or not
// (go list -deps), without pkg itself.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", module+pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var own []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, module) && p != module+pkg {
			own = append(own, strings.TrimPrefix(p, module))
		}
	}
	return own
}

// inDomain reports whether p is the domain package or one of its own.
func inDomain(p string) bool { return p == "domain" || strings.HasPrefix(p, "domain/") }

func TestDomainImportsNothingOfTurnout(t *testing.T) {
	for _, p := range deps(t, "domain") {
		if !inDomain(p) {
			t.Errorf("pkg/domain imports pkg/%s; the domain must depend on nothing of Turnout", p)
		}
	}
}

func TestStoreImportsOnlyTheDomain(t *testing.T) {
	for _, p := range deps(t, "store") {
		if !inDomain(p) {
			t.Errorf("pkg/store imports pkg/%s; the store is an adapter beneath the domain and may import nothing else of Turnout", p)
		}
	}
}

func TestServicesDoNotImportTheStore(t *testing.T) {
	for _, service := range []string{"events", "accounts", "reminders", "mail/mailer", "mail/feedback", "mail/sendrate"} {
		if slices.Contains(deps(t, service), "store") {
			t.Errorf("pkg/%s imports pkg/store; a service speaks to the table through its own interfaces, wired in pkg/app", service)
		}
	}
}
