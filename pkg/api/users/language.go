package users

import (
	"net/http"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

type languageBody struct {
	Language string `json:"language"`
}

// setLanguage keeps the language the caller reads Turnout in
// ({"language": "de"}); their mail follows it.
func (h handlers) setLanguage(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in languageBody
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	l, err := h.Accounts.SetLanguage(r.Context(), u, in.Language)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, languageBody{Language: l})
}
