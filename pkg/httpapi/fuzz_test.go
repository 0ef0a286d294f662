package httpapi

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"turnout/pkg/domain"
)

// clientError fails unless err is nil or a *domain.Error answered with a
// 4xx: no body, however malformed, may become a 500.
func clientError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var de *domain.Error
	if !errors.As(err, &de) {
		t.Fatalf("error %v is not a *domain.Error", err)
	}
	if s := statusOf[de.Code]; s < 400 || s > 499 {
		t.Fatalf("error %v has status %d, want 4xx", err, s)
	}
}

var fuzzContentTypes = []string{
	"multipart/form-data; boundary=X", "application/x-www-form-urlencoded", "application/json", "",
	"text/plain", "multipart/form-data", "multipart/form-data; boundary=\"\"",
}

func FuzzParseForm(f *testing.F) {
	f.Add(uint8(0), []byte("--X\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n--X--\r\n"))
	f.Add(uint8(0), []byte("--X\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n\r\n\x89PNG\r\n--X--\r\n"))
	f.Add(uint8(0), []byte("--X\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\na\x00b\r\n--X--\r\n"))
	f.Add(uint8(1), []byte("username=ada&password=x%00y"))
	f.Add(uint8(1), []byte("a=%ff%fe"))
	f.Add(uint8(2), []byte(`{"title": "Hi", "capacity": 10, "free": true, "x": null}`))
	f.Add(uint8(2), []byte(`{"title": ["x"], "o": {"a": 1}}`))
	f.Add(uint8(2), []byte(`{"t": "a\u0000b", "u": "\xff"}`))
	f.Add(uint8(3), []byte(`[1, 2]`))
	f.Add(uint8(4), []byte(`hello`))
	f.Fuzz(func(t *testing.T, ct uint8, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(string(body)))
		if c := fuzzContentTypes[int(ct)%len(fuzzContentTypes)]; c != "" {
			r.Header.Set("Content-Type", c)
		}
		form, err := ParseForm(httptest.NewRecorder(), r, 1<<20)
		clientError(t, err)
		if err != nil {
			return
		}
		for name, v := range form.values {
			if msg := domain.TextProblem(v); msg != "" {
				t.Fatalf("value of %q accepted with problem %q: %q", name, msg, v)
			}
		}
	})
}

func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(`{"username": "ada", "password": "secret", "size": 10}`))
	f.Add([]byte(`{"username": 5}`))
	f.Add([]byte(`{"size": "big"}`))
	f.Add([]byte(`{"size": 1.5}`))
	f.Add([]byte(`{"username": "a\u0000b"}`))
	f.Add([]byte("{\"username\": \"\xff\xfe\"}"))
	f.Add([]byte(`{} {}`))
	f.Add([]byte(`[`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(string(body)))
		r.Header.Set("Content-Type", "application/json")
		var dst struct {
			Username string `json:"username"`
			Password string `json:"password"`
			Size     int64  `json:"size"`
		}
		err := DecodeJSON(httptest.NewRecorder(), r, &dst)
		clientError(t, err)
		if err != nil {
			return
		}
		for _, v := range []string{dst.Username, dst.Password} {
			if msg := domain.TextProblem(v); msg != "" {
				t.Fatalf("value accepted with problem %q: %q", msg, v)
			}
		}
	})
}
