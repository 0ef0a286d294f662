package media

import (
	"context"
	"errors"
	"slices"
	"testing"
)

type deleted []string

func (d *deleted) Delete(_ context.Context, key string) error { *d = append(*d, key); return nil }

func TestReplace(t *testing.T) {
	failed := errors.New("write failed")
	for _, tc := range []struct {
		name           string
		newKey, oldKey string
		writeErr       error
		wantDeleted    []string
	}{
		{"new image kept, old removed", "new", "old", nil, []string{"old"}},
		{"failed write removes the new image", "new", "old", failed, []string{"new"}},
		{"no new image keeps the old", "", "old", nil, nil},
		{"first image", "new", "", nil, nil},
		{"same key is not removed", "same", "same", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d deleted
			err := Replace(context.Background(), &d, tc.newKey, tc.oldKey, func() error { return tc.writeErr })
			if !errors.Is(err, tc.writeErr) {
				t.Fatalf("err = %v, want %v", err, tc.writeErr)
			}
			if !slices.Equal(d, tc.wantDeleted) {
				t.Fatalf("deleted = %v, want %v", d, tc.wantDeleted)
			}
		})
	}
}
