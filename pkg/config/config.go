// Package config reads a function's configuration from its environment once
// per process and builds the AWS SDK configuration from it.
package config

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
)

// Config is everything a function needs to know about where it runs.
type Config struct {
	Region      string
	Table       string
	MediaBucket string
	// WebOrigin is the site's scheme://host: the base of links in emails,
	// of redirects after activation and of media URLs.
	WebOrigin string
	MailFrom  string
	// Endpoint overrides point the SDK at the local emulators; empty in AWS.
	DynamoDBEndpoint string
	S3Endpoint       string
	SESEndpoint      string
	// SigningKey signs JWTs and one-time links. It comes from a local file
	// (TURNOUT_SIGNING_KEY_FILE) or from Secrets Manager
	// (TURNOUT_SIGNING_SECRET_ARN), never from source.
	SigningKey []byte
	// OriginSecret, when set, is the value CloudFront sends in
	// X-Turnout-Origin; only requests carrying it may name the viewer's
	// address (CloudFront-Viewer-Address). Empty by default.
	OriginSecret string
}

// Local reports whether the SDK talks to emulators rather than AWS.
func (c Config) Local() bool {
	return c.DynamoDBEndpoint != "" || c.S3Endpoint != "" || c.SESEndpoint != ""
}

// Env variable names, in one place.
const (
	EnvRegion           = "AWS_REGION"
	EnvTable            = "TURNOUT_TABLE"
	EnvMediaBucket      = "TURNOUT_MEDIA_BUCKET"
	EnvWebOrigin        = "TURNOUT_WEB_ORIGIN"
	EnvMailFrom         = "TURNOUT_MAIL_FROM"
	EnvDynamoDBEndpoint = "TURNOUT_DYNAMODB_ENDPOINT"
	EnvS3Endpoint       = "TURNOUT_S3_ENDPOINT"
	EnvSESEndpoint      = "TURNOUT_SES_ENDPOINT"
	EnvSigningKeyFile   = "TURNOUT_SIGNING_KEY_FILE"
	EnvSigningSecretARN = "TURNOUT_SIGNING_SECRET_ARN"
	EnvOriginSecret     = "TURNOUT_ORIGIN_SECRET"
)

// Load reads the configuration and resolves the signing key. getenv is
// os.Getenv in production and a map lookup in tests.
func Load(ctx context.Context, getenv func(string) string) (Config, aws.Config, error) {
	c := Config{
		Region:           or(getenv(EnvRegion), "us-east-1"),
		Table:            or(getenv(EnvTable), "turnout"),
		MediaBucket:      or(getenv(EnvMediaBucket), "turnout-media"),
		WebOrigin:        strings.TrimRight(or(getenv(EnvWebOrigin), "http://127.0.0.1:8080"), "/"),
		MailFrom:         or(getenv(EnvMailFrom), "Turnout <no-reply@turnout.local>"),
		DynamoDBEndpoint: getenv(EnvDynamoDBEndpoint),
		S3Endpoint:       getenv(EnvS3Endpoint),
		SESEndpoint:      getenv(EnvSESEndpoint),
		OriginSecret:     getenv(EnvOriginSecret),
	}
	if u, err := url.Parse(c.WebOrigin); err != nil || u.Scheme == "" || u.Host == "" {
		return Config{}, aws.Config{}, fmt.Errorf("config: %s %q is not an absolute origin", EnvWebOrigin, c.WebOrigin)
	}
	awsCfg, err := c.AWS(ctx)
	if err != nil {
		return Config{}, aws.Config{}, err
	}
	key, err := signingKey(ctx, getenv, awsCfg)
	if err != nil {
		return Config{}, aws.Config{}, err
	}
	c.SigningKey = key
	return c, awsCfg, nil
}

// AWS builds the SDK configuration, with the deadlines of timeouts.go. Against emulators it uses fixed dummy
// credentials so that no AWS account or profile is consulted.
func (c Config) AWS(ctx context.Context) (aws.Config, error) {
	opts := []func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(c.Region)}
	if c.Local() {
		opts = append(opts, awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
	}
	opts = append(opts, awsconfig.WithHTTPClient(dependencyHTTPClient()), awsconfig.WithRetryer(dependencyRetryer))
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("config: load AWS configuration: %w", err)
	}
	return cfg, nil
}

// minKeyBytes is the shortest signing key accepted (256 bits).
const minKeyBytes = 32

func signingKey(ctx context.Context, getenv func(string) string, awsCfg aws.Config) ([]byte, error) {
	var raw string
	switch {
	case getenv(EnvSigningKeyFile) != "":
		b, err := os.ReadFile(getenv(EnvSigningKeyFile))
		if err != nil {
			return nil, fmt.Errorf("config: read signing key: %w", err)
		}
		raw = string(b)
	case getenv(EnvSigningSecretARN) != "":
		out, err := secretsmanager.NewFromConfig(awsCfg).GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{
			SecretId: aws.String(getenv(EnvSigningSecretARN)),
		})
		if err != nil {
			return nil, fmt.Errorf("config: fetch signing secret: %w", err)
		}
		raw = aws.ToString(out.SecretString)
	default:
		return nil, errors.New("config: no signing key: set " + EnvSigningKeyFile + " or " + EnvSigningSecretARN)
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimSpace(raw))
	if err != nil {
		return nil, fmt.Errorf("config: signing key is not base64: %w", err)
	}
	if len(key) < minKeyBytes {
		return nil, fmt.Errorf("config: signing key has %d bytes, want at least %d", len(key), minKeyBytes)
	}
	return key, nil
}

func or(v, fallback string) string {
	if v == "" {
		return fallback
	}
	return v
}
