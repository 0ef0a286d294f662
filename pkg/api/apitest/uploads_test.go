package apitest

import (
	"bytes"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"turnout/pkg/api/formimage"
	"turnout/pkg/api/uploads"
	"turnout/pkg/media"
	"turnout/pkg/media/mediatest"
)

// upGrant is a presigned upload as POST /api/media/upload/ returns it.
type upGrant struct {
	URL       string            `json:"url"`
	Fields    map[string]string `json:"fields"`
	Key       string            `json:"key"`
	ExpiresAt time.Time         `json:"expires_at"`
}

func upAsk(env *Env, body any, token string) *Response {
	return env.JSON(http.MethodPost, "/api/media/upload/", body, token)
}

// upPresign asks for a presigned upload and checks its shape.
func upPresign(t *testing.T, env *Env, a *Account, kind, contentType string, size int) upGrant {
	t.Helper()
	res := upAsk(env, map[string]any{"kind": kind, "content_type": contentType, "size": size}, a.Access)
	Expect(t, res, http.StatusOK)
	var g upGrant
	res.Decode(t, &g)
	if prefix := "media/uploads/" + kind + "/" + a.ID + "/"; !strings.HasPrefix(g.Key, prefix) || len(g.Key) == len(prefix) {
		t.Fatalf("key = %q, want it under %q", g.Key, prefix)
	}
	if !strings.HasPrefix(g.URL, "http") {
		t.Fatalf("url = %q, want an absolute URL", g.URL)
	}
	if got := g.Fields["Content-Type"]; got != contentType {
		t.Errorf("fields Content-Type = %q, want %q", got, contentType)
	}
	if !g.ExpiresAt.After(env.Now()) {
		t.Errorf("expires_at = %v, want it in the future", g.ExpiresAt)
	}
	return g
}

