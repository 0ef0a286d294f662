package organizations

import (
	"net/http"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

// routeTokens routes an organization's API tokens: a person's (an owner's)
// work only, never a token's.
func (h handlers) routeTokens(rt *httpapi.Router) {
	rt.Handle("GET /api/organization/tokens/{$}", h.Auth.Require(h.tokens))
	rt.Handle("POST /api/organization/tokens/{$}", h.Auth.Require(h.createToken))
	rt.Handle("DELETE /api/organization/tokens/{id}/{$}", h.Auth.Require(h.revokeToken))
}

// tokenBody is a token as its owners see it (never its secret).
type tokenBody struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	Scopes     []domain.Scope  `json:"scopes"`
	Prefix     string          `json:"prefix"`
	CreatedAt  time.Time       `json:"created_at"`
	CreatedBy  *httpapi.Editor `json:"created_by"`
	ExpiresAt  *time.Time      `json:"expires_at"`
	LastUsedAt *time.Time      `json:"last_used_at"`
}

func tokenBodyOf(t domain.APIToken) tokenBody {
	return tokenBody{
		ID: t.ID, Name: t.Name, Scopes: t.Scopes, Prefix: t.Prefix, CreatedAt: t.Created, CreatedBy: httpapi.EditorOf(t.CreatedBy),
		ExpiresAt: httpapi.TimeOrNull(t.Expires), LastUsedAt: httpapi.TimeOrNull(t.LastUsed),
	}
}

func (h handlers) tokens(w http.ResponseWriter, r *http.Request, u domain.User) {
	tokens, err := h.Tokens.List(r.Context(), u, organizationOf(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	body := struct {
		Tokens    []tokenBody `json:"tokens"`
		RateLimit int         `json:"rate_limit"`
	}{Tokens: make([]tokenBody, len(tokens)), RateLimit: domain.APITokenRate}
	for i, t := range tokens {
		body.Tokens[i] = tokenBodyOf(t)
	}
	httpapi.WriteJSON(w, http.StatusOK, body)
}

func (h handlers) createToken(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in domain.APITokenInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	t, secret, err := h.Tokens.Create(r.Context(), u, organizationOf(r), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusCreated, struct {
		tokenBody
		Secret string `json:"secret"`
	}{tokenBodyOf(t), secret})
}

func (h handlers) revokeToken(w http.ResponseWriter, r *http.Request, u domain.User) {
	if err := h.Tokens.Revoke(r.Context(), u, organizationOf(r), r.PathValue("id")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
