package webshell

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func TestShellKeepsThePageAMinuteThenRevalidates(t *testing.T) {
	var gets, full atomic.Int32
	page := "<html>v1</html>"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gets.Add(1)
		etag := `"` + page + `"`
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		full.Add(1)
		w.Header().Set("ETag", etag)
		_, _ = w.Write([]byte(page))
	}))
	defer srv.Close()
	now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	s := New(srv.URL, func() time.Time { return now })
	ctx := context.Background()

	for range 3 {
		if got, err := s.HTML(ctx); err != nil || got != "<html>v1</html>" {
			t.Fatalf("HTML = %q, %v", got, err)
		}
	}
	if gets.Load() != 1 {
		t.Errorf("%d fetches within a minute, want 1", gets.Load())
	}
	now = now.Add(2 * time.Minute)
	if got, _ := s.HTML(ctx); got != "<html>v1</html>" || gets.Load() != 2 || full.Load() != 1 {
		t.Errorf("after a minute: %q, %d fetches, %d full; want a revalidation answered 304", got, gets.Load(), full.Load())
	}
	page = "<html>v2</html>"
	now = now.Add(2 * time.Minute)
	if got, _ := s.HTML(ctx); got != "<html>v2</html>" {
		t.Errorf("a new deploy's page is not taken: %q", got)
	}
	srv.Close()
	now = now.Add(2 * time.Minute)
	if got, err := s.HTML(ctx); err != nil || got != "<html>v2</html>" {
		t.Errorf("with the site down: %q, %v; want the page fetched before", got, err)
	}
	if _, err := New(srv.URL, time.Now).HTML(ctx); err == nil {
		t.Errorf("no page and no site: no error")
	}
}
