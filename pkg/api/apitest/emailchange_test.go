package apitest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"turnout/pkg/accounts"
	"turnout/pkg/api/users"
	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
)

const (
	profilePath = "/api/user/update/profile/"
	orgPath     = "/api/organization/details/update/"
	confirmPath = "/api/user/email/confirm/"
)

// profileForm is a's profile edit with the email set to email.
func profileForm(a *Account, email string) map[string]string {
	return map[string]string{"first_name": "Grace", "last_name": "Hopper", "email": email, "phone": "0987654321", "address": "2 Compiler Way"}
}

// orgForm is an organization edit with the email set to email.
func orgForm(email string) map[string]string {
	return map[string]string{"organization": "Renamed Org", "email": email, "description": "Edited"}
}

// followConfirm follows the newest email confirmation link mailed to email
// and returns where it redirects the browser.
func (e *Env) followConfirm(tb testing.TB, email string) string {
	tb.Helper()
	link := e.MailedLink(tb, email, e.Config.WebOrigin+confirmPath)
	res := e.Request(http.MethodGet, strings.TrimPrefix(link, e.Config.WebOrigin), "", nil, "")
	Expect(tb, res, http.StatusFound)
	return strings.TrimPrefix(res.Header.Get("Location"), e.Config.WebOrigin)
}

// emailOwner is the account id the EMAIL# reservation of email points at,
// or "" when the address is free.
func (e *Env) emailOwner(tb testing.TB, email string) string {
	tb.Helper()
	u, err := e.Base.Store.UserByEmail(context.Background(), email)
	if errors.Is(err, domain.ErrNotFound) {
		return ""
	}
	if err != nil {
		tb.Fatalf("find %s: %v", email, err)
	}
	return u.ID
}

func TestEmailChangeNeedsCurrentPassword(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	person, org := env.NewPerson(t), env.NewOrganizer(t)
	for _, tc := range []struct {
		name, path string
		a          *Account
		form       map[string]string
	}{
		{"person", profilePath, person, profileForm(person, Unique("new")+"@example.com")},
		{"organization", orgPath, org, orgForm(Unique("new") + "@example.org")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for pw, want := range map[string]string{"": accounts.MsgPasswordForEmail, "not-my-password": accounts.MsgCurrentPassword} {
				form := evFormWith(tc.form, map[string]string{"current_password": pw})
				res := env.Multipart(http.MethodPut, tc.path, form, nil, tc.a.Access)
				Expect(t, res, http.StatusBadRequest)
				if got := res.Fields(t)["current_password"]; len(got) != 1 || got[0] != want {
					t.Errorf("password %q: current_password errors = %v, want [%q]", pw, got, want)
				}
				if len(mailtest.Inbox(t, env.Config.SESEndpoint, tc.form["email"])) != 0 {
					t.Errorf("password %q: the new address was mailed", pw)
				}
			}
		})
	}
	// Unchanged (even in another case), the email needs no password.
	Expect(t, env.Multipart(http.MethodPut, profilePath, profileForm(person, strings.ToUpper(person.Email)), nil, person.Access), http.StatusOK)
	Expect(t, env.Multipart(http.MethodPut, orgPath, orgForm(org.Email), nil, org.Access), http.StatusOK)
}

func TestEmailChangeTakesEffectFromTheNewAddress(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	person, org := env.NewPerson(t), env.NewOrganizer(t)
	for _, tc := range []struct {
		name, path, read string
		a                *Account
		form             map[string]string
	}{
		{"person", profilePath, "/api/user/profile/", person, profileForm(person, Unique("New")+"@example.com")},
		{"organization", orgPath, "/api/organization/details/", org, orgForm(Unique("New") + "@example.org")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, newEmail := tc.a, tc.form["email"]
			form := evFormWith(tc.form, map[string]string{"current_password": a.Password})
			res := env.Multipart(http.MethodPut, tc.path, form, nil, a.Access)
			Expect(t, res, http.StatusOK)
			var body map[string]any
			res.Decode(t, &body)
			if body["email"] != a.Email {
				t.Errorf("answer's email = %v, want the old %s until confirmed", body["email"], a.Email)
			}
			// Other fields apply at once; the email waits.
			for _, read := range []string{tc.read, "/api/user/profile/"} {
				res = env.JSON(http.MethodGet, read, nil, a.Access)
				Expect(t, res, http.StatusOK)
				res.Decode(t, &body)
				if body["email"] != a.Email {
					t.Errorf("%s email = %v before confirmation", read, body["email"])
				}
			}
			// The profile says which address waits for confirmation.
			if body["pending_email"] != newEmail {
				t.Errorf("profile pending_email = %v, want %s", body["pending_email"], newEmail)
			}
			if got := env.emailOwner(t, newEmail); got != "" {
				t.Errorf("the new address is reserved before confirmation (by %s)", got)
			}
			// The old address is told when and how to secure the account.
			inbox := mailtest.Inbox(t, env.Config.SESEndpoint, a.Email)
			notice := inbox[len(inbox)-1]
			for _, want := range []string{newEmail, " UTC", env.Config.WebOrigin + "/forget/password"} {
				if !strings.Contains(notice.Text, want) {
					t.Errorf("notice to the old address lacks %q:\n%s", want, notice.Text)
				}
			}

			if got, want := env.followConfirm(t, newEmail), users.EmailConfirmedPath; got != want {
				t.Fatalf("confirmation redirects to %q, want %q", got, want)
			}
			res = env.JSON(http.MethodGet, tc.read, nil, a.Access)
			res.Decode(t, &body)
			if !strings.EqualFold(body["email"].(string), newEmail) {
				t.Errorf("email after confirmation = %v, want %s", body["email"], newEmail)
			}
			res = env.JSON(http.MethodGet, "/api/user/profile/", nil, a.Access)
			res.Decode(t, &body)
			if p, ok := body["pending_email"]; !ok || p != nil {
				t.Errorf("profile pending_email after confirmation = %v (present %v), want null", p, ok)
			}
			if env.emailOwner(t, newEmail) != a.ID || env.emailOwner(t, a.Email) != "" {
				t.Errorf("reservations after confirmation: new → %q, old → %q", env.emailOwner(t, newEmail), env.emailOwner(t, a.Email))
			}
			// The link works once.
			if got, want := env.followConfirm(t, newEmail), users.EmailInvalidPath; got != want {
				t.Errorf("second use redirects to %q, want %q", got, want)
			}
			// A reset for the new address goes to the new address.
			Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": newEmail}, ""), http.StatusOK)
			if n := len(mailtest.Inbox(t, env.Config.SESEndpoint, newEmail)); n != 2 {
				t.Errorf("the new address has %d mails, want the confirmation and the reset", n)
			}
		})
	}
}

