package media_test

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"

	"turnout/pkg/domain"
	"turnout/pkg/media"
	"turnout/pkg/media/mediatest"
	"turnout/pkg/testenv"
)

// stack is a Store on a fresh bucket of the emulator stack, with what the
// tests need to reach the bucket without the Store.
type stack struct {
	*media.Store
	endpoint, bucket, origin string
}

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

func newStack(t *testing.T) stack {
	t.Helper()
	cfg, awsCfg := testenv.Config(t)
	s := media.New(awsCfg, cfg.S3Endpoint, cfg.MediaBucket, cfg.WebOrigin)
	if err := s.EnsureBucket(t.Context()); err != nil {
		t.Fatalf("EnsureBucket: %v", err)
	}
	return stack{Store: s, endpoint: cfg.S3Endpoint, bucket: cfg.MediaBucket, origin: cfg.WebOrigin}
}

// objectURL is where the emulator serves key directly.
func (st stack) objectURL(key string) string {
	return strings.TrimRight(st.endpoint, "/") + "/" + st.bucket + "/" + key
}

func TestEnsureBucketTwice(t *testing.T) {
	st := newStack(t)
	if err := st.EnsureBucket(t.Context()); err != nil {
		t.Fatalf("second EnsureBucket: %v", err)
	}
}

func TestPutImageThenOpen(t *testing.T) {
	st := newStack(t)
	for _, tc := range []struct {
		file, contentType, prefix, ext string
		kind                           domain.MediaKind
	}{
		{"tiny.jpg", "image/jpeg", "media/banners/", ".jpg", domain.MediaBanner},
		{"tiny.png", "image/png", "media/avatars/", ".png", domain.MediaAvatar},
		{"tiny.gif", "image/gif", "media/logos/", ".gif", domain.MediaLogo},
		{"tiny.webp", "image/webp", "media/banners/", ".webp", domain.MediaBanner},
	} {
		t.Run(tc.file, func(t *testing.T) {
			ctx := t.Context()
			img := mustRead(t, tc.file)
			key, err := st.PutImage(ctx, tc.kind, img)
			if err != nil {
				t.Fatalf("PutImage: %v", err)
			}
			if !strings.HasPrefix(key, tc.prefix) || !strings.HasSuffix(key, tc.ext) || len(key) != len(tc.prefix)+26+len(tc.ext) {
				t.Errorf("key = %q, want %s<ULID>%s", key, tc.prefix, tc.ext)
			}
			body, contentType, size, err := st.Open(ctx, key)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			got, err := io.ReadAll(body)
			body.Close()
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if !bytes.Equal(got, img) {
				t.Errorf("Open returned %d bytes that differ from the %d stored", len(got), len(img))
			}
			if contentType != tc.contentType {
				t.Errorf("content type = %q, want %q", contentType, tc.contentType)
			}
			if size != int64(len(img)) {
				t.Errorf("size = %d, want %d", size, len(img))
			}
			if got, want := st.URL(key), "http://turnout.test/"+key; got != want {
				t.Errorf("URL = %q, want %q", got, want)
			}
			// What the bucket itself serves (CloudFront's view).
			resp := mustGet(t, st.objectURL(key))
			if got, want := resp.Header.Get("Cache-Control"), "public, max-age=31536000, immutable"; got != want {
				t.Errorf("Cache-Control = %q, want %q", got, want)
			}
			if got := resp.Header.Get("Content-Type"); got != tc.contentType {
				t.Errorf("served Content-Type = %q, want %q", got, tc.contentType)
			}
		})
	}
}

func TestPutImageRefuses(t *testing.T) {
	st := newStack(t)
	ctx := t.Context()
	if _, err := st.PutImage(ctx, domain.MediaBanner, []byte("<html><body>not an image</body></html>")); !errors.Is(err, media.ErrNotImage) {
		t.Errorf("PutImage(html) = %v, want ErrNotImage", err)
	}
	big := append(mediatest.PNG(8, 8), make([]byte, media.MaxImageBytes)...)
	if _, err := st.PutImage(ctx, domain.MediaBanner, big); !errors.Is(err, media.ErrTooLarge) {
		t.Errorf("PutImage(%d bytes) = %v, want ErrTooLarge", len(big), err)
	}
	// Exactly at the limit is allowed.
	atLimit := mediatest.PNG(8, 8)
	atLimit = append(atLimit, make([]byte, media.MaxImageBytes-len(atLimit))...)
	if _, err := st.PutImage(ctx, domain.MediaBanner, atLimit); err != nil {
		t.Errorf("PutImage(%d bytes) = %v, want it stored", len(atLimit), err)
	}
}

