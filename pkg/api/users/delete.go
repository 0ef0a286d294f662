package users

import (
	"net/http"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
)

type deleteAccountInput struct {
	Password string `json:"password"`
}

// deleteAccount deletes the caller's account after they enter its
// password again (accounts.Service.DeleteAccount): 204, and every session
// of it ends.
func (h handlers) deleteAccount(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in deleteAccountInput
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.Accounts.DeleteAccount(r.Context(), u, in.Password); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
