// Package domain holds Turnout's types, rules and the error type every layer
// speaks. It depends on nothing but the standard library.
package domain

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Code classifies an Error; the HTTP layer maps each code to one status.
type Code string

const (
	CodeInvalid      Code = "invalid"      // 400
	CodeUnauthorized Code = "unauthorized" // 401
	CodeForbidden    Code = "forbidden"    // 403
	CodeNotFound     Code = "not_found"    // 404
	CodeConflict     Code = "conflict"     // 409
	CodeTooLarge     Code = "too_large"    // 413
	CodeUnsupported  Code = "unsupported"  // 415
	CodeTooMany      Code = "too_many"     // 429
	CodeUnavailable  Code = "unavailable"  // 503
)

// Error is a failure meant for people: Message (or Fields) is shown to the
// client as is, so it must never carry internal or AWS text.
type Error struct {
	Code    Code
	Message string
	// Fields holds per-field messages ({"field": ["message"]}); when set the
	// error is rendered in that shape instead of {"detail": Message}.
	Fields map[string][]string
	// Groups holds field messages nested under a field of their own
	// ({"answers": {"<question id>": ["message"]}}), rendered beside Fields.
	Groups map[string]FieldErrors
	// RetryAfter, when set, is how long until asking again can succeed.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+strings.Join(e.Fields[k], " "))
	}
	return fmt.Sprintf("%s: %s", e.Code, strings.Join(parts, "; "))
}

// Errorf builds an Error whose message is shown to the client.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, or "" for an
// unexpected (internal) error.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// Sentinels returned (wrapped with context) by adapters; callers test them
// with errors.Is and usually translate them into a specific *Error.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
	// ErrUnavailable marks a dependency that is down, throttling or late;
	// the HTTP layer answers 503 with Retry-After.
	ErrUnavailable = errors.New("dependency unavailable")
	// ErrUndeliverable marks a message the mail service refused for good
	// (a rejected or malformed address, an unverified sender): sending it
	// again cannot succeed.
	ErrUndeliverable = errors.New("undeliverable message")
	// ErrAddressSuppressed marks a message to an address that bounced for
	// good or complained (MailProblem): it is not sent.
	ErrAddressSuppressed = errors.New("address suppressed")
	// ErrMaybeSent marks a send that timed out after the request left: the
	// mail service may have taken it, so sending it again at once could
	// send it twice.
	ErrMaybeSent = errors.New("mail maybe sent")
)

// FieldErrors collects validation messages per field, in the order they were
// found, and becomes a 400 *Error when any were added.
type FieldErrors map[string][]string

// Add records msg against field.
func (f FieldErrors) Add(field, msg string) { f[field] = append(f[field], msg) }

// Has reports whether field already has a message.
func (f FieldErrors) Has(field string) bool { return len(f[field]) > 0 }

// Err returns nil when no message was added, else a CodeInvalid *Error.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Code: CodeInvalid, Message: "Invalid input.", Fields: f}
}

// ErrUnder returns nil when no message was added, else a CodeInvalid
// *Error with the messages nested under field.
func (f FieldErrors) ErrUnder(field string) error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Code: CodeInvalid, Message: "Invalid input.", Groups: map[string]FieldErrors{field: f}}
}

// FieldError is a shortcut for a single field message.
func FieldError(field, msg string) *Error {
	return &Error{Code: CodeInvalid, Message: "Invalid input.", Fields: map[string][]string{field: {msg}}}
}
