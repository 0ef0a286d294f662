package domain

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func fieldsOf(t *testing.T, err error) map[string][]string {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeInvalid {
		t.Fatalf("err = %v, want an invalid *Error", err)
	}
	return e.Fields
}

func TestEventInputParse(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	valid := EventInput{Title: "T", Description: "D", Location: "L", StartTime: "2026-12-01T10:00:00+02:00", EndTime: "2026-12-01T12:00", Capacity: "20"}
	tests := []struct {
		name  string
		edit  func(*EventInput)
		field string
		msg   string
	}{
		{"valid", func(*EventInput) {}, "", ""},
		{"no title", func(in *EventInput) { in.Title = "" }, "title", MsgRequired},
		{"no description", func(in *EventInput) { in.Description = "" }, "description", MsgRequired},
		{"no location", func(in *EventInput) { in.Location = "" }, "location", MsgRequired},
		{"no start", func(in *EventInput) { in.StartTime = "" }, "start_time", MsgRequired},
		{"no end", func(in *EventInput) { in.EndTime = "" }, "end_time", MsgRequired},
		{"no capacity", func(in *EventInput) { in.Capacity = "" }, "capacity", MsgRequired},
		{"bad start", func(in *EventInput) { in.StartTime = "tomorrow" }, "start_time", MsgInvalidDateTime},
		{"end before start", func(in *EventInput) { in.EndTime = "2026-12-01T07:59" }, "end_time", MsgEndBeforeStart},
		{"end equals start", func(in *EventInput) { in.EndTime = "2026-12-01T08:00:00Z" }, "end_time", MsgEndBeforeStart},
		{"start in past", func(in *EventInput) { in.StartTime, in.EndTime = "2026-11-01T10:00", "2026-11-01T12:00" }, "start_time", MsgStartInPast},
		{"start 2 years and a day ahead", func(in *EventInput) { in.StartTime, in.EndTime = "2028-11-23T12:00:00Z", "2028-11-23T14:00" }, "start_time", MsgStartTooFar},
		{"zero capacity", func(in *EventInput) { in.Capacity = "0" }, "capacity", MsgCapacity},
		{"negative capacity", func(in *EventInput) { in.Capacity = "-1" }, "capacity", MsgCapacity},
		{"fractional capacity", func(in *EventInput) { in.Capacity = "2.5" }, "capacity", MsgCapacity},
		{"huge capacity", func(in *EventInput) { in.Capacity = "100001" }, "capacity", MsgCapacity},
		{"long title", func(in *EventInput) { in.Title = strings.Repeat("x", 201) }, "title", "Ensure this field has no more than 200 characters."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := valid
			tt.edit(&in)
			got, err := in.Parse(now)
			fields := fieldsOf(t, err)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				if want := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC); !got.Start.Equal(want) {
					t.Errorf("start = %v, want %v (offset applied)", got.Start, want)
				}
				if got.Capacity != 20 {
					t.Errorf("capacity = %d", got.Capacity)
				}
				return
			}
			if m := fields[tt.field]; len(m) == 0 || m[0] != tt.msg {
				t.Errorf("%s = %v, want [%q] (all: %v)", tt.field, m, tt.msg, fields)
			}
		})
	}
}

func TestEventInputParseAllowsStartsUpToTwoYearsAhead(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	in := EventInput{Title: "T", Description: "D", Location: "L", StartTime: "2028-11-22T12:00:00Z", EndTime: "2028-11-22T14:00", Capacity: "1"}
	if _, err := in.Parse(now); err != nil {
		t.Errorf("start exactly 2 years ahead: %v", err)
	}
	// An edit that keeps its start (no earliest) is not bounded either way.
	in.StartTime, in.EndTime = "2031-01-01T10:00", "2031-01-01T12:00"
	if _, err := in.Parse(time.Time{}); err != nil {
		t.Errorf("kept start: %v", err)
	}
}

