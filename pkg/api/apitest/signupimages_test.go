package apitest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"turnout/pkg/accounts"
	"turnout/pkg/media/mediatest"
	"turnout/pkg/testenv"
)

// bucketKeys lists every object under prefix in the test's media bucket.
func (e *Env) bucketKeys(tb testing.TB, prefix string) []string {
	tb.Helper()
	_, awsCfg := testenv.Config(tb)
	client := s3.NewFromConfig(awsCfg, func(o *s3.Options) {
		o.BaseEndpoint, o.UsePathStyle = aws.String(e.Config.S3Endpoint), true
	})
	out, err := client.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(e.Config.MediaBucket), Prefix: aws.String(prefix)})
	if err != nil {
		tb.Fatalf("list %s: %v", prefix, err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}

// A sign-up's image waits under media/pending/ (which expires) until the
// account is activated; a sign-up with a registered address keeps none.
func TestSignUpImagesArePendingUntilActivation(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	for _, tc := range []struct {
		name, path, field, read, urlField, kind string
		form                                    map[string]string
	}{
		{"person", "/api/user/registration/", "image", "/api/user/profile/", "image_url", "avatars", PersonForm(Unique("Pic"))},
		{"organization", "/api/organization/register/", "logo", "/api/organization/details/", "logo_url", "logos", OrganizationForm(Unique("Logo"))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pending := "media/pending/" + tc.kind + "/"
			files := map[string]File{tc.field: {"a.png", mediatest.PNG(8, 8)}}
			before := len(env.bucketKeys(t, pending))
			Expect(t, env.Multipart(http.MethodPost, tc.path, tc.form, files, ""), http.StatusCreated)
			if got := len(env.bucketKeys(t, pending)); got != before+1 {
				t.Fatalf("%d pending images after sign-up, want %d", got, before+1)
			}

			a := env.finishSignUp(t, tc.form)
			res := env.JSON(http.MethodGet, tc.read, nil, a.Access)
			Expect(t, res, http.StatusOK)
			var body map[string]any
			res.Decode(t, &body)
			if u, _ := body[tc.urlField].(string); !strings.HasPrefix(u, env.Config.WebOrigin+"/media/"+tc.kind+"/") {
				t.Errorf("%s after activation = %v", tc.urlField, body[tc.urlField])
			}
			if got := len(env.bucketKeys(t, pending)); got != before {
				t.Errorf("%d pending images after activation, want %d", got, before)
			}

			// Registered address: same answer, image discarded.
			var again map[string]string
			if tc.name == "person" {
				again = PersonForm(Unique("Dup"))
			} else {
				again = OrganizationForm(Unique("Dup"))
			}
			again["email"] = tc.form["email"]
			stored := len(env.bucketKeys(t, "media/"+tc.kind+"/"))
			res = env.Multipart(http.MethodPost, tc.path, again, files, "")
			Expect(t, res, http.StatusCreated)
			if got, want := res.Detail(t), accounts.MsgSignedUp; got != want {
				t.Errorf("detail = %q, want %q", got, want)
			}
			if got := len(env.bucketKeys(t, pending)); got != before {
				t.Errorf("%d pending images after a sign-up with a registered address, want %d", got, before)
			}
			if got := len(env.bucketKeys(t, "media/"+tc.kind+"/")); got != stored {
				t.Errorf("%d stored %s after a sign-up with a registered address, want %d", got, tc.kind, stored)
			}
		})
	}
}

// A never-activated account expires (items with a TTL, its image by the
// pending prefix's lifecycle): its username and address are free again.
func TestNeverActivatedAccountsExpire(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	form := PersonForm(Unique("Late"))
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	env.Advance(accounts.ActivationMaxAge + time.Minute)
	again := PersonForm(form["username"])
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", again, nil, ""), http.StatusCreated)
	env.Activate(t, again["email"])
}
