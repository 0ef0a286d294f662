package apitest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"turnout/pkg/accounts"
	"turnout/pkg/api/formimage"
	"turnout/pkg/api/users"
	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
	"turnout/pkg/media/mediatest"
)

func TestSignUpActivateLogin(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	form := PersonForm(Unique("Grace"))
	res := env.Multipart(http.MethodPost, "/api/user/registration/", form, map[string]File{"image": {"me.png", mediatest.PNG(8, 8)}}, "")
	Expect(t, res, http.StatusCreated)
	if got, want := res.Detail(t), accounts.MsgSignedUp; got != want {
		t.Errorf("detail = %q, want %q", got, want)
	}

	a := &Account{Username: form["username"], Password: form["password"], Email: form["email"]}
	login := map[string]string{"username": a.Username, "password": a.Password}
	res = env.JSON(http.MethodPost, "/api/user/login/", login, "")
	Expect(t, res, http.StatusForbidden)
	if got, want := res.Detail(t), accounts.MsgNotActivated; got != want {
		t.Errorf("login before activation: detail = %q, want %q", got, want)
	}

	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/api/user/activate/")
	env.Activate(t, a.Email)
	// The link works once; opened again (a second click, a mail scanner)
	// it says the account is already active.
	res = env.Request(http.MethodGet, strings.TrimPrefix(link, env.Config.WebOrigin), "", nil, "")
	Expect(t, res, http.StatusFound)
	if got, want := res.Header.Get("Location"), env.Config.WebOrigin+users.ActivationAlreadyPath; got != want {
		t.Errorf("second use redirects to %q, want %q", got, want)
	}
	// Only the account's own link says so: another token is invalid.
	tampered := strings.TrimSuffix(link, "/")
	tampered = tampered[:len(tampered)-1] + map[bool]string{true: "b", false: "a"}[strings.HasSuffix(tampered, "a")] + "/"
	res = env.Request(http.MethodGet, strings.TrimPrefix(tampered, env.Config.WebOrigin), "", nil, "")
	if got, want := res.Header.Get("Location"), env.Config.WebOrigin+users.ActivationInvalidPath; res.Status != http.StatusFound || got != want {
		t.Errorf("another token redirects %d to %q, want %q", res.Status, got, want)
	}
	// A tampered link is refused the same way.
	res = env.Request(http.MethodGet, strings.TrimPrefix(link, env.Config.WebOrigin)+"x/", "", nil, "")
	if res.Status != http.StatusFound && res.Status != http.StatusNotFound {
		t.Errorf("tampered link: status %d", res.Status)
	}

	// Usernames are case-insensitive at login too.
	a.Username = strings.ToUpper(a.Username)
	env.Login(t, a)
	p := env.profile(t, a)
	for field, want := range map[string]any{
		"username": form["username"], "first_name": "Ada", "last_name": "Lovelace", "email": form["email"],
		"phone": "01234567890", "address": "1 Analytical Row", "is_organizer": false,
	} {
		if got := p[field]; got != want {
			t.Errorf("profile %s = %v, want %v", field, got, want)
		}
	}
	if u, _ := p["image_url"].(string); !strings.HasPrefix(u, env.Config.WebOrigin+"/media/avatars/") {
		t.Errorf("image_url = %v, want an absolute /media/avatars/ URL", p["image_url"])
	}
	if _, err := time.Parse(time.RFC3339, p["joined"].(string)); err != nil {
		t.Errorf("joined = %v: %v", p["joined"], err)
	}
	for _, field := range []string{"id", "organization_id"} {
		if _, ok := p[field]; !ok {
			t.Errorf("profile lacks %s", field)
		}
	}
}

