package mail

import (
	"html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"turnout/pkg/domain"
)

// The product's messages, each a method of Lang: their words are the
// recipient's language's, read from its catalog (catalog.go). Each has a
// plain-text body and a simple HTML body with inline styles (mail clients
// drop style sheets). They are built with
// plain string writes, not templates: executing a template keeps every
// exported method of every reachable type alive in the binary (users and
// organizations were 22 MB with it). Every value is escaped on its way
// into the HTML and every link checked by safeURL.

// Activation asks a new account to confirm its email address.
func (l Lang) Activation(to, name, link string) domain.Message {
	b := l.newBody(name)
	b.action(l.t("activation.action"), l.t("activation.button"), link)
	b.para(l.t("activation.note"))
	return b.message(to, l.t("activation.subject"), link)
}

// PasswordReset carries a link to choose a new password.
func (l Lang) PasswordReset(to, name, link string) domain.Message {
	b := l.newBody(name)
	b.action(l.t("reset.action"), l.t("reset.button"), link)
	b.para(l.t("reset.note"))
	return b.message(to, l.t("reset.subject"), link)
}

// AlreadyRegistered answers a sign-up with an address that already has an
// account, so the sign-up form itself need not reveal that it exists.
func (l Lang) AlreadyRegistered(to, loginLink, resetLink string) domain.Message {
	b := l.newBody("")
	b.para(l.t("already.intro"))
	b.action(l.t("already.action"), l.t("already.button"), loginLink)
	b.link(resetLink, "already.forgot")
	b.para(l.t("already.note"))
	return b.message(to, l.t("already.subject"), loginLink)
}

// ConfirmEmailChange asks a new address to confirm that it is to become
// the account's email.
func (l Lang) ConfirmEmailChange(to, name, link string) domain.Message {
	b := l.newBody(name)
	b.action(l.t("emailConfirm.action"), l.t("emailConfirm.button"), link)
	b.para(l.t("emailConfirm.note"))
	return b.message(to, l.t("emailConfirm.subject"), link)
}

// EmailChangeRequested tells the current address that a change to newEmail
// was asked for at when (Moment writes it), and how to secure the account
// if it was not them.
func (l Lang) EmailChangeRequested(to, name, newEmail, when, resetLink string) domain.Message {
	b := l.newBody(name)
	b.para(l.t("emailChanging.intro", "when", when, "email", newEmail))
	b.action(l.t("emailChanging.action"), l.t("emailChanging.button"), resetLink)
	return b.message(to, l.t("emailChanging.subject"), resetLink)
}

// AccountDeleted confirms that an account and what it held are gone.
func (l Lang) AccountDeleted(to, name, signUp string) domain.Message {
	b := l.newBody(name)
	b.para(l.t("accountDeleted.intro"))
	b.action(l.t("accountDeleted.action"), l.t("accountDeleted.button"), signUp)
	return b.message(to, l.t("accountDeleted.subject"), signUp)
}

// body is one message being written, as text and as HTML at once, in l.
type body struct {
	l          Lang
	text, html strings.Builder
	// signOff is the key of the closing line above the signature: "See
	// you there" only in mails of someone who is going (ticket sets it).
	signOff string
}

// newBody starts a message with its greeting; name is clipped (see clip).
func (l Lang) newBody(name string) *body {
	b := &body{l: l, signOff: "signOff"}
	greeting := l.t("greeting.anonymous")
	if n := clip(name, MaxNameRunes); n != "" {
		greeting = l.t("greeting", "name", n)
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
	b.html.WriteString(`<p style="margin:0 0 16px;">` + html.EscapeString(sentence) + b.l.t("mark.stop") + "</p>\n" +
		`<p style="margin:24px 0;"><a href="` + safeURL(link) + `" style="display:inline-block;background-color:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">` +
		html.EscapeString(label) + "</a></p>\n")
}

// linkStyle is the paragraph of a sentence with a link in its middle.
const linkStyle = "margin:0 0 16px;"

// link is the sentence of key with a link in its middle, its [linked
// words] filled from args. The text body spells the link out.
func (b *body) link(link, key string, args ...string) {
	b.styledLink(linkStyle, link, key, args...)
}

// styledLink is link in a paragraph of style.
func (b *body) styledLink(style, link, key string, args ...string) {
	before, label, after := b.l.linked(key, args...)
	b.textLink(strings.TrimSuffix(strings.TrimSpace(before+label+after), b.l.t("mark.stop")), link)
	b.html.WriteString(`<p style="` + style + `">` + html.EscapeString(before) + `<a href="` + safeURL(link) + `" style="color:#4338ca;">` +
		html.EscapeString(label) + `</a>` + html.EscapeString(after) + "</p>\n")
}

// textLink is a sentence and its link in the text body only.
func (b *body) textLink(sentence, link string) {
	b.text.WriteString(sentence + b.l.t("mark.colon") + "\n\n" + link + "\n\n")
}

// message closes the body with the signature and, in HTML, the link of the
// main button spelled out for mail clients whose buttons do not work. The
// HTML names its language (and, right to left, its direction) on the
// document and on the container, since some clients drop the document's
// own element.
func (b *body) message(to, subject, mainLink string) domain.Message {
	l := b.l
	signOff, signature := l.t(b.signOff), l.t("signature")
	b.text.WriteString(signOff + "\n" + signature + "\n")
	href := safeURL(mainLink)
	lang := ` lang="` + l.tag + `"`
	if rightToLeft[l.tag] {
		lang += ` dir="rtl"`
	}
	return domain.Message{To: to, Subject: subject, Text: b.text.String(), HTML: `<!DOCTYPE html>
<html` + lang + `>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(subject) + `</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"` + lang + ` style="max-width:560px;background-color:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<tr><td style="padding:24px 32px 0;font-size:22px;font-weight:bold;color:#4338ca;">Turnout</td></tr>
<tr><td style="padding:16px 32px 32px;font-size:16px;line-height:1.5;">
` + b.html.String() + `<p style="font-size:13px;color:#4b5563;">` + html.EscapeString(l.t("buttonFallback")) + `<br><a href="` + href + `" style="color:#4338ca;word-break:break-all;">` + href + `</a></p>
<p style="margin:24px 0 0;">` + html.EscapeString(signOff) + `<br>` + html.EscapeString(signature) + `</p>
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
