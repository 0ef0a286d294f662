// Package config reads a function's configuration from its environment once
// per process and builds the AWS SDK configuration from it.
package config

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
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
	// MailRate is the most mails a second all mailers together send: SES's
	// sending rate of the account (14 a second is where production
	// accounts start), shared through the table (pkg/mail/sendrate).
	MailRate float64
	// Endpoint overrides point the SDK at the local emulators; empty in AWS.
	DynamoDBEndpoint string
	S3Endpoint       string
	SESEndpoint      string
	// SigningKey signs JWTs and one-time links. It comes from a local file
	// (TURNOUT_SIGNING_KEY_FILE) or from Secrets Manager
	// (TURNOUT_SIGNING_SECRET_ARN), never from source.
	SigningKey []byte
	// OriginSecret, when set, is the value CloudFront sends in
	// X-Turnout-Origin (or two, comma-separated, during a rotation): the
	// deployed API answers only requests carrying it, and only they may
	// name the viewer's address (CloudFront-Viewer-Address). Empty by
	// default (locally).
	OriginSecret string
	// Deadlines of AWS calls and API requests; zero in production, where
	// ProductionDeadlines apply (see Limits).
	Deadlines Deadlines
	// ServesManyAtOnce says one process answers many requests at once (the
	// local gateway, the tests) where a Lambda instance answers one at a
	// time. The SDK rations retries with a token bucket per client, sized for
	// one instance; shared by a crowd of concurrent requests it runs dry, and
	// a passing hiccup fails requests that production would have retried. It
	// is then off.
	ServesManyAtOnce bool
	// awsKeys are the keys the SDK signs with outside the emulators: the
	// execution role's, which Lambda puts in the environment.
	awsKeys aws.Credentials
}

const defaultMailRate = 14

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
	EnvMailRate         = "TURNOUT_MAIL_RATE"
	EnvDynamoDBEndpoint = "TURNOUT_DYNAMODB_ENDPOINT"
	EnvS3Endpoint       = "TURNOUT_S3_ENDPOINT"
	EnvSESEndpoint      = "TURNOUT_SES_ENDPOINT"
	EnvSigningKeyFile   = "TURNOUT_SIGNING_KEY_FILE"
	EnvSigningSecretARN = "TURNOUT_SIGNING_SECRET_ARN"
	EnvOriginSecret     = "TURNOUT_ORIGIN_SECRET"
	EnvAccessKeyID      = "AWS_ACCESS_KEY_ID"
	EnvSecretAccessKey  = "AWS_SECRET_ACCESS_KEY"
	EnvSessionToken     = "AWS_SESSION_TOKEN"
	// The SDKs' standard endpoint overrides (what `sam local` and
	// LocalStack set), read when the TURNOUT_ ones are empty: one for
	// every service, or one per service.
	EnvEndpointURL         = "AWS_ENDPOINT_URL"
	EnvDynamoDBEndpointURL = "AWS_ENDPOINT_URL_DYNAMODB"
	EnvS3EndpointURL       = "AWS_ENDPOINT_URL_S3"
	EnvSESEndpointURL      = "AWS_ENDPOINT_URL_SESV2"
	EnvSecretsEndpointURL  = "AWS_ENDPOINT_URL_SECRETS_MANAGER"
)