// A sign-up on the way to an event carries the event's page through the
// activation link, in whichever browser the mail is opened, and only a
// page of this site: an edited link cannot send anyone elsewhere.
func TestSignUpNextRidesTheActivationLink(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	const next = "/event/detail?id=01JD5Y3Z8Q9X7V6T5S4R3P2N1M"
	form := PersonForm(Unique("Next"))
	form["next"] = next
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)

	link := env.MailedLink(t, form["email"], env.Config.WebOrigin+"/api/user/activate/")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("activation link %q: %v", link, err)
	}
	if got := u.Query().Get("next"); got != next {
		t.Fatalf("activation link's next = %q, want %q (link %s)", got, next, link)
	}
	edited := u.Query()
	edited.Set("next", "//evil.example/")
	res := env.Request(http.MethodGet, u.Path+"?"+edited.Encode(), "", nil, "")
	Expect(t, res, http.StatusFound)
	if got, want := res.Header.Get("Location"), env.Config.WebOrigin+users.ActivatedPath; got != want {
		t.Errorf("activation with a next elsewhere redirects to %q, want %q", got, want)
	}

	// As mailed (a second account: the first link is spent).
	form = PersonForm(Unique("Next"))
	form["next"] = next
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	link = env.MailedLink(t, form["email"], env.Config.WebOrigin+"/api/user/activate/")
	res = env.Request(http.MethodGet, strings.TrimPrefix(link, env.Config.WebOrigin), "", nil, "")
	Expect(t, res, http.StatusFound)
	query := "?" + url.Values{"next": {next}}.Encode()
	if got, want := res.Header.Get("Location"), env.Config.WebOrigin+users.ActivatedPath+query; got != want {
		t.Errorf("activation redirects to %q, want %q", got, want)
	}
	// The link opened again keeps it for the page that leads to log in; a
	// bad or expired one for the page that offers a new link, and the new
	// link carries it again.
	res = env.Request(http.MethodGet, strings.TrimPrefix(link, env.Config.WebOrigin), "", nil, "")
	if got, want := res.Header.Get("Location"), env.Config.WebOrigin+users.ActivationAlreadyPath+query; got != want {
		t.Errorf("second use redirects to %q, want %q", got, want)
	}
	spent, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	spent.Path = strings.TrimSuffix(spent.Path[:strings.LastIndex(strings.TrimSuffix(spent.Path, "/"), "/")+1], "/") + "/not-a-token/"
	res = env.Request(http.MethodGet, spent.Path+"?"+spent.RawQuery, "", nil, "")
	if got, want := res.Header.Get("Location"), env.Config.WebOrigin+users.ActivationInvalidPath+query; got != want {
		t.Errorf("a bad link redirects to %q, want %q", got, want)
	}
	late := PersonForm(Unique("Late"))
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", late, nil, ""), http.StatusCreated)
	res = env.JSON(http.MethodPost, "/api/user/activation/resend/", map[string]string{"email": late["email"], "next": "https://evil.example/"}, "")
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["next"]; len(got) == 0 || got[0] != domain.MsgInvalidNext {
		t.Errorf("resend with a next elsewhere: next errors = %v", got)
	}
	Expect(t, env.JSON(http.MethodPost, "/api/user/activation/resend/", map[string]string{"email": late["email"], "next": next}, ""), http.StatusOK)
	resent, err := url.Parse(env.MailedLink(t, late["email"], env.Config.WebOrigin+"/api/user/activate/"))
	if err != nil {
		t.Fatalf("resent link: %v", err)
	}
	if got := resent.Query().Get("next"); got != next {
		t.Errorf("resent link %s carries next %q, want %q", resent, got, next)
	}
}

func TestSignUpValidation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	tests := []struct {
		name  string
		edit  func(f map[string]string)
		field string
		msg   string
	}{
		{"passwords differ", func(f map[string]string) { f["password1"] = "something-else-entirely" }, "password1", domain.MsgPasswordsDiffer},
		{"missing username", func(f map[string]string) { delete(f, "username") }, "username", domain.MsgRequired},
		{"missing email", func(f map[string]string) { f["email"] = "" }, "email", domain.MsgRequired},
		{"bad email", func(f map[string]string) { f["email"] = "not-an-email" }, "email", domain.MsgInvalidEmail},
		{"missing first name", func(f map[string]string) { delete(f, "first_name") }, "first_name", domain.MsgRequired},
		{"phone too long", func(f map[string]string) { f["phone"] = "012345678901" }, "phone", domain.MsgPhoneLength},
		{"phone not a number", func(f map[string]string) { f["phone"] = "call me" }, "phone", domain.MsgInvalidPhone},
		{"username with spaces", func(f map[string]string) { f["username"] = "a b" }, "username", domain.MsgInvalidUsername},
		{"short password", func(f map[string]string) { f["password"], f["password1"] = "abc12", "abc12" }, "password", domain.MsgPasswordShort},
		{"numeric password", func(f map[string]string) { f["password"], f["password1"] = "1234567890123", "1234567890123" }, "password", domain.MsgPasswordNumeric},
		{"next on another site", func(f map[string]string) { f["next"] = "//evil.example/event" }, "next", domain.MsgInvalidNext},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := PersonForm(Unique("val"))
			tt.edit(form)
			res := env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, "")
			Expect(t, res, http.StatusBadRequest)
			if got := res.Fields(t)[tt.field]; len(got) == 0 || got[0] != tt.msg {
				t.Errorf("%s errors = %v, want [%q]; body %s", tt.field, got, tt.msg, res.Body)
			}
		})
	}
	t.Run("not an image", func(t *testing.T) {
		res := env.Multipart(http.MethodPost, "/api/user/registration/", PersonForm(Unique("img")),
			map[string]File{"image": {"cat.png", []byte("<html>not an image</html>")}}, "")
		Expect(t, res, http.StatusBadRequest)
		if got := res.Fields(t)["image"]; len(got) == 0 || got[0] != formimage.MsgNotImage {
			t.Errorf("image errors = %v", got)
		}
	})
}

