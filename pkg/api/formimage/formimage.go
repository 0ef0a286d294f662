// Package formimage turns the optional image field of a create or update
// form into a media key: either a file sent in the multipart body, or the
// key of an object the browser uploaded with a presigned POST.
package formimage

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
)

// Messages shown to people.
const (
	MsgNotImage  = "Upload a valid image. The file you uploaded was either not an image or a corrupted image."
	MsgTooLarge  = "The image must be at most 5 MB."
	MsgBadUpload = "This upload was not found. Upload the image again."
	// MsgFormTooLarge answers a form over MaxFormBytes. 4.4 MB leaves room
	// for the form's other fields.
	MsgFormTooLarge = "The form is too large. An image sent with a form must be at most 4.4 MB; signed-in edits can upload images of up to 5 MB first."
)

// Lambda refuses an invocation whose event exceeds lambdaEventLimit bytes,
// and API Gateway base64-encodes a multipart body into the event, so an
// inline form may take only three quarters of what is left once the
// event's other parts (request line, headers and cookies, each at most
// 10 KB in an HTTP API and possibly escaped in JSON, and the request
// context) have their eventOverhead.
const (
	lambdaEventLimit = 6 << 20 // 6,291,456 bytes
	eventOverhead    = 64 << 10
	// MaxFormBytes bounds a form body that may carry one image: 4,669,440
	// bytes, so that its API Gateway event always fits Lambda.
	MaxFormBytes = (lambdaEventLimit - eventOverhead) / 4 * 3
)

// ParseForm reads a multipart form that may carry an image, answering a
// body over MaxFormBytes with 413 and MsgFormTooLarge.
func ParseForm(w http.ResponseWriter, r *http.Request) (*httpapi.Form, error) {
	f, err := httpapi.ParseForm(w, r, MaxFormBytes)
	var e *domain.Error
	if errors.As(err, &e) && e.Code == domain.CodeTooLarge {
		return nil, domain.Errorf(domain.CodeTooLarge, MsgFormTooLarge)
	}
	return f, err
}

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
	PutPendingImage(ctx context.Context, kind domain.MediaKind, data []byte) (string, error)
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
// or "" when the form sent none. ownerID is the signed-in account ("" for
// a sign-up, where only a file is accepted, and kept under a pending key
// until the account is activated).
func Resolve(ctx context.Context, m Store, f *httpapi.Form, field Field, ownerID string) (string, error) {
	if data, ok := f.File(field.FileField); ok {
		put := m.PutImage
		if ownerID == "" {
			put = m.PutPendingImage
		}
		key, err := put(ctx, field.Kind, data)
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
