package mail_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

// everyMail is each mail Turnout sends, in l, to ana@example.com.
func everyMail(l mail.Lang) map[string]domain.Message {
	const to, name = "ana@example.com", "Ana"
	f, g := reminderFacts, reminderFacts
	g.Manage, g.JoinURL = "http://turnout.test/rsvp/manage?t=M1", "https://meet.example.com/x"
	tk := mail.Ticket{Code: "TICKET-CODE", Link: "http://turnout.test/ticket?t=L1.T", QR: []byte{1}}
	ics := []byte("BEGIN:VCALENDAR")
	off := mail.Optional{Page: "http://turnout.test/unsubscribe?t=U1", OneClick: "http://turnout.test/api/user/unsubscribe/U1/"}
	was := domain.EventWas{Start: f.Start.Add(-time.Hour), End: f.End, Location: "Pier 4"}
	return map[string]domain.Message{
		"activation":      l.Activation(to, name, activateLink),
		"reset":           l.PasswordReset(to, name, resetLink),
		"already":         l.AlreadyRegistered(to, loginLink, resetLink),
		"email confirm":   l.ConfirmEmailChange(to, name, activateLink),
		"email changing":  l.EmailChangeRequested(to, name, "n@example.com", l.Moment(f.Start), resetLink),
		"deleted":         l.AccountDeleted(to, name, "http://turnout.test/register"),
		"confirmed":       l.RegistrationConfirmed(to, name, g, tk, ics),
		"waitlisted":      l.Waitlisted(to, name, g, 3),
		"seat given":      l.SeatGiven(to, name, f, tk, ics),
		"cancelled":       l.RegistrationCancelled(to, name, f, ics),
		"waitlist left":   l.WaitlistLeft(to, name, f),
		"reminder 24h":    l.Reminder(to, name, domain.Reminder24h, g, tk, ics, off),
		"reminder 1h":     l.Reminder(to, name, domain.Reminder1h, f, tk, ics, off),
		"requested":       l.RequestReceived(to, name, f),
		"approved":        l.RequestApproved(to, name, f, tk, ics),
		"declined":        l.RequestDeclined(to, name, f),
		"event cancelled": l.EventCancelled(to, name, "", f, "The pier is closed.", ics),
		"event deleted":   l.EventDeleted(to, name, f, "http://turnout.test/events", ics),
		"event changed":   l.EventChanged(to, name, g, was, ics, off),
		"new events 1":    l.NewEvents(to, name, "Harbour Club", []mail.EventFacts{f}, 0, "http://turnout.test/o", off),
		"new events 14":   l.NewEvents(to, name, "Harbour Club", []mail.EventFacts{f, f}, 12, "http://turnout.test/o", off),
		"guest confirm":   l.GuestConfirm(to, name, f, "http://turnout.test/rsvp/confirm?t=C1"),
		"invitation":      l.Invitation(to, "Harbour Club", "bob", "checkin", "http://turnout.test/join?t=J1"),
	}
}

// TestEveryMailSpeaksItsLanguage: in every language each mail is written
// whole (no placeholder or link mark left, no English word of the frame),
// and its HTML names its language, right to left for Arabic only.
func TestEveryMailSpeaksItsLanguage(t *testing.T) {
	english := everyMail(mail.In("en"))
	for _, tag := range domain.Languages {
		for kind, m := range everyMail(mail.In(tag)) {
			for _, part := range []string{m.Subject, m.Text} {
				if strings.ContainsAny(part, "{}[]") {
					t.Errorf("%s %s: a placeholder or link mark is left:\n%s", tag, kind, part)
				}
			}
			wantLang := ` lang="` + tag + `"`
			if tag == "ar" {
				wantLang += ` dir="rtl"`
			}
			if !strings.Contains(m.HTML, "<html"+wantLang+">") || strings.Count(m.HTML, wantLang) != 2 {
				t.Errorf("%s %s: the HTML does not name its language (%s) on the document and the container", tag, kind, wantLang)
			}
			if tag != "ar" && strings.Contains(m.HTML, "rtl") {
				t.Errorf("%s %s: right to left", tag, kind)
			}
			if tag == "en" {
				continue
			}
			if m.Subject == english[kind].Subject {
				t.Errorf("%s %s: the subject is English's: %q", tag, kind, m.Subject)
			}
			for _, words := range []string{"Best wishes", "See you there", "The Turnout team", "Hi Ana", "When:", "Where:", "If the button"} {
				if strings.Contains(m.Text, words) || strings.Contains(m.HTML, words) {
					t.Errorf("%s %s: says %q", tag, kind, words)
				}
			}
		}
	}
}

