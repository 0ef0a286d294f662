package domain

import "testing"

func TestOnlyItsCodeOpensAPrivateEvent(t *testing.T) {
	private := Event{Visibility: VisibilityPrivate, InviteCode: "Qm9vbXMtYW5kLWNvZGVz"}
	for _, tc := range []struct {
		e      Event
		invite string
		want   bool
	}{
		{Event{}, "", true},
		{Event{Visibility: VisibilityUnlisted}, "", true},
		{private, "", false},
		{private, "Qm9vbXMtYW5kLWNvZGVz", true},
		{private, "Qm9vbXMtYW5kLWNvZGVZ", false},
		{private, "Qm9vbXMtYW5kLWNvZGVz ", false},
		// A private event that lost its code opens to nobody's link.
		{Event{Visibility: VisibilityPrivate}, "", false},
	} {
		if got := tc.e.OpensWith(tc.invite); got != tc.want {
			t.Errorf("%q event, invite %q: opens %v, want %v", tc.e.Visibility, tc.invite, got, tc.want)
		}
	}
	if (Event{}).VisibilityOf() != VisibilityPublic || !(Event{}).Listed() || private.Listed() {
		t.Error("an event from before visibility must read as public and listed, a private one as not")
	}
}

func TestOnlineLinks(t *testing.T) {
	for link, want := range map[string]bool{
		"https://meet.example.com/abc?pwd=1": true,
		"https://zoom.us/j/123":              true,
		"http://meet.example.com/abc":        false,
		"https://":                           false,
		"https://user:pw@meet.example.com/":  false,
		"https://meet.example.com/a b":       false,
		"javascript:alert(1)":                false,
		"//meet.example.com/abc":             false,
	} {
		if got := ValidOnlineURL(link); got != want {
			t.Errorf("ValidOnlineURL(%q) = %v, want %v", link, got, want)
		}
	}
}

// A guest opens a private event by its code (they have no login).
func TestGuestPagePath(t *testing.T) {
	private := Event{ID: "01EVENT", Visibility: VisibilityPrivate, InviteCode: "c0de"}
	if got := private.GuestPagePath(); got != "/event/detail?id=01EVENT&invite=c0de" {
		t.Errorf("a private event's guest page is %q", got)
	}
	if got := (Event{ID: "01EVENT", Visibility: VisibilityUnlisted}).GuestPagePath(); got != "/event/detail?id=01EVENT" {
		t.Errorf("an unlisted event's guest page is %q", got)
	}
}
