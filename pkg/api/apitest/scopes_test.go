package apitest

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oklog/ulid/v2"

	"turnout/pkg/domain"
)

// TestEveryOperationsScope reads every operation of api/openapi.yaml: one
// that names an apiToken scope refuses a token without that scope (403
// insufficient_scope, whatever else it carries) and lets one with only
// that scope through; one that a person's token opens but names no scope
// refuses a token with every scope. So the document's scopes are the ones
// the API enforces, and no new endpoint opens to tokens unsaid.
func TestEveryOperationsScope(t *testing.T) {
	env := MustEnv(t)
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	reg := regRegister(t, env, ev.ID, person)
	all := env.newToken(t, org, domain.Scopes...)
	only := map[domain.Scope]apiToken{}
	allBut := map[domain.Scope]apiToken{}
	for _, s := range domain.Scopes {
		only[s] = env.newToken(t, org, s)
		allBut[s] = env.newToken(t, org, slices.DeleteFunc(slices.Clone(domain.Scopes), func(o domain.Scope) bool { return o == s })...)
	}
	params := map[string]string{
		"{id}": ev.ID, "{eventId}": ev.ID, "{organizationId}": org.OrganizationID, "{registrationId}": reg.ID,
		"{userId}": person.ID, "{deliveryId}": "msg_" + ulid.Make().String(), "{token}": "x", "{secret}": "x", "{uid}": "x",
	}
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for path, item := range c.doc.Paths.Map() {
		for method, op := range item.Operations() {
			scope, bearer := securityOf(op.Security)
			if scope == "" && !bearer {
				continue // nobody's token opens it: a token is not read
			}
			url := path
			for name, v := range params {
				url = strings.ReplaceAll(url, name, v)
			}
			if strings.HasPrefix(path, "/api/organization/webhooks/{id}") || strings.HasPrefix(path, "/api/event/series/{id}") {
				url = strings.Replace(url, ev.ID, ulid.Make().String(), 1) // none there: a 404 past the scope check
			}
			call := func(token string) *Response {
				var body any
				if method != http.MethodGet && method != http.MethodDelete {
					body = map[string]any{}
				}
				return env.JSON(method, url, body, token)
			}
			checked++
			if scope == "" {
				wantInsufficient(t, op.OperationID+" (no scope) with every scope", call(all.Secret))
				continue
			}
			wantInsufficient(t, op.OperationID+" without "+string(scope), call(allBut[scope].Secret))
			if res := call(only[scope].Secret); res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden {
				t.Errorf("%s with only %s answered %d: %s", op.OperationID, scope, res.Status, res.Body)
			}
		}
	}
	if checked < 50 {
		t.Errorf("checked %d operations: the document's security was not read", checked)
	}
}

// securityOf is the apiToken scope an operation's security names, and
// whether a person's bearer token opens it.
func securityOf(reqs *openapi3.SecurityRequirements) (scope domain.Scope, bearer bool) {
	if reqs == nil {
		return "", false
	}
	for _, req := range *reqs {
		if scopes, ok := req["apiToken"]; ok && len(scopes) == 1 {
			scope = domain.Scope(scopes[0])
		}
		if _, ok := req["bearer"]; ok {
			bearer = true
		}
	}
	return scope, bearer
}

func wantInsufficient(t *testing.T, what string, res *Response) {
	t.Helper()
	if res.Status != http.StatusForbidden || detailCode(t, res) != "insufficient_scope" {
		t.Errorf("%s answered %d %s, want 403 insufficient_scope", what, res.Status, res.Body)
	}
}
