// Package all lists every function of the API, for the local gateway and
// the tests that serve the whole API at once. No Lambda binary imports it:
// each links only its own function.
package all

import (
	"turnout/pkg/app"
	"turnout/pkg/app/accountsapp"
)

// Functions is every function of the API, in routing order.
func Functions() []app.Function {
	return []app.Function{accountsapp.UsersFunction(), accountsapp.OrganizationsFunction(), app.EventsFunction(), app.MediaFunction()}
}
