package mail

import (
	"bytes"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"unicode"
	"unicode/utf8"
)

// The product's messages. Each has a plain-text body and a simple HTML body
// with inline styles (mail clients drop style sheets); names and links in
// the HTML are escaped by html/template.

// Activation asks a new account to confirm its email address.
func Activation(to, name, link string) Message {
	return render(to, "Activate your Turnout account", "activation", data{Name: name, Link: link})
}

// PasswordReset carries a link to choose a new password.
func PasswordReset(to, name, link string) Message {
	return render(to, "Reset your Turnout password", "password-reset", data{Name: name, Link: link})
}

// AlreadyRegistered answers a sign-up with an address that already has an
// account, so the sign-up form itself need not reveal that it exists.
func AlreadyRegistered(to, loginLink, resetLink string) Message {
	return render(to, "You already have a Turnout account", "already-registered", data{LoginLink: loginLink, ResetLink: resetLink})
}

// ConfirmEmailChange asks a new address to confirm that it is to become
// the account's email.
func ConfirmEmailChange(to, name, link string) Message {
	return render(to, "Confirm your new Turnout email address", "confirm-email", data{Name: name, Link: link})
}

// EmailChangeRequested tells the current address that a change to newEmail
// was asked for at when, and how to secure the account if it was not them.
func EmailChangeRequested(to, name, newEmail, when, resetLink string) Message {
	return render(to, "Your Turnout email address is being changed", "email-change-notice",
		data{Name: name, NewEmail: newEmail, When: when, ResetLink: resetLink})
}

// data is what every message template may use.
type data struct {
	Subject              string
	Name                 string
	Link                 string
	LoginLink, ResetLink string
	NewEmail, When       string
}

// Greeting is the message's first line.
func (d data) Greeting() string {
	if n := strings.TrimSpace(d.Name); n != "" {
		return "Hi " + n + ","
	}
	return "Hi there,"
}

var textTemplates = texttemplate.Must(texttemplate.New("text").Parse(`
{{- define "activation" -}}
{{.Greeting}}

Welcome to Turnout! Please confirm your email address to activate your account:

{{.Link}}

This link expires in 3 days. If you didn't sign up for Turnout, you can ignore this email.
{{template "signature"}}
{{- end}}

{{- define "password-reset" -}}
{{.Greeting}}

We got a request to reset the password of your Turnout account. Choose a new password here:

{{.Link}}

This link expires in 1 hour and works once. If you didn't ask for a new password, you can ignore this email: your password stays the same.
{{template "signature"}}
{{- end}}

{{- define "already-registered" -}}
{{.Greeting}}

Someone, hopefully you, just tried to sign up for Turnout with this email address, but it already has an account.

Log in here:
{{.LoginLink}}

Forgot your password? Reset it here:
{{.ResetLink}}

If this wasn't you, you can ignore this email: your account is unchanged.
{{template "signature"}}
{{- end}}

{{- define "confirm-email" -}}
{{.Greeting}}

Please confirm that this address is to become the email of your Turnout account:

{{.Link}}

This link expires in 1 day and works once. Until you confirm, your account keeps its current address. If you didn't ask for this, you can ignore this email.
{{template "signature"}}
{{- end}}

{{- define "email-change-notice" -}}
{{.Greeting}}

On {{.When}}, someone signed in to your Turnout account asked to change its email address to {{.NewEmail}}. The change takes effect only once that address confirms it.

If this wasn't you, reset your password now; that also cancels the change and ends every session:
{{.ResetLink}}
{{template "signature"}}
{{- end}}

{{- define "signature"}}
See you there,
The Turnout team
{{end}}`))

var htmlTemplates = htmltemplate.Must(htmltemplate.New("html").Parse(`
{{- define "layout" -}}
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Subject}}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<tr><td style="padding:24px 32px 0;font-size:22px;font-weight:bold;color:#4338ca;">Turnout</td></tr>
<tr><td style="padding:16px 32px 32px;font-size:16px;line-height:1.5;">
{{template "body" .}}
<p style="margin:24px 0 0;">See you there,<br>The Turnout team</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
{{- end}}

{{- define "button" -}}
<p style="margin:24px 0;"><a href="{{.}}" style="display:inline-block;background-color:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">{{template "label" .}}</a></p>
{{- end}}

{{- define "fallback" -}}
<p style="font-size:13px;color:#4b5563;">If the button doesn't work, paste this link into your browser:<br><a href="{{.}}" style="color:#4338ca;word-break:break-all;">{{.}}</a></p>
{{- end}}`))