func TestSignUpDoesNotRevealAccounts(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	first := PersonForm(Unique("Taken"))
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", first, nil, ""), http.StatusCreated)

	// A username differing only in case is taken (usernames are public).
	dup := PersonForm(strings.ToLower(first["username"]))
	dup["email"] = Unique("other") + "@example.com"
	res := env.Multipart(http.MethodPost, "/api/user/registration/", dup, nil, "")
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["username"]; len(got) == 0 || got[0] != accounts.MsgUsernameTaken {
		t.Errorf("username errors = %v", got)
	}

	// A registered email gets the same answer as a new one; the owner is
	// told by mail instead, and no second account exists.
	again := PersonForm(Unique("second"))
	again["email"] = strings.ToUpper(first["email"])
	res = env.Multipart(http.MethodPost, "/api/user/registration/", again, nil, "")
	Expect(t, res, http.StatusCreated)
	if got, want := res.Detail(t), accounts.MsgSignedUp; got != want {
		t.Errorf("detail = %q, want %q", got, want)
	}
	inbox := mailtest.Inbox(t, env.Config.SESEndpoint, first["email"])
	if len(inbox) != 2 || !strings.Contains(strings.ToLower(inbox[1].Subject+inbox[1].Text), "already") {
		t.Fatalf("mails to the owner = %+v, want activation then an already-registered notice", inbox)
	}
	res = env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": again["username"], "password": again["password"]}, "")
	Expect(t, res, http.StatusUnauthorized)
}

func TestLoginFailuresLockOut(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	wrong := map[string]string{"username": a.Username, "password": "wrong-password-1"}
	unknown := map[string]string{"username": Unique("ghost"), "password": "wrong-password-1"}

	// Unknown usernames and wrong passwords answer alike.
	r1 := env.JSON(http.MethodPost, "/api/user/login/", wrong, "")
	r2 := env.JSON(http.MethodPost, "/api/user/login/", unknown, "")
	Expect(t, r1, http.StatusUnauthorized)
	Expect(t, r2, http.StatusUnauthorized)
	if string(r1.Body) != string(r2.Body) || r1.Detail(t) != accounts.MsgLoginFailed {
		t.Errorf("bodies differ or wrong message: %s vs %s", r1.Body, r2.Body)
	}
	for range 3 {
		env.JSON(http.MethodPost, "/api/user/login/", wrong, "")
		env.JSON(http.MethodPost, "/api/user/login/", unknown, "")
	}
	// The fifth failure locks; while locked even the right password waits.
	for _, body := range []map[string]string{wrong, unknown} {
		Expect(t, env.JSON(http.MethodPost, "/api/user/login/", body, ""), http.StatusUnauthorized)
		Expect(t, env.JSON(http.MethodPost, "/api/user/login/", body, ""), http.StatusTooManyRequests)
	}
	right := map[string]string{"username": a.Username, "password": a.Password}
	Expect(t, env.JSON(http.MethodPost, "/api/user/login/", right, ""), http.StatusTooManyRequests)
	if got, want := accounts.LockoutFor(0), 30*time.Second; got != want {
		t.Errorf("first lockout = %v, want %v", got, want)
	}
	if got, max := accounts.LockoutFor(35), 15*time.Minute; got != max {
		t.Errorf("lockout after 40 failures = %v, want the cap %v", got, max)
	}
	env.Advance(31 * time.Second)
	Expect(t, env.JSON(http.MethodPost, "/api/user/login/", right, ""), http.StatusOK)
}

