// Package media keeps Turnout's images (avatars, logos, banners) in the S3
// media bucket: it checks that uploaded bytes really are images, stores them
// under keys that are never reused, and lets browsers upload straight to the
// bucket with a presigned POST whose result the API then claims.
package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/oklog/ulid/v2"

	"turnout/pkg/domain"
)

const (
	// cacheControl lets browsers and CloudFront keep an image for a year:
	// a stored image's key is never reused for other bytes.
	cacheControl = "public, max-age=31536000, immutable"
	// uploadTTL is how long a presigned upload stays usable.
	uploadTTL = 15 * time.Minute
	// uploadsPrefix holds unchecked browser uploads until they are claimed;
	// in AWS a bucket lifecycle rule expires what is never claimed.
	uploadsPrefix = "media/uploads/"
	// pendingPrefix holds sign-up images until their account is activated;
	// in AWS a lifecycle rule expires them after the activation link dies,
	// together with the never-activated account (whose items carry a TTL).
	pendingPrefix = "media/pending/"
)

// Store reads and writes images in the media bucket.
type Store struct {
	s3        *s3.Client
	presign   *s3.PresignClient
	bucket    string
	webOrigin string
}

// New builds the S3 clients once per process. An empty endpoint means AWS;
// any other value is an emulator, reached by path-style requests.
func New(awsCfg aws.Config, endpoint, bucket, webOrigin string) *Store {
	client := s3.NewFromConfig(awsCfg, func(o *s3.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
			o.UsePathStyle = true
		}
	})
	return &Store{
		s3:        client,
		presign:   s3.NewPresignClient(client),
		bucket:    bucket,
		webOrigin: strings.TrimRight(webOrigin, "/"),
	}
}

// EnsureBucket creates the bucket if it is missing and lets the web origin's
// browsers POST uploads to it. It is meant for local development and tests;
// in AWS the infrastructure code owns the bucket.
func (s *Store) EnsureBucket(ctx context.Context) error {
	_, err := s.s3.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(s.bucket)})
	switch {
	case err == nil:
	case isAPIError(err, "NotFound", "NoSuchBucket"):
		in := &s3.CreateBucketInput{Bucket: aws.String(s.bucket)}
		if r := s.s3.Options().Region; r != "" && r != "us-east-1" {
			in.CreateBucketConfiguration = &types.CreateBucketConfiguration{
				LocationConstraint: types.BucketLocationConstraint(r),
			}
		}
		if _, err := s.s3.CreateBucket(ctx, in); err != nil && !isAPIError(err, "BucketAlreadyOwnedByYou") {
			return fmt.Errorf("create media bucket %s: %w", s.bucket, err)
		}
	default:
		return fmt.Errorf("check media bucket %s: %w", s.bucket, err)
	}
	_, err = s.s3.PutBucketCors(ctx, &s3.PutBucketCorsInput{
		Bucket: aws.String(s.bucket),
		CORSConfiguration: &types.CORSConfiguration{CORSRules: []types.CORSRule{{
			AllowedOrigins: []string{s.webOrigin},
			AllowedMethods: []string{"POST"},
			AllowedHeaders: []string{"*"},
			ExposeHeaders:  []string{"ETag"},
			MaxAgeSeconds:  aws.Int32(3600),
		}}},
	})
	if err != nil {
		return fmt.Errorf("set CORS on media bucket %s: %w", s.bucket, err)
	}
	return nil
}

// URL is the absolute address a browser loads the image at, or "" when
// there is no image.
func (s *Store) URL(key string) string {
	if key == "" {
		return ""
	}
	return s.webOrigin + "/" + key
}

// PutImage checks data and stores it under a new permanent key for kind,
// such as media/banners/01J...jpg, which it returns.
func (s *Store) PutImage(ctx context.Context, kind domain.MediaKind, data []byte) (string, error) {
	return s.put(ctx, "media/", kind, data)
}

// PutPendingImage is PutImage for a sign-up: the image waits under a
// pending key, which expires unless Promote moves it once the account is
// activated.
func (s *Store) PutPendingImage(ctx context.Context, kind domain.MediaKind, data []byte) (string, error) {
	return s.put(ctx, pendingPrefix, kind, data)
}

func (s *Store) put(ctx context.Context, prefix string, kind domain.MediaKind, data []byte) (string, error) {
	if err := checkKind(kind); err != nil {
		return "", fmt.Errorf("put image: %w", err)
	}
	if len(data) > MaxImageBytes {
		return "", fmt.Errorf("put %s image of %d bytes: %w", kind, len(data), ErrTooLarge)
	}
	contentType, ext, err := DetectImage(data)
	if err != nil {
		return "", fmt.Errorf("put %s image: %w", kind, err)
	}
	return s.store(ctx, prefix, kind, data, contentType, ext)
}

// IsPending reports whether key is a sign-up image waiting for Promote.
func IsPending(key string) bool { return strings.HasPrefix(key, pendingPrefix) }

