package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"turnout/pkg/domain"
)

// Form is a request body of named text values and files, read the same
// way whether it came as multipart/form-data (the registration,
// profile and event calls, docs/api.md), urlencoded, or a JSON object of scalars.
type Form struct {
	values map[string]string
	files  map[string][]byte
}

// A field's value may hold an event's registration questions as JSON:
// ten of them with twenty options each take up to about 25 KB of ASCII.
const (
	maxFormValueBytes = 64 << 10
	maxFormParts      = 64
)

// ParseForm reads r's body, at most maxBytes of it, into a Form.
func ParseForm(w http.ResponseWriter, r *http.Request, maxBytes int64) (*Form, error) {
	f := &Form{values: map[string]string{}, files: map[string][]byte{}}
	body := http.MaxBytesReader(w, r.Body, maxBytes)
	var err error
	switch mediaType(r) {
	case "multipart/form-data":
		err = f.readMultipart(r, body)
	case "application/x-www-form-urlencoded":
		err = f.readURLEncoded(body)
	case "application/json", "":
		err = f.readJSON(body)
	default:
		return nil, domain.Errorf(domain.CodeUnsupported, MsgSendForm)
	}
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return nil, domain.Errorf(domain.CodeTooLarge, MsgBodyTooLarge)
	}
	if err != nil {
		return nil, err
	}
	return f, f.checkText()
}

// checkText refuses values that are not text (invalid UTF-8, NUL) before
// anything is stored or looked up with them.
func (f *Form) checkText() error {
	fields := domain.FieldErrors{}
	for name, v := range f.values {
		if msg := domain.TextProblem(v); msg != "" {
			fields.Add(name, msg)
		}
	}
	return fields.Err()
}

func (f *Form) readMultipart(r *http.Request, body io.Reader) error {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		return domain.Errorf(domain.CodeInvalid, MsgNoBoundary)
	}
	tail := &tailReader{r: body}
	mr := multipart.NewReader(tail, params["boundary"])
	closing := []byte("--" + params["boundary"] + "--")
	for n := 0; ; n++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			// The reader also stops quietly on a body cut short or with the
			// wrong boundary; only a closing delimiter means it is whole (a
			// form with no field at all is that delimiter alone: browsers
			// omit empty values).
			if !bytes.Contains(tail.last, closing) {
				return domain.Errorf(domain.CodeInvalid, MsgMultipartMangled)
			}
			return nil
		}
		if err != nil {
			return malformed(err, "The multipart body is malformed.")
		}
		if n == maxFormParts {
			return domain.Errorf(domain.CodeInvalid, MsgTooManyFields)
		}
		name := part.FormName()
		if name == "" {
			continue
		}
		if part.FileName() != "" {
			data, err := io.ReadAll(part)
			if err != nil {
				return malformed(err, "The multipart body is malformed.")
			}
			if len(data) > 0 { // an empty file input means "no file"
				f.files[name] = data
			}
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, maxFormValueBytes+1))
		if err != nil {
			return malformed(err, "The multipart body is malformed.")
		}
		if len(data) > maxFormValueBytes {
			return domain.FieldError(name, MsgValueTooLong)
		}
		f.values[name] = string(data)
	}
}

// tailReader remembers the last bytes read through it.
type tailReader struct {
	r    io.Reader
	last []byte
}

const tailBytes = 256

func (t *tailReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.last = append(t.last, p[:n]...)
	if len(t.last) > tailBytes {
		t.last = append(t.last[:0], t.last[len(t.last)-tailBytes:]...)
	}
	return n, err
}

func (f *Form) readURLEncoded(body io.Reader) error {
	data, err := io.ReadAll(body)
	if err != nil {
		return malformed(err, "The form body could not be read.")
	}
	vals, err := url.ParseQuery(string(data))
	if err != nil {
		return domain.Errorf(domain.CodeInvalid, MsgFormMangled)
	}
	for k, v := range vals {
		f.values[k] = v[0]
	}
	return nil
}

func (f *Form) readJSON(body io.Reader) error {
	var obj map[string]json.RawMessage
	if err := json.NewDecoder(body).Decode(&obj); err != nil {
		return jsonError(err)
	}
	fields := domain.FieldErrors{}
	for k, raw := range obj {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return jsonError(err)
		}
		switch v := v.(type) {
		case nil:
		case string:
			f.values[k] = v
		case float64:
			f.values[k] = strconv.FormatFloat(v, 'f', -1, 64)
		case bool:
			f.values[k] = strconv.FormatBool(v)
		default:
			fields.Add(k, MsgSingleValue)
		}
	}
	return fields.Err()
}

// malformed passes a body-size error through and turns anything else into
// a 400 with msg.
func malformed(err error, msg string) error {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return err
	}
	return domain.Errorf(domain.CodeInvalid, "%s", msg)
}

// Value returns the named value with surrounding space trimmed.
func (f *Form) Value(name string) string { return strings.TrimSpace(f.values[name]) }

// Raw returns the named value exactly as sent (for passwords).
func (f *Form) Raw(name string) string { return f.values[name] }

// Has reports whether the field was sent at all.
func (f *Form) Has(name string) bool { _, ok := f.values[name]; return ok }

// File returns the bytes of an uploaded file field, if one was sent.
func (f *Form) File(name string) ([]byte, bool) { b, ok := f.files[name]; return b, ok }

func mediaType(r *http.Request) string {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return "invalid"
	}
	return mt
}

// NextPageHeader carries the cursor of a list's or an export's next page.
const NextPageHeader = "X-Next-Page"

// PageQuery reads a page's limit and after from r's query: limit is
// fallback when absent, and must be a whole number from 1 to most.
func PageQuery(r *http.Request, fallback, most int) (limit int, after string, err error) {
	limit = fallback
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > most {
			return 0, "", domain.FieldError("limit", fmt.Sprintf(MsgLimit, most))
		}
		limit = n
	}
	return limit, r.URL.Query().Get("after"), nil
}
