package httpapi

import (
	"time"

	"turnout/pkg/domain"
)

// Edits say who made something of an organization and who last changed
// it, when: what its members read of an event or of the organization.
type Edits struct {
	CreatedBy *Editor    `json:"created_by"`
	ChangedBy *Editor    `json:"changed_by"`
	ChangedAt *time.Time `json:"changed_at"`
}

// Editor is an account that made or changed something.
type Editor struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

// EditorOf is e's body, nil for nobody (what is older than its keeping).
func EditorOf(e domain.Editor) *Editor {
	if e.ID == "" {
		return nil
	}
	return &Editor{ID: e.ID, Username: e.Username}
}

// EditsOf is the edits of something made by created and changed by
// changed at at (zero for never).
func EditsOf(created, changed domain.Editor, at time.Time) Edits {
	return Edits{CreatedBy: EditorOf(created), ChangedBy: EditorOf(changed), ChangedAt: TimeOrNull(at)}
}
