package domain

import (
	"fmt"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"turnout/pkg/domain/passwords"
)

// Messages shown to people, in one place so the API and its tests agree.
const (
	MsgRequired         = "This field is required."
	MsgPasswordsDiffer  = "Passwords do not match!"
	MsgInvalidEmail     = "Enter a valid email address."
	MsgInvalidUsername  = "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
	MsgPasswordShort    = "This password is too short. It must contain at least 8 characters."
	MsgPasswordLong     = "This password is too long. It must contain at most 128 characters."
	MsgPasswordNumeric  = "This password is entirely numeric."
	MsgPasswordCommon   = "This password is too common."
	MsgPasswordUsername = "The password is too similar to the username."
	MsgPasswordEmail    = "The password is too similar to the email address."
	MsgPasswordBlank    = "This password cannot be only spaces."
	MsgPasswordRepeated = "This password is one character repeated."
	MsgPasswordControl  = "This password contains characters that cannot be typed, such as tabs or line breaks."
	MsgPhoneLength      = "Ensure this field has no more than 11 characters."
	MsgInvalidPhone     = "Enter a valid phone number."
	MsgInvalidURL       = "Enter a valid URL."
	MsgInvalidDateTime  = "Enter a valid date/time."
	MsgEndBeforeStart   = "End time must be after start time."
	MsgStartInPast      = "Start time must be in the future."
	MsgStartTooFar      = "Start time must be at most 2 years from now."
	MsgCapacity         = "Capacity must be a whole number from 1 to 100000."
	MsgBoolean          = "Must be true or false."
	MsgMaxLength        = "Ensure this field has no more than %d characters."
)

// Limits on what people may enter.
const (
	MaxPhoneLength = 11
	MaxCapacity    = 100000
	// MaxStartYears bounds how far ahead an event may start, so the public
	// list's events to come lie in at most two index partitions.
	MaxStartYears = 2
	minPassword   = 8
	maxPassword   = 128
)

// NewAccount is what a person submits to sign up.
type NewAccount struct {
	Username, Email, Password, Password1 string
	FirstName, LastName, Phone, Address  string
	// Next is the page of this site the person was on their way to (an
	// event they meant to register for); activation sends them on to it.
	// Optional.
	Next string
	// Language is the one the person signed up in (the web app's, from
	// Accept-Language): their mail's until they choose another.
	Language string
}

// NewOrganization is what an organization submits to sign up; its email is
// also its organizer account's login email.
type NewOrganization struct {
	Name, Address1, Address2, Phone, Email, Link, Description string
	Username, Password, Password1                             string
	Language                                                  string
}

// Validate checks a person's sign-up form.
func (a NewAccount) Validate() error {
	f := FieldErrors{}
	required(f, "first_name", a.FirstName)
	required(f, "last_name", a.LastName)
	maxLen(f, "first_name", a.FirstName, 150)
	maxLen(f, "last_name", a.LastName, 150)
	maxLen(f, "address", a.Address, 255)
	validateCredentials(f, a.Username, a.Email, a.Password, a.Password1)
	validatePhone(f, "phone", a.Phone)
	if a.Next != "" && !ValidNextPath(a.Next) {
		f.Add("next", MsgInvalidNext)
	}
	return f.Err()
}

// Validate checks an organization's sign-up form.
func (o NewOrganization) Validate() error {
	f := FieldErrors{}
	required(f, "organization", o.Name)
	maxLen(f, "organization", o.Name, 200)
	validateCredentials(f, o.Username, o.Email, o.Password, o.Password1)
	validateOrganizationDetails(f, o.Address1, o.Address2, o.Phone, o.Link, o.Description)
	return f.Err()
}

// ProfileUpdate is the editable part of a person's profile.
type ProfileUpdate struct{ FirstName, LastName, Email, Phone, Address string }

// Validate checks a profile update.
func (p ProfileUpdate) Validate() error {
	f := FieldErrors{}
	required(f, "first_name", p.FirstName)
	required(f, "last_name", p.LastName)
	maxLen(f, "first_name", p.FirstName, 150)
	maxLen(f, "last_name", p.LastName, 150)
	maxLen(f, "address", p.Address, 255)
	validateEmail(f, "email", p.Email)
	validatePhone(f, "phone", p.Phone)
	return f.Err()
}

// OrganizationUpdate is the editable part of an organization.
type OrganizationUpdate struct {
	Name, Address1, Address2, Phone, Email, Link, Description string
}

