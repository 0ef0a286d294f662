package apitest

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
)

const loginPath = "/api/user/login/"

func credentials(a *Account, password string) map[string]string {
	return map[string]string{"username": a.Username, "password": password}
}

// Item 1: the attempt is reserved before the hash, so a burst of parallel
// guesses gets no more password checks than the lockout threshold.
func TestLockoutHoldsUnderParallelGuessing(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	env.Passwords.Checks()
	parallel(100, func(i int) {
		res := env.JSON(http.MethodPost, loginPath, credentials(a, fmt.Sprintf("wrong-guess-%d", i)), "")
		if res.Status != http.StatusUnauthorized && res.Status != http.StatusTooManyRequests {
			t.Errorf("guess %d: status %d; body %s", i, res.Status, res.Body)
		}
	})
	Expect(t, env.JSON(http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusTooManyRequests)
	verified, burned := env.Passwords.Checks()
	t.Logf("100 parallel wrong guesses and the right password: %d passwords verified", verified+burned)
	if verified+burned > 5 {
		t.Errorf("%d passwords checked, want at most the threshold 5", verified+burned)
	}
	env.Advance(accounts.LockoutFor(0) + time.Second)
	Expect(t, env.JSON(http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusOK)
}

// Item 2: guesses lock the guesser's address only; the owner elsewhere
// logs in.
func TestLockoutIsPerClientAddress(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	const attacker, owner = "198.51.100.66", "203.0.113.10"
	for i := range 5 {
		Expect(t, env.JSONFrom(attacker, http.MethodPost, loginPath, credentials(a, fmt.Sprint("guess-", i, "-xyz")), ""), http.StatusUnauthorized)
	}
	res := env.JSONFrom(attacker, http.MethodPost, loginPath, credentials(a, a.Password), "")
	Expect(t, res, http.StatusTooManyRequests)
	Expect(t, env.JSONFrom(owner, http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusOK)
	// The header naming the client counts only with the origin secret.
	Expect(t, env.JSON(http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusOK)
}

// Item 2: guessing spread over many addresses hits the username's ceiling,
// after which each address gets one try, while the owner on an address of
// its own is never refused.
func TestUsernameCeilingSlowsSpreadGuessing(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	for i := range 20 {
		from := fmt.Sprintf("198.51.100.%d", i+1)
		Expect(t, env.JSONFrom(from, http.MethodPost, loginPath, credentials(a, "spread-guess-1"), ""), http.StatusUnauthorized)
	}
	const fresh = "192.0.2.200"
	Expect(t, env.JSONFrom(fresh, http.MethodPost, loginPath, credentials(a, "spread-guess-2"), ""), http.StatusUnauthorized)
	Expect(t, env.JSONFrom(fresh, http.MethodPost, loginPath, credentials(a, "spread-guess-3"), ""), http.StatusTooManyRequests)
	Expect(t, env.JSONFrom("203.0.113.10", http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusOK)
}

// Item 2: a completed password reset clears every lock of the account.
func TestPasswordResetClearsLocks(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	froms := []string{"198.51.100.7", "198.51.100.8"}
	for _, from := range froms {
		for i := range 6 {
			env.JSONFrom(from, http.MethodPost, loginPath, credentials(a, fmt.Sprint("guess-", i, "-abc")), "")
		}
		Expect(t, env.JSONFrom(from, http.MethodPost, loginPath, credentials(a, a.Password), ""), http.StatusTooManyRequests)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	path := "/api/user/reset-password/confirm/" + queryValue(t, link, "uid") + "/" + queryValue(t, link, "token") + "/"
	Expect(t, env.JSON(http.MethodPost, path, map[string]string{"password": "after-the-reset-42"}, ""), http.StatusOK)
	for _, from := range froms {
		Expect(t, env.JSONFrom(from, http.MethodPost, loginPath, credentials(a, "after-the-reset-42"), ""), http.StatusOK)
	}
}

// Item 4: two tabs refreshing one token at once both get the same new
// pair, and the session lives on. (Reuse after the grace still revokes the
// family: TestRefreshRotatesAndDetectsReuse.)
func TestConcurrentRefreshKeepsTheSession(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	var pairs [2]accounts.TokenPair
	parallel(2, func(i int) {
		res := env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": a.Refresh}, "")
		if res.Status != http.StatusOK {
			t.Errorf("refresh %d: status %d; body %s", i, res.Status, res.Body)
			return
		}
		res.Decode(t, &pairs[i])
	})
	if t.Failed() {
		return
	}
	if pairs[0] != pairs[1] {
		t.Fatalf("concurrent refreshes gave different pairs")
	}
	Expect(t, env.JSON(http.MethodGet, "/api/user/profile/", nil, pairs[0].Access), http.StatusOK)
	res := env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": pairs[0].Refresh}, "")
	Expect(t, res, http.StatusOK)
}

// Item 5: every form that sets a password applies the whole policy.
func TestPasswordPolicyOnEveryForm(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	person := PersonForm(Unique("poli"))
	person["password"], person["password1"] = "          ", "          "
	res := env.Multipart(http.MethodPost, "/api/user/registration/", person, nil, "")
	ExpectField(t, res, "password", domain.MsgPasswordBlank)

	org := OrganizationForm(Unique("poli"))
	org["email"] = Unique("contact") + "@example.org"
	pw := "x-" + org["email"]
	org["password"], org["password1"] = pw, pw
	res = env.Multipart(http.MethodPost, "/api/organization/register/", org, nil, "")
	ExpectField(t, res, "password", domain.MsgPasswordEmail)

	a := env.NewPerson(t)
	res = env.JSON(http.MethodPut, "/api/user/change-password/", map[string]string{"old_password": a.Password, "new_password": "1q2w3e4r5t"}, a.Access)
	ExpectField(t, res, "new_password", domain.MsgPasswordCommon)

	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	path := "/api/user/reset-password/confirm/" + queryValue(t, link, "uid") + "/" + queryValue(t, link, "token") + "/"
	res = env.JSON(http.MethodPost, path, map[string]string{"password": "my-" + strings.ToUpper(a.Username)}, "")
	ExpectField(t, res, "password", domain.MsgPasswordUsername)
}

// Item 6: an address gets at most MailsPerAddress mails of a kind an hour
// from the public forms, and the answers do not change when a mail is held
// back.
func TestMailQuotaPerAddress(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t) // its activation mail is of another kind
	var first *Response
	for range accounts.MailsPerAddress + 2 {
		res := env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, "")
		Expect(t, res, http.StatusOK)
		if first == nil {
			first = res
		} else if string(res.Body) != string(first.Body) {
			t.Errorf("answer changed when mail was held back: %s vs %s", res.Body, first.Body)
		}
	}
	if got := subjectsTo(t, env, a.Email)[resetSubject]; got != accounts.MailsPerAddress {
		t.Errorf("resets to %s = %d, want %d", a.Email, got, accounts.MailsPerAddress)
	}
	env.Advance(time.Hour)
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	if got := subjectsTo(t, env, a.Email)[resetSubject]; got != accounts.MailsPerAddress+1 {
		t.Errorf("after an hour: resets = %d, want %d", got, accounts.MailsPerAddress+1)
	}
}

const resetSubject = "Reset your Turnout password"

// A stranger signing up with someone's address, again and again, sends
// them one notice an hour and never spends the allowance of the mail they
// ask for themselves: their password reset still arrives.
func TestMailQuotaKeepsTheOwnersMailFromStrangersNotices(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	for range accounts.MailsPerAddress + 1 {
		form := PersonForm(Unique("stranger"))
		form["email"] = a.Email
		Expect(t, env.MultipartFrom("198.51.100.7", http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	got := subjectsTo(t, env, a.Email)
	if got["You already have a Turnout account"] != 1 || got[resetSubject] != 1 {
		t.Errorf("mails to %s = %v, want one notice of the sign-ups and the reset", a.Email, got)
	}
}

// subjectsTo counts the mails to an address by subject.
func subjectsTo(t *testing.T, env *Env, to string) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, m := range mailtest.Inbox(t, env.Config.SESEndpoint, to) {
		n[m.Subject]++
	}
	return n
}

// Item 6: one client address cannot mail many addresses either.
func TestMailQuotaPerClient(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	const spammer = "198.51.100.99"
	n := accounts.MailsPerClient + 3
	emails := make([]string, n)
	for i := range n {
		form := PersonForm(Unique("victim"))
		emails[i] = form["email"]
		Expect(t, env.MultipartFrom(spammer, http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	}
	sent := 0
	for _, email := range emails {
		sent += len(mailtest.Inbox(t, env.Config.SESEndpoint, email))
	}
	if sent != accounts.MailsPerClient {
		t.Errorf("%d sign-ups from one address sent %d mails, want %d", n, sent, accounts.MailsPerClient)
	}
}

// ExpectField fails the test unless res is a 400 whose first message for
// field is msg.
func ExpectField(tb testing.TB, res *Response, field, msg string) {
	tb.Helper()
	Expect(tb, res, http.StatusBadRequest)
	if got := res.Fields(tb)[field]; len(got) == 0 || got[0] != msg {
		tb.Errorf("%s errors = %v, want [%q]; body %s", field, got, msg, res.Body)
	}
}
