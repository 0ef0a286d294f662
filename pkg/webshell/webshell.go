// Package webshell reads the web app's index.html from the site, for the
// pages the API answers in its place (an event's shareable URL, with the
// tags link previews and search engines read). It keeps the page for a
// minute and then revalidates it by its ETag, so a deploy's new asset
// names reach those pages within a minute.
package webshell

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// maxAge is how long a fetched page is used before it is revalidated.
const maxAge = time.Minute

// maxSize bounds the page read (index.html is a few KB).
const maxSize = 1 << 20

// Shell fetches and caches one page.
type Shell struct {
	// URL is the page's address (the site's /index.html).
	URL    string
	Client *http.Client
	Now    func() time.Time

	mu      sync.Mutex
	html    string
	etag    string
	checked time.Time
}

// New reads the app shell of the site at origin.
func New(origin string, now func() time.Time) *Shell {
	return &Shell{URL: origin + "/index.html", Client: &http.Client{Timeout: 3 * time.Second}, Now: now}
}

// HTML returns the page, fetching or revalidating it when it is older than
// maxAge. If the site cannot be reached, a page fetched before is used.
func (s *Shell) HTML(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.html != "" && s.Now().Sub(s.checked) < maxAge {
		return s.html, nil
	}
	err := s.fetch(ctx)
	if err != nil && s.html == "" {
		return "", err
	}
	return s.html, nil
}

func (s *Shell) fetch(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL, nil)
	if err != nil {
		return fmt.Errorf("app shell: %w", err)
	}
	if s.etag != "" {
		req.Header.Set("If-None-Match", s.etag)
	}
	res, err := s.Client.Do(req)
	if err != nil {
		return fmt.Errorf("app shell: %w", err)
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusNotModified:
		s.checked = s.Now()
		return nil
	case http.StatusOK:
	default:
		return fmt.Errorf("app shell: GET %s: %s", s.URL, res.Status)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxSize))
	if err != nil {
		return fmt.Errorf("app shell: read %s: %w", s.URL, err)
	}
	s.html, s.etag, s.checked = string(body), res.Header.Get("ETag"), s.Now()
	return nil
}