func TestUnknownUsernameCostsAHash(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	env.Passwords.Checks()
	login := func(username string) {
		res := env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": username, "password": "not-the-password"}, "")
		Expect(t, res, http.StatusUnauthorized)
	}
	// A wrong password costs one argon2id check; so does an unknown
	// username, so timing does not tell them apart.
	login(a.Username)
	if verified, burned := env.Passwords.Checks(); verified != 1 || burned != 0 {
		t.Errorf("known username: %d verified, %d burned; want 1, 0", verified, burned)
	}
	login(Unique("nobody"))
	if verified, burned := env.Passwords.Checks(); verified != 0 || burned != 1 {
		t.Errorf("unknown username: %d verified, %d burned; want 0, 1", verified, burned)
	}
}

func TestRefreshRotatesAndDetectsReuse(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	refresh := func(token string) *Response {
		return env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": token}, "")
	}
	res := refresh(a.Refresh)
	Expect(t, res, http.StatusOK)
	var next accounts.TokenPair
	res.Decode(t, &next)
	if next.Access == "" || next.Refresh == "" || next.Refresh == a.Refresh {
		t.Fatalf("refresh gave %+v", next)
	}
	Expect(t, env.JSON(http.MethodGet, "/api/user/profile/", nil, next.Access), http.StatusOK)

	// Reusing the rotated token after the grace revokes the whole family.
	env.Advance(accounts.RefreshGrace + time.Second)
	Expect(t, refresh(a.Refresh), http.StatusUnauthorized)
	Expect(t, refresh(next.Refresh), http.StatusUnauthorized)

	// Logout revokes the token it is given; other logins live on.
	env.Login(t, a)
	second := *a
	env.Login(t, &second)
	Expect(t, env.JSON(http.MethodPost, "/api/user/logout/", map[string]string{"refresh": a.Refresh}, a.Access), http.StatusOK)
	Expect(t, refresh(a.Refresh), http.StatusUnauthorized)
	Expect(t, refresh(second.Refresh), http.StatusOK)
	// An access token is not a refresh token.
	Expect(t, refresh(second.Access), http.StatusUnauthorized)
}

