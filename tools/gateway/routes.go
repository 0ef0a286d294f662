package main

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/app"
	"turnout/pkg/app/all"
	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/webshell"
)

// newHandler mounts the same handlers the Lambdas run, as CloudFront's
// behaviours and the HTTP API's routes do in AWS, with CloudFront's
// security headers and compression. Password hashing runs at most one per
// CPU at once.
func newHandler(b app.Base, awsCfg aws.Config, webDir string) (http.Handler, error) {
	headers, err := securityHeaders(b.Config, awsCfg.Region)
	if err != nil {
		return nil, err
	}
	b.Passwords = limitPasswords(b.Passwords, runtime.GOMAXPROCS(0))
	web := spaHandler(webDir)
	// Event pages read the app's page from the web build served here, as
	// the Lambda reads it from the site in AWS.
	b.Shell = webshell.New(b.Config.WebOrigin, b.Now)
	b.Shell.Client = &http.Client{Transport: handlerTransport{web}}
	// Each API call is a debug line here, shown with -v; the Lambdas log
	// theirs at Info.
	api, media := httpapi.Observe(b.API(all.Functions()), slog.LevelDebug), mediaHandler(b)
	return withHeaders(headers, compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if crawlerFiles[r.URL.Path] {
			// As CloudFront's viewer-request rewrite does (infra: CrawlerFiles).
			r.URL.Path = crawlerPrefix + r.URL.Path
		}
		if r.URL.Path == sharePath {
			// As CloudFront's viewer-request rewrite does (infra: SharePages).
			q := r.URL.Query()
			r.URL.Path, r.URL.RawQuery = sharePrefix+shareID(q.Get("id")), inviteQuery(q.Get("invite"))
		}
		if id, ok := strings.CutPrefix(r.URL.Path, organizationPagePrefix); ok {
			// As CloudFront's viewer-request rewrite does (infra: OrganizationPages).
			r.URL.Path, r.URL.RawQuery = organizationSharePath(id), ""
		}
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/"):
			api.ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/media/") && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			media.ServeHTTP(w, r)
		default:
			web.ServeHTTP(w, r)
		}
	}))), nil
}

// crawlerFiles are served by the API under crawlerPrefix.
var crawlerFiles = map[string]bool{"/robots.txt": true, "/sitemap.xml": true}

const crawlerPrefix = "/api/event/public"

// An event's shareable URL is answered by the API under sharePrefix, with
// the event's tags in the page (pkg/api/events/share.go).
const (
	sharePath   = "/event/detail"
	sharePrefix = "/api/event/public/share/"
)

// An organization's page (/organizations/{id}) is answered by the API the
// same way, under its public pages.
const organizationPagePrefix = "/organizations/"

// organizationSharePath is where the API answers organization id's page;
// an id that could not be an organization's becomes "-", which is none.
func organizationSharePath(id string) string {
	if id = shareID(id); id == "" {
		id = "-"
	}
	return "/api/organization/public/" + id + "/share"
}

// inviteQuery keeps a private event's invite code (?invite=) if it could
// be one, else is "".
var validInvite = regexp.MustCompile(`^[0-9A-Za-z_-]{1,64}$`)

func inviteQuery(code string) string {
	if validInvite.MatchString(code) {
		return url.Values{"invite": {code}}.Encode()
	}
	return ""
}

// shareID is the id of a shareable URL if it could be an event's, else "".
var validShareID = regexp.MustCompile(`^[0-9A-Za-z]{1,64}$`)

func shareID(id string) string {
	if validShareID.MatchString(id) {
		return id
	}
	return ""
}

// handlerTransport answers HTTP requests from a handler in this process.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// mediaHandler streams images from the media bucket, as CloudFront's
// /media/* behaviour does.
func mediaHandler(b app.Base) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := path.Clean(r.URL.Path)[1:] // object keys start with "media/"
		// Browser uploads wait under media/uploads/ until checked; only
		// checked images are served.
		if !strings.HasPrefix(key, "media/") || strings.HasPrefix(key, "media/uploads/") {
			http.NotFound(w, r)
			return
		}
		body, contentType, size, err := b.Media.Open(r.Context(), key)
		if errors.Is(err, domain.ErrNotFound) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			httpapi.Error(w, r, err)
			return
		}
		defer body.Close()
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		_, _ = io.Copy(w, body)
	})
}

// spaHandler serves the web build; paths without a dot that are not files
// get index.html so the app's router can take them, as CloudFront's
// viewer-request function does (infra: SpaFallback), and a missing file is
// not found: never the app's page at the widget's frameable address
// (/embed.html). Without a build it serves a short page saying how to make
// one.
func spaHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		index := filepath.Join(dir, "index.html")
		if _, err := os.Stat(index); err != nil {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, placeholderPage)
			return
		}
		p := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			if path.Dir(r.URL.Path) == "/assets" {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			files.ServeHTTP(w, r)
			return
		}
		if strings.Contains(r.URL.Path, ".") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, index)
	})
}

const placeholderPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Turnout</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>Turnout</h1>
<p>The API is running under <a href="/api/event/public/">/api/</a>. The web app has not been built yet.</p>
</body></html>
`
