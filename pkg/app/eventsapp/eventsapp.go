// Package eventsapp wires the events function (/api/event/*).
package eventsapp

import (
	"net/http"
	// Event times are reckoned in the events' zones (a duplicate's week
	// later at the same wall-clock time), whatever zones the host holds.
	_ "time/tzdata"

	"turnout/pkg/api/events"
	"turnout/pkg/app"
)

// Function serves /api/event/*.
func Function() app.Function {
	return app.Function{Name: "events", Prefix: "/api/event/", Build: func(b app.Base) http.Handler {
		return events.NewHandler(Deps(b))
	}}
}

// Deps are the events API's dependencies (organization pages share them).
func Deps(b app.Base) events.Deps {
	return events.Deps{Events: b.EventService(), Media: b.Media, Auth: b.Auth, WebOrigin: b.Config.WebOrigin, Shell: b.Shell, OriginSecret: b.Config.OriginSecret, Hooks: b.Dispatcher()}
}
