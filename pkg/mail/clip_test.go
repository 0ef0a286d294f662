package mail

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMessagesCapNames(t *testing.T) {
	long := "Visit spam.example for cheap watches\n\nreally " + strings.Repeat("cheap ", 200)
	m := Activation("a@example.com", long, "https://turnout.example/a")
	first, _, _ := strings.Cut(m.Text, "\n")
	if n := utf8.RuneCountInString(first); n > MaxNameRunes+len("Hi ,") {
		t.Errorf("greeting has %d runes: %q", n, first)
	}
	if !strings.HasSuffix(first, "…,") || strings.Contains(m.HTML, "cheap cheap cheap cheap cheap cheap cheap") {
		t.Errorf("name not clipped: %q", first)
	}
	if got := clip("Ada\r\nBcc: x", MaxNameRunes); got != "Ada Bcc: x" {
		t.Errorf("clip kept line breaks: %q", got)
	}
}