func TestRefreshTokensHaveAnAbsoluteExpiry(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	token := a.Refresh
	// Rotating every six days keeps a session alive only until its
	// absolute end.
	for elapsed := time.Duration(0); elapsed < accounts.SessionMaxAge-6*24*time.Hour; elapsed += 6 * 24 * time.Hour {
		env.Advance(6 * 24 * time.Hour)
		res := env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": token}, "")
		Expect(t, res, http.StatusOK)
		var next accounts.TokenPair
		res.Decode(t, &next)
		token = next.Refresh
	}
	env.Advance(6 * 24 * time.Hour)
	Expect(t, env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": token}, ""), http.StatusUnauthorized)
}

func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	change := func(old, next, token string) *Response {
		return env.JSON(http.MethodPut, "/api/user/change-password/", map[string]string{"old_password": old, "new_password": next}, token)
	}
	res := change("not-my-password", "brand-new-password-9", a.Access)
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["old_password"]; len(got) == 0 || got[0] != accounts.MsgOldPassword {
		t.Errorf("old_password errors = %v", got)
	}
	res = change(a.Password, "short", a.Access)
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["new_password"]; len(got) == 0 || got[0] != domain.MsgPasswordShort {
		t.Errorf("new_password errors = %v", got)
	}
	Expect(t, change("", "", a.Access), http.StatusBadRequest)

	res = change(a.Password, "brand-new-password-9", a.Access)
	Expect(t, res, http.StatusOK)
	var fresh accounts.TokenPair
	res.Decode(t, &fresh)
	Expect(t, env.JSON(http.MethodGet, "/api/user/profile/", nil, a.Access), http.StatusUnauthorized)
	Expect(t, env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": a.Refresh}, ""), http.StatusUnauthorized)
	Expect(t, env.JSON(http.MethodGet, "/api/user/profile/", nil, fresh.Access), http.StatusOK)
	a.Password = "brand-new-password-9"
	env.Login(t, a)
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	request := func(email string) *Response {
		return env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": email}, "")
	}
	known, unknown := request(a.Email), request(Unique("nobody")+"@example.com")
	Expect(t, known, http.StatusOK)
	Expect(t, unknown, http.StatusOK)
	if string(known.Body) != string(unknown.Body) {
		t.Errorf("reset answers differ: %s vs %s", known.Body, unknown.Body)
	}
	res := request("")
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["email"]; len(got) == 0 || got[0] != domain.MsgRequired {
		t.Errorf("email errors = %v", got)
	}

	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	uid, token := queryValue(t, link, "uid"), queryValue(t, link, "token")
	confirm := func(uid, token, password string) *Response {
		return env.JSON(http.MethodPost, "/api/user/reset-password/confirm/"+uid+"/"+token+"/", map[string]string{"password": password}, "")
	}
	res = confirm(uid, token, "1234")
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["password"]; len(got) == 0 || got[0] != domain.MsgPasswordShort {
		t.Errorf("password errors = %v", got)
	}
	Expect(t, confirm(uid, token+"x", "reset-password-77"), http.StatusBadRequest)
	Expect(t, confirm(uid, token, "reset-password-77"), http.StatusOK)
	// The link works once, and the reset ended the old session.
	res = confirm(uid, token, "another-password-88")
	Expect(t, res, http.StatusBadRequest)
	if got, want := res.Detail(t), accounts.MsgInvalidReset; got != want {
		t.Errorf("reused link: detail = %q, want %q", got, want)
	}
	Expect(t, env.JSON(http.MethodGet, "/api/user/profile/", nil, a.Access), http.StatusUnauthorized)
	a.Password = "reset-password-77"
	env.Login(t, a)
}

func TestResetLinkExpiresAndDiesOnPasswordChange(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	link := env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	path := "/api/user/reset-password/confirm/" + queryValue(t, link, "uid") + "/" + queryValue(t, link, "token") + "/"

	res := env.JSON(http.MethodPut, "/api/user/change-password/", map[string]string{"old_password": a.Password, "new_password": "changed-password-5"}, a.Access)
	Expect(t, res, http.StatusOK)
	Expect(t, env.JSON(http.MethodPost, path, map[string]string{"password": "reset-password-77"}, ""), http.StatusBadRequest)

	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	link = env.MailedLink(t, a.Email, env.Config.WebOrigin+"/forget/password/create?")
	path = "/api/user/reset-password/confirm/" + queryValue(t, link, "uid") + "/" + queryValue(t, link, "token") + "/"
	env.Advance(accounts.ResetMaxAge + time.Minute)
	Expect(t, env.JSON(http.MethodPost, path, map[string]string{"password": "reset-password-77"}, ""), http.StatusBadRequest)
}

func TestResendActivation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	form := PersonForm(Unique("late"))
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	known := env.JSON(http.MethodPost, "/api/user/activation/resend/", map[string]string{"email": form["email"]}, "")
	unknown := env.JSON(http.MethodPost, "/api/user/activation/resend/", map[string]string{"email": Unique("x") + "@example.com"}, "")
	Expect(t, known, http.StatusOK)
	Expect(t, unknown, http.StatusOK)
	if string(known.Body) != string(unknown.Body) {
		t.Errorf("answers differ: %s vs %s", known.Body, unknown.Body)
	}
	if got := len(mailtest.Inbox(t, env.Config.SESEndpoint, form["email"])); got != 2 {
		t.Fatalf("mails = %d, want 2 activation mails", got)
	}
	env.Activate(t, form["email"])
}

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	a := env.NewPerson(t)
	fields := map[string]string{"first_name": "Grace", "last_name": "Hopper", "email": a.Email, "phone": "0987654321", "address": "2 Compiler Way"}
	res := env.Multipart(http.MethodPut, "/api/user/update/profile/", fields, map[string]File{"image": {"a.jpg", mediatest.JPEG(4, 4)}}, a.Access)
	Expect(t, res, http.StatusOK)
	p := env.profile(t, a)
	for k, want := range fields {
		if p[k] != want {
			t.Errorf("%s = %v, want %v", k, p[k], want)
		}
	}
	if u, _ := p["image_url"].(string); !strings.HasPrefix(u, env.Config.WebOrigin+"/media/avatars/") {
		t.Errorf("image_url = %v", p["image_url"])
	}
	delete(fields, "first_name")
	Expect(t, env.Multipart(http.MethodPut, "/api/user/update/profile/", fields, nil, a.Access), http.StatusBadRequest)
	Expect(t, env.Multipart(http.MethodPut, "/api/user/update/profile/", fields, nil, ""), http.StatusUnauthorized)
}