// A German account's mails are German: subject, text and button.
func TestGermanAccountMails(t *testing.T) {
	de := mail.In("de")
	for _, tc := range []struct {
		m                     domain.Message
		subject, link, button string
		mustSay               []string
	}{
		{de.Activation("ana@example.com", "Ana", activateLink), "Aktiviere dein Turnout-Konto", activateLink, "Konto aktivieren",
			[]string{"Hallo Ana,", "Willkommen bei Turnout!", "3 Tage gültig", "Viele Grüße\nDein Turnout-Team"}},
		{de.PasswordReset("ana@example.com", "Ana", resetLink), "Setze dein Turnout-Passwort zurück", resetLink, "Neues Passwort wählen",
			[]string{"Hallo Ana,", "neues Passwort wählen:\n\n" + resetLink, "1 Stunde gültig", "Dein Passwort bleibt, wie es ist."}},
	} {
		if tc.m.Subject != tc.subject {
			t.Errorf("subject %q, want %q", tc.m.Subject, tc.subject)
		}
		for _, s := range tc.mustSay {
			if !strings.Contains(tc.m.Text, s) {
				t.Errorf("%s: the text lacks %q:\n%s", tc.subject, s, tc.m.Text)
			}
		}
		if !strings.Contains(tc.m.HTML, `<html lang="de">`) || !strings.Contains(tc.m.HTML, ">"+tc.button+"</a>") {
			t.Errorf("%s: no German HTML or no button %q:\n%s", tc.subject, tc.button, tc.m.HTML)
		}
	}
}

// A guest who registered in Arabic is asked in Arabic, right to left.
func TestArabicGuestConfirmIsRightToLeft(t *testing.T) {
	m := mail.In("ar").GuestConfirm("ana@example.com", "أنا", reminderFacts, "http://turnout.test/rsvp/confirm?t=C1")
	if m.Subject != "أكّد تسجيلك: Lantern Walk" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, s := range []string{`<html lang="ar" dir="rtl">`, `cellspacing="0" lang="ar" dir="rtl" style="max-width:560px;`, "تأكيد تسجيلي"} {
		if !strings.Contains(m.HTML, s) {
			t.Errorf("the HTML lacks %q:\n%s", s, m.HTML)
		}
	}
	for _, s := range []string{"مرحبًا أنا،", "الموعد: الجمعة، 27 نوفمبر 2026، 18:00–20:30 \u2066-03 (America/Sao_Paulo)\u2069", "http://turnout.test/rsvp/confirm?t=C1"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text lacks %q:\n%s", s, m.Text)
		}
	}
}

// TestWhenInEachLanguage: an event's time as each language writes it, in
// the event's zone; one that ends the next day names both days.
func TestWhenInEachLanguage(t *testing.T) {
	berlin := reminderFacts
	berlin.Zone = "Europe/Berlin"
	for tag, want := range map[string][2]string{
		"en":    {"Fri, 27 Nov 2026, 18:00–20:30 -03 (America/Sao_Paulo)", "Fri, 27 Nov 2026, 22:00 – Sat, 28 Nov 2026, 00:30 CET (Europe/Berlin)"},
		"de":    {"Fr., 27. Nov. 2026, 18:00–20:30 -03 (America/Sao_Paulo)", "Fr., 27. Nov. 2026, 22:00 – Sa., 28. Nov. 2026, 00:30 CET (Europe/Berlin)"},
		"es":    {"vie, 27 nov 2026, 18:00–20:30 -03 (America/Sao_Paulo)", "vie, 27 nov 2026, 22:00 – sáb, 28 nov 2026, 00:30 CET (Europe/Berlin)"},
		"fr":    {"ven. 27 nov. 2026, 18:00–20:30 -03 (America/Sao_Paulo)", "ven. 27 nov. 2026, 22:00 – sam. 28 nov. 2026, 00:30 CET (Europe/Berlin)"},
		"pt-BR": {"sex., 27 de nov. de 2026, 18:00–20:30 -03 (America/Sao_Paulo)", "sex., 27 de nov. de 2026, 22:00 – sáb., 28 de nov. de 2026, 00:30 CET (Europe/Berlin)"},
		"ja":    {"2026年11月27日(金) 18:00～20:30 -03 (America/Sao_Paulo)", "2026年11月27日(金) 22:00 ～ 2026年11月28日(土) 00:30 CET (Europe/Berlin)"},
		"ar":    {"الجمعة، 27 نوفمبر 2026، 18:00–20:30 \u2066-03 (America/Sao_Paulo)\u2069", "الجمعة، 27 نوفمبر 2026، 22:00 – السبت، 28 نوفمبر 2026، 00:30 \u2066CET (Europe/Berlin)\u2069"},
	} {
		l := mail.In(tag)
		if got := l.When(reminderFacts); got != want[0] {
			t.Errorf("%s: When = %q, want %q", tag, got, want[0])
		}
		if got := l.When(berlin); got != want[1] {
			t.Errorf("%s: When across midnight = %q, want %q", tag, got, want[1])
		}
	}
	if got := mail.In("ja").Moment(time.Date(2026, 11, 24, 18, 30, 0, 0, time.UTC)); got != "2026年11月24日 18:30 UTC" {
		t.Errorf("ja Moment = %q", got)
	}
	if got := mail.In("en").Moment(time.Date(2026, 11, 24, 18, 30, 0, 0, time.FixedZone("X", 3600))); got != "24 Nov 2026 at 17:30 UTC" {
		t.Errorf("en Moment = %q", got)
	}
}

