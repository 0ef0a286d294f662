package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"turnout/pkg/config"
	"turnout/pkg/emulators"
)

// siteHeaders are the headers CloudFront's response headers policies add
// in AWS, read from the file the CDK app builds those policies from, so the
// web app meets the same policies locally: one for every answer, another
// for the pages any site may frame (the embeddable widget's).
// Strict-Transport-Security is left out: the gateway serves plain http,
// over which browsers ignore it (RFC 6797 §8.1), and a developer's
// 127.0.0.1 must stay reachable over http.
type siteHeaders struct {
	all, embeddable http.Header
	embeddablePaths map[string]bool
}

// of is the headers of the answer at path.
func (s siteHeaders) of(path string) http.Header {
	if s.embeddablePaths[path] {
		return s.embeddable
	}
	return s.all
}

func securityHeaders(cfg config.Config, region string) (siteHeaders, error) {
	root, err := emulators.RepoRoot()
	if err != nil {
		return siteHeaders{}, fmt.Errorf("security headers: %w", err)
	}
	path := filepath.Join(root, "infra", "lib", "security-headers.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return siteHeaders{}, fmt.Errorf("security headers: %w", err)
	}
	var policy struct {
		ContentSecurityPolicy []string `json:"contentSecurityPolicy"`
		FrameOptions          string   `json:"frameOptions"`
		Embeddable            struct {
			Paths          []string `json:"paths"`
			FrameAncestors string   `json:"frameAncestors"`
		} `json:"embeddable"`
		ReferrerPolicy string `json:"referrerPolicy"`
	}
	if err := json.Unmarshal(raw, &policy); err != nil {
		return siteHeaders{}, fmt.Errorf("security headers %s: %w", path, err)
	}
	uploads, err := uploadOrigin(cfg, region)
	if err != nil {
		return siteHeaders{}, err
	}
	csp := func(directives []string) string {
		return strings.ReplaceAll(strings.Join(directives, "; "), "{uploads}", uploads)
	}
	s := siteHeaders{all: http.Header{}, embeddable: http.Header{}, embeddablePaths: map[string]bool{}}
	for _, h := range []http.Header{s.all, s.embeddable} {
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", policy.ReferrerPolicy)
	}
	s.all.Set("Content-Security-Policy", csp(policy.ContentSecurityPolicy))
	s.all.Set("X-Frame-Options", policy.FrameOptions)
	// X-Frame-Options has no value that lets any site frame a page: the
	// embeddable pages go without it, their CSP saying who may.
	s.embeddable.Set("Content-Security-Policy", csp(framedBy(policy.ContentSecurityPolicy, policy.Embeddable.FrameAncestors)))
	for _, p := range policy.Embeddable.Paths {
		s.embeddablePaths[p] = true
	}
	return s, nil
}

// framedBy is the policy's directives with frame-ancestors set to
// ancestors, as infra/lib/app/cdn.ts sets it too.
func framedBy(directives []string, ancestors string) []string {
	out := make([]string, len(directives))
	for i, d := range directives {
		if strings.HasPrefix(d, "frame-ancestors ") {
			d = "frame-ancestors " + ancestors
		}
		out[i] = d
	}
	return out
}

// uploadOrigin is where browsers send image uploads: the S3 emulator, or
// the media bucket in AWS as infra/lib/app/cdn.ts names it.
func uploadOrigin(cfg config.Config, region string) (string, error) {
	if cfg.S3Endpoint == "" {
		return fmt.Sprintf("https://%s.s3.%s.amazonaws.com", cfg.MediaBucket, region), nil
	}
	u, err := url.Parse(cfg.S3Endpoint)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", fmt.Errorf("S3 endpoint %q is not a URL", cfg.S3Endpoint)
	}
	return u.Scheme + "://" + u.Host, nil
}

// withHeaders adds the headers of its path to every answer of h, as
// CloudFront's policies do (no handler here sets them otherwise).
func withHeaders(headers siteHeaders, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range headers.of(r.URL.Path) {
			w.Header()[k] = v
		}
		h.ServeHTTP(w, r)
	})
}
