package apitest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"turnout/pkg/domain"
)

// apiToken is a new token as its owner gets it once.
type apiToken struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Scopes     []domain.Scope `json:"scopes"`
	Prefix     string         `json:"prefix"`
	Secret     string         `json:"secret"`
	ExpiresAt  *time.Time     `json:"expires_at"`
	LastUsedAt *time.Time     `json:"last_used_at"`
}

// newToken creates a token of owner's organization with scopes.
func (e *Env) newToken(tb testing.TB, owner *Account, scopes ...domain.Scope) apiToken {
	tb.Helper()
	res := e.JSON(http.MethodPost, "/api/organization/tokens/", map[string]any{"name": Unique("token"), "scopes": scopes}, owner.Access)
	Expect(tb, res, http.StatusCreated)
	var t apiToken
	res.Decode(tb, &t)
	return t
}

// tokens lists owner's organization's tokens.
func (e *Env) tokens(tb testing.TB, owner *Account) []apiToken {
	tb.Helper()
	res := e.JSON(http.MethodGet, "/api/organization/tokens/", nil, owner.Access)
	Expect(tb, res, http.StatusOK)
	var body struct {
		Tokens    []apiToken `json:"tokens"`
		RateLimit int        `json:"rate_limit"`
	}
	res.Decode(tb, &body)
	if body.RateLimit != domain.APITokenRate {
		tb.Errorf("rate_limit = %d, want %d", body.RateLimit, domain.APITokenRate)
	}
	return body.Tokens
}

func detailCode(tb testing.TB, res *Response) string {
	tb.Helper()
	var body struct {
		Codes struct {
			Detail any `json:"detail"`
		} `json:"codes"`
	}
	res.Decode(tb, &body)
	if c, ok := body.Codes.Detail.(string); ok {
		return c
	}
	if m, ok := body.Codes.Detail.(map[string]any); ok {
		c, _ := m["code"].(string)
		return c
	}
	return ""
}

// TestAPITokens: an owner creates a token, sees its secret once, and the
// token works as a bearer token on the endpoints its scopes cover, for
// its organization only, until it is revoked or expires; each records
// when it was last used.
func TestAPITokens(t *testing.T) {
	env := MustEnv(t)
	org, other, person := env.NewOrganizer(t), env.NewOrganizer(t), env.NewPerson(t)
	ev, theirs := env.CreateEvent(t, org, env.EventForm(5, 10)), env.CreateEvent(t, other, env.EventForm(5, 10))
	Expect(t, regPost(env, ev.ID, person.Access), http.StatusCreated)

	tok := env.newToken(t, org, domain.ScopeAttendeesRead)
	if !strings.HasPrefix(tok.Secret, "tn_") || !strings.HasPrefix(tok.Secret, tok.Prefix) || tok.LastUsedAt != nil {
		t.Fatalf("new token = %+v", tok)
	}
	listed := env.tokens(t, org)
	if len(listed) != 1 || listed[0].ID != tok.ID || listed[0].Secret != "" {
		t.Fatalf("listed = %+v, want the token without its secret", listed)
	}

	res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, tok.Secret)
	Expect(t, res, http.StatusOK)
	if used := env.tokens(t, org)[0].LastUsedAt; used == nil || env.Now().Sub(*used) > 2*time.Minute {
		t.Errorf("last_used_at = %v after a call", used)
	}
	for path, want := range map[string]int{
		"/api/event/detail/" + theirs.ID + "/attendees/": http.StatusForbidden, // another organization's
		"/api/event/detail/" + ev.ID + "/attendees.csv":  http.StatusOK,
	} {
		Expect(t, env.JSON(http.MethodGet, path, nil, tok.Secret), want)
	}
	for _, call := range []struct{ method, path string }{
		{http.MethodPost, "/api/event/detail/" + ev.ID + "/check-in/"}, // checkin:write
		{http.MethodGet, "/api/user/profile/"},                         // a person's
		{http.MethodGet, "/api/organization/tokens/"},                  // owners' only
		{http.MethodPost, "/api/event/register/" + ev.ID + "/"},        // a person's
	} {
		res := env.JSON(call.method, call.path, map[string]any{}, tok.Secret)
		Expect(t, res, http.StatusForbidden)
		if code := detailCode(t, res); code != "insufficient_scope" {
			t.Errorf("%s %s: code %q, want insufficient_scope", call.method, call.path, code)
		}
	}

	// Owners only: a person has no organization.
	Expect(t, env.JSON(http.MethodPost, "/api/organization/tokens/", map[string]any{"name": "x", "scopes": []string{"events:read"}}, person.Access), http.StatusForbidden)

	Expect(t, env.JSON(http.MethodDelete, "/api/organization/tokens/"+tok.ID+"/", nil, org.Access), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, tok.Secret), http.StatusUnauthorized)
	Expect(t, env.JSON(http.MethodDelete, "/api/organization/tokens/"+tok.ID+"/", nil, org.Access), http.StatusNotFound)
	// A made-up secret of a real token's ids is no token.
	forged := env.newToken(t, org, domain.ScopeAttendeesRead).Secret
	forged = forged[:len(forged)-4] + "aaaa"
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, forged), http.StatusUnauthorized)
}