// Load reads the configuration and resolves the signing key, as every
// API function does at start-up. getenv is os.Getenv in production and a
// map lookup in tests.
func Load(ctx context.Context, getenv func(string) string) (Config, aws.Config, error) {
	c, awsCfg, err := LoadEnv(getenv)
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

// LoadEnv reads the configuration without the signing key (Load adds it).
func LoadEnv(getenv func(string) string) (Config, aws.Config, error) {
	c := Config{
		Region:           or(getenv(EnvRegion), "us-east-1"),
		Table:            or(getenv(EnvTable), "turnout"),
		MediaBucket:      or(getenv(EnvMediaBucket), "turnout-media"),
		WebOrigin:        strings.TrimRight(or(getenv(EnvWebOrigin), "http://127.0.0.1:8080"), "/"),
		MailFrom:         or(getenv(EnvMailFrom), "Turnout <no-reply@turnout.local>"),
		DynamoDBEndpoint: first(getenv(EnvDynamoDBEndpoint), getenv(EnvDynamoDBEndpointURL), getenv(EnvEndpointURL)),
		S3Endpoint:       first(getenv(EnvS3Endpoint), getenv(EnvS3EndpointURL), getenv(EnvEndpointURL)),
		SESEndpoint:      first(getenv(EnvSESEndpoint), getenv(EnvSESEndpointURL), getenv(EnvEndpointURL)),
		OriginSecret:     getenv(EnvOriginSecret),
		awsKeys: aws.Credentials{
			AccessKeyID: getenv(EnvAccessKeyID), SecretAccessKey: getenv(EnvSecretAccessKey),
			SessionToken: getenv(EnvSessionToken), Source: "environment",
		},
	}
	c.MailRate = defaultMailRate
	if v := getenv(EnvMailRate); v != "" {
		r, err := strconv.ParseFloat(v, 64)
		if err != nil || !(r > 0) || math.IsInf(r, 0) {
			return Config{}, aws.Config{}, fmt.Errorf("config: %s %q is not a positive number of mails a second", EnvMailRate, v)
		}
		c.MailRate = r
	}
	if u, err := url.Parse(c.WebOrigin); err != nil || u.Scheme == "" || u.Host == "" {
		return Config{}, aws.Config{}, fmt.Errorf("config: %s %q is not an absolute origin", EnvWebOrigin, c.WebOrigin)
	}
	awsCfg, err := c.AWS()
	if err != nil {
		return Config{}, aws.Config{}, err
	}
	return c, awsCfg, nil
}

// AWS builds the SDK configuration, with the deadlines of c.Limits().
//
// It is put together here rather than by the SDK's config.LoadDefaultConfig:
// that loader's chain of credential sources (shared files, SSO, STS web
// identity, instance metadata) is code a Lambda function never runs but
// links and initialises, about a third of a megabyte of every zip. In Lambda
// the execution role's keys are in the environment, which is also the first
// place the loader looks; against the emulators fixed dummy keys are used, so
// no AWS account or profile is consulted. The remaining fields are the
// loader's defaults.
func (c Config) AWS() (aws.Config, error) {
	keys := c.awsKeys
	if c.Local() {
		keys = aws.Credentials{AccessKeyID: "local", SecretAccessKey: "local", Source: "emulators"}
	}
	if !keys.HasKeys() {
		return aws.Config{}, fmt.Errorf("config: no AWS credentials: set %s and %s (Lambda sets them)", EnvAccessKeyID, EnvSecretAccessKey)
	}
	return aws.Config{
		Region:                      c.Region,
		Credentials:                 aws.NewCredentialsCache(credentials.StaticCredentialsProvider{Value: keys}),
		HTTPClient:                  dependencyHTTPClient(c.Limits()),
		Retryer:                     dependencyRetryer(c.ServesManyAtOnce),
		AccountIDEndpointMode:       aws.AccountIDEndpointModePreferred,
		RequestChecksumCalculation:  aws.RequestChecksumCalculationWhenSupported,
		ResponseChecksumValidation:  aws.ResponseChecksumValidationWhenSupported,
		RequestMinCompressSizeBytes: 10240,
	}, nil
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
		endpoint := first(getenv(EnvSecretsEndpointURL), getenv(EnvEndpointURL), secretsEndpoint(awsCfg.Region))
		secret, err := readSecret(ctx, awsCfg, endpoint, getenv(EnvSigningSecretARN))
		if err != nil {
			return nil, fmt.Errorf("config: fetch signing secret: %w", err)
		}
		raw = secret
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

// first is the first of values that is not empty, or "".
func first(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

func or(v, fallback string) string {
	if v == "" {
		return fallback
	}
	return v
}
