package media

import (
	"strings"
	"testing"
)

func TestCheckOwnerAllowsOnePlainKeySegment(t *testing.T) {
	for _, id := range []string{"a", "01J0ABCDEF", "user_1-x", strings.Repeat("Z", 128)} {
		if err := checkOwner(id); err != nil {
			t.Errorf("checkOwner(%q) = %v, want nil", id, err)
		}
	}
	for _, id := range []string{"", strings.Repeat("Z", 129), "a/b", "../x", "a.b", "é", "a b", "a\x00"} {
		if err := checkOwner(id); err == nil {
			t.Errorf("checkOwner(%q) = nil, want an error", id)
		}
	}
}