// htmlBodies are the parts of each message that differ; each is parsed
// into its own copy of the layout so that "body" and "label" can differ.
var htmlBodies = map[string]string{
	"activation": `
{{define "label"}}Activate my account{{end}}
{{define "body"}}
<p style="margin:0 0 16px;">{{.Greeting}}</p>
<p style="margin:0 0 16px;">Welcome to Turnout! Please confirm your email address to activate your account.</p>
{{template "button" .Link}}
<p style="margin:0 0 16px;">This link expires in 3 days. If you didn't sign up for Turnout, you can ignore this email.</p>
{{template "fallback" .Link}}
{{end}}`,
	"password-reset": `
{{define "label"}}Choose a new password{{end}}
{{define "body"}}
<p style="margin:0 0 16px;">{{.Greeting}}</p>
<p style="margin:0 0 16px;">We got a request to reset the password of your Turnout account.</p>
{{template "button" .Link}}
<p style="margin:0 0 16px;">This link expires in 1 hour and works once. If you didn't ask for a new password, you can ignore this email: your password stays the same.</p>
{{template "fallback" .Link}}
{{end}}`,
	"already-registered": `
{{define "label"}}Log in{{end}}
{{define "body"}}
<p style="margin:0 0 16px;">{{.Greeting}}</p>
<p style="margin:0 0 16px;">Someone, hopefully you, just tried to sign up for Turnout with this email address, but it already has an account.</p>
{{template "button" .LoginLink}}
<p style="margin:0 0 16px;">Forgot your password? <a href="{{.ResetLink}}" style="color:#4338ca;">Reset it here</a>.</p>
<p style="margin:0 0 16px;">If this wasn't you, you can ignore this email: your account is unchanged.</p>
{{template "fallback" .LoginLink}}
{{end}}`,
	"confirm-email": `
{{define "label"}}Confirm my new address{{end}}
{{define "body"}}
<p style="margin:0 0 16px;">{{.Greeting}}</p>
<p style="margin:0 0 16px;">Please confirm that this address is to become the email of your Turnout account.</p>
{{template "button" .Link}}
<p style="margin:0 0 16px;">This link expires in 1 day and works once. Until you confirm, your account keeps its current address. If you didn't ask for this, you can ignore this email.</p>
{{template "fallback" .Link}}
{{end}}`,
	"email-change-notice": `
{{define "label"}}Reset my password{{end}}
{{define "body"}}
<p style="margin:0 0 16px;">{{.Greeting}}</p>
<p style="margin:0 0 16px;">On {{.When}}, someone signed in to your Turnout account asked to change its email address to {{.NewEmail}}. The change takes effect only once that address confirms it.</p>
<p style="margin:0 0 16px;">If this wasn't you, reset your password now; that also cancels the change and ends every session.</p>
{{template "button" .ResetLink}}
{{template "fallback" .ResetLink}}
{{end}}`,
}

// htmlMessages holds one complete template set per message.
var htmlMessages = func() map[string]*htmltemplate.Template {
	m := make(map[string]*htmltemplate.Template, len(htmlBodies))
	for name, body := range htmlBodies {
		m[name] = htmltemplate.Must(htmltemplate.Must(htmlTemplates.Clone()).Parse(body))
	}
	return m
}()

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

func render(to, subject, name string, d data) Message {
	d.Subject = subject
	d.Name = clip(d.Name, MaxNameRunes)
	m := Message{To: to, Subject: subject}
	var b bytes.Buffer
	// The templates are fixed and their data is plain strings, so executing
	// them fails only on a programming error, which the tests catch; a
	// message then goes out with the body that did render.
	if err := textTemplates.ExecuteTemplate(&b, name, d); err == nil {
		m.Text = b.String()
	}
	b.Reset()
	if err := htmlMessages[name].ExecuteTemplate(&b, "layout", d); err == nil {
		m.HTML = b.String()
	}
	return m
}
