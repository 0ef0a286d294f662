package testenv_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"turnout/pkg/config"
	"turnout/pkg/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

func TestConfigPointsAtRunningEmulators(t *testing.T) {
	t.Parallel()
	cfg, awsCfg := testenv.Config(t)
	ctx := context.Background()

	if cfg.WebOrigin != "http://turnout.test" || cfg.Region != "us-east-1" || awsCfg.Region != "us-east-1" {
		t.Errorf("WebOrigin %q, Region %q / %q", cfg.WebOrigin, cfg.Region, awsCfg.Region)
	}
	if len(cfg.SigningKey) != 32 {
		t.Errorf("signing key has %d bytes", len(cfg.SigningKey))
	}
	if !cfg.Local() {
		t.Error("Config is not local")
	}
	for k, v := range map[string]string{
		config.EnvDynamoDBEndpoint: cfg.DynamoDBEndpoint,
		config.EnvS3Endpoint:       cfg.S3Endpoint,
		config.EnvSESEndpoint:      cfg.SESEndpoint,
	} {
		if os.Getenv(k) != v {
			t.Errorf("%s = %q in the environment, Config has %q", k, os.Getenv(k), v)
		}
	}

	db := dynamodb.NewFromConfig(awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(cfg.DynamoDBEndpoint) })
	if _, err := db.ListTables(ctx, &dynamodb.ListTablesInput{}); err != nil {
		t.Errorf("DynamoDB: %v", err)
	}
	s3c := s3.NewFromConfig(awsCfg, func(o *s3.Options) {
		o.BaseEndpoint = aws.String(cfg.S3Endpoint)
		o.UsePathStyle = true
	})
	if _, err := s3c.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(cfg.MediaBucket)}); err != nil {
		t.Errorf("S3 CreateBucket %q: %v", cfg.MediaBucket, err)
	}
	resp, err := http.Get(cfg.SESEndpoint + "/store")
	if err != nil {
		t.Fatalf("SES: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("SES /store: %s", resp.Status)
	}
}

func TestConfigIsUniquePerCall(t *testing.T) {
	t.Parallel()
	a, _ := testenv.Config(t)
	b, _ := testenv.Config(t)
	if a.Table == b.Table || a.MediaBucket == b.MediaBucket {
		t.Errorf("two calls share names: %q/%q and %q/%q", a.Table, a.MediaBucket, b.Table, b.MediaBucket)
	}
	if bytes.Equal(a.SigningKey, b.SigningKey) {
		t.Error("two calls share a signing key")
	}
	if a.DynamoDBEndpoint != b.DynamoDBEndpoint {
		t.Error("two calls point at different stacks")
	}
}

// A test configuration waits longer than production for an emulator on a
// busy machine, and the environment can lengthen it further.
func TestConfigHasTheTestDeadlines(t *testing.T) {
	t.Setenv(testenv.EnvDeadlineScale, "")
	cfg, _ := testenv.Config(t)
	if got, want := cfg.Limits(), config.ProductionDeadlines.Scaled(10); got != want {
		t.Errorf("deadlines = %+v, want the production ones times 10: %+v", got, want)
	}
	t.Setenv(testenv.EnvDeadlineScale, "20")
	cfg, _ = testenv.Config(t)
	if got, want := cfg.Limits().Response, 20*config.ResponseTimeout; got != want {
		t.Errorf("with %s=20 the response deadline is %v, want %v", testenv.EnvDeadlineScale, got, want)
	}
}