func TestOpenMissing(t *testing.T) {
	st := newStack(t)
	for _, key := range []string{"media/banners/01J0000000000000000000000.jpg", ""} {
		if _, _, _, err := st.Open(t.Context(), key); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("Open(%q) = %v, want ErrNotFound", key, err)
		}
	}
}

func TestDelete(t *testing.T) {
	st := newStack(t)
	ctx := t.Context()
	key, err := st.PutImage(ctx, domain.MediaLogo, mediatest.PNG(4, 4))
	if err != nil {
		t.Fatalf("PutImage: %v", err)
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, _, _, err := st.Open(ctx, key); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("Open after Delete = %v, want ErrNotFound", err)
	}
	if err := st.Delete(ctx, key); err != nil {
		t.Errorf("Delete of a missing object = %v, want nil", err)
	}
}

func TestPresignedUploadThenClaim(t *testing.T) {
	st := newStack(t)
	ctx := t.Context()
	img := mediatest.JPEG(64, 32)
	up, err := st.PresignUpload(ctx, domain.MediaBanner, "01OWNER", "image/jpeg", int64(len(img)))
	if err != nil {
		t.Fatalf("PresignUpload: %v", err)
	}
	resp := browserPost(t, st.origin, up, "banner.jpg", img)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("POST upload: %s", resp.Status)
	}
	// The bucket's CORS rule lets the web app read the answer.
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != st.origin {
		t.Errorf("Access-Control-Allow-Origin = %q, want %q", got, st.origin)
	}

	key, err := st.ClaimUpload(ctx, domain.MediaBanner, "01OWNER", up.Key)
	if err != nil {
		t.Fatalf("ClaimUpload: %v", err)
	}
	if !strings.HasPrefix(key, "media/banners/") || !strings.HasSuffix(key, ".jpg") {
		t.Errorf("claimed key = %q, want media/banners/<ULID>.jpg", key)
	}
	body, contentType, _, err := st.Open(ctx, key)
	if err != nil {
		t.Fatalf("Open claimed: %v", err)
	}
	got, _ := io.ReadAll(body)
	body.Close()
	if !bytes.Equal(got, img) || contentType != "image/jpeg" {
		t.Errorf("claimed object: %d bytes (same: %v), %q; want the %d uploaded, image/jpeg", len(got), bytes.Equal(got, img), contentType, len(img))
	}
	if got := mustGet(t, st.objectURL(key)).Header.Get("Cache-Control"); !strings.Contains(got, "immutable") {
		t.Errorf("claimed Cache-Control = %q, want immutable", got)
	}
	// The upload is consumed: claiming it again fails.
	if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01OWNER", up.Key); !errors.Is(err, media.ErrBadUploadKey) {
		t.Errorf("second ClaimUpload = %v, want ErrBadUploadKey", err)
	}
}

