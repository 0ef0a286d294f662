package mail_test

import (
	"strings"
	"testing"

	"turnout/pkg/mail"
)

const (
	activateLink = "http://turnout.test/api/user/activate/?uid=01J0ABC&token=c4k-1a2b3c"
	resetLink    = "http://turnout.test/reset-password?uid=01J0ABC&token=c4k-9f8e7d"
	loginLink    = "http://turnout.test/login"
)

func TestMessages(t *testing.T) {
	for _, tc := range []struct {
		name        string
		msg         mail.Message
		subject     string
		links       []string
		mustSay     []string
		escapedName bool
	}{
		{
			name:    "activation",
			msg:     mail.Activation("ana@example.com", "Ana", activateLink),
			subject: "Activate your Turnout account",
			links:   []string{activateLink},
			mustSay: []string{"Hi Ana,", "3 days"},
		},
		{
			name:    "password reset",
			msg:     mail.PasswordReset("ana@example.com", "Ana", resetLink),
			subject: "Reset your Turnout password",
			links:   []string{resetLink},
			mustSay: []string{"Hi Ana,", "1 hour", "ignore this email"},
		},
		{
			name:    "already registered",
			msg:     mail.AlreadyRegistered("ana@example.com", loginLink, resetLink),
			subject: "You already have a Turnout account",
			links:   []string{loginLink, resetLink},
			mustSay: []string{"already has an account", "Log in", "Reset"},
		},
		{
			name:    "confirm email change",
			msg:     mail.ConfirmEmailChange("ana@example.com", "Ana", activateLink),
			subject: "Confirm your new Turnout email address",
			links:   []string{activateLink},
			mustSay: []string{"Hi Ana,", "1 day", "keeps its current address"},
		},
		{
			name:    "email change notice",
			msg:     mail.EmailChangeRequested("ana@example.com", "Ana", "ana.new@example.com", "24 Nov 2026 18:30 UTC", resetLink),
			subject: "Your Turnout email address is being changed",
			links:   []string{resetLink},
			mustSay: []string{"Hi Ana,", "ana.new@example.com", "24 Nov 2026 18:30 UTC", "reset your password"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.msg
			if got, want := m.To, "ana@example.com"; got != want {
				t.Errorf("To = %q, want %q", got, want)
			}
			if got, want := m.Subject, tc.subject; got != want {
				t.Errorf("Subject = %q, want %q", got, want)
			}
			for _, body := range []struct{ kind, text string }{{"text", m.Text}, {"html", m.HTML}} {
				if !strings.Contains(body.text, "Turnout") {
					t.Errorf("%s body does not name Turnout", body.kind)
				}
				for _, s := range tc.mustSay {
					if !strings.Contains(body.text, s) {
						t.Errorf("%s body does not say %q:\n%s", body.kind, s, body.text)
					}
				}
			}
			for _, link := range tc.links {
				if !strings.Contains(m.Text, link) {
					t.Errorf("text body lacks link %s:\n%s", link, m.Text)
				}
				// In HTML the & of a query string is written as &amp;.
				if escaped := strings.ReplaceAll(link, "&", "&amp;"); !strings.Contains(m.HTML, `href="`+escaped+`"`) {
					t.Errorf("html body lacks href %s:\n%s", escaped, m.HTML)
				}
			}
			if strings.Contains(m.Text, "<") {
				t.Errorf("text body has markup:\n%s", m.Text)
			}
			if !strings.HasPrefix(m.HTML, "<!DOCTYPE html>") {
				t.Errorf("html body does not start with a doctype:\n%.80s", m.HTML)
			}
		})
	}
}

func TestMessagesEscapeNamesInHTML(t *testing.T) {
	for _, m := range []mail.Message{
		mail.Activation("x@example.com", "<b>x</b>", activateLink),
		mail.PasswordReset("x@example.com", "<b>x</b>", resetLink),
	} {
		if strings.Contains(m.HTML, "<b>x</b>") {
			t.Errorf("%s: name not escaped in HTML", m.Subject)
		}
		if !strings.Contains(m.HTML, "&lt;b&gt;x&lt;/b&gt;") {
			t.Errorf("%s: escaped name missing from HTML:\n%s", m.Subject, m.HTML)
		}
		if !strings.Contains(m.Text, "Hi <b>x</b>,") {
			t.Errorf("%s: text body should carry the name as typed:\n%s", m.Subject, m.Text)
		}
	}
}

func TestMessagesEscapeLinksInHTML(t *testing.T) {
	m := mail.Activation("x@example.com", "X", `javascript:alert("hi")`)
	if strings.Contains(m.HTML, `href="javascript:`) {
		t.Errorf("a javascript: link reached the HTML body:\n%s", m.HTML)
	}
	m = mail.Activation("x@example.com", "X", `http://turnout.test/a"><script>alert(1)</script>`)
	if strings.Contains(m.HTML, "<script>") {
		t.Errorf("markup in a link reached the HTML body:\n%s", m.HTML)
	}
}

func TestMessagesGreetWithoutName(t *testing.T) {
	for _, m := range []mail.Message{
		mail.Activation("x@example.com", "  ", activateLink),
		mail.AlreadyRegistered("x@example.com", loginLink, resetLink),
	} {
		if !strings.HasPrefix(m.Text, "Hi there,\n") {
			t.Errorf("%s: text starts %.20q, want a greeting without a name", m.Subject, m.Text)
		}
	}
}