// A reminder in Japanese tells its date the Japanese way.
func TestJapaneseReminderDate(t *testing.T) {
	m := mail.In("ja").Reminder("ana@example.com", "Ana", domain.Reminder24h, reminderFacts, mail.Ticket{Code: "T", Link: "http://turnout.test/ticket?t=L1.T"}, nil, mail.Optional{})
	if m.Subject != "明日開催：Lantern Walk" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, s := range []string{"Ana 様\n", "日時：2026年11月27日(金) 18:00～20:30 -03 (America/Sao_Paulo)", "場所：Old Harbour", "当日お会いできるのを楽しみにしています。\nTurnoutチーム"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text lacks %q:\n%s", s, m.Text)
		}
	}
}

// TestPluralsFollowTheCount: the words a count decides.
func TestPluralsFollowTheCount(t *testing.T) {
	f := reminderFacts
	for tag, want := range map[string][3]string{
		"en": {"Harbour Club, which you follow, published a new event:", "New from Harbour Club: 2 new events", "And 1 more on its page"},
		"fr": {"Harbour Club, que vous suivez, a publié un nouvel événement\u00a0:", "Nouveau chez Harbour Club\u00a0: 2 nouveaux événements", "Et 1 autre sur sa page"},
		"ar": {"\u2068Harbour Club\u2069، التي تتابعها، لديها الآن فعالية جديدة:", "جديد من Harbour Club: فعاليتان جديدتان", "وفعالية أخرى في صفحتها"},
	} {
		l := mail.In(tag)
		one := l.NewEvents("a@example.com", "Ana", "Harbour Club", []mail.EventFacts{f}, 0, "http://turnout.test/o", mail.Optional{})
		two := l.NewEvents("a@example.com", "Ana", "Harbour Club", []mail.EventFacts{f}, 1, "http://turnout.test/o", mail.Optional{})
		if !strings.Contains(one.Text, want[0]) || two.Subject != want[1] || !strings.Contains(two.Text, want[2]) {
			t.Errorf("%s: one says\n%s\ntwo are %q:\n%s", tag, one.Text, two.Subject, two.Text)
		}
	}
}

// TestProductCodeNamesTheLanguage: no product code (pkg and functions,
// tests aside) writes a mail with the English shorthands: each names the
// recipient's language with mail.In.
func TestProductCodeNamesTheLanguage(t *testing.T) {
	english := map[string]bool{}
	file, err := parser.ParseFile(token.NewFileSet(), "english.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range file.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && ast.IsExported(fn.Name.Name) {
			english[fn.Name.Name] = true
		}
	}
	for _, root := range []string{"..", "../../functions"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			name := ""
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == "turnout/pkg/mail" {
					name = "mail"
					if imp.Name != nil {
						name = imp.Name.Name
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && name != "" {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == name && english[sel.Sel.Name] {
						t.Errorf("%s calls mail.%s: name the recipient's language (mail.In(lang).%s)", path, sel.Sel.Name, sel.Sel.Name)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