func TestClaimUploadRefuses(t *testing.T) {
	st := newStack(t)
	ctx := t.Context()
	upload := func(t *testing.T, kind domain.MediaKind, owner string, data []byte) media.Upload {
		t.Helper()
		up, err := st.PresignUpload(ctx, kind, owner, "image/png", 1000)
		if err != nil {
			t.Fatalf("PresignUpload: %v", err)
		}
		// The emulator does not enforce the POST policy, so a browser can
		// put anything there; ClaimUpload must catch it.
		if resp := browserPost(t, st.origin, up, "x.png", data); resp.StatusCode/100 != 2 {
			t.Fatalf("POST upload: %s", resp.Status)
		}
		return up
	}
	png := mediatest.PNG(16, 16)

	t.Run("someone else's upload", func(t *testing.T) {
		up := upload(t, domain.MediaBanner, "01ALICE", png)
		if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01MALLORY", up.Key); !errors.Is(err, media.ErrBadUploadKey) {
			t.Errorf("ClaimUpload = %v, want ErrBadUploadKey", err)
		}
		// Still claimable by its owner.
		if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01ALICE", up.Key); err != nil {
			t.Errorf("owner's ClaimUpload = %v", err)
		}
	})
	t.Run("other kind", func(t *testing.T) {
		up := upload(t, domain.MediaBanner, "01ALICE", png)
		if _, err := st.ClaimUpload(ctx, domain.MediaAvatar, "01ALICE", up.Key); !errors.Is(err, media.ErrBadUploadKey) {
			t.Errorf("ClaimUpload = %v, want ErrBadUploadKey", err)
		}
	})
	t.Run("permanent key", func(t *testing.T) {
		key, err := st.PutImage(ctx, domain.MediaBanner, png)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01ALICE", key); !errors.Is(err, media.ErrBadUploadKey) {
			t.Errorf("ClaimUpload = %v, want ErrBadUploadKey", err)
		}
	})
	for _, key := range []string{
		"media/uploads/banner/01ALICE/",
		"media/uploads/banner/01ALICE/../01BOB/01J",
		"media/uploads/banner/01ALICE/a/b",
		"media/uploads/banner/01ALICE/01J0000000000000000000000", // never uploaded
	} {
		t.Run("key "+key, func(t *testing.T) {
			if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01ALICE", key); !errors.Is(err, media.ErrBadUploadKey) {
				t.Errorf("ClaimUpload = %v, want ErrBadUploadKey", err)
			}
		})
	}
	t.Run("text file", func(t *testing.T) {
		up := upload(t, domain.MediaBanner, "01ALICE", []byte("<script>alert('hi')</script>"))
		if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01ALICE", up.Key); !errors.Is(err, media.ErrNotImage) {
			t.Errorf("ClaimUpload = %v, want ErrNotImage", err)
		}
	})
	t.Run("oversized file", func(t *testing.T) {
		up := upload(t, domain.MediaBanner, "01ALICE", append(png, make([]byte, media.MaxImageBytes)...))
		if _, err := st.ClaimUpload(ctx, domain.MediaBanner, "01ALICE", up.Key); !errors.Is(err, media.ErrTooLarge) {
			t.Errorf("ClaimUpload = %v, want ErrTooLarge", err)
		}
	})
}

func TestCORSPreflight(t *testing.T) {
	st := newStack(t)
	preflight := func(origin string) *http.Response {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodOptions, strings.TrimRight(st.endpoint, "/")+"/"+st.bucket, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := preflight(st.origin); resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight from the web origin: %s, allow methods %q", resp.Status, resp.Header.Get("Access-Control-Allow-Methods"))
	}
	if resp := preflight("http://elsewhere.test"); resp.StatusCode == http.StatusOK {
		t.Errorf("preflight from another origin: %s, want refused", resp.Status)
	}
}

// browserPost sends what a browser's form upload sends: the presigned
// fields, then the file last, as multipart/form-data.
func browserPost(tb testing.TB, origin string, up media.Upload, filename string, data []byte) *http.Response {
	tb.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range up.Fields {
		if err := w.WriteField(k, v); err != nil {
			tb.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile("file", filename)
	if err != nil {
		tb.Fatal(err)
	}
	fw.Write(data)
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, up.URL, &b)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Origin", origin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("POST %s: %v", up.URL, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func mustGet(tb testing.TB, url string) *http.Response {
	tb.Helper()
	resp, err := http.Get(url)
	if err != nil {
		tb.Fatalf("GET %s: %v", url, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		tb.Fatalf("GET %s: %s", url, resp.Status)
	}
	return resp
}

// A banner copied is a second object of its own, with the same bytes and
// type: deleting the copy leaves the original. Only banner keys copy.
func TestCopyBanner(t *testing.T) {
	st := newStack(t)
	png := mediatest.PNG(4, 4)
	key, err := st.PutImage(t.Context(), domain.MediaBanner, png)
	if err != nil {
		t.Fatal(err)
	}
	copied, err := st.CopyBanner(t.Context(), key)
	if err != nil || copied == key || !strings.HasPrefix(copied, "media/banners/") || !strings.HasSuffix(copied, ".png") {
		t.Fatalf("CopyBanner(%s) = %q, %v", key, copied, err)
	}
	body, contentType, _, err := st.Open(t.Context(), copied)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(body)
	body.Close()
	if !bytes.Equal(data, png) || contentType != "image/png" {
		t.Errorf("the copy holds %d bytes of %s", len(data), contentType)
	}
	if err := st.Delete(t.Context(), copied); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := st.Open(t.Context(), key); err != nil {
		t.Errorf("deleting the copy removed the original: %v", err)
	}
	for _, bad := range []string{"media/avatars/x.png", "media/banners/", "media/banners/a/b.png", "../media/banners/x.png"} {
		if _, err := st.CopyBanner(t.Context(), bad); err == nil {
			t.Errorf("CopyBanner(%q) copied", bad)
		}
	}
}
