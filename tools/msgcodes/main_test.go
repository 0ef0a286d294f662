package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestSnake(t *testing.T) {
	for name, want := range map[string]string{
		"Required": "required", "PasswordShort": "password_short", "RSVPLinkInvalid": "rsvp_link_invalid",
		"NotAnOrganizer": "not_an_organizer", "TooManyGuestAsks": "too_many_guest_asks", "OnlineURL": "online_url",
	} {
		if got := snake(name); got != want {
			t.Errorf("snake(%q) = %q, want %q", name, got, want)
		}
	}
}

func write(t *testing.T, dir, name, src string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCollectRefusesOneCodeForTwoTexts(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.go", "package a\n\nconst MsgGone = \"Gone.\"\n")
	write(t, dir, "b.go", "package b\n\nconst (\n\tMsgGone = \"Went away.\"\n\tMsgAlias = MsgGone\n)\n")
	if _, err := collect(dir); err == nil || !strings.Contains(err.Error(), `code "gone"`) {
		t.Errorf("err = %v, want a clash of code gone", err)
	}
}

func TestValuesBecomeGroupsAndPlaceholders(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.go", "package a\n\nconst (\n\tMsgWait = \"Try again in %d seconds.\"\n\tMsgSame = \"Gone.\"\n\tMsgGone = \"Gone.\"\n)\n\nconst msgLower = \"not a message\"\n")
	msgs, err := collect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].code != "same" || msgs[1].code != "wait" {
		t.Fatalf("messages = %+v, want same (first of a text) and wait", msgs)
	}
	src, err := goFile(msgs)
	if err != nil {
		t.Fatal(err)
	}
	pattern := regexp.MustCompile(`regexp\.MustCompile\("(.*)"\)`).FindSubmatch(src)
	if pattern == nil {
		t.Fatalf("no pattern in\n%s", src)
	}
	re := regexp.MustCompile(strings.ReplaceAll(string(pattern[1]), `\\`, `\`))
	if m := re.FindStringSubmatch("Try again in 42 seconds."); m == nil || m[1] != "42" {
		t.Errorf("pattern %s does not take 42 from the message", re)
	}
	web, err := webFile(msgs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(web), `"api.wait": "Try again in {0} seconds."`) || !strings.Contains(string(web), `"api.same": "Gone."`) {
		t.Errorf("catalog =\n%s", web)
	}
}
