package domain

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// safeKeyText reports whether s can go into a DynamoDB key or S3 object
// key as it is: valid UTF-8, no NUL, far inside the key size limits.
func safeKeyText(s string) bool {
	return TextProblem(s) == "" && len(s) <= 1024
}

// invalidOrNil fails unless err is nil or a 400 *Error.
func invalidOrNil(t *testing.T, err error) {
	t.Helper()
	var de *Error
	if err != nil && (!errors.As(err, &de) || de.Code != CodeInvalid) {
		t.Fatalf("error %v is not a CodeInvalid *Error", err)
	}
}

func FuzzValidID(f *testing.F) {
	for _, s := range []string{"01J9ZQ4K7Y3W5V8X2T6R1N0M4P", "81J9ZQ4K7Y3W5V8X2T6R1N0M4P", "01j9zq4k7y3w5v8x2t6r1n0m4p", "", "../x", "01J9ZQ4K7Y3W5V8X2T6R1N0M4\x00", strings.Repeat("A", 3000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !ValidID(s) {
			return
		}
		if len(s) != 26 || !safeKeyText(s) || strings.ContainsAny(s, "/.ILOUabcdefghijklmnopqrstuvwxyz") {
			t.Fatalf("ValidID(%q) = true", s)
		}
	})
}

func FuzzValidEmail(f *testing.F) {
	for _, s := range []string{"ada@example.com", "Ada <ada@example.com>", "a@b", "a\x00@example.com", "\xff@example.com", strings.Repeat("a", 300) + "@example.com", "ä@example.com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ValidEmail(s) && (!safeKeyText(s) || len(s) > 254 || strings.ContainsAny(s, " <>\r\n")) {
			t.Fatalf("ValidEmail(%q) = true", s)
		}
	})
}

func FuzzCheckLoginName(f *testing.F) {
	for _, s := range []string{"ada", "ada@example.com", strings.Repeat("a", 2040), "a\x00b", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := CheckLoginName("username", s)
		invalidOrNil(t, err)
		if err == nil && (!safeKeyText(s) || len(s) > MaxLoginName) {
			t.Fatalf("CheckLoginName(%q) accepted it", s)
		}
	})
}

func FuzzNewAccountValidate(f *testing.F) {
	f.Add("ada", "ada@example.com", "correct-horse-battery", "Ada", "01234567890")
	f.Add("ada lovelace", "not-an-email", "short", "", "+44 (0) 12")
	f.Add(strings.Repeat("é", 151), "a@b.c", "12345678", "\xff", "phone")
	f.Fuzz(func(t *testing.T, username, email, password, name, phone string) {
		a := NewAccount{Username: username, Email: email, Password: password, Password1: password,
			FirstName: name, LastName: name, Phone: phone}
		err := a.Validate()
		invalidOrNil(t, err)
		if err == nil && (!safeKeyText(username) || !safeKeyText(email) || utf8.RuneCountInString(username) > 150) {
			t.Fatalf("account with username %q, email %q accepted", username, email)
		}
	})
}

func FuzzEventInputParse(f *testing.F) {
	f.Add("Launch", "2030-01-02T15:04:05Z", "2030-01-02T17:00", "10")
	f.Add("", "2030-13-02T15:04", "yesterday", "-1")
	f.Add(strings.Repeat("x", 201), "2030-01-02T15:04:05+14:00", "2030-01-02T15:04:05-12:00", "100001")
	f.Fuzz(func(t *testing.T, title, start, end, capacity string) {
		now := time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC)
		in := EventInput{Title: title, Description: "d", Location: "l", StartTime: start, EndTime: end, Capacity: capacity}
		out, err := in.Parse(now)
		invalidOrNil(t, err)
		if err != nil {
			return
		}
		if !out.End.After(out.Start) || !out.Start.After(now) || out.Capacity < 1 || out.Capacity > MaxCapacity {
			t.Fatalf("accepted %+v as %+v", in, out)
		}
	})
}
