package config

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The SDKs' standard endpoint variables (what `sam local` and LocalStack
// set) point the functions at emulators when the TURNOUT_ ones are empty:
// one for every service, or one per service; a TURNOUT_ one wins.
func TestLoadEnvHonoursTheStandardEndpointVariables(t *testing.T) {
	for _, tt := range []struct {
		name                string
		env                 map[string]string
		dynamo, s3, sesWant string
	}{
		{"one for all", map[string]string{EnvEndpointURL: "http://localstack:4566"}, "http://localstack:4566", "http://localstack:4566", "http://localstack:4566"},
		{"per service", map[string]string{EnvEndpointURL: "http://all", EnvDynamoDBEndpointURL: "http://ddb", EnvS3EndpointURL: "http://s3", EnvSESEndpointURL: "http://ses"}, "http://ddb", "http://s3", "http://ses"},
		{"ours first", map[string]string{EnvEndpointURL: "http://all", EnvDynamoDBEndpoint: "http://ours"}, "http://ours", "http://all", "http://all"},
		{"none", map[string]string{EnvAccessKeyID: "AKID", EnvSecretAccessKey: "S"}, "", "", ""},
	} {
		c, _, err := LoadEnv(func(k string) string { return tt.env[k] })
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if c.DynamoDBEndpoint != tt.dynamo || c.S3Endpoint != tt.s3 || c.SESEndpoint != tt.sesWant {
			t.Errorf("%s: endpoints %q %q %q, want %q %q %q", tt.name, c.DynamoDBEndpoint, c.S3Endpoint, c.SESEndpoint, tt.dynamo, tt.s3, tt.sesWant)
		}
	}
}

// The signing key's secret is read from AWS_ENDPOINT_URL_SECRETS_MANAGER
// (or AWS_ENDPOINT_URL) when set.
func TestLoadReadsTheSigningSecretAtTheEndpointGiven(t *testing.T) {
	const key = "c2lnbmluZy1rZXktb2YtYXQtbGVhc3QtMzItYnl0ZXMtbG9uZw=="
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"SecretString":"`+key+`"}`)
	}))
	defer srv.Close()
	env := map[string]string{EnvSecretsEndpointURL: srv.URL, EnvSigningSecretARN: "arn:aws:secretsmanager:eu-west-1:123456789012:secret:k", EnvAccessKeyID: "AKID", EnvSecretAccessKey: "S"}
	c, _, err := Load(t.Context(), func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if len(c.SigningKey) < minKeyBytes {
		t.Errorf("signing key of %d bytes, want the secret's", len(c.SigningKey))
	}
}