func TestNewAccountValidate(t *testing.T) {
	valid := NewAccount{Username: "ada.l", Email: "ada@example.com", Password: "analytical-9", Password1: "analytical-9", FirstName: "Ada", LastName: "L", Phone: "+4412345678"}
	if err := valid.Validate(); err != nil {
		t.Fatalf("valid account: %v", err)
	}
	tests := []struct {
		name  string
		edit  func(*NewAccount)
		field string
		msg   string
	}{
		{"mismatch", func(a *NewAccount) { a.Password1 = "analytical-8" }, "password1", MsgPasswordsDiffer},
		{"phone 12 chars", func(a *NewAccount) { a.Phone = "123456789012" }, "phone", MsgPhoneLength},
		{"phone letters", func(a *NewAccount) { a.Phone = "12ab" }, "phone", MsgInvalidPhone},
		{"email display name", func(a *NewAccount) { a.Email = "Ada <ada@example.com>" }, "email", MsgInvalidEmail},
		{"email no tld", func(a *NewAccount) { a.Email = "ada@localhost" }, "email", MsgInvalidEmail},
		{"username slash", func(a *NewAccount) { a.Username = "ada/l" }, "username", MsgInvalidUsername},
		{"common password", func(a *NewAccount) { a.Password, a.Password1 = "Password123", "Password123" }, "password", MsgPasswordCommon},
		{"password is username", func(a *NewAccount) { a.Username, a.Password, a.Password1 = "adalovelace", "AdaLovelace", "AdaLovelace" }, "password", MsgPasswordUsername},
		{"long password", func(a *NewAccount) { p := strings.Repeat("ab", 65); a.Password, a.Password1 = p, p }, "password", MsgPasswordLong},
		{"next elsewhere", func(a *NewAccount) { a.Next = "//evil.example/" }, "next", MsgInvalidNext},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := valid
			tt.edit(&a)
			if m := fieldsOf(t, a.Validate())[tt.field]; len(m) == 0 || m[0] != tt.msg {
				t.Errorf("%s = %v, want [%q]", tt.field, m, tt.msg)
			}
		})
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{
		"01JD5Y3Z8Q9X7V6T5S4R3P2N1M": true,
		"01jd5y3z8q9x7v6t5s4r3p2n1m": false, // lower case is not what we issue
		"01JD5Y3Z8Q9X7V6T5S4R3P2N1":  false,
		"01JD5Y3Z8Q9X7V6T5S4R3P2NIU": false, // I and U are not Crockford
		"91JD5Y3Z8Q9X7V6T5S4R3P2N1M": false, // overflows 128 bits
		"../../../../etc/passwd0000": false,
		"":                           false,
	} {
		if got := ValidID(id); got != want {
			t.Errorf("ValidID(%q) = %v, want %v", id, got, want)
		}
	}
}

func TestRegistrationIDsNameTheirHolder(t *testing.T) {
	const own, person = "01JD5Y3Z8Q9X7V6T5S4R3P2N1M", "01JD5Y40000000000000000000"
	id := NewRegistrationID(own, person)
	if holder, ok := RegistrationHolder(id); !ok || holder != person {
		t.Errorf("RegistrationHolder(%q) = %q, %v, want %q", id, holder, ok, person)
	}
	if _, ok := RegistrationHolder(own); ok {
		t.Errorf("an id of before (%q) names a holder", own)
	}
	for s, want := range map[string]bool{
		id: true, own: true, // today's and before's
		own + "01jd5y40000000000000000000": false, // lower case
		own + own[:25]:                     false,
		own + "../../../../etc/passwd0000": false,
		"":                                 false,
	} {
		if got := ValidRegistrationID(s); got != want {
			t.Errorf("ValidRegistrationID(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestSeatsLeft(t *testing.T) {
	if got := (Event{Capacity: 10, SeatsTaken: 3}).SeatsLeft(); got != 7 {
		t.Errorf("SeatsLeft = %d, want 7", got)
	}
	if got := (Event{Capacity: 2, SeatsTaken: 5}).SeatsLeft(); got != 0 {
		t.Errorf("SeatsLeft = %d, want 0 when over", got)
	}
}

func TestPasswordProblem(t *testing.T) {
	const username, email = "ada.lovelace", "countess@example.com"
	tests := []struct{ password, want string }{
		{"analytical-engine-9", ""},
		{"short", MsgPasswordShort},
		{strings.Repeat("ab", 65), MsgPasswordLong},
		{"          ", MsgPasswordBlank},
		{"\t \t \t \t ", MsgPasswordControl},
		{"good-but\x00nul", MsgPasswordControl},
		{"line\nbreak-pass", MsgPasswordControl},
		{"aaaaaaaaaaaa", MsgPasswordRepeated},
		{"ééééééééé", MsgPasswordRepeated},
		{"4815162342", MsgPasswordNumeric},
		{"baseball", MsgPasswordCommon},
		{"1q2w3e4r5t", MsgPasswordCommon}, // from the shipped list, not a hand-picked one
		{"ILoveBaseball", ""},
		{"Ada.Lovelace", MsgPasswordUsername},
		{"my-ADA.LOVELACE-pw", MsgPasswordUsername},
		{"Countess@Example.com", MsgPasswordEmail},
		{"xx-countess-2024", MsgPasswordEmail},
	}
	for _, tt := range tests {
		if got := PasswordProblem(tt.password, username, email); got != tt.want {
			t.Errorf("PasswordProblem(%q) = %q, want %q", tt.password, got, tt.want)
		}
	}
	// A very short name is not searched for inside passwords, only matched whole.
	if got := PasswordProblem("analytical-engine-9", "an", "an@example.com"); got != "" {
		t.Errorf("two-letter username refused a password containing it: %q", got)
	}
}
