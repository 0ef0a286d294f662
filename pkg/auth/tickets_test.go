package auth

import (
	"strings"
	"testing"
)

func TestTicketCodes(t *testing.T) {
	tickets := Tickets{Key: []byte(strings.Repeat("k", 32))}
	event, other, reg := NewID(), NewID(), NewID()
	code := tickets.Code(event, reg)

	if got, ok := tickets.Registration(code); !ok || got != reg {
		t.Errorf("Registration(%q) = %q, %v; want %q", code, got, ok, reg)
	}
	if !tickets.Valid(code, event) {
		t.Errorf("the code is not valid for its own event")
	}
	if !tickets.Valid(" "+code+"\n", event) {
		t.Errorf("a scanned code with surrounding space is refused")
	}
	if tickets.Valid(code, other) {
		t.Errorf("the code is valid for another event")
	}
	sig := code[strings.LastIndex(code, ".")+1:]
	// One character changed: always a different one (a fixed "A" left the
	// code as it was whenever it ended in A, 1 run in 64).
	changed := code[:len(code)-1] + "A"
	if strings.HasSuffix(code, "A") {
		changed = code[:len(code)-1] + "B"
	}
	forged := []string{
		"T1." + NewID() + "." + sig, // another registration, same signature
		changed,
		"T2" + code[2:], // another version
		Tickets{Key: []byte(strings.Repeat("x", 32))}.Code(event, reg), // another key
		"", "T1", "T1.." + sig, reg,
	}
	for _, f := range forged {
		if tickets.Valid(f, event) {
			t.Errorf("forged code %q is valid", f)
		}
	}
	if (Tickets{Key: []byte("short")}).Code(event, reg) != "" {
		t.Errorf("a short key makes codes")
	}
	if strings.Contains(code, event) {
		t.Errorf("the code %q carries the event id; it needs only the registration", code)
	}
}

func TestTicketLinks(t *testing.T) {
	tickets := Tickets{Key: []byte(strings.Repeat("k", 32))}
	reg := NewID()
	link := tickets.Link(reg, 2)
	if got, version, ok := tickets.ParseLink(link); !ok || got != reg || version != 2 {
		t.Fatalf("ParseLink(%q) = %q, %d, %v; want %q, 2", link, got, version, ok, reg)
	}
	for _, bad := range []string{
		strings.Replace(link, ".2.", ".3.", 1), // another version
		strings.Replace(link, reg, NewID(), 1), // another registration
		tickets.Code(NewID(), reg),             // the ticket's code is no link
		Feeds(tickets).Token(reg, 2),           // nor is a feed secret
		Tickets{Key: []byte(strings.Repeat("x", 32))}.Link(reg, 2),
		"", "L1." + reg + ".2",
	} {
		if _, _, ok := tickets.ParseLink(bad); ok {
			t.Errorf("ParseLink(%q) accepted a link that is not genuine", bad)
		}
	}
}
