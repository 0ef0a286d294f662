package store

import "turnout/pkg/domain"

// editorItem is how an item keeps who made or changed it: nil (no
// attribute) for nobody.
func editorItem(e domain.Editor) *domain.Editor {
	if e.ID == "" {
		return nil
	}
	return &e
}

func editorOf(it *domain.Editor) domain.Editor {
	if it == nil {
		return domain.Editor{}
	}
	return *it
}