func TestAPITokenInput(t *testing.T) {
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	past := env.Now().Add(-time.Hour).Format(time.RFC3339)
	for _, tc := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"name": "", "scopes": []string{"events:read"}}, "name"},
		{map[string]any{"name": "a", "scopes": []string{}}, "scopes"},
		{map[string]any{"name": "a", "scopes": []string{"events:read", "everything"}}, "scopes"},
		{map[string]any{"name": "a", "scopes": []string{"events:read"}, "expires_at": past}, "expires_at"},
	} {
		res := env.JSON(http.MethodPost, "/api/organization/tokens/", tc.body, org.Access)
		Expect(t, res, http.StatusBadRequest)
		if f := res.Fields(t); len(f[tc.field]) == 0 {
			t.Errorf("%v: %v, want a message for %s", tc.body, f, tc.field)
		}
	}
}

// TestAPITokenExpiresAndIsRateLimited: a token stops at its expiry, and
// past its calls of a minute answers 429 with the seconds to wait.
func TestAPITokenExpiresAndIsRateLimited(t *testing.T) {
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	res := env.JSON(http.MethodPost, "/api/organization/tokens/", map[string]any{
		"name": "for a day", "scopes": []string{"events:read"}, "expires_at": env.Now().Add(24 * time.Hour).Format(time.RFC3339),
	}, org.Access)
	Expect(t, res, http.StatusCreated)
	var daily apiToken
	res.Decode(t, &daily)
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, daily.Secret), http.StatusOK)

	// Use up this minute's calls of the token (as many calls would), at
	// the start of a minute, so the calls below fall in the same one.
	env.Advance(env.Now().Truncate(time.Minute).Add(time.Minute + time.Second).Sub(env.Now()))
	now := env.Now()
	allowance := domain.Allowance{Scope: "apitoken", Value: daily.ID, Kind: "calls", Limit: domain.APITokenRate, Per: time.Minute}
	for range domain.APITokenRate {
		if _, _, err := env.Base.Store.TakeAllowance(context.Background(), allowance, now); err != nil {
			t.Fatal(err)
		}
	}
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, daily.Secret)
	Expect(t, res, http.StatusTooManyRequests)
	if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("Retry-After = %q", ra)
	}

	env.Advance(25 * time.Hour)
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, daily.Secret), http.StatusUnauthorized)
}

// TestDeletedOrganizationsTokensAndWebhooksGo: deleting an organization
// takes its API tokens, webhook endpoints and their logs with it.
func TestDeletedOrganizationsTokensAndWebhooksGo(t *testing.T) {
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))
	tok := env.newToken(t, org, domain.ScopeEventsWrite, domain.ScopeEventsRead)
	rc := newReceiver(t)
	h := env.newHook(t, org, rc.srv.URL, domain.HookEventUpdated)
	Expect(t, env.JSON(http.MethodPost, "/api/organization/webhooks/"+h.ID+"/test/", nil, org.Access), http.StatusCreated)

	Expect(t, env.JSON(http.MethodDelete, "/api/organization/details/", map[string]string{"password": org.Password}, org.Access), http.StatusNoContent)
	Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, tok.Secret), http.StatusUnauthorized)
	if hooks, err := env.Base.Store.Webhooks(context.Background(), org.OrganizationID); err != nil || len(hooks) != 0 {
		t.Errorf("endpoints after the deletion: %v, %v", hooks, err)
	}
	if ds, _, err := env.Base.Store.Deliveries(context.Background(), h.ID, "", 10); err != nil || len(ds) != 0 {
		t.Errorf("deliveries after the deletion: %d, %v", len(ds), err)
	}
}
