package apitest

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"turnout/pkg/accounts"
)

// TestLoginBoundAcrossAddresses: 160 wrong guesses for one account, each
// from its own IPv6 network (every viewer has a /64 to spread over), get
// at most accounts.LoginBound password checks, and the rest are refused
// before any. The owner's password alone then no longer opens the account
// from any address, while a password reset, mailed to the owner, does.
// (Below the bound the owner gets in whatever the guessers do:
// TestUsernameCeilingSlowsSpreadGuessing.)
func TestLoginBoundAcrossAddresses(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	env.Passwords.Checks()
	const guesses = 160
	var failed, bounded atomic.Int64
	sem := make(chan struct{}, 4) // argon2id takes ~19 MB a hash
	parallel(guesses, func(i int) {
		sem <- struct{}{}
		defer func() { <-sem }()
		from := fmt.Sprintf("2001:db8:%x::1", i+1)
		res := env.JSONFrom(from, http.MethodPost, loginPath, credentials(a, fmt.Sprintf("spread-guess-%d", i)), "")
		switch {
		case res.Status == http.StatusUnauthorized:
			failed.Add(1)
		case res.Status == http.StatusTooManyRequests && res.Detail(t) == accounts.MsgLoginBound:
			bounded.Add(1)
		default:
			t.Errorf("guess %d: %d %s", i, res.Status, res.Body)
		}
	})
	verified, burned := env.Passwords.Checks()
	t.Logf("%d guesses from %d networks: %d passwords checked, %d refused at the bound", guesses, guesses, verified+burned, bounded.Load())
	if verified+burned > accounts.LoginBound {
		t.Errorf("%d passwords checked, want at most %d", verified+burned, accounts.LoginBound)
	}
	if failed.Load() != verified+burned {
		t.Errorf("%d answered as wrong credentials but %d checked", failed.Load(), verified+burned)
	}

	const owner = "2001:db8:ffff::10"
	res := env.JSONFrom(owner, http.MethodPost, loginPath, credentials(a, a.Password), "")
	evExpectDetail(t, res, http.StatusTooManyRequests, accounts.MsgLoginBound)
	if verified, burned := env.Passwords.Checks(); verified+burned != 0 {
		t.Errorf("the bounded account's password was checked %d times", verified+burned)
	}

	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	path := "/api/user/reset-password/confirm/" + queryValue(t, link, "uid") + "/" + queryValue(t, link, "token") + "/"
	Expect(t, env.JSON(http.MethodPost, path, map[string]string{"password": "after-the-bound-42"}, ""), http.StatusOK)
	Expect(t, env.JSONFrom(owner, http.MethodPost, loginPath, credentials(a, "after-the-bound-42"), ""), http.StatusOK)
}
