package passwords

import (
	"strings"
	"testing"
)

func TestCommon(t *testing.T) {
	// Some entries differ only in case, so the set is a little smaller.
	if n := len(strings.Fields(commonList)); n < 10000 {
		t.Errorf("list has %d passwords, want at least 10,000", n)
	}
	for _, p := range []string{"password", "Password", "baseball", "trustno1", "qwertyuiop", "1q2w3e4r"} {
		if !Common(p) {
			t.Errorf("Common(%q) = false, want true", p)
		}
	}
	for _, p := range []string{"correct-horse-battery", "analytical-engine-8"} {
		if Common(p) {
			t.Errorf("Common(%q) = true, want false", p)
		}
	}
}
