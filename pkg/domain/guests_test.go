package domain

import (
	"strings"
	"testing"
)

// One mailbox spelled many ways is one guest.
func TestGuestAddress(t *testing.T) {
	for in, want := range map[string]string{
		"Ada@Example.com":           "ada@example.com",
		" ada+turnout@example.com ": "ada@example.com",
		"a.d.a+x@googlemail.com":    "ada@gmail.com",
		"A.Da@gmail.com":            "ada@gmail.com",
		"a.da@example.com":          "a.da@example.com",
		"+only@example.com":         "+only@example.com",
		"no-at-sign":                "no-at-sign",
	} {
		if got := GuestAddress(in); got != want {
			t.Errorf("GuestAddress(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGuestInputValidate(t *testing.T) {
	ok := GuestInput{Name: "Ada Lovelace", Email: "ada@example.com"}
	if f := ok.Validate(); len(f) != 0 {
		t.Fatalf("a good guest is refused: %v", f)
	}
	for name, in := range map[string]GuestInput{
		"name":  {Name: "  ", Email: "ada@example.com"},
		"email": {Name: "Ada", Email: "not an address"},
	} {
		if f := in.Validate(); len(f[name]) == 0 {
			t.Errorf("%+v: no error on %s (%v)", in, name, f)
		}
	}
	if f := (GuestInput{Name: strings.Repeat("a", GuestNameMax+1), Email: "ada@example.com"}).Validate(); len(f["name"]) == 0 {
		t.Error("a name over the bound is taken")
	}
	for _, name := range []string{"Ada\r\nBcc: x@example.com", "Ada\tL", "Ada \ufffd"} {
		if f := (GuestInput{Name: name, Email: "ada@example.com"}).Validate(); len(f["name"]) == 0 {
			t.Errorf("the name %q is taken", name)
		}
	}
}
