package media

import (
	"context"
	"log/slog"
)

// Deleter removes stored images; *Store implements it.
type Deleter interface {
	Delete(ctx context.Context, key string) error
}

// Replace runs write, which stores the image newKey in place of oldKey
// (either may be ""): when write fails, newKey is removed; when it
// succeeds with a new image, oldKey is. This is the one place that decides
// which image of a create or update to keep. Removal is best effort, an
// orphan costs only storage, and is logged.
func Replace(ctx context.Context, d Deleter, newKey, oldKey string, write func() error) error {
	if err := write(); err != nil {
		discard(ctx, d, newKey)
		return err
	}
	if newKey != "" && oldKey != "" && newKey != oldKey {
		discard(ctx, d, oldKey)
	}
	return nil
}

// Discard removes key ("" is nothing), best effort.
func Discard(ctx context.Context, d Deleter, key string) { discard(ctx, d, key) }

func discard(ctx context.Context, d Deleter, key string) {
	if key == "" {
		return
	}
	if err := d.Delete(ctx, key); err != nil {
		slog.WarnContext(ctx, "remove image failed", "key", key, "err", err)
	}
}
