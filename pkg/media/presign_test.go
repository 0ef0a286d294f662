package media_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"turnout/pkg/domain"
	"turnout/pkg/media"
)

// offlineStore signs requests but never reaches a server.
func offlineStore(tb testing.TB) *media.Store {
	tb.Helper()
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")}
	return media.New(cfg, "http://127.0.0.1:1", "turnout-media-test", "http://turnout.test/")
}

func TestURL(t *testing.T) {
	s := offlineStore(t)
	if got, want := s.URL("media/banners/01J.jpg"), "http://turnout.test/media/banners/01J.jpg"; got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
	if got := s.URL(""); got != "" {
		t.Errorf(`URL("") = %q, want ""`, got)
	}
}

func TestPresignUploadPolicy(t *testing.T) {
	s := offlineStore(t)
	before := time.Now()
	up, err := s.PresignUpload(t.Context(), domain.MediaBanner, "01OWNER", "image/webp", 1234)
	if err != nil {
		t.Fatalf("PresignUpload: %v", err)
	}
	if got, want := up.URL, "http://127.0.0.1:1/turnout-media-test"; got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
	if !strings.HasPrefix(up.Key, "media/uploads/banner/01OWNER/") || len(up.Key) != len("media/uploads/banner/01OWNER/")+26 {
		t.Errorf("Key = %q, want media/uploads/banner/01OWNER/<ULID>", up.Key)
	}
	if got, want := up.Fields["key"], up.Key; got != want {
		t.Errorf("fields[key] = %q, want %q", got, want)
	}
	if got, want := up.Fields["Content-Type"], "image/webp"; got != want {
		t.Errorf("fields[Content-Type] = %q, want %q", got, want)
	}
	for _, f := range []string{"policy", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Algorithm", "X-Amz-Date"} {
		if up.Fields[f] == "" {
			t.Errorf("fields lack %s: %v", f, up.Fields)
		}
	}
	if d := up.Expires.Sub(before); d < 14*time.Minute || d > 15*time.Minute {
		t.Errorf("Expires is %v from now, want 15 minutes", d)
	}

	raw, err := base64.StdEncoding.DecodeString(up.Fields["policy"])
	if err != nil {
		t.Fatalf("policy is not base64: %v", err)
	}
	var policy struct {
		Expiration time.Time `json:"expiration"`
		Conditions []any     `json:"conditions"`
	}
	if err := json.Unmarshal(raw, &policy); err != nil {
		t.Fatalf("policy is not JSON: %v\n%s", err, raw)
	}
	// Upload.Expires must never promise more time than the policy grants.
	if d := policy.Expiration.Sub(up.Expires); d < 0 || d > 2*time.Second {
		t.Errorf("policy expires %v, Upload.Expires is %v", policy.Expiration, up.Expires)
	}
	want := map[string]bool{
		`{"Content-Type":"image/webp"}`:      false,
		`["content-length-range",1,5242880]`: false,
		`{"key":"` + up.Key + `"}`:           false,
		`{"bucket":"turnout-media-test"}`:    false,
	}
	for _, c := range policy.Conditions {
		b, _ := json.Marshal(c)
		if _, ok := want[string(b)]; ok {
			want[string(b)] = true
		}
	}
	for c, found := range want {
		if !found {
			t.Errorf("policy lacks condition %s:\n%s", c, raw)
		}
	}
}

func TestPresignUploadRefuses(t *testing.T) {
	s := offlineStore(t)
	for _, tc := range []struct {
		name      string
		kind      domain.MediaKind
		owner, ct string
		size      int64
		want      error
	}{
		{"html", domain.MediaBanner, "01OWNER", "text/html", 100, media.ErrNotImage},
		{"svg", domain.MediaBanner, "01OWNER", "image/svg+xml", 100, media.ErrNotImage},
		{"no type", domain.MediaBanner, "01OWNER", "", 100, media.ErrNotImage},
		{"too large", domain.MediaLogo, "01OWNER", "image/png", media.MaxImageBytes + 1, media.ErrTooLarge},
		{"empty", domain.MediaAvatar, "01OWNER", "image/png", 0, media.ErrNotImage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.PresignUpload(t.Context(), tc.kind, tc.owner, tc.ct, tc.size); !errors.Is(err, tc.want) {
				t.Errorf("PresignUpload = %v, want %v", err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name  string
		kind  domain.MediaKind
		owner string
	}{
		{"unknown kind", "poster", "01OWNER"},
		{"no owner", domain.MediaBanner, ""},
		{"owner with a slash", domain.MediaBanner, "a/b"},
		{"owner climbing up", domain.MediaBanner, ".."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.PresignUpload(t.Context(), tc.kind, tc.owner, "image/png", 100); err == nil {
				t.Error("PresignUpload succeeded")
			}
		})
	}
	if got, want := media.MaxImageBytes, 5<<20; got != want {
		t.Errorf("MaxImageBytes = %d, want %d", got, want)
	}
}

func TestPutImageRefusesBeforeStoring(t *testing.T) {
	// The offline store has no server: these must fail on the checks alone.
	s := offlineStore(t)
	if _, err := s.PutImage(t.Context(), domain.MediaAvatar, []byte("hello")); !errors.Is(err, media.ErrNotImage) {
		t.Errorf("PutImage(text) = %v, want ErrNotImage", err)
	}
	if _, err := s.PutImage(t.Context(), domain.MediaAvatar, make([]byte, media.MaxImageBytes+1)); !errors.Is(err, media.ErrTooLarge) {
		t.Errorf("PutImage(too large) = %v, want ErrTooLarge", err)
	}
	if _, err := s.ClaimUpload(t.Context(), domain.MediaBanner, "01OWNER", "media/uploads/banner/01OTHER/01J"); !errors.Is(err, media.ErrBadUploadKey) {
		t.Errorf("ClaimUpload(other owner) = %v, want ErrBadUploadKey", err)
	}
}

func TestClaimUploadTakesOnlyIssuedKeys(t *testing.T) {
	// The offline store has no server: a key of any shape but the issued
	// one (prefix + ULID) must be refused before S3 is asked.
	s := offlineStore(t)
	const owner, id = "01J00000000000000000000000", "01J9ZQ4K7Y3W5V8X2T6R1N0M4P"
	prefix := "media/uploads/banner/" + owner + "/"
	for _, name := range []string{
		"", "a\x00b", id + "\x00", strings.Repeat("A", 3000), strings.ToLower(id), id + "/x", "..", "../" + id,
		id + ".png", id[:25] + "\xff", "8" + id[1:],
	} {
		if _, err := s.ClaimUpload(t.Context(), domain.MediaBanner, owner, prefix+name); !errors.Is(err, media.ErrBadUploadKey) {
			t.Errorf("ClaimUpload(%q) = %v, want ErrBadUploadKey", prefix+name, err)
		}
	}
}
