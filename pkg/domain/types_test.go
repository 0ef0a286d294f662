package domain

import (
	"net/url"
	"strings"
	"testing"
)

// TestTicketPagePathIsAnAppRoute: a ticket link's path has no dot (the
// edge serves the web app only for such paths and takes any other for a
// file), and its secret comes back whole from the query.
func TestTicketPagePathIsAnAppRoute(t *testing.T) {
	secret := "L1.01JREG00000000000000000001.3.c2ln-bmF0_dXJl"
	u, err := url.Parse("https://turnout.example" + TicketPagePath(secret))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(u.Path, ".") {
		t.Errorf("path %q has a dot: the edge would look for a file", u.Path)
	}
	if got := u.Query().Get("t"); got != secret {
		t.Errorf("secret from the query = %q, want %q", got, secret)
	}
}