// upSend does what a browser does with a grant: a multipart POST to its
// url with its fields first and then the file; the bucket must accept it.
func upSend(t *testing.T, g upGrant, data []byte) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, k := range slices.Sorted(maps.Keys(g.Fields)) {
		if err := w.WriteField(k, g.Fields[k]); err != nil {
			t.Fatalf("write field: %v", err)
		}
	}
	fw, err := w.CreateFormFile("file", "banner.png")
	if err != nil {
		t.Fatalf("form file: %v", err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	res, err := http.Post(g.URL, w.FormDataContentType(), &buf)
	if err != nil {
		t.Fatalf("POST %s: %v", g.URL, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode < 200 || res.StatusCode > 299 {
		t.Fatalf("upload to the bucket: status %d, body %s", res.StatusCode, body)
	}
}

func TestPresignedBannerUpload(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	owner, other := env.NewOrganizer(t), env.NewOrganizer(t)
	png := mediatest.PNG(80, 40)

	t.Run("upload then create", func(t *testing.T) {
		g := upPresign(t, env, owner, "banner", "image/png", len(png))
		upSend(t, g, png)
		res := env.Multipart(http.MethodPost, "/api/event/create/",
			evFormWith(env.EventForm(5, 10), map[string]string{"banner_key": g.Key}), nil, owner.Access)
		Expect(t, res, http.StatusCreated)
		var ev Event
		res.Decode(t, &ev)
		if ev.BannerURL == nil || !strings.HasPrefix(*ev.BannerURL, env.Config.WebOrigin+"/media/banners/") {
			t.Fatalf("banner_url = %v, want it under %s/media/banners/", ev.BannerURL, env.Config.WebOrigin)
		}
		if ev.Banner == nil || *ev.Banner == g.Key {
			t.Errorf("banner = %v, want a permanent key, not the upload's", ev.Banner)
		}
	})
	t.Run("another organizer cannot claim the upload", func(t *testing.T) {
		g := upPresign(t, env, owner, "banner", "image/png", len(png))
		upSend(t, g, png)
		form := evFormWith(env.EventForm(5, 10), map[string]string{"banner_key": g.Key})
		res := env.Multipart(http.MethodPost, "/api/event/create/", form, nil, other.Access)
		evExpectFields(t, res, map[string][]string{"banner_key": {formimage.MsgBadUpload}})
		if list, _ := evList(t, env, "/api/event/organization/"+other.OrganizationID+"/events/"); len(list) != 0 {
			t.Errorf("the refused create left %d events", len(list))
		}
		// The key itself is good: its owner can still use it.
		Expect(t, env.Multipart(http.MethodPost, "/api/event/create/", form, nil, owner.Access), http.StatusCreated)
	})
	t.Run("uploaded bytes must be an image", func(t *testing.T) {
		g := upPresign(t, env, owner, "banner", "image/png", 64)
		upSend(t, g, []byte(strings.Repeat("not a png ", 6)))
		form := evFormWith(env.EventForm(5, 10), map[string]string{"banner_key": g.Key})
		res := env.Multipart(http.MethodPost, "/api/event/create/", form, nil, owner.Access)
		evExpectFields(t, res, map[string][]string{"banner_key": {formimage.MsgNotImage}})
	})
}

func TestPresignUploadRefusals(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	request := func(kind, contentType string, size int64) map[string]any {
		return map[string]any{"kind": kind, "content_type": contentType, "size": size}
	}
	cases := []struct {
		name   string
		who    *Account
		body   map[string]any
		status int
		detail string              // for non-field errors
		fields map[string][]string // for 400s
	}{
		{"anonymous", nil, request("banner", "image/png", 1000), http.StatusUnauthorized, "", nil},
		{"person asks for a banner", person, request("banner", "image/png", 1000), http.StatusForbidden, uploads.MsgOrganizersOnly, nil},
		{"person asks for a logo", person, request("logo", "image/png", 1000), http.StatusForbidden, uploads.MsgOrganizersOnly, nil},
		{"person asks for an avatar", person, request("avatar", "image/jpeg", 1000), http.StatusOK, "", nil},
		{"organizer asks for a banner", org, request("banner", "image/webp", 1000), http.StatusOK, "", nil},
		{"kind video", org, request("video", "image/png", 1000), http.StatusBadRequest, "", map[string][]string{"kind": {uploads.MsgBadKind}}},
		{"kind missing", org, map[string]any{"content_type": "image/png", "size": 1000}, http.StatusBadRequest, "", map[string][]string{"kind": {uploads.MsgBadKind}}},
		{"content type html", org, request("banner", "text/html", 1000), http.StatusBadRequest, "", map[string][]string{"content_type": {uploads.MsgNotImageType}}},
		{"content type svg", org, request("banner", "image/svg+xml", 1000), http.StatusBadRequest, "", map[string][]string{"content_type": {uploads.MsgNotImageType}}},
		{"content type missing", org, request("banner", "", 1000), http.StatusBadRequest, "", map[string][]string{"content_type": {uploads.MsgContentTypeEmpty}}},
		{"size 0", org, request("banner", "image/png", 0), http.StatusBadRequest, "", map[string][]string{"size": {uploads.MsgSizeRequired}}},
		{"size negative", org, request("banner", "image/png", -5), http.StatusBadRequest, "", map[string][]string{"size": {uploads.MsgSizeRequired}}},
		{"size 5 MB", org, request("banner", "image/png", media.MaxImageBytes), http.StatusOK, "", nil},
		{"size over 5 MB", org, request("banner", "image/png", media.MaxImageBytes+1), http.StatusBadRequest, "", map[string][]string{"size": {uploads.MsgTooLarge}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			token := ""
			if tc.who != nil {
				token = tc.who.Access
			}
			res := upAsk(env, tc.body, token)
			Expect(t, res, tc.status)
			switch {
			case tc.fields != nil:
				if got := res.Fields(t); !reflect.DeepEqual(got, tc.fields) {
					t.Errorf("field errors = %v, want %v", got, tc.fields)
				}
			case tc.detail != "":
				if got := res.Detail(t); got != tc.detail {
					t.Errorf("detail = %q, want %q", got, tc.detail)
				}
			case tc.status == http.StatusOK:
				var g upGrant
				res.Decode(t, &g)
				if want := "media/uploads/" + tc.body["kind"].(string) + "/" + tc.who.ID + "/"; !strings.HasPrefix(g.Key, want) {
					t.Errorf("key = %q, want it under %q", g.Key, want)
				}
			}
		})
	}
}

// TestUploadReplacesImage: an image uploaded by presigned POST takes the
// place of the one before it, and both the old image and the upload are
// deleted, for each kind of image.
func TestUploadReplacesImage(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	person, org := env.NewPerson(t), env.NewOrganizer(t)
	res := env.Multipart(http.MethodPost, "/api/event/create/", env.EventForm(5, 10), nil, org.Access)
	Expect(t, res, http.StatusCreated)
	var ev Event
	res.Decode(t, &ev)

	profile := map[string]string{"first_name": "Ada", "last_name": "Lovelace", "email": person.Email, "phone": "01234567890", "address": "1 Analytical Row"}
	details := map[string]string{"organization": "Acme Events", "email": org.Email}
	urlOf := func(path, field string, a *Account) string {
		res := env.JSON(http.MethodGet, path, nil, a.Access)
		Expect(t, res, http.StatusOK)
		var body map[string]any
		res.Decode(t, &body)
		u, _ := body[field].(string)
		return u
	}
	cases := []struct {
		kind, fileField, keyField string
		owner                     *Account
		save                      func(form map[string]string, files map[string]File) *Response
		current                   func() string
	}{
		{"avatar", "image", "image_key", person,
			func(form map[string]string, files map[string]File) *Response {
				return env.Multipart(http.MethodPut, "/api/user/update/profile/", evFormWith(profile, form), files, person.Access)
			},
			func() string { return urlOf("/api/user/profile/", "image_url", person) }},
		{"logo", "logo", "logo_key", org,
			func(form map[string]string, files map[string]File) *Response {
				return env.Multipart(http.MethodPut, "/api/organization/details/update/", evFormWith(details, form), files, org.Access)
			},
			func() string { return urlOf("/api/organization/details/", "logo_url", org) }},
		{"banner", "banner", "banner_key", org,
			func(form map[string]string, files map[string]File) *Response {
				return env.Multipart(http.MethodPatch, "/api/event/detail/"+ev.ID+"/", evFormWith(evFormOf(ev), form), files, org.Access)
			},
			func() string { return urlOf("/api/event/detail/"+ev.ID+"/", "banner_url", org) }},
	}
	stored := func(t *testing.T, url string) bool {
		t.Helper()
		key, ok := strings.CutPrefix(url, env.Config.WebOrigin+"/")
		if !ok {
			t.Fatalf("image URL %q is not under %s", url, env.Config.WebOrigin)
		}
		body, _, _, err := env.Base.Media.Open(t.Context(), key)
		if err != nil {
			return false
		}
		body.Close()
		return true
	}
	for _, tc := range cases {
		t.Run(tc.kind, func(t *testing.T) {
			Expect(t, tc.save(nil, map[string]File{tc.fileField: {"first.png", mediatest.PNG(8, 8)}}), http.StatusOK)
			first := tc.current()
			if first == "" || !stored(t, first) {
				t.Fatalf("the first %s (%q) is not stored", tc.kind, first)
			}

			png := mediatest.PNG(16, 16)
			g := upPresign(t, env, tc.owner, tc.kind, "image/png", len(png))
			upSend(t, g, png)
			Expect(t, tc.save(map[string]string{tc.keyField: g.Key}, nil), http.StatusOK)
			second := tc.current()
			if !strings.HasPrefix(second, env.Config.WebOrigin+"/media/"+tc.kind+"s/") || second == first {
				t.Fatalf("%s after the upload = %q, want a new permanent image", tc.kind, second)
			}
			if !stored(t, second) {
				t.Errorf("the new %s is not stored", tc.kind)
			}
			if stored(t, first) {
				t.Errorf("the replaced %s is still stored", tc.kind)
			}
			if stored(t, env.Config.WebOrigin+"/"+g.Key) {
				t.Errorf("the claimed upload is still stored")
			}
		})
	}
}
