// Package httpapi is Turnout's HTTP layer shared by every function: the
// error shape the web app reads, body decoding, middleware and
// authentication.
package httpapi

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"turnout/pkg/domain"
)

var statusOf = map[domain.Code]int{
	domain.CodeInvalid:      http.StatusBadRequest,
	domain.CodeUnauthorized: http.StatusUnauthorized,
	domain.CodeForbidden:    http.StatusForbidden,
	domain.CodeNotFound:     http.StatusNotFound,
	domain.CodeConflict:     http.StatusConflict,
	domain.CodeTooLarge:     http.StatusRequestEntityTooLarge,
	domain.CodeUnsupported:  http.StatusUnsupportedMediaType,
	domain.CodeTooMany:      http.StatusTooManyRequests,
	domain.CodeUnavailable:  http.StatusServiceUnavailable,
}

// Error writes err in the shape the web app reads: {"field": ["message"]}
// for field errors, {"detail": "message"} otherwise, each with "codes"
// (see Codes). Of the errors that are
// not a *domain.Error, a failing dependency (see Unavailable) is a 503 with
// Retry-After; the rest are internal: they are logged with the request's
// context and the client gets a generic 500 that reveals nothing.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	var de *domain.Error
	if !errors.As(err, &de) && Unavailable(err) {
		slog.WarnContext(r.Context(), "dependency unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
		de = errUnavailable
	}
	if de == nil {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		WriteJSON(w, http.StatusInternalServerError, Say(MsgInternal))
		return
	}
	status, ok := statusOf[de.Code]
	if !ok {
		status = http.StatusBadRequest
	}
	switch {
	case status == http.StatusUnauthorized:
		w.Header().Set("WWW-Authenticate", `Bearer realm="turnout"`)
	case status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", retryAfterSeconds)
	case de.RetryAfter > 0:
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(de.RetryAfter.Seconds()))))
	}
	if len(de.Fields) == 0 && len(de.Groups) == 0 {
		WriteJSON(w, status, Say(de.Message))
		return
	}
	body, codes := map[string]any{}, Codes{}
	for field, msgs := range de.Fields {
		body[field], codes[field] = msgs, codesOf(msgs)
	}
	for field, group := range de.Groups {
		inner := map[string][]any{}
		for key, msgs := range group {
			inner[key] = codesOf(msgs)
		}
		body[field], codes[field] = group, inner
	}
	body["codes"] = codes
	WriteJSON(w, status, body)
}

// Detail writes {"detail": msg, "codes": {"detail": <its code>}} with status.
func Detail(w http.ResponseWriter, status int, msg string) { WriteJSON(w, status, Say(msg)) }
