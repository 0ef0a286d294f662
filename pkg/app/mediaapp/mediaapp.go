// Package mediaapp wires the media function (/api/media/*: presigned
// uploads).
package mediaapp

import (
	"net/http"

	"turnout/pkg/api/uploads"
	"turnout/pkg/app"
)

// Function serves /api/media/*.
func Function() app.Function {
	return app.Function{Name: "media", Prefix: "/api/media/", Build: func(b app.Base) http.Handler {
		return uploads.NewHandler(uploads.Deps{Media: b.Media, Auth: b.Auth})
	}}
}
