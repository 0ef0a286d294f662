package httpapi

import (
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"time"

	"turnout/pkg/domain"
)

// WriteJSON writes v as JSON with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // the client may have gone; nothing to do
}

// MaxJSONBytes bounds a JSON request body.
const MaxJSONBytes = 64 << 10

// DecodeJSON reads a JSON object from r into dst. Unknown fields are
// ignored, but a known field of the wrong type, malformed JSON, a second
// value, a wrong content type or an oversized body are 4xx errors.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if !IsJSON(r) {
		return domain.Errorf(domain.CodeUnsupported, MsgSendJSON)
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxJSONBytes))
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return domain.Errorf(domain.CodeInvalid, MsgSingleObject)
	}
	return checkJSONText(dst)
}

// checkJSONText refuses a NUL ("\u0000") in any string field of the
// decoded struct; invalid UTF-8 the decoder has already replaced.
func checkJSONText(dst any) error {
	v := reflect.Indirect(reflect.ValueOf(dst))
	if v.Kind() != reflect.Struct {
		return nil
	}
	fields := domain.FieldErrors{}
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).Kind() != reflect.String {
			continue
		}
		if msg := domain.TextProblem(v.Field(i).String()); msg != "" {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			fields.Add(cmp.Or(name, v.Type().Field(i).Name), msg)
		}
	}
	return fields.Err()
}

func jsonError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return domain.Errorf(domain.CodeTooLarge, MsgBodyTooLarge)
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return domain.FieldError(typeErr.Field, expected(typeErr.Type.Kind().String()))
	case errors.Is(err, io.EOF):
		return domain.Errorf(domain.CodeInvalid, MsgBodyEmpty)
	default:
		return domain.Errorf(domain.CodeInvalid, MsgBodyNotJSON)
	}
}

// expected names the kind of JSON value a field takes.
func expected(kind string) string {
	switch kind {
	case "string":
		return MsgExpectedString
	case "int", "int64", "float64":
		return MsgExpectedNumber
	case "bool":
		return MsgExpectedBoolean
	default:
		return MsgExpectedOther
	}
}

// IsJSON reports whether r says its body is JSON (or says nothing).
func IsJSON(r *http.Request) bool {
	mt := mediaType(r)
	return mt == "application/json" || mt == ""
}

// TimeOrNull is t, or JSON null when t is zero.
func TimeOrNull(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// OrNull is s, or JSON null when s is empty.
func OrNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
