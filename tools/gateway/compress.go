package main

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// CloudFront's "compress objects automatically" bounds: smaller answers are
// not worth it, larger ones are sent as they are.
const (
	minCompressBytes = 1_000
	maxCompressBytes = 10_000_000
)

// compressibleTypes are the text types of CloudFront's list that this
// product serves or could (its list also has fonts and feeds).
var compressibleTypes = map[string]bool{
	"application/javascript": true, "application/json": true, "application/xml": true,
	"application/xhtml+xml": true, "application/rss+xml": true, "application/wasm": true,
	"image/svg+xml": true, "text/css": true, "text/csv": true, "text/html": true,
	"text/javascript": true, "text/plain": true, "text/xml": true,
}

// compress gzips answers the way CloudFront does in front of S3 and the
// API, so that what a browser downloads locally is what it downloads in
// AWS: only for clients that accept gzip, only text types, only 200, 403
// and 404 answers with a body of 1,000 to 10,000,000 bytes, never an
// answer that is already encoded. A strong ETag becomes weak, as there.
// (CloudFront prefers Brotli when the client offers it over HTTPS; the Go
// standard library has no Brotli encoder, and the gateway serves plain
// http, over which browsers do not offer Brotli anyway.)
func compress(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			h.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{ResponseWriter: w}
		h.ServeHTTP(cw, r)
		cw.finish()
	})
}

// acceptsGzip says whether an Accept-Encoding value lists gzip with a
// non-zero weight.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q, found := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if !found {
			return true
		}
		weight, err := strconv.ParseFloat(q, 64)
		return err == nil && weight > 0
	}
	return false
}

// compressWriter holds back a compressible answer until its size is known
// (the whole of it, at most maxCompressBytes), and passes any other answer
// through untouched.
type compressWriter struct {
	http.ResponseWriter
	status    int
	decided   bool
	buffering bool
	buf       bytes.Buffer
}

func (cw *compressWriter) WriteHeader(status int) {
	if cw.status != 0 {
		return
	}
	cw.status = status
	// Informational answers carry no body; pass them on.
	if status < 200 {
		cw.status = 0
		cw.ResponseWriter.WriteHeader(status)
	}
}

func (cw *compressWriter) Write(p []byte) (int, error) {
	if cw.status == 0 {
		cw.status = http.StatusOK
	}
	if !cw.decided {
		cw.decide(p)
	}
	if !cw.buffering {
		return cw.ResponseWriter.Write(p)
	}
	if cw.buf.Len()+len(p) > maxCompressBytes {
		// Too large to compress: send what was held back and the rest as is.
		cw.buffering = false
		cw.ResponseWriter.WriteHeader(cw.status)
		if _, err := cw.ResponseWriter.Write(cw.buf.Bytes()); err != nil {
			return 0, err
		}
		cw.buf = bytes.Buffer{}
		return cw.ResponseWriter.Write(p)
	}
	return cw.buf.Write(p)
}

// decide looks at the status and headers once the body starts (first is
// its first bytes, to sniff a missing Content-Type as net/http would).
func (cw *compressWriter) decide(first []byte) {
	cw.decided = true
	h := cw.Header()
	if h.Get("Content-Type") == "" && h.Get("Content-Encoding") == "" {
		h.Set("Content-Type", http.DetectContentType(first))
	}
	mediaType, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	cw.buffering = (cw.status == http.StatusOK || cw.status == http.StatusForbidden || cw.status == http.StatusNotFound) &&
		h.Get("Content-Encoding") == "" && compressibleTypes[mediaType]
	if !cw.buffering {
		cw.ResponseWriter.WriteHeader(cw.status)
	}
}

// finish sends what was held back: gzipped when its size is in range.
func (cw *compressWriter) finish() {
	if !cw.decided {
		// No body was written: only the status (if any) goes out.
		if cw.status != 0 {
			cw.ResponseWriter.WriteHeader(cw.status)
		}
		return
	}
	if !cw.buffering {
		return
	}
	body := cw.buf.Bytes()
	h := cw.Header()
	if len(body) >= minCompressBytes {
		var zipped bytes.Buffer
		zw := gzip.NewWriter(&zipped)
		_, _ = zw.Write(body) // writes to memory do not fail
		_ = zw.Close()
		body = zipped.Bytes()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		if etag := h.Get("ETag"); etag != "" && !strings.HasPrefix(etag, "W/") {
			h.Set("ETag", "W/"+etag)
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	cw.ResponseWriter.WriteHeader(cw.status)
	_, _ = cw.ResponseWriter.Write(body)
}