// An update to an address someone holds answers exactly as one to a free
// address; only the confirmation link, followed from that address, fails.
func TestEmailChangeToTakenAddressAnswersAlike(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a, b, other := env.NewPerson(t), env.NewPerson(t), env.NewPerson(t)
	answer := func(x *Account, email string) *Response {
		form := evFormWith(profileForm(x, email), map[string]string{"current_password": x.Password})
		return env.Multipart(http.MethodPut, profilePath, form, nil, x.Access)
	}
	freeEmail := Unique("free") + "@example.com"
	taken, free := answer(a, other.Email), answer(b, freeEmail)
	// Each answer shows the address its caller asked for as pending, taken
	// or not.
	normalize := func(res *Response, x *Account, asked string) string {
		r := strings.NewReplacer(x.ID, "ID", x.Username, "USER", x.Email, "EMAIL", asked, "ASKED")
		body := r.Replace(string(res.Body))
		// Only the join time may differ.
		i := strings.Index(body, `"joined"`)
		return body[:i] + body[strings.Index(body[i:], ",")+i:]
	}
	if taken.Status != free.Status || normalize(taken, a, other.Email) != normalize(free, b, freeEmail) {
		t.Errorf("taken: %d %s\nfree:  %d %s", taken.Status, taken.Body, free.Status, free.Body)
	}
	if got, want := env.followConfirm(t, other.Email), users.EmailTakenPath; got != want {
		t.Errorf("confirming a taken address redirects to %q, want %q", got, want)
	}
	if env.emailOwner(t, other.Email) != other.ID || env.emailOwner(t, a.Email) != a.ID {
		t.Errorf("reservations moved: %s → %q, %s → %q", other.Email, env.emailOwner(t, other.Email), a.Email, env.emailOwner(t, a.Email))
	}
}

// Ten concurrent changes to ten addresses, then all ten links followed at
// once: at most one wins, and the reservations agree with the account.
func TestConcurrentEmailChangesStayConsistent(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	const n = 10
	emails := make([]string, n)
	for i := range emails {
		emails[i] = Unique("race") + "@example.com"
	}
	var ok atomic.Int64
	parallel(n, func(i int) {
		form := evFormWith(profileForm(a, emails[i]), map[string]string{"current_password": a.Password})
		if env.Multipart(http.MethodPut, profilePath, form, nil, a.Access).Status == http.StatusOK {
			ok.Add(1)
		}
	})
	if ok.Load() != n {
		t.Fatalf("%d of %d updates answered 200", ok.Load(), n)
	}
	var confirmed atomic.Int64
	parallel(n, func(i int) {
		if env.followConfirm(t, emails[i]) == users.EmailConfirmedPath {
			confirmed.Add(1)
		}
	})
	if confirmed.Load() > 1 {
		t.Errorf("%d confirmations succeeded, want at most 1", confirmed.Load())
	}
	u, err := env.Base.Store.User(context.Background(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for _, email := range append(emails, a.Email) {
		switch owner := env.emailOwner(t, email); {
		case owner == a.ID && strings.EqualFold(email, u.Email):
			held++
		case owner != "":
			t.Errorf("%s is reserved for %s, but the account's email is %s", email, owner, u.Email)
		}
	}
	if held != 1 {
		t.Errorf("the account's email %s is reserved %d times, want once", u.Email, held)
	}
	t.Logf("%d updates, %d confirmations succeeded; email %s", n, confirmed.Load(), u.Email)
}
