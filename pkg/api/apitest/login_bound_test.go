package apitest

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"turnout/pkg/accounts"
)

// guessFromNetworks sends n wrong passwords for a, each from its own IPv6
// network (every viewer has a /64 to spread over), and returns how many
// were answered as wrong credentials and how many refused at the bound.
func guessFromNetworks(t *testing.T, env *Env, a *Account, n int) (failed, bounded int64) {
	t.Helper()
	var f, b atomic.Int64
	sem := make(chan struct{}, 4) // argon2id takes ~19 MB a hash
	parallel(n, func(i int) {
		sem <- struct{}{}
		defer func() { <-sem }()
		from := fmt.Sprintf("2001:db8:%x::1", i+1)
		res := env.JSONFrom(from, http.MethodPost, loginPath, credentials(a, fmt.Sprintf("spread-guess-%d", i)), "")
		switch {
		case res.Status == http.StatusUnauthorized:
			f.Add(1)
		case res.Status == http.StatusTooManyRequests && regResult{body: res.Body}.detail() == accounts.MsgLoginBound:
			b.Add(1)
		default:
			t.Errorf("guess %d: %d %s", i, res.Status, res.Body)
		}
	})
	return f.Load(), b.Load()
}

const ownerNetwork = "2001:db8:ffff::10"

// TestLoginBoundAcrossAddresses: 160 wrong guesses for one account from
// 160 networks get at most accounts.LoginBound password checks, and the
// rest are refused before any. The owner's password alone then no longer
// opens the account from any address, while a password reset, mailed to
// the owner, does. (Below the bound the owner gets in whatever the
// guessers do: TestUsernameCeilingSlowsSpreadGuessing.)
func TestLoginBoundAcrossAddresses(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	env.Passwords.Checks()
	const guesses = 160
	failed, bounded := guessFromNetworks(t, env, a, guesses)
	verified, burned := env.Passwords.Checks()
	t.Logf("%d guesses from %d networks: %d passwords checked, %d refused at the bound", guesses, guesses, verified+burned, bounded)
	if verified+burned > accounts.LoginBound {
		t.Errorf("%d passwords checked, want at most %d", verified+burned, accounts.LoginBound)
	}
	if failed != verified+burned {
		t.Errorf("%d answered as wrong credentials but %d checked", failed, verified+burned)
	}

	res := env.JSONFrom(ownerNetwork, http.MethodPost, loginPath, credentials(a, a.Password), "")
	evExpectDetail(t, res, http.StatusTooManyRequests, accounts.MsgLoginBound)
	if verified, burned := env.Passwords.Checks(); verified+burned != 0 {
		t.Errorf("the bounded account's password was checked %d times", verified+burned)
	}

	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	path := "/api/user/reset-password/confirm/" + queryValue(t, link, "uid") + "/" + queryValue(t, link, "token") + "/"
	Expect(t, env.JSON(http.MethodPost, path, map[string]string{"password": "after-the-bound-42"}, ""), http.StatusOK)
	Expect(t, env.JSONFrom(ownerNetwork, http.MethodPost, loginPath, credentials(a, "after-the-bound-42"), ""), http.StatusOK)
}

// TestLoginBoundIsForgotten: a username at its bound is counted afresh
// once accounts.LoginBoundForget has passed since the last counted
// attempt, though DynamoDB has not yet removed the expired count.
func TestLoginBoundIsForgotten(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	if _, bounded := guessFromNetworks(t, env, a, accounts.LoginBound+1); bounded != 1 {
		t.Fatalf("%d of %d guesses refused at the bound, want 1", bounded, accounts.LoginBound+1)
	}
	env.Advance(accounts.LoginBoundForget - time.Minute)
	evExpectDetail(t, env.JSONFrom(ownerNetwork, http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusTooManyRequests, accounts.MsgLoginBound)
	env.Advance(2 * time.Minute)
	Expect(t, env.JSONFrom(ownerNetwork, http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusOK)
}
