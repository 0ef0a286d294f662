// Package formimage turns the optional image field of a create or update
// form into a media key: either a file sent in the multipart body, or the
// key of an object the browser uploaded with a presigned POST.
package formimage

import (
	"context"
	"errors"
	"fmt"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
)

// Messages shown to people.
const (
	MsgNotImage  = "Upload a valid image. The file you uploaded was either not an image or a corrupted image."
	MsgTooLarge  = "The image must be at most 5 MB."
	MsgBadUpload = "This upload was not found. Upload the image again."
)

// MaxFormBytes bounds a form body that may carry one image.
const MaxFormBytes = media.MaxImageBytes + 512<<10

// Field names an image field: fileField holds a multipart file, keyField a
// presigned upload's key.
type Field struct {
	Kind      domain.MediaKind
	FileField string
	KeyField  string
}

// Store is what formimage needs of the media store.
type Store interface {
	PutImage(ctx context.Context, kind domain.MediaKind, data []byte) (string, error)
	ClaimUpload(ctx context.Context, kind domain.MediaKind, ownerID, key string) (string, error)
	Delete(ctx context.Context, key string) error
}

// Discard removes an image stored for a request that then failed, or the
// one an update replaced. It is best effort: an orphan costs only storage.
func Discard(ctx context.Context, m Store, key string) {
	if key != "" {
		_ = m.Delete(ctx, key)
	}
}

// Resolve stores or claims the image of field and returns its media key,
// or "" when the form sent none. ownerID is the signed-in account ("" when
// anonymous, where only a file is accepted).
func Resolve(ctx context.Context, m Store, f *httpapi.Form, field Field, ownerID string) (string, error) {
	if data, ok := f.File(field.FileField); ok {
		key, err := m.PutImage(ctx, field.Kind, data)
		return key, fieldError(field.FileField, err)
	}
	key := f.Value(field.KeyField)
	if key == "" {
		return "", nil
	}
	if ownerID == "" {
		return "", domain.FieldError(field.KeyField, MsgBadUpload)
	}
	claimed, err := m.ClaimUpload(ctx, field.Kind, ownerID, key)
	return claimed, fieldError(field.KeyField, err)
}

func fieldError(field string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, media.ErrNotImage):
		return domain.FieldError(field, MsgNotImage)
	case errors.Is(err, media.ErrTooLarge):
		return domain.FieldError(field, MsgTooLarge)
	case errors.Is(err, media.ErrBadUploadKey):
		return domain.FieldError(field, MsgBadUpload)
	default:
		return fmt.Errorf("store %s image: %w", field, err)
	}
}
