package apitest

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestEventLanguage: an event may name the language it is held in (a BCP
// 47 tag, written in its usual case); its page, the lists and the share
// page's structured data carry it; a search by language finds every
// variety of it; an edit without it keeps it, an empty one removes it,
// and a tag that is none is refused.
func TestEventLanguage(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	title := Unique("Lingua")
	pt := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 10), map[string]string{"title": title + " Roda de samba", "language": "PT-br"}))
	de := env.CreateEvent(t, org, evFormWith(env.EventForm(4, 10), map[string]string{"title": title + " Stammtisch", "language": "de-CH"}))
	env.CreateEvent(t, org, evFormWith(env.EventForm(5, 10), map[string]string{"title": title + " Open mic"}))

	language := func(id string) any {
		t.Helper()
		var body map[string]any
		env.JSON(http.MethodGet, "/api/event/detail/"+id+"/", nil, "").Decode(t, &body)
		return body["language"]
	}
	if got := language(pt.ID); got != "pt-BR" {
		t.Errorf("language = %v, want pt-BR", got)
	}

	var listed []map[string]any
	env.JSON(http.MethodGet, "/api/event/public/?q="+url.QueryEscape(title), nil, "").Decode(t, &listed)
	langs := map[string]any{}
	for _, e := range listed {
		langs[e["title"].(string)] = e["language"]
	}
	if langs[title+" Stammtisch"] != "de-CH" || langs[title+" Open mic"] != nil || len(langs) != 3 {
		t.Errorf("the list's languages = %v", langs)
	}

	for lang, want := range map[string][]string{"de": {title + " Stammtisch"}, "pt-BR": {title + " Roda de samba"}, "PT": {title + " Roda de samba"}, "ja": {}} {
		found, _ := searchTitles(t, env, url.Values{"q": {title}, "lang": {lang}})
		if !slices.Equal(found, want) && !(len(found) == 0 && len(want) == 0) {
			t.Errorf("lang=%s found %v, want %v", lang, found, want)
		}
	}
	evExpectFields(t, env.JSON(http.MethodGet, "/api/event/public/?lang=english!", nil, ""), map[string][]string{"lang": {"Enter a language tag such as en, de or pt-BR."}})

	if page := sharedPage(t, env, "/api/event/public/share/"+de.ID, http.StatusOK); !strings.Contains(page, `"inLanguage":"de-CH"`) {
		t.Errorf("the share page's data has no inLanguage:\n%s", page)
	}

	// A link preview speaks the language the event is held in.
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+pt.ID+"/cancel/", map[string]string{"message": "Chuva."}, org.Access), http.StatusOK)
	if page := sharedPage(t, env, "/api/event/public/share/"+pt.ID, http.StatusOK); !strings.Contains(page, "<title>Cancelado: "+title+" Roda de samba · Turnout</title>") {
		t.Errorf("the cancelled Brazilian event's preview:\n%s", page)
	}

	form := env.EventForm(4, 10)
	Expect(t, evPatch(env, de.ID, form, org.Access), http.StatusOK)
	if got := language(de.ID); got != "de-CH" {
		t.Errorf("an edit without a language left %v, want de-CH kept", got)
	}
	evExpectFields(t, evPatch(env, de.ID, evFormWith(form, map[string]string{"language": "Deutsch bitte"}), org.Access), map[string][]string{"language": {"Enter a language tag such as en, de or pt-BR."}})
	Expect(t, evPatch(env, de.ID, evFormWith(form, map[string]string{"language": ""}), org.Access), http.StatusOK)
	if got := language(de.ID); got != nil {
		t.Errorf("an empty language left %v", got)
	}
	if found, _ := searchTitles(t, env, url.Values{"q": {title}, "lang": {"de"}}); len(found) != 0 {
		t.Errorf("after removing its language, lang=de still finds %v", found)
	}
}
