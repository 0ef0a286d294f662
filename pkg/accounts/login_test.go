package accounts_test

import (
	"context"
	"testing"

	"turnout/pkg/accounts"
	"turnout/pkg/domain"
)

// TestLogin: every outcome of a login.
func TestLogin(t *testing.T) {
	const addr, otherAddr = "203.0.113.7", "198.51.100.9"
	tests := []struct {
		name string
		// setup returns the username, password and client address tried.
		setup      func(t *testing.T, f fixture) (string, string, string)
		wantCode   domain.Code
		wantField  string
		wantPrefix string
	}{
		{"the right password", func(t *testing.T, f fixture) (string, string, string) {
			return f.user(t, true, false).Username, password, addr
		}, "", "", ""},
		{"a wrong password", func(t *testing.T, f fixture) (string, string, string) {
			return f.user(t, true, false).Username, "wrong password", addr
		}, domain.CodeUnauthorized, "", accounts.MsgLoginFailed},
		{"an unknown username", func(t *testing.T, f fixture) (string, string, string) {
			return "nobody", password, addr
		}, domain.CodeUnauthorized, "", accounts.MsgLoginFailed},
		{"not activated", func(t *testing.T, f fixture) (string, string, string) {
			return f.user(t, false, false).Username, password, addr
		}, domain.CodeForbidden, "", accounts.MsgNotActivated},
		{"no password", func(t *testing.T, f fixture) (string, string, string) {
			return f.user(t, true, false).Username, "", addr
		}, domain.CodeInvalid, "password", domain.MsgRequired},
		{"locked out after failures from the address", func(t *testing.T, f fixture) (string, string, string) {
			u := f.user(t, true, false)
			failLogins(t, f, u.Username, addr, 5)
			return u.Username, password, addr
		}, domain.CodeTooMany, "", "Too many failed login attempts. Try again in"},
		{"another address is not locked out", func(t *testing.T, f fixture) (string, string, string) {
			u := f.user(t, true, false)
			failLogins(t, f, u.Username, addr, 5)
			return u.Username, password, otherAddr
		}, "", "", ""},
		{"at the username's bound", func(t *testing.T, f fixture) (string, string, string) {
			u := f.user(t, true, false)
			for range accounts.LoginBound {
				if err := f.st.ReserveBoundAttempt(context.Background(), u.Username, accounts.LoginBound, f.now, f.now.Add(accounts.LoginBoundForget)); err != nil {
					t.Fatal(err)
				}
			}
			return u.Username, password, otherAddr
		}, domain.CodeTooMany, "", accounts.MsgLoginBound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			username, pw, from := tt.setup(t, f)
			tokens, err := f.svc.Login(context.Background(), username, pw, from)
			if tt.wantCode != "" {
				wantError(t, err, tt.wantCode, tt.wantField, tt.wantPrefix)
				return
			}
			if err != nil || tokens.Access == "" || tokens.Refresh == "" {
				t.Fatalf("login: %+v, %v; want a session", tokens, err)
			}
		})
	}
}

// failLogins makes n failed logins of username from addr.
func failLogins(t *testing.T, f fixture, username, addr string, n int) {
	t.Helper()
	for i := range n {
		if _, err := f.svc.Login(context.Background(), username, "wrong password", addr); domain.ErrorCode(err) != domain.CodeUnauthorized {
			t.Fatalf("failed login %d: %v", i, err)
		}
	}
}
