package auth

import (
	"strings"
	"testing"
)

func TestFeedTokens(t *testing.T) {
	f := Feeds{Key: []byte(strings.Repeat("k", 32))}
	token := f.Token("01USER", 3)
	forged := token[:len(token)-1] + "A"
	if strings.HasSuffix(token, "A") {
		forged = token[:len(token)-1] + "B"
	}
	if user, version, ok := f.Parse(token); !ok || user != "01USER" || version != 3 {
		t.Fatalf("Parse(%q) = %q, %d, %v", token, user, version, ok)
	}
	for _, bad := range []string{
		"", "F1.01USER.3", strings.Replace(token, ".3.", ".4.", 1), strings.Replace(token, "01USER", "01OTHER", 1),
		forged, "T1" + token[2:], Feeds{Key: []byte(strings.Repeat("x", 32))}.Token("01USER", 3),
	} {
		if _, _, ok := f.Parse(bad); ok {
			t.Errorf("Parse(%q) accepted a token that is not genuine", bad)
		}
	}
	if (Feeds{Key: []byte("short")}).Token("01USER", 0) != "" {
		t.Errorf("a short key made a token")
	}
}

func TestUnsubscribeTokens(t *testing.T) {
	u := Unsubscribes{Key: []byte(strings.Repeat("k", 32))}
	token := u.Token("01USER", "event_changes")
	if id, kind, ok := u.Parse(token); !ok || id != "01USER" || kind != "event_changes" {
		t.Fatalf("Parse(%q) = %q, %q, %v", token, id, kind, ok)
	}
	for _, bad := range []string{strings.Replace(token, "event_changes", "organizer_messages", 1), strings.Replace(token, "01USER", "01OTHER", 1),
		Feeds(u).Token("01USER", 1), "U1.01USER.event_changes"} {
		if _, _, ok := u.Parse(bad); ok {
			t.Errorf("Parse(%q) accepted a token that is not genuine", bad)
		}
	}
}
