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

// API sends each request to its endpoint group by path prefix, as the HTTP
// API's routes do in AWS (the local gateway and the API tests use it).
func (b Base) API(awsCfg aws.Config) http.Handler {
	groups := []struct {
		prefix  string
		handler http.Handler
	}{
		{"/api/user/", users.NewHandler(b.Users(awsCfg))},
		{"/api/organization/", organizations.NewHandler(b.Organizations(awsCfg))},
		{"/api/event/", events.NewHandler(b.Events())},
		{"/api/media/", uploads.NewHandler(b.Uploads())},
	}
	unrouted := httpapi.NewRouter() // answers everything with a JSON 404
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, g := range groups {
			if strings.HasPrefix(r.URL.Path, g.prefix) {
				g.handler.ServeHTTP(w, r)
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
	return users.Deps{Accounts: b.accounts(awsCfg), Media: b.Media, Auth: b.Auth}
}

// Organizations wires the organizations function.
func (b Base) Organizations(awsCfg aws.Config) organizations.Deps {
	return organizations.Deps{Accounts: b.accounts(awsCfg), Media: b.Media, Auth: b.Auth}
}

// Events wires the events function.
func (b Base) Events() events.Deps {
	return events.Deps{Store: b.Store, Media: b.Media, Auth: b.Auth, Now: b.Now}
}

// Uploads wires the media upload function.
func (b Base) Uploads() uploads.Deps {
	return uploads.Deps{Media: b.Media, Auth: b.Auth}
}
