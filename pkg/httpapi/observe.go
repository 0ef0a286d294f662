package httpapi

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

// requestInfo is what Observe learns about a request while it runs: the
// router notes the route it matched, the Authenticator the account.
type requestInfo struct {
	id      string
	route   string
	account string
	// client is the request's context as the server gave it: cancelled
	// when the client goes away.
	client context.Context
}

type requestInfoKey struct{}

func infoOf(ctx context.Context) *requestInfo {
	if ctx == nil {
		return nil
	}
	info, _ := ctx.Value(requestInfoKey{}).(*requestInfo)
	return info
}

// noteRoute records the pattern the router matched for the request of ctx.
func noteRoute(ctx context.Context, pattern string) {
	if info := infoOf(ctx); info != nil {
		info.route = pattern
	}
}

// noteAccount records the authenticated account of the request of ctx.
func noteAccount(ctx context.Context, id string) {
	if info := infoOf(ctx); info != nil {
		info.account = id
	}
}

// RequestID is the id Observe gave the request of ctx ("" outside one).
func RequestID(ctx context.Context) string {
	if info := infoOf(ctx); info != nil {
		return info.id
	}
	return ""
}

// Observe gives every request an id and logs one line when it ends: id,
// method, route pattern, status, duration and the account when one signed
// in, at level. The id is API Gateway's request id under Lambda (the one
// its access log and the client's apigw-requestid header carry), else the
// Lambda invocation's, else a new one. Log through a LogHandler with the
// request's context and every line carries it.
func Observe(h http.Handler, level slog.Level) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &requestInfo{id: requestID(r.Context()), client: r.Context()}
		r = r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, info))
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)

		attrs := []slog.Attr{
			slog.String("method", r.Method),
			slog.String("route", info.route),
			slog.Int("status", sw.status()),
			slog.Int64("duration_ms", time.Since(start).Milliseconds()),
		}
		if info.route == "" {
			// No endpoint matched: the path says what was asked for.
			attrs = append(attrs, slog.String("path", r.URL.Path))
		}
		if info.account != "" {
			attrs = append(attrs, slog.String("account_id", info.account))
		}
		slog.LogAttrs(r.Context(), level, "request", attrs...)
	})
}

func requestID(ctx context.Context) string {
	if gw, ok := core.GetAPIGatewayV2ContextFromContext(ctx); ok && gw.RequestID != "" {
		return gw.RequestID
	}
	if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
		return lc.AwsRequestID
	}
	return rand.Text()
}

// statusWriter remembers the status a handler answered with.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.code == 0 {
		s.code = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer underneath.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusWriter) status() int {
	if s.code == 0 {
		return http.StatusOK
	}
	return s.code
}

// LogHandler adds the request id to every line logged with a request's
// context. A line logged after the client went away becomes Debug with
// client_gone=true: whatever failed then (most often the request's own
// context, cancelled with it) is not the service's error. (Under Lambda a
// request's context ends only at its deadline, so this is the local
// gateway's case.)
type LogHandler struct {
	inner slog.Handler
}

// NewLogHandler wraps inner.
func NewLogHandler(inner slog.Handler) *LogHandler { return &LogHandler{inner: inner} }

// Enabled reports whether inner takes level; a line that Handle demotes
// is checked again there.
func (h *LogHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

// Handle adds the request's id (or, outside a request, the Lambda
// invocation's: the mailer's and the scheduled jobs' lines) and passes the
// record on.
func (h *LogHandler) Handle(ctx context.Context, rec slog.Record) error {
	info := infoOf(ctx)
	if info == nil {
		if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
			rec = rec.Clone()
			rec.AddAttrs(slog.String("invocation_id", lc.AwsRequestID))
		}
		return h.inner.Handle(ctx, rec)
	}
	rec = rec.Clone()
	rec.AddAttrs(slog.String("request_id", info.id))
	if errors.Is(info.client.Err(), context.Canceled) {
		if rec.Level > slog.LevelDebug {
			rec.Level = slog.LevelDebug
			if !h.inner.Enabled(ctx, rec.Level) {
				return nil
			}
		}
		rec.AddAttrs(slog.Bool("client_gone", true))
	}
	return h.inner.Handle(ctx, rec)
}

// WithAttrs returns a LogHandler over inner with attrs.
func (h *LogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &LogHandler{inner: h.inner.WithAttrs(attrs)}
}

// WithGroup returns a LogHandler over inner in group name.
func (h *LogHandler) WithGroup(name string) slog.Handler {
	return &LogHandler{inner: h.inner.WithGroup(name)}
}