// Promote copies a pending image to a new permanent key, which it returns;
// the caller removes the pending one once the new key is stored (Replace).
func (s *Store) Promote(ctx context.Context, pendingKey string) (string, error) {
	rest, ok := strings.CutPrefix(pendingKey, pendingPrefix)
	kind, _, ok2 := strings.Cut(rest, "s/")
	if !ok || !ok2 || checkKind(domain.MediaKind(kind)) != nil {
		return "", fmt.Errorf("promote %q: not a pending image key", pendingKey)
	}
	data, contentType, ext, err := s.readImage(ctx, pendingKey)
	if err != nil {
		return "", fmt.Errorf("promote: %w", err)
	}
	return s.store(ctx, "media/", domain.MediaKind(kind), data, contentType, ext)
}

// CopyBanner copies the stored banner key to a new banner key, which it
// returns, within the bucket (S3 copies it; nothing passes through the
// function): a duplicated event has a banner of its own, which its
// deletion may remove without touching the original's.
func (s *Store) CopyBanner(ctx context.Context, key string) (string, error) {
	rest, ok := strings.CutPrefix(key, "media/"+string(domain.MediaBanner)+"s/")
	if !ok || rest == "" || strings.Contains(rest, "/") {
		return "", fmt.Errorf("copy %q: not a banner key", key)
	}
	copied := "media/" + string(domain.MediaBanner) + "s/" + ulid.Make().String() + path.Ext(rest)
	_, err := s.s3.CopyObject(ctx, &s3.CopyObjectInput{
		Bucket: aws.String(s.bucket), Key: aws.String(copied), CopySource: aws.String(s.bucket + "/" + key),
	})
	if err != nil {
		return "", fmt.Errorf("copy banner %s: %w", key, err)
	}
	return copied, nil
}

// store writes checked image bytes under a new key below prefix.
func (s *Store) store(ctx context.Context, prefix string, kind domain.MediaKind, data []byte, contentType, ext string) (string, error) {
	key := prefix + string(kind) + "s/" + ulid.Make().String() + ext
	_, err := s.s3.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(s.bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(data),
		ContentLength: aws.Int64(int64(len(data))),
		ContentType:   aws.String(contentType),
		CacheControl:  aws.String(cacheControl),
	})
	if err != nil {
		return "", fmt.Errorf("put image %s: %w", key, err)
	}
	return key, nil
}

// Upload is what a browser needs to POST one image straight to the bucket:
// a multipart/form-data request to URL with Fields first, then the file in
// a field named "file". Key is what the API is told afterwards.
type Upload struct {
	URL     string            `json:"url"`
	Fields  map[string]string `json:"fields"`
	Key     string            `json:"key"`
	Expires time.Time         `json:"expires_at"`
}

// PresignUpload lets ownerID's browser upload one image of kind for the
// next 15 minutes. The POST policy pins the Content-Type to contentType,
// which must be JPEG, PNG, GIF or WebP (else ErrNotImage), and the length
// to 1..MaxImageBytes; the announced size must be within that range (else
// ErrTooLarge, or ErrNotImage for an empty file).
func (s *Store) PresignUpload(ctx context.Context, kind domain.MediaKind, ownerID, contentType string, size int64) (Upload, error) {
	if err := checkKind(kind); err != nil {
		return Upload{}, fmt.Errorf("presign upload: %w", err)
	}
	if err := checkOwner(ownerID); err != nil {
		return Upload{}, fmt.Errorf("presign %s upload: %w", kind, err)
	}
	if _, ok := formats[contentType]; !ok {
		return Upload{}, fmt.Errorf("presign %s upload of %q: %w", kind, contentType, ErrNotImage)
	}
	switch {
	case size > MaxImageBytes:
		return Upload{}, fmt.Errorf("presign %s upload of %d bytes: %w", kind, size, ErrTooLarge)
	case size < 1:
		return Upload{}, fmt.Errorf("presign %s upload of %d bytes: %w", kind, size, ErrNotImage)
	}
	key := uploadPrefix(kind, ownerID) + ulid.Make().String()
	// The policy's expiry is computed from the signing time, a moment after
	// this, so Expires never promises more than S3 grants.
	expires := time.Now().Add(uploadTTL).UTC().Truncate(time.Second)
	req, err := s.presign.PresignPostObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	}, func(o *s3.PresignPostOptions) {
		o.Expires = uploadTTL
		o.Conditions = []any{
			map[string]string{"Content-Type": contentType},
			[]any{"content-length-range", 1, MaxImageBytes},
		}
	})
	if err != nil {
		return Upload{}, fmt.Errorf("presign upload %s: %w", key, err)
	}
	fields := make(map[string]string, len(req.Values)+1)
	for k, v := range req.Values {
		fields[k] = v
	}
	fields["Content-Type"] = contentType
	return Upload{URL: req.URL, Fields: fields, Key: key, Expires: expires}, nil
}

