package apitest

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail/mailtest"
)

// expectLanguage fails unless m's HTML names tag as its language (right
// to left when rtl) and its text says each of words.
func expectLanguage(t *testing.T, m mailtest.Received, tag string, rtl bool, words ...string) {
	t.Helper()
	attrs := ` lang="` + tag + `"`
	if rtl {
		attrs += ` dir="rtl"`
	}
	if !strings.Contains(m.HTML, "<html"+attrs+">") || strings.Count(m.HTML, attrs) != 2 {
		t.Errorf("%q: the HTML does not say%s on the document and the container:\n%.600s", m.Subject, attrs, m.HTML)
	}
	for _, w := range words {
		if !strings.Contains(m.Text, w) {
			t.Errorf("%q: the text lacks %q:\n%s", m.Subject, w, m.Text)
		}
	}
}

// TestMailLanguageGermanAccount: an account signed up in German gets its
// activation in German, and a reset link in German even when asked for
// from a page in English: the account's language, not the request's.
func TestMailLanguageGermanAccount(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	env.Language = "de-DE,de;q=0.9,en;q=0.5"
	a := env.NewPerson(t)
	activation := newestMail(t, env, a.Email, "Aktiviere dein Turnout-Konto")
	expectLanguage(t, activation, "de", false, "Hallo Ada,", "Willkommen bei Turnout!", "Viele Grüße\nDein Turnout-Team")

	env.Language = "en"
	Expect(t, env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": a.Email}, ""), http.StatusOK)
	reset := newestMail(t, env, a.Email, "Setze dein Turnout-Passwort zurück")
	expectLanguage(t, reset, "de", false, "Hallo Ada,", "1 Stunde gültig", env.Config.WebOrigin+"/forget/password/create?")
	if !strings.Contains(reset.HTML, ">Neues Passwort wählen</a>") {
		t.Errorf("the reset mail's button is not German:\n%s", reset.HTML)
	}
}

// TestMailLanguageArabicGuest: a guest who registers from the site in
// Arabic is asked to confirm in Arabic, right to left, and their ticket
// comes in Arabic too.
func TestMailLanguageArabicGuest(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 5), map[string]string{"title": "Lantern Walk"}))
	env.Language = "ar"
	email := strings.ToLower(Unique("guest")) + "@example.com"
	Expect(t, guestPost(env, "127.0.0.1", ev.ID, map[string]any{"name": "Layla", "email": email}), http.StatusAccepted)
	ask := newestMail(t, env, email, "أكّد تسجيلك: Lantern Walk")
	expectLanguage(t, ask, "ar", true, "مرحبًا Layla،", "الموعد: ", "المكان: Main Hall")

	env.Language = ""
	mustConfirm(t, env, secretIn(t, env, ask, "/rsvp/confirm?t="), "registered")
	expectLanguage(t, regMail(t, env, email, "تم تسجيلك: Lantern Walk"), "ar", true, "رمز تذكرتك: ", "نراك هناك!\nفريق Turnout")
}

// TestMailLanguageJapaneseRegistration: a Japanese account's confirmation
// writes the event's time the Japanese way, in the event's zone, and its
// calendar file introduces the online link in Japanese; the organizer's
// message to it is framed in Japanese as well.
func TestMailLanguageJapaneseRegistration(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	env.Language = "ja"
	p := env.NewPerson(t)
	env.Language = ""
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	day := env.Now().Add(5 * 24 * time.Hour).In(tokyo)
	start := time.Date(day.Year(), day.Month(), day.Day(), 18, 30, 0, 0, tokyo)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(5, 5), map[string]string{
		"title": "Tea Ceremony", "time_zone": "Asia/Tokyo", "online_url": "https://meet.example.com/tea",
		"start_time": start.Format(time.RFC3339), "end_time": start.Add(90 * time.Minute).Format(time.RFC3339),
	}))
	Expect(t, regPost(env, ev.ID, p.Access), http.StatusCreated)

	end := start.Add(90 * time.Minute)
	when := fmt.Sprintf("日時：%d年%d月%d日(%s) %s～%s JST (Asia/Tokyo)", start.Year(), start.Month(), start.Day(),
		[]string{"日", "月", "火", "水", "木", "金", "土"}[start.Weekday()], start.Format("15:04"), end.Format("15:04"))
	confirm := regMail(t, env, p.Email, "登録が完了しました：Tea Ceremony")
	expectLanguage(t, confirm, "ja", false, "様\n", when, "場所：Main Hall", "オンライン参加：イベントのリンク：\n\nhttps://meet.example.com/tea")
	if len(confirm.Attachments) != 1 || !strings.Contains(string(confirm.Attachments[0].Data), "DESCRIPTION:オンライン参加： https://meet.example.com/tea") {
		t.Errorf("the calendar file does not introduce the link in Japanese: %+v", confirm.Attachments)
	}

	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": "Bring a fan", "body": "It will be warm."}, org.Access), http.StatusAccepted)
	expectLanguage(t, regMail(t, env, p.Email, "Bring a fan · Tea Ceremony"), "ja", false, "ご登録のイベントについてのメッセージです：", "からのメッセージ：\n\nIt will be warm.")
}

// TestMailLanguageInvitation: an invitation goes out in the language of
// the owner who sends it (the invitee may have no account to have one).
func TestMailLanguageInvitation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	email := strings.ToLower(Unique("helper")) + "@example.com"
	env.Language = "fr-CA,fr;q=0.9"
	Expect(t, env.JSON(http.MethodPost, membersPath(org.OrganizationID, ""), map[string]string{"email": email, "role": string(domain.RoleManager)}, org.Access), http.StatusCreated)
	m := newestMail(t, env, email, "Rejoignez ")
	expectLanguage(t, m, "fr", false, "Bonjour,", "vous invite à participer à la gestion de", "gestionnaire (ses événements et leurs participants)")
	if !strings.HasSuffix(m.Subject, " sur Turnout") {
		t.Errorf("subject %q", m.Subject)
	}
}
