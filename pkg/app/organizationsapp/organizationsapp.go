// Package organizationsapp wires the organizations function
// (/api/organization/*), whose public pages of an organization come from
// the events API.
package organizationsapp

import (
	"net/http"

	"turnout/pkg/api/events"
	"turnout/pkg/api/organizations"
	"turnout/pkg/app"
	"turnout/pkg/app/eventsapp"
)

// Function serves /api/organization/*.
func Function() app.Function {
	return app.Function{Name: "organizations", Prefix: "/api/organization/", Build: func(b app.Base) http.Handler {
		return organizations.NewHandler(organizations.Deps{
			Accounts: b.AccountService(), Media: b.Media, Auth: b.Auth, OriginSecret: b.Config.OriginSecret,
			Public: events.NewOrganizationPages(eventsapp.Deps(b)),
			Tokens: b.APITokens, Webhooks: b.Webhooks(),
		})
	}}
}
