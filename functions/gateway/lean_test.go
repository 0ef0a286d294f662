package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Each Lambda binary links only what its function uses: the events and
// media functions send no mail and serve no account routes, so neither the
// mail client's constructor nor another function's handlers may be in them
// (a package-level list of every function once kept all four handlers in
// every binary). No function executes templates: that keeps every exported
// method of every reachable type alive (users was 6.8 MB zipped with the
// mail templates, 4.7 MB without).
func TestLambdaBinariesLinkOnlyTheirOwnFunction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the functions")
	}
	const templates = "text/template.(*state)"
	others := []string{"turnout/pkg/mail.New", "turnout/pkg/api/users.", "turnout/pkg/api/organizations.", templates}
	forbidden := map[string][]string{
		"events": others, "media": others,
		"users": {templates}, "organizations": {templates},
	}
	for fn, symbols := range forbidden {
		t.Run(fn, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), fn)
			build := exec.Command("go", "build", "-tags", "lambda.norpc", "-o", bin, "../"+fn)
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("build %s: %v\n%s", fn, err, out)
			}
			out, err := exec.Command("go", "tool", "nm", bin).Output()
			if err != nil {
				t.Fatalf("nm %s: %v", fn, err)
			}
			for _, sym := range symbols {
				if strings.Contains(string(out), sym) {
					t.Errorf("the %s binary links %s", fn, sym)
				}
			}
		})
	}
}