// ClaimUpload checks an image a browser uploaded with PresignUpload and
// stores it under a new permanent key, which it returns. The key must be one
// issued to ownerID for kind (else ErrBadUploadKey) and still be there
// (else ErrBadUploadKey); the bytes must be an image (ErrNotImage) of at
// most MaxImageBytes (ErrTooLarge).
func (s *Store) ClaimUpload(ctx context.Context, kind domain.MediaKind, ownerID, key string) (string, error) {
	if err := checkKind(kind); err != nil {
		return "", fmt.Errorf("claim upload: %w", err)
	}
	if err := checkOwner(ownerID); err != nil {
		return "", fmt.Errorf("claim %s upload: %w", kind, err)
	}
	name, ok := strings.CutPrefix(key, uploadPrefix(kind, ownerID))
	// Only the exact shape PresignUpload issues (prefix + ULID) is looked up.
	if !ok || !domain.ValidID(name) {
		return "", fmt.Errorf("claim %s upload %q for %s: %w", kind, key, ownerID, ErrBadUploadKey)
	}
	data, contentType, ext, err := s.readImage(ctx, key)
	if err != nil {
		return "", fmt.Errorf("claim: %w", err)
	}
	// The checked bytes are written, not copied server-side: the presigned
	// POST stays usable, so the upload could change between check and copy.
	permanent, err := s.store(ctx, "media/", kind, data, contentType, ext)
	if err != nil {
		return "", fmt.Errorf("claim upload %s: %w", key, err)
	}
	// Best effort: an upload left behind is expired by the lifecycle rule.
	_ = s.Delete(ctx, key)
	return permanent, nil
}

// readImage reads and checks the image stored at key: ErrBadUploadKey when
// it is missing, ErrTooLarge or ErrNotImage when its bytes are not one.
func (s *Store) readImage(ctx context.Context, key string) (data []byte, contentType, ext string, err error) {
	out, err := s.s3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if isAPIError(err, "NoSuchKey", "NotFound") {
		return nil, "", "", fmt.Errorf("read upload %s: %w", key, ErrBadUploadKey)
	}
	if err != nil {
		return nil, "", "", fmt.Errorf("read upload %s: %w", key, err)
	}
	data, err = io.ReadAll(io.LimitReader(out.Body, MaxImageBytes+1))
	out.Body.Close()
	if err != nil {
		return nil, "", "", fmt.Errorf("read upload %s: %w", key, err)
	}
	if len(data) > MaxImageBytes {
		return nil, "", "", fmt.Errorf("read upload %s: %w", key, ErrTooLarge)
	}
	contentType, ext, err = DetectImage(data)
	if err != nil {
		return nil, "", "", fmt.Errorf("read upload %s: %w", key, err)
	}
	return data, contentType, ext, nil
}

// Open streams an object, for the local gateway's /media/* route. A missing
// object is an error wrapping domain.ErrNotFound. The caller closes body.
func (s *Store) Open(ctx context.Context, key string) (body io.ReadCloser, contentType string, size int64, err error) {
	// No stored key is empty, over S3's 1,024 bytes or anything but text.
	if key == "" || len(key) > maxKeyBytes || domain.TextProblem(key) != "" {
		return nil, "", 0, fmt.Errorf("open media %q: %w", key, domain.ErrNotFound)
	}
	out, err := s.s3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if isAPIError(err, "NoSuchKey", "NotFound") {
		return nil, "", 0, fmt.Errorf("open media %s: %w", key, domain.ErrNotFound)
	}
	if err != nil {
		return nil, "", 0, fmt.Errorf("open media %s: %w", key, err)
	}
	return out.Body, aws.ToString(out.ContentType), aws.ToInt64(out.ContentLength), nil
}

// Delete removes an object; one already gone is not an error.
func (s *Store) Delete(ctx context.Context, key string) error {
	if key == "" {
		return nil
	}
	_, err := s.s3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil && !isAPIError(err, "NoSuchKey", "NotFound") {
		return fmt.Errorf("delete media %s: %w", key, err)
	}
	return nil
}

// maxKeyBytes is S3's limit on an object key.
const maxKeyBytes = 1024

func uploadPrefix(kind domain.MediaKind, ownerID string) string {
	return uploadsPrefix + string(kind) + "/" + ownerID + "/"
}

func checkKind(kind domain.MediaKind) error {
	switch kind {
	case domain.MediaAvatar, domain.MediaLogo, domain.MediaBanner:
		return nil
	}
	return fmt.Errorf("unknown media kind %q", kind)
}

// checkOwner keeps an owner ID to one plain key segment: 1 to 128 of
// A-Z a-z 0-9 _ -. A loop, not a regexp: compiling {1,128} at package
// init took 0.3 ms of every cold start.
func checkOwner(ownerID string) error {
	ok := len(ownerID) >= 1 && len(ownerID) <= 128
	for i := 0; ok && i < len(ownerID); i++ {
		c := ownerID[i]
		ok = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
	}
	if !ok {
		return fmt.Errorf("owner ID %q is not a plain identifier", ownerID)
	}
	return nil
}

// isAPIError reports whether err carries one of the given S3 error codes.
func isAPIError(err error, codes ...string) bool {
	var apiErr smithy.APIError
	if !errors.As(err, &apiErr) {
		return false
	}
	for _, c := range codes {
		if apiErr.ErrorCode() == c {
			return true
		}
	}
	return false
}