// Validate checks an organization update (name and email required).
func (o OrganizationUpdate) Validate() error {
	f := FieldErrors{}
	required(f, "organization", o.Name)
	maxLen(f, "organization", o.Name, 200)
	validateEmail(f, "email", o.Email)
	validateOrganizationDetails(f, o.Address1, o.Address2, o.Phone, o.Link, o.Description)
	return f.Err()
}

func validateOrganizationDetails(f FieldErrors, address1, address2, phone, link, description string) {
	maxLen(f, "address1", address1, 255)
	maxLen(f, "address2", address2, 255)
	maxLen(f, "description", description, 5000)
	validatePhone(f, "phone", phone)
	if link != "" {
		u, err := url.Parse(link)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(link) > 500 {
			f.Add("link", MsgInvalidURL)
		}
	}
}

// usernameRune reports whether r may be in a username: a letter, a digit
// of any script, or one of _.@+- (a loop, not a regular expression: the
// Unicode classes' tables cost every function's start 0.1 ms to compile).
func usernameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || strings.ContainsRune("_.@+-", r)
}

func validateCredentials(f FieldErrors, username, email, password, password1 string) {
	required(f, "username", username)
	if username != "" && strings.IndexFunc(username, func(r rune) bool { return !usernameRune(r) }) >= 0 {
		f.Add("username", MsgInvalidUsername)
	}
	maxLen(f, "username", username, 150)
	validateEmail(f, "email", email)
	required(f, "password", password)
	required(f, "password1", password1)
	if password != "" && password1 != "" && password != password1 {
		f.Add("password1", MsgPasswordsDiffer)
	}
	if password != "" {
		if msg := PasswordProblem(password, username, email); msg != "" {
			f.Add("password", msg)
		}
	}
}

// PasswordProblem returns why password is not acceptable, or "". The
// rules follow NIST SP 800-63B: length, no list of common passwords, no
// trivial or context-specific choices, and no character-class demands.
func PasswordProblem(password, username, email string) string {
	n := utf8.RuneCountInString(password)
	lower := strings.ToLower(password)
	switch {
	case n < minPassword:
		return MsgPasswordShort
	case n > maxPassword:
		return MsgPasswordLong
	case strings.IndexFunc(password, unicode.IsControl) >= 0:
		return MsgPasswordControl
	case strings.TrimSpace(password) == "":
		return MsgPasswordBlank
	case strings.Trim(password, password[:firstRuneLen(password)]) == "":
		return MsgPasswordRepeated
	case strings.Trim(password, "0123456789") == "":
		return MsgPasswordNumeric
	case passwords.Common(password):
		return MsgPasswordCommon
	case similar(lower, username):
		return MsgPasswordUsername
	case similar(lower, email), similar(lower, localPart(email)):
		return MsgPasswordEmail
	}
	return ""
}

// minSimilar is the shortest name a password may not contain: shorter ones
// would refuse too many good passwords.
const minSimilar = 3

// similar reports whether lowerPassword equals or contains name, ignoring case.
func similar(lowerPassword, name string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	return name != "" && (lowerPassword == name || utf8.RuneCountInString(name) >= minSimilar && strings.Contains(lowerPassword, name))
}

func firstRuneLen(s string) int {
	_, size := utf8.DecodeRuneInString(s)
	return size
}

func localPart(email string) string {
	local, _, _ := strings.Cut(email, "@")
	return local
}

func validateEmail(f FieldErrors, field, email string) {
	if email == "" {
		f.Add(field, MsgRequired)
		return
	}
	if !ValidEmail(email) {
		f.Add(field, MsgInvalidEmail)
	}
}

// ValidEmail reports whether s is a bare address like name@example.com.
func ValidEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
}

var phonePattern = regexp.MustCompile(`^\+?[0-9][0-9 ()-]*$`)

func validatePhone(f FieldErrors, field, phone string) {
	if phone == "" {
		return
	}
	if utf8.RuneCountInString(phone) > MaxPhoneLength {
		f.Add(field, MsgPhoneLength)
	} else if !phonePattern.MatchString(phone) {
		f.Add(field, MsgInvalidPhone)
	}
}

func required(f FieldErrors, field, v string) {
	if v == "" && !f.Has(field) {
		f.Add(field, MsgRequired)
	}
}

func maxLen(f FieldErrors, field, v string, n int) {
	if utf8.RuneCountInString(v) > n {
		f.Add(field, fmt.Sprintf(MsgMaxLength, n))
	}
}

// RequiredText checks a required free-text field of at most n characters.
func RequiredText(f FieldErrors, field, v string, n int) {
	required(f, field, v)
	maxLen(f, field, v, n)
}
