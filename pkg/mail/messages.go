package mail

import (
	"html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"turnout/pkg/domain"
)

// The product's messages. Each has a plain-text body and a simple HTML body
// with inline styles (mail clients drop style sheets). They are built with
// plain string writes, not templates: executing a template keeps every
// exported method of every reachable type alive in the binary (users and
// organizations were 22 MB with it). Every value is escaped on its way
// into the HTML and every link checked by safeURL.

// Activation asks a new account to confirm its email address.
func Activation(to, name, link string) domain.Message {
	b := newBody(name)
	b.action("Welcome to Turnout! Please confirm your email address to activate your account", "Activate my account", link)
	b.para("This link expires in 3 days. If you didn't sign up for Turnout, you can ignore this email.")
	return b.message(to, "Activate your Turnout account", link)
}

// PasswordReset carries a link to choose a new password.
func PasswordReset(to, name, link string) domain.Message {
	b := newBody(name)
	b.action("We got a request to reset the password of your Turnout account. Choose a new password here", "Choose a new password", link)
	b.para("This link expires in 1 hour and works once. If you didn't ask for a new password, you can ignore this email: your password stays the same.")
	return b.message(to, "Reset your Turnout password", link)
}

// AlreadyRegistered answers a sign-up with an address that already has an
// account, so the sign-up form itself need not reveal that it exists.
func AlreadyRegistered(to, loginLink, resetLink string) domain.Message {
	b := newBody("")
	b.para("Someone, hopefully you, just tried to sign up for Turnout with this email address, but it already has an account.")
	b.action("Log in here", "Log in", loginLink)
	b.link("Forgot your password?", "Reset it here", "", resetLink)
	b.para("If this wasn't you, you can ignore this email: your account is unchanged.")
	return b.message(to, "You already have a Turnout account", loginLink)
}

// ConfirmEmailChange asks a new address to confirm that it is to become
// the account's email.
func ConfirmEmailChange(to, name, link string) domain.Message {
	b := newBody(name)
	b.action("Please confirm that this address is to become the email of your Turnout account", "Confirm my new address", link)
	b.para("This link expires in 1 day and works once. Until you confirm, your account keeps its current address. If you didn't ask for this, you can ignore this email.")
	return b.message(to, "Confirm your new Turnout email address", link)
}

// EmailChangeRequested tells the current address that a change to newEmail
// was asked for at when, and how to secure the account if it was not them.
func EmailChangeRequested(to, name, newEmail, when, resetLink string) domain.Message {
	b := newBody(name)
	b.para("On " + when + ", someone signed in to your Turnout account asked to change its email address to " + newEmail + ". The change takes effect only once that address confirms it.")
	b.action("If this wasn't you, reset your password now; that also cancels the change and ends every session", "Reset my password", resetLink)
	return b.message(to, "Your Turnout email address is being changed", resetLink)
}

// body is one message being written, as text and as HTML at once.
type body struct {
	text, html strings.Builder
	// signOff is the closing line above the signature: "See you there"
	// only in mails of someone who is going (ticket sets it).
	signOff string
}

// newBody starts a message with its greeting; name is clipped (see clip).
func newBody(name string) *body {
	b := &body{signOff: "Best wishes"}
	greeting := "Hi there,"
	if n := clip(name, MaxNameRunes); n != "" {
		greeting = "Hi " + n + ","
	}
	b.para(greeting)
	return b
}

// para is a paragraph of plain words.
func (b *body) para(words string) {
	b.text.WriteString(words + "\n\n")
	b.html.WriteString(`<p style="margin:0 0 16px;">` + html.EscapeString(words) + "</p>\n")
}

// action asks for one click: in text the sentence ends in a colon and the
// link follows on its own line; in HTML the sentence is a paragraph and the
// link a button labelled label.
func (b *body) action(sentence, label, link string) {
	b.textLink(sentence, link)
	b.html.WriteString(`<p style="margin:0 0 16px;">` + html.EscapeString(sentence) + ".</p>\n" +
		`<p style="margin:24px 0;"><a href="` + safeURL(link) + `" style="display:inline-block;background-color:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">` +
		html.EscapeString(label) + "</a></p>\n")
}

// link is a sentence with a link in its middle: before, the linked words
// label, after (either may be ""). The text body spells the link out.
func (b *body) link(before, label, after, link string) {
	words := strings.TrimSpace(before + " " + label + " " + after)
	b.textLink(strings.TrimSuffix(words, "."), link)
	tail := html.EscapeString(after)
	if tail == "" {
		tail = "."
	} else {
		tail = " " + tail
	}
	b.html.WriteString(`<p style="margin:0 0 16px;">` + html.EscapeString(before) + ` <a href="` + safeURL(link) + `" style="color:#4338ca;">` +
		html.EscapeString(label) + `</a>` + tail + "</p>\n")
}

// textLink is a sentence and its link in the text body only.
func (b *body) textLink(sentence, link string) {
	b.text.WriteString(sentence + ":\n\n" + link + "\n\n")
}

// message closes the body with the signature and, in HTML, the link of the
// main button spelled out for mail clients whose buttons do not work.
func (b *body) message(to, subject, mainLink string) domain.Message {
	b.text.WriteString(b.signOff + ",\nThe Turnout team\n")
	href := safeURL(mainLink)
	return domain.Message{To: to, Subject: subject, Text: b.text.String(), HTML: `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(subject) + `</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<tr><td style="padding:24px 32px 0;font-size:22px;font-weight:bold;color:#4338ca;">Turnout</td></tr>
<tr><td style="padding:16px 32px 32px;font-size:16px;line-height:1.5;">
` + b.html.String() + `<p style="font-size:13px;color:#4b5563;">If the button doesn't work, paste this link into your browser:<br><a href="` + href + `" style="color:#4338ca;word-break:break-all;">` + href + `</a></p>
<p style="margin:24px 0 0;">` + b.signOff + `,<br>The Turnout team</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`}
}

// safeURL is link escaped for an HTML attribute, or "#" when it is not an
// http(s) URL: the product only mails links to itself, so anything else
// (javascript:, data:) is a bug or an attack and must not become a link.
func safeURL(link string) string {
	u, err := url.Parse(link)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return "#"
	}
	return html.EscapeString(link)
}

// MaxNameRunes caps a person's or organization's name in a mail, so sign-up
// forms cannot carry a long free-text message to someone else's inbox.
const MaxNameRunes = 40

// clip keeps at most n runes of s, on one line, marking a cut with "…".
func clip(s string, n int) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// AccountDeleted confirms that an account and what it held are gone.
func AccountDeleted(to, name, signUp string) domain.Message {
	b := newBody(name)
	b.para("Your Turnout account is deleted, as you asked: your profile, your registrations (their seats are given back) and, for an organization, its events. Your username and email address are free again.")
	b.action("If you come back, you can sign up again", "Sign up", signUp)
	return b.message(to, "Your Turnout account is deleted", signUp)
}
