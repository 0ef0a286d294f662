// Package uploads serves /api/media/*: presigned S3 POSTs that let a
// browser upload an image straight to the media bucket.
package uploads

import (
	"context"
	"errors"
	"net/http"

	"turnout/pkg/domain"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
)

// Presigner is what uploads needs of the media store.
type Presigner interface {
	PresignUpload(ctx context.Context, kind domain.MediaKind, ownerID, contentType string, size int64) (media.Upload, error)
}

// Deps are the media function's dependencies, built once per process.
type Deps struct {
	Media Presigner
	Auth  httpapi.Authenticator
}

// Messages shown to people.
const (
	MsgBadKind          = "kind must be one of avatar, logo or banner."
	MsgNotImageType     = "Only JPEG, PNG, GIF and WebP images can be uploaded."
	MsgTooLarge         = "The image must be at most 5 MB."
	MsgOrganizersOnly   = "Only organizers upload logos and banners."
	MsgSizeRequired     = "size must be the file's size in bytes."
	MsgContentTypeEmpty = "content_type is required."
)

// NewHandler routes every /api/media/ endpoint.
func NewHandler(d Deps) http.Handler {
	rt := httpapi.NewRouter()
	rt.Handle("POST /api/media/upload/{$}", d.Auth.Scoped(domain.ScopeEventsWrite, d.presign))
	return rt
}

type uploadRequest struct {
	Kind        domain.MediaKind `json:"kind"`
	ContentType string           `json:"content_type"`
	Size        int64            `json:"size"`
}

// uploadDuty is the work an organization's image is for: a logo is an
// owner's, a banner a manager's too.
var uploadDuty = map[domain.MediaKind]domain.Duty{domain.MediaLogo: domain.DutyOrganization, domain.MediaBanner: domain.DutyEvents}

func (d Deps) presign(w http.ResponseWriter, r *http.Request, u domain.User) {
	var in uploadRequest
	if err := httpapi.DecodeJSON(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	f := domain.FieldErrors{}
	switch in.Kind {
	case domain.MediaAvatar:
	case domain.MediaLogo, domain.MediaBanner:
		if !u.MayAnywhere(uploadDuty[in.Kind]) {
			httpapi.Error(w, r, domain.Errorf(domain.CodeForbidden, MsgOrganizersOnly))
			return
		}
	default:
		f.Add("kind", MsgBadKind)
	}
	if in.ContentType == "" {
		f.Add("content_type", MsgContentTypeEmpty)
	}
	if in.Size <= 0 {
		f.Add("size", MsgSizeRequired)
	}
	if err := f.Err(); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	up, err := d.Media.PresignUpload(r.Context(), in.Kind, u.ID, in.ContentType, in.Size)
	switch {
	case errors.Is(err, media.ErrNotImage):
		err = domain.FieldError("content_type", MsgNotImageType)
	case errors.Is(err, media.ErrTooLarge):
		err = domain.FieldError("size", MsgTooLarge)
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, up)
}
