package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// answer is a handler that sends body with the given status and headers.
func answer(status int, body string, headers ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.WriteHeader(status)
		// In small writes, as encoders and file servers do.
		for chunk := range chunks(body, 4096) {
			_, _ = io.WriteString(w, chunk)
		}
	})
}

// chunks cuts s into pieces of n bytes.
func chunks(s string, n int) func(func(string) bool) {
	return func(yield func(string) bool) {
		for len(s) > n {
			if !yield(s[:n]) {
				return
			}
			s = s[n:]
		}
		if s != "" {
			yield(s)
		}
	}
}

func TestCompressAsCloudFrontDoes(t *testing.T) {
	json := "[" + strings.Repeat(`{"title":"Jazz in the Park"},`, 100) + "{}]"
	cases := []struct {
		name, method, acceptEncoding string
		handler                      http.Handler
		wantGzip                     bool
	}{
		{"API JSON", "GET", "gzip, deflate, br", answer(200, json, "Content-Type", "application/json"), true},
		{"JavaScript", "GET", "gzip", answer(200, strings.Repeat("console.log(1);", 100), "Content-Type", "text/javascript; charset=utf-8"), true},
		{"sniffed HTML", "GET", "gzip", answer(200, "<!doctype html>"+strings.Repeat("<p>hi</p>", 200)), true},
		{"a 404 page", "GET", "gzip", answer(404, json, "Content-Type", "application/json"), true},
		{"exactly 1,000 bytes", "GET", "gzip", answer(200, strings.Repeat("a", 1000), "Content-Type", "text/plain"), true},
		{"999 bytes", "GET", "gzip", answer(200, strings.Repeat("a", 999), "Content-Type", "text/plain"), false},
		{"over 10,000,000 bytes", "GET", "gzip", answer(200, strings.Repeat("a", 10_000_001), "Content-Type", "text/plain"), false},
		{"no Accept-Encoding", "GET", "", answer(200, json, "Content-Type", "application/json"), false},
		{"gzip refused", "GET", "gzip;q=0, br", answer(200, json, "Content-Type", "application/json"), false},
		{"an image", "GET", "gzip", answer(200, strings.Repeat("\x89PNG", 500), "Content-Type", "image/png"), false},
		{"already encoded", "GET", "gzip", answer(200, json, "Content-Type", "application/json", "Content-Encoding", "br"), false},
		{"a 400", "GET", "gzip", answer(400, json, "Content-Type", "application/json"), false},
		{"a range", "GET", "gzip", answer(206, json, "Content-Type", "application/json"), false},
		{"HEAD", "HEAD", "gzip", answer(200, "", "Content-Type", "application/json"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := httptest.NewRecorder()
			c.handler.ServeHTTP(want, httptest.NewRequest(c.method, "/", nil))

			req := httptest.NewRequest(c.method, "/", nil)
			if c.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", c.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			compress(c.handler).ServeHTTP(rec, req)
			res := rec.Result()

			if got := res.StatusCode; got != want.Code {
				t.Errorf("status %d, want %d", got, want.Code)
			}
			body := rec.Body.Bytes()
			gzipped := res.Header.Get("Content-Encoding") == "gzip"
			if gzipped != c.wantGzip {
				t.Fatalf("Content-Encoding %q, want gzip: %v", res.Header.Get("Content-Encoding"), c.wantGzip)
			}
			if gzipped {
				if got := res.Header.Get("Vary"); got != "Accept-Encoding" {
					t.Errorf("Vary %q", got)
				}
				if cl := res.Header.Get("Content-Length"); cl != strconv.Itoa(len(body)) {
					t.Errorf("Content-Length %s for %d bytes", cl, len(body))
				}
				zr, err := gzip.NewReader(bytes.NewReader(body))
				must(t, err)
				body, err = io.ReadAll(zr)
				must(t, err)
			}
			if !bytes.Equal(body, want.Body.Bytes()) {
				t.Errorf("body (%d bytes) differs from the handler's (%d bytes)", len(body), want.Body.Len())
			}
			wantCT := want.Result().Header.Get("Content-Type")
			if wantCT == "" && want.Body.Len() > 0 {
				wantCT = http.DetectContentType(want.Body.Bytes()) // as net/http's server sends it
			}
			if ct := res.Header.Get("Content-Type"); ct != wantCT {
				t.Errorf("Content-Type %q, want %q", ct, wantCT)
			}
		})
	}
}

func TestCompressMakesAStrongETagWeak(t *testing.T) {
	h := answer(200, strings.Repeat("a", 2000), "Content-Type", "text/css", "ETag", `"v1"`)
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	compress(h).ServeHTTP(rec, req)
	if got := rec.Header().Get("ETag"); got != `W/"v1"` {
		t.Errorf("ETag %q, want W/\"v1\"", got)
	}
}
