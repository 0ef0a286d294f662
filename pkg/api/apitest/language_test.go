package apitest

import (
	"net/http"
	"strings"
	"testing"
)

// TestLanguageIsTheSignUpsThenTheChosenOne: an account keeps the language
// it signed up in (the web app's, from Accept-Language) until its person
// chooses another; only a language Turnout speaks is taken.
func TestLanguageIsTheSignUpsThenTheChosenOne(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	plain := env.NewPerson(t)
	if got := env.profile(t, plain)["language"]; got != "en" {
		t.Errorf("signed up without a language: %v, want en", got)
	}

	env.Language = "de-CH, de;q=0.9, en;q=0.5"
	ana, org := env.NewPerson(t), env.NewOrganizer(t)
	for _, a := range []*Account{ana, org} {
		if got := env.profile(t, a)["language"]; got != "de" {
			t.Errorf("signed up in Swiss German: %v, want de", got)
		}
	}

	var saved map[string]string
	res := env.JSON(http.MethodPut, "/api/user/language/", map[string]string{"language": "pt-br"}, ana.Access)
	Expect(t, res, http.StatusOK)
	if res.Decode(t, &saved); saved["language"] != "pt-BR" {
		t.Errorf("saved %v, want pt-BR", saved)
	}
	if got := env.profile(t, ana)["language"]; got != "pt-BR" {
		t.Errorf("after choosing: %v, want pt-BR", got)
	}

	evExpectFields(t, env.JSON(http.MethodPut, "/api/user/language/", map[string]string{"language": "tlh"}, ana.Access), map[string][]string{"language": {"Select a valid choice."}})
	Expect(t, env.JSON(http.MethodPut, "/api/user/language/", map[string]any{"language": 7}, ana.Access), http.StatusBadRequest)
	Expect(t, env.JSON(http.MethodPut, "/api/user/language/", map[string]string{"language": "ja"}, ""), http.StatusUnauthorized)
	if got := env.profile(t, ana)["language"]; got != "pt-BR" {
		t.Errorf("refused changes changed it to %v", got)
	}
}

// TestCalendarFeedSpeaksTheAccountsLanguage: the words Turnout writes into
// a person's calendar feed (before an online event's link) are in their
// language.
func TestCalendarFeedSpeaksTheAccountsLanguage(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"online_url": "https://meet.example.com/kaffee"}))
	env.Language = "de"
	ana := env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, ana.Access), http.StatusCreated)
	var feed struct{ URL string }
	env.JSON(http.MethodGet, "/api/event/feed/", nil, ana.Access).Decode(t, &feed)
	env.Language = ""
	res := env.JSON(http.MethodGet, strings.TrimPrefix(feed.URL, env.Config.WebOrigin), nil, "")
	Expect(t, res, http.StatusOK)
	if body := strings.ReplaceAll(string(res.Body), "\r\n ", ""); !strings.Contains(body, "Online dabei sein: https://meet.example.com/kaffee") {
		t.Errorf("the feed of a German account:\n%s", body)
	}
}
