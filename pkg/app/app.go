// Package app builds each function's dependencies from its configuration,
// once per process: the Lambda mains and the local gateway share it, so
// there is one way to wire every endpoint group.
package app

import (
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"turnout/pkg/accounts"
	"turnout/pkg/api/events"
	"turnout/pkg/api/organizations"
	"turnout/pkg/api/uploads"
	"turnout/pkg/api/users"
	"turnout/pkg/auth"
	"turnout/pkg/config"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail"
	"turnout/pkg/media"
	"turnout/pkg/store"
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
	}
}

// Function is one Lambda function of the API: the path prefix the HTTP
// API routes to it and how its handler is built.
type Function struct {
	Name, Prefix string
	build        func(b Base, awsCfg aws.Config) http.Handler
}

// The API's functions; each functions/<Name>/main.go runs one. They are
// functions, not variables, so a Lambda binary links only the handlers of
// the function it runs (a package-level list would keep every one alive).

// UsersFunction serves /api/user/*.
func UsersFunction() Function {
	return Function{"users", "/api/user/", func(b Base, awsCfg aws.Config) http.Handler {
		return users.NewHandler(b.Users(awsCfg))
	}}
}

// OrganizationsFunction serves /api/organization/*.
func OrganizationsFunction() Function {
	return Function{"organizations", "/api/organization/", func(b Base, awsCfg aws.Config) http.Handler {
		return organizations.NewHandler(b.Organizations(awsCfg))
	}}
}

// EventsFunction serves /api/event/*.
func EventsFunction() Function {
	return Function{"events", "/api/event/", func(b Base, _ aws.Config) http.Handler {
		return events.NewHandler(b.Events())
	}}
}

// MediaFunction serves /api/media/*.
func MediaFunction() Function {
	return Function{"media", "/api/media/", func(b Base, _ aws.Config) http.Handler {
		return uploads.NewHandler(b.Uploads())
	}}
}

// Functions is every function of the API, for the local gateway and tests.
func Functions() []Function {
	return []Function{UsersFunction(), OrganizationsFunction(), EventsFunction(), MediaFunction()}
}

// Handler builds f's handler. Every request it serves runs under
// config.RequestTimeout, well inside the Lambda timeout, so a slow
// dependency ends in a 503 rather than a killed function.
func (b Base) Handler(f Function, awsCfg aws.Config) http.Handler {
	return httpapi.WithDeadline(config.RequestTimeout, f.build(b, awsCfg))
}

// API sends each request to its function by path prefix, as the HTTP
// API's routes do in AWS (the local gateway and the API tests use it).
func (b Base) API(awsCfg aws.Config) http.Handler {
	functions := Functions()
	handlers := make([]http.Handler, len(functions))
	for i, f := range functions {
		handlers[i] = b.Handler(f, awsCfg)
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

func (b Base) accounts(awsCfg aws.Config) *accounts.Service {
	return &accounts.Service{
		Store:     b.Store,
		Media:     b.Media,
		Mail:      mail.New(awsCfg, b.Config.SESEndpoint, b.Config.MailFrom),
		Passwords: b.Passwords,
		Tokens:    b.Auth.Tokens,
		Links:     auth.LinkSigner{Key: b.Config.SigningKey, Now: b.Now},
		WebOrigin: b.Config.WebOrigin,
		Now:       b.Now,
		Sleep:     accounts.SleepContext,
	}
}

// Users wires the users function.
func (b Base) Users(awsCfg aws.Config) users.Deps {
	return users.Deps{Accounts: b.accounts(awsCfg), Media: b.Media, Auth: b.Auth, OriginSecret: b.Config.OriginSecret}
}

// Organizations wires the organizations function.
func (b Base) Organizations(awsCfg aws.Config) organizations.Deps {
	return organizations.Deps{Accounts: b.accounts(awsCfg), Media: b.Media, Auth: b.Auth, OriginSecret: b.Config.OriginSecret}
}

// Events wires the events function.
func (b Base) Events() events.Deps {
	svc := &eventsvc.Service{Store: b.Store, Media: b.Media, Now: b.Now}
	return events.Deps{Events: svc, Media: b.Media, Auth: b.Auth}
}

// Uploads wires the media upload function.
func (b Base) Uploads() uploads.Deps {
	return uploads.Deps{Media: b.Media, Auth: b.Auth}
}
