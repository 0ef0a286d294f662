// Package usersapp wires the users function (/api/user/*).
package usersapp

import (
	"net/http"

	"turnout/pkg/api/users"
	"turnout/pkg/app"
)

// Function serves /api/user/*.
func Function() app.Function {
	return app.Function{Name: "users", Prefix: "/api/user/", Build: func(b app.Base) http.Handler {
		return users.NewHandler(users.Deps{Accounts: b.AccountService(), Media: b.Media, Auth: b.Auth, OriginSecret: b.Config.OriginSecret})
	}}
}
