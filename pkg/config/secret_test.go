package config

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

func TestReadSecretSendsASignedGetSecretValue(t *testing.T) {
	const arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:turnout-signing-key"
	var got *http.Request
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, body = r, must(io.ReadAll(r.Body))
		_, _ = io.WriteString(w, `{"ARN":"`+arn+`","Name":"turnout-signing-key","SecretString":"c2VjcmV0"}`)
	}))
	defer srv.Close()
	c := Config{Region: "eu-west-1", awsKeys: keys("AKIDTEST", "SECRET", "SESSION")}
	awsCfg, err := c.AWS()
	if err != nil {
		t.Fatal(err)
	}
	secret, err := readSecret(t.Context(), awsCfg, srv.URL, arn)
	if err != nil {
		t.Fatal(err)
	}
	if secret != "c2VjcmV0" {
		t.Errorf("secret = %q, want c2VjcmV0", secret)
	}
	if got.Method != http.MethodPost || got.Header.Get("X-Amz-Target") != "secretsmanager.GetSecretValue" ||
		got.Header.Get("Content-Type") != "application/x-amz-json-1.1" {
		t.Errorf("request = %s target %q type %q, want a JSON 1.1 GetSecretValue POST", got.Method, got.Header.Get("X-Amz-Target"), got.Header.Get("Content-Type"))
	}
	scope := "AWS4-HMAC-SHA256 Credential=AKIDTEST/" + time.Now().UTC().Format("20060102") + "/eu-west-1/secretsmanager/aws4_request"
	if auth := got.Header.Get("Authorization"); !strings.HasPrefix(auth, scope) || !strings.Contains(auth, "Signature=") {
		t.Errorf("Authorization = %q, want a SigV4 signature in scope %q", auth, scope)
	}
	if tok := got.Header.Get("X-Amz-Security-Token"); tok != "SESSION" {
		t.Errorf("X-Amz-Security-Token = %q, want the session token", tok)
	}
	var in map[string]string
	if err := json.Unmarshal(body, &in); err != nil || in["SecretId"] != arn || len(in) != 1 {
		t.Errorf("body = %s, want {\"SecretId\": %q}", body, arn)
	}
}

func TestReadSecretReportsTheServiceError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"__type":"ResourceNotFoundException","message":"Secrets Manager can't find the specified secret."}`)
	}))
	defer srv.Close()
	awsCfg, err := Config{Region: "eu-west-1", awsKeys: keys("AKIDTEST", "SECRET", "")}.AWS()
	if err != nil {
		t.Fatal(err)
	}
	_, err = readSecret(t.Context(), awsCfg, srv.URL, "missing")
	if err == nil || !strings.Contains(err.Error(), "ResourceNotFoundException") {
		t.Errorf("err = %v, want the service's error type", err)
	}
}

func TestAWSNeedsKeysOutsideTheEmulators(t *testing.T) {
	if _, err := (Config{Region: "eu-west-1"}).AWS(); err == nil {
		t.Error("no keys and no emulator: want an error")
	}
	awsCfg, err := Config{Region: "eu-west-1", DynamoDBEndpoint: "http://127.0.0.1:1"}.AWS()
	if err != nil {
		t.Fatal(err)
	}
	creds, err := awsCfg.Credentials.Retrieve(t.Context())
	if err != nil || creds.AccessKeyID != "local" {
		t.Errorf("emulator credentials = %+v, %v; want the fixed local keys", creds, err)
	}
}

func TestLoadEnvTakesLambdasKeysFromTheEnvironment(t *testing.T) {
	env := map[string]string{EnvRegion: "eu-west-1", EnvAccessKeyID: "AKIDENV", EnvSecretAccessKey: "S", EnvSessionToken: "T"}
	_, awsCfg, err := LoadEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	creds, err := awsCfg.Credentials.Retrieve(t.Context())
	if err != nil || creds.AccessKeyID != "AKIDENV" || creds.SessionToken != "T" || awsCfg.Region != "eu-west-1" {
		t.Errorf("credentials = %+v (%v), region %q; want the environment's", creds, err, awsCfg.Region)
	}
}

func keys(id, secret, session string) aws.Credentials {
	return aws.Credentials{AccessKeyID: id, SecretAccessKey: secret, SessionToken: session}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
