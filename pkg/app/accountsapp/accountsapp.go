// Package accountsapp wires the functions that serve accounts (users,
// organizations): the account flows, with their password hashing and mail,
// which the events and media binaries (importing only pkg/app) never link.
package accountsapp

import (
	"net/http"

	"turnout/pkg/accounts"
	"turnout/pkg/api/events"
	"turnout/pkg/api/organizations"
	"turnout/pkg/api/users"
	"turnout/pkg/app"
	"turnout/pkg/auth"
)

// UsersFunction serves /api/user/*.
func UsersFunction() app.Function {
	return app.Function{Name: "users", Prefix: "/api/user/", Build: func(b app.Base) http.Handler {
		return users.NewHandler(usersDeps(b))
	}}
}

// OrganizationsFunction serves /api/organization/*.
func OrganizationsFunction() app.Function {
	return app.Function{Name: "organizations", Prefix: "/api/organization/", Build: func(b app.Base) http.Handler {
		return organizations.NewHandler(organizationsDeps(b))
	}}
}

// usersDeps wires the users function.
func usersDeps(b app.Base) users.Deps {
	return users.Deps{Accounts: service(b), Media: b.Media, Auth: b.Auth, OriginSecret: b.Config.OriginSecret}
}

// organizationsDeps wires the organizations function.
func organizationsDeps(b app.Base) organizations.Deps {
	return organizations.Deps{
		Accounts: service(b), Media: b.Media, Auth: b.Auth, OriginSecret: b.Config.OriginSecret,
		Public: events.NewOrganizationPages(b.Events()),
	}
}

// service builds the account flows.
func service(b app.Base) *accounts.Service {
	return &accounts.Service{
		Accounts:     b.Store,
		SignUps:      b.Store,
		MailQuota:    b.Store,
		Logins:       b.Store,
		Profiles:     b.Store,
		Leaving:      b.Store,
		Events:       b.Events().Events,
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
