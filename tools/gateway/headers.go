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

// securityHeaders are the headers CloudFront's response headers policy adds
// in AWS, read from the file the CDK app builds that policy from, so the
// web app meets the same policy locally. Strict-Transport-Security is left
// out: the gateway serves plain http, over which browsers ignore it (RFC
// 6797 §8.1), and a developer's 127.0.0.1 must stay reachable over http.
func securityHeaders(cfg config.Config, region string) (http.Header, error) {
	root, err := emulators.RepoRoot()
	if err != nil {
		return nil, fmt.Errorf("security headers: %w", err)
	}
	path := filepath.Join(root, "infra", "lib", "security-headers.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("security headers: %w", err)
	}
	var policy struct {
		ContentSecurityPolicy []string `json:"contentSecurityPolicy"`
		FrameOptions          string   `json:"frameOptions"`
		ReferrerPolicy        string   `json:"referrerPolicy"`
	}
	if err := json.Unmarshal(raw, &policy); err != nil {
		return nil, fmt.Errorf("security headers %s: %w", path, err)
	}
	uploads, err := uploadOrigin(cfg, region)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("Content-Security-Policy", strings.ReplaceAll(strings.Join(policy.ContentSecurityPolicy, "; "), "{uploads}", uploads))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", policy.FrameOptions)
	h.Set("Referrer-Policy", policy.ReferrerPolicy)
	return h, nil
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

// withHeaders adds headers to every answer of h, as CloudFront's policy
// does (no handler here sets them otherwise).
func withHeaders(headers http.Header, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range headers {
			w.Header()[k] = v
		}
		h.ServeHTTP(w, r)
	})
}
