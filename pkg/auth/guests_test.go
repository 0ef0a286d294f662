package auth

import (
	"testing"

	"github.com/oklog/ulid/v2"
)

// A guest id is spelled as an account id, the same for one address, and
// another for another address or under another key.
func TestGuestIDs(t *testing.T) {
	g := Guests{Key: []byte("0123456789abcdef0123456789abcdef")}
	seen := map[string]string{}
	for _, address := range []string{"ada@example.com", "ada@example.org", "bob@example.com", "", "ādá@example.com"} {
		id := g.ID(address)
		if _, err := ulid.ParseStrict(id); err != nil {
			t.Fatalf("ID(%q) = %q, not shaped as an account id: %v", address, id, err)
		}
		if again := g.ID(address); again != id {
			t.Errorf("ID(%q) = %q, then %q", address, id, again)
		}
		if other, ok := seen[id]; ok {
			t.Errorf("ID(%q) = ID(%q) = %q", address, other, id)
		}
		seen[id] = address
	}
	other := Guests{Key: []byte("fedcba9876543210fedcba9876543210")}
	if other.ID("ada@example.com") == g.ID("ada@example.com") {
		t.Error("two keys name a guest alike")
	}
	if (Guests{Key: []byte("short")}).ID("ada@example.com") != "" {
		t.Error("a short key names a guest")
	}
}

// Only a genuine manage secret names its registration, and never as a
// ticket page's (another use of the same key).
func TestManageSecrets(t *testing.T) {
	tk := Tickets{Key: []byte("0123456789abcdef0123456789abcdef")}
	secret := tk.Manage("01JREG", 2)
	if id, v, ok := tk.ParseManage(secret); !ok || id != "01JREG" || v != 2 {
		t.Fatalf("ParseManage(%q) = %q, %d, %v", secret, id, v, ok)
	}
	if _, _, ok := tk.ParseLink(secret); ok {
		t.Error("a manage secret opens a ticket page")
	}
	if _, _, ok := tk.ParseManage(tk.Link("01JREG", 2)); ok {
		t.Error("a ticket link opens a manage page")
	}
	forged := secret[:len(secret)-1] + "A"
	if forged == secret {
		forged = secret[:len(secret)-1] + "B"
	}
	if _, _, ok := tk.ParseManage(forged); ok {
		t.Error("a forged manage secret is accepted")
	}
}
