// Package app builds each function's dependencies from its configuration,
// once per process: the Lambda mains and the local gateway share it, so
// there is one way to wire every endpoint group. The functions that send
// mail (users, organizations) are wired in pkg/app/accountsapp, so that the
// events and media binaries, which import only this package, link no SES
// client; pkg/app/all lists every function.
package app

import (
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"turnout/pkg/accounts"
	"turnout/pkg/api/events"
	"turnout/pkg/api/uploads"
	"turnout/pkg/auth"
	"turnout/pkg/config"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail/outbox"
	"turnout/pkg/media"
	"turnout/pkg/store"
	"turnout/pkg/webshell"
)

// Token lifetimes.
const (
	AccessTTL  = 15 * time.Minute
	RefreshTTL = 7 * 24 * time.Hour
)

// Base holds the clients every function needs.
type Base struct {
	Config config.Config
	Store  *store.Store
	Media  *media.Store
	Auth   httpapi.Authenticator
	Now    func() time.Time
	// Passwords hashes and checks passwords (argon2id; tests may count it).
	Passwords accounts.Passwords
	// Mail queues messages for the mailer function (pkg/mail/outbox); the
	// local stack puts its stream relay here.
	Mail accounts.Mailer
	// Shell is the web app's page from the site (WebOrigin), which event
	// pages answer with their tags; one per process.
	Shell *webshell.Shell
}

// NewBase builds the shared clients. now is the clock (time.Now outside
// tests); storeOpts may add SDK middleware to the DynamoDB client (tests
// count operations this way).
func NewBase(cfg config.Config, awsCfg aws.Config, now func() time.Time, storeOpts ...func(*dynamodb.Options)) Base {
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table, storeOpts...)
	issuer := &auth.Issuer{
		Key: cfg.SigningKey, Issuer: "turnout", Audience: "turnout-api",
		AccessTTL: AccessTTL, RefreshTTL: RefreshTTL, Now: now,
	}
	return Base{
		Config:    cfg,
		Store:     st,
		Media:     media.New(awsCfg, cfg.S3Endpoint, cfg.MediaBucket, cfg.WebOrigin),
		Auth:      httpapi.Authenticator{Tokens: issuer, Users: st},
		Now:       now,
		Passwords: accounts.Argon2id{},
		Mail:      outbox.Queue{Store: st, Now: now},
		Shell:     webshell.New(cfg.WebOrigin, now),
	}
}

// Function is one Lambda function of the API: the path prefix the HTTP
// API routes to it and how its handler is built.
type Function struct {
	Name, Prefix string
	Build        func(b Base) http.Handler
}

// The API's functions; each functions/<Name>/main.go runs one. They are
// functions, not variables, so a Lambda binary links only the handlers of
// the function it runs (a package-level list would keep every one alive).

// EventsFunction serves /api/event/*.
func EventsFunction() Function {
	return Function{"events", "/api/event/", func(b Base) http.Handler {
		return events.NewHandler(b.Events())
	}}
}

// MediaFunction serves /api/media/*.
func MediaFunction() Function {
	return Function{"media", "/api/media/", func(b Base) http.Handler {
		return uploads.NewHandler(b.Uploads())
	}}
}

// Handler builds f's handler. Every request it serves runs under the
// configuration's request deadline (config.RequestTimeout in production),
// well inside the Lambda timeout, so a slow dependency ends in a 503 rather
// than a killed function.
func (b Base) Handler(f Function) http.Handler {
	return httpapi.WithDeadline(b.Config.Limits().Request, f.Build(b))
}

// API sends each request to one of functions by path prefix, as the HTTP
// API's routes do in AWS (the local gateway and the API tests use it).
func (b Base) API(functions []Function) http.Handler {
	handlers := make([]http.Handler, len(functions))
	for i, f := range functions {
		handlers[i] = b.Handler(f)
	}
	unrouted := httpapi.NewRouter() // answers everything with a JSON 404
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i, f := range functions {
			if strings.HasPrefix(r.URL.Path, f.Prefix) {
				handlers[i].ServeHTTP(w, r)
				return
			}
		}
		unrouted.ServeHTTP(w, r)
	})
}

// Events wires the events function.
func (b Base) Events() events.Deps {
	svc := &eventsvc.Service{
		Store: b.Store, Media: b.Media, Now: b.Now,
		Tickets: auth.Tickets{Key: b.Config.SigningKey}, Feeds: auth.Feeds{Key: b.Config.SigningKey},
	}
	return events.Deps{Events: svc, Media: b.Media, Auth: b.Auth, WebOrigin: b.Config.WebOrigin, Shell: b.Shell}
}

// Uploads wires the media upload function.
func (b Base) Uploads() uploads.Deps {
	return uploads.Deps{Media: b.Media, Auth: b.Auth}
}
