package domain

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Messages about text that cannot be stored as sent.
const (
	MsgNullCharacter = "Null characters are not allowed."
	MsgInvalidText   = "Enter valid text (UTF-8)."
)

// MaxLoginName bounds the username or email a person types to log in. No
// account has a longer one (usernames have at most 150 characters, emails
// 254 bytes), and it keeps the value far inside DynamoDB's key size limits.
const MaxLoginName = 254

// TextProblem returns why s cannot be taken as text, or "": DynamoDB and S3
// refuse invalid UTF-8, and a NUL byte is never meant.
func TextProblem(s string) string {
	switch {
	case !utf8.ValidString(s):
		return MsgInvalidText
	case strings.IndexByte(s, 0) >= 0:
		return MsgNullCharacter
	}
	return ""
}

// CheckLoginName refuses a username (or email) given at login that no
// account can have, before it is looked up.
func CheckLoginName(field, s string) error {
	if msg := TextProblem(s); msg != "" {
		return FieldError(field, msg)
	}
	if len(s) > MaxLoginName {
		return FieldError(field, fmt.Sprintf(MsgMaxLength, MaxLoginName))
	}
	return nil
}
