package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"turnout/pkg/domain"
)

func TestErrorShapes(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		status int
		body   string
	}{
		{"field errors", domain.FieldError("email", domain.MsgInvalidEmail), 400, `{"codes":{"email":["invalid_email"]},"email":["Enter a valid email address."]}`},
		{"detail", domain.Errorf(domain.CodeForbidden, domain.MsgBadRole), 403, `{"detail":"` + domain.MsgBadRole + `","codes":{"detail":"bad_role"}}`},
		{"values", domain.Errorf(domain.CodeTooMany, "Too many failed login attempts. Try again in %d seconds.", 42), 429,
			`{"detail":"Too many failed login attempts. Try again in 42 seconds.","codes":{"detail":{"code":"locked_out","args":["42"]}}}`},
		{"groups", &domain.Error{Code: domain.CodeInvalid, Fields: map[string][]string{"name": {domain.MsgRequired}}, Groups: map[string]domain.FieldErrors{"answers": {"q1": {fmt.Sprintf(domain.MsgMaxLength, 500)}}}}, 400,
			`{"answers":{"q1":["Ensure this field has no more than 500 characters."]},"codes":{"answers":{"q1":[{"code":"max_length","args":["500"]}]},"name":["required"]},"name":["This field is required."]}`},
		// A message no Msg constant declares has no code (tools/msgcodes).
		{"undeclared", domain.Errorf(domain.CodeConflict, "Full."), 409, `{"detail":"Full.","codes":{"detail":null}}`},
		{"wrapped", errors.Join(errors.New("ctx"), domain.Errorf(domain.CodeNotFound, MsgRouteNotFound)), 404, `{"detail":"Not found.","codes":{"detail":"route_not_found"}}`},
		{"internal", errors.New("operation error DynamoDB: GetItem, ResourceNotFoundException"), 500, `{"detail":"Something went wrong on our side. Please try again.","codes":{"detail":"internal"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			Error(rec, httptest.NewRequest("GET", "/x", nil), tt.err)
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			if got := strings.TrimSpace(rec.Body.String()); got != tt.body {
				t.Errorf("body = %s, want %s", got, tt.body)
			}
		})
	}
}

func TestRouterAnswersJSONForUnknownRoutesAndMethods(t *testing.T) {
	rt := NewRouter()
	rt.Handle("POST /api/user/login/{$}", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	rt.Handle("GET /api/boom/{$}", func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	tests := []struct {
		method, path string
		status       int
		allow        string
	}{
		{"POST", "/api/user/login/", 204, ""},
		{"GET", "/api/user/login/", 405, "POST"},
		{"GET", "/api/user/nope/", 404, ""},
		{"GET", "/api/boom/", 500, ""},
		{"POST", "/api/user/../user/login/", 404, ""},
		{"POST", "/api/user//login/", 404, ""},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.status {
			t.Errorf("%s %s: status = %d, want %d", tt.method, tt.path, rec.Code, tt.status)
		}
		if tt.status >= 400 && !json.Valid(rec.Body.Bytes()) {
			t.Errorf("%s %s: body %q is not JSON", tt.method, tt.path, rec.Body)
		}
		if got := rec.Header().Get("Allow"); tt.allow != "" && !strings.Contains(got, tt.allow) {
			t.Errorf("%s %s: Allow = %q", tt.method, tt.path, got)
		}
	}
}

func TestParseFormReadsMultipartAndJSONAlike(t *testing.T) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("title", "  Launch  ")
	fw, _ := mw.CreateFormFile("banner", "b.png")
	_, _ = fw.Write([]byte("PNGDATA"))
	empty, _ := mw.CreateFormFile("logo", "")
	_, _ = empty.Write(nil)
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	f, err := ParseForm(httptest.NewRecorder(), req, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Value("title"); got != "Launch" {
		t.Errorf("title = %q", got)
	}
	if b, ok := f.File("banner"); !ok || string(b) != "PNGDATA" {
		t.Errorf("banner = %q, %v", b, ok)
	}
	req = httptest.NewRequest("POST", "/", strings.NewReader(`{"title":"Launch","capacity":20,"flag":true,"none":null}`))
	req.Header.Set("Content-Type", "application/json")
	f, err = ParseForm(httptest.NewRecorder(), req, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if f.Value("capacity") != "20" || f.Value("flag") != "true" || f.Has("none") {
		t.Errorf("json form = %+v", f.values)
	}
}

func TestParseFormRefusesBadBodies(t *testing.T) {
	tests := []struct {
		name, contentType, body string
		code                    domain.Code
	}{
		{"nested json", "application/json", `{"title":{"x":1}}`, domain.CodeInvalid},
		{"broken json", "application/json", `{"title":`, domain.CodeInvalid},
		{"no boundary", "multipart/form-data", `--x--`, domain.CodeInvalid},
		{"wrong boundary", "multipart/form-data; boundary=abc", "--zzz\r\n\r\n", domain.CodeInvalid},
		{"text", "text/plain", "hello", domain.CodeUnsupported},
		{"too big", "application/json", `{"t":"` + strings.Repeat("x", 2000) + `"}`, domain.CodeTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", tt.contentType)
			_, err := ParseForm(httptest.NewRecorder(), req, 1000)
			if got := domain.ErrorCode(err); got != tt.code {
				t.Errorf("code = %q (%v), want %q", got, err, tt.code)
			}
		})
	}
}

func TestDecodeJSON(t *testing.T) {
	type body struct {
		Username string `json:"username"`
	}
	tests := []struct {
		name, body string
		code       domain.Code
	}{
		{"ok with unknown field", `{"username":"a","extra":1}`, ""},
		{"wrong type", `{"username":5}`, domain.CodeInvalid},
		{"array", `[1,2]`, domain.CodeInvalid},
		{"two values", `{"username":"a"}{}`, domain.CodeInvalid},
		{"empty", ``, domain.CodeInvalid},
		{"huge", `{"username":"` + strings.Repeat("x", MaxJSONBytes) + `"}`, domain.CodeTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			var b body
			if got := domain.ErrorCode(DecodeJSON(httptest.NewRecorder(), req, &b)); got != tt.code {
				t.Errorf("code = %q, want %q", got, tt.code)
			}
		})
	}
}
