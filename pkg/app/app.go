// Package app builds the clients and services every function shares from
// its configuration, once per process: the Lambda mains and the local
// gateway share it, so there is one way to wire every endpoint group. Each
// function's routes are wired in a package of its own (pkg/app/usersapp,
// organizationsapp, eventsapp, mediaapp), so a Lambda binary imports, and
// starts, only its own API; pkg/app/all lists every function.
package app

import (
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"turnout/pkg/accounts"
	"turnout/pkg/apitokens"
	"turnout/pkg/auth"
	"turnout/pkg/config"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail/outbox"
	"turnout/pkg/media"
	"turnout/pkg/store"
	"turnout/pkg/webhooks"
	"turnout/pkg/webhooks/ownermail"
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
	// APITokens are organizations' API tokens (Auth checks them).
	APITokens *apitokens.Service
	// Hooks sends webhook deliveries to public addresses only (locally
	// also to loopback receivers); one client per process.
	Hooks webhooks.Sender
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
	tokens := &apitokens.Service{Store: st, Now: now}
	return Base{
		Config:    cfg,
		Store:     st,
		Media:     media.New(awsCfg, cfg.S3Endpoint, cfg.MediaBucket, cfg.WebOrigin),
		Auth:      httpapi.Authenticator{Tokens: issuer, Users: st, APITokens: tokens},
		APITokens: tokens,
		Hooks:     webhooks.Sender{Client: WebhookGuard(cfg).Client(), Now: now},
		Now:       now,
		Passwords: accounts.Argon2id{},
		Mail:      outbox.Queue{Store: st, Now: now},
		Shell:     webshell.New(cfg.WebOrigin, now),
	}
}

// WebhookGuard is where cfg's deliveries may go: public addresses, and
// locally (the emulators' stack) loopback receivers over plain http too.
func WebhookGuard(cfg config.Config) webhooks.Guard { return webhooks.NewGuard(cfg.Local()) }

// Deliverer makes webhook deliveries' attempts.
func (b Base) Deliverer() webhooks.Deliverer {
	return webhooks.Deliverer{Store: b.Store, Sender: b.Hooks, Owners: ownermail.Owners{Store: b.Store, WebOrigin: b.Config.WebOrigin}}
}

// Webhooks are the owners' calls about webhook endpoints.
func (b Base) Webhooks() *webhooks.Service {
	return &webhooks.Service{Store: b.Store, Guard: WebhookGuard(b.Config), Deliverer: b.Deliverer(), Now: b.Now}
}

// Dispatcher queues the webhook deliveries of changes.
func (b Base) Dispatcher() webhooks.Dispatcher {
	return webhooks.Dispatcher{Store: b.Store, Now: b.Now}
}

// Function is one Lambda function of the API: the path prefix the HTTP
// API routes to it and how its handler is built.
type Function struct {
	Name, Prefix string
	Build        func(b Base) http.Handler
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

// EventService is the events flows (the events function's, and what the
// account flows ask of events when an organization leaves).
func (b Base) EventService() *eventsvc.Service {
	return &eventsvc.Service{
		Store: b.Store, Media: b.Media, Now: b.Now,
		Tickets: auth.Tickets{Key: b.Config.SigningKey}, Feeds: auth.Feeds{Key: b.Config.SigningKey},
		Guests: auth.Guests{Key: b.Config.SigningKey}, Mail: b.Mail, WebOrigin: b.Config.WebOrigin,
	}
}

// AccountService is the account flows (the users and organizations
// functions').
func (b Base) AccountService() *accounts.Service {
	return &accounts.Service{
		Accounts:     b.Store,
		SignUps:      b.Store,
		MailQuota:    b.Store,
		Logins:       b.Store,
		Profiles:     b.Store,
		Leaving:      b.Store,
		Members:      b.Store,
		Events:       b.EventService(),
		Media:        b.Media,
		Mail:         b.Mail,
		Passwords:    b.Passwords,
		Tokens:       b.Auth.Tokens,
		Links:        auth.LinkSigner{Key: b.Config.SigningKey, Now: b.Now},
		Unsubscribes: auth.Unsubscribes{Key: b.Config.SigningKey},
		WebOrigin:    b.Config.WebOrigin,
		Now:          b.Now,
		Sleep:        accounts.SleepContext,
	}
}
