package httpapi

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
)

// Router is a ServeMux whose own 404 and 405 answers use the JSON error
// shape, wrapped in the middleware every endpoint group shares.
type Router struct {
	mux *http.ServeMux
	// routes are the patterns registered, each with its handler when it is
	// a Router mounted whole (see Patterns).
	routes []route
}

type route struct {
	pattern string
	mounted *Router
}

// NewRouter returns an empty Router.
func NewRouter() *Router { return &Router{mux: http.NewServeMux()} }

// Handle registers h for a Go ServeMux pattern such as
// "POST /api/user/login/{$}".
func (rt *Router) Handle(pattern string, h http.HandlerFunc) {
	rt.mux.Handle(pattern, h)
	rt.routes = append(rt.routes, route{pattern: pattern})
}

// Mount sends every request matching pattern (a path prefix ending in "/")
// to sub, another function's Router.
func (rt *Router) Mount(pattern string, sub *Router) {
	rt.mux.Handle(pattern, sub)
	rt.routes = append(rt.routes, route{pattern: pattern, mounted: sub})
}

// Patterns lists the patterns the router answers, in the order they were
// registered, a mounted Router's own in place of its prefix. A test checks
// them against the API's contract (api/openapi.yaml).
func (rt *Router) Patterns() []string {
	var out []string
	for _, r := range rt.routes {
		if r.mounted != nil {
			out = append(out, r.mounted.Patterns()...)
			continue
		}
		out = append(out, r.pattern)
	}
	return out
}

// ServeHTTP dispatches to the matching endpoint, recovering from panics so
// a bug answers with a generic 500 and a log line instead of a crash.
func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			slog.ErrorContext(r.Context(), "panic", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			Detail(w, http.StatusInternalServerError, MsgInternal)
		}
	}()
	// API answers are private unless an endpoint says otherwise.
	w.Header().Set("Cache-Control", "no-store")
	// The mux would redirect paths with dot segments or doubled slashes to
	// their clean form, in HTML; no API path has them.
	if strings.Contains(r.URL.Path, "/.") || strings.Contains(r.URL.Path, "//") {
		Detail(w, http.StatusNotFound, MsgRouteNotFound)
		return
	}
	h, pattern := rt.mux.Handler(r)
	noteRoute(r.Context(), pattern)
	if pattern == "" {
		rt.unmatched(w, r, h)
		return
	}
	rt.mux.ServeHTTP(w, r)
}

// unmatched asks the mux what it would have answered (404 or 405 with its
// Allow header) and says the same in JSON.
func (rt *Router) unmatched(w http.ResponseWriter, r *http.Request, h http.Handler) {
	rec := &capture{header: http.Header{}, Code: http.StatusOK}
	h.ServeHTTP(rec, r)
	if allow := rec.header.Get("Allow"); allow != "" {
		w.Header().Set("Allow", allow)
	}
	switch rec.Code {
	case http.StatusMethodNotAllowed:
		Detail(w, rec.Code, fmt.Sprintf(MsgMethodNotAllowed, r.Method))
	case http.StatusNotFound:
		Detail(w, rec.Code, MsgRouteNotFound)
	default:
		// The mux redirects paths missing their trailing slash; keep that.
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
	}
}

// capture keeps the status and headers a handler wrote and drops its body.
type capture struct {
	header http.Header
	Code   int
}

func (c *capture) Header() http.Header         { return c.header }
func (c *capture) Write(b []byte) (int, error) { return len(b), nil }
func (c *capture) WriteHeader(code int)        { c.Code = code }
