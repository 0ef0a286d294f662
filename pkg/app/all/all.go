// Package all lists every function of the API, for the local gateway and
// the tests that serve the whole API at once. No Lambda binary imports it:
// each links only its own function.
package all

import (
	"turnout/pkg/app"
	"turnout/pkg/app/eventsapp"
	"turnout/pkg/app/mediaapp"
	"turnout/pkg/app/organizationsapp"
	"turnout/pkg/app/usersapp"
)

// Functions is every function of the API, in routing order.
func Functions() []app.Function {
	return []app.Function{usersapp.Function(), organizationsapp.Function(), eventsapp.Function(), mediaapp.Function()}
}
