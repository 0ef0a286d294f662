// Package testenv gives integration tests the local AWS-compatible services
// (pkg/emulators) and a configuration pointing at them.
//
// Use it from a package's tests as
//
//	func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }
//
// and in each test
//
//	cfg, awsCfg := testenv.Config(t)
//
// which gives a table name and a media bucket name of the test's own (to be
// created by the test), so tests may run in parallel against one stack.
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/config"
	"turnout/pkg/emulators"
)

// WebOrigin is the site origin in every test configuration.
const WebOrigin = "http://turnout.test"

// Region is the AWS region in every test configuration.
const Region = "us-east-1"

// EnvDeadlineScale multiplies the production deadlines (config.Deadlines)
// in every test configuration: emulators on a loaded machine answer in
// seconds what AWS answers in milliseconds, and a test is about its
// answers, not their speed. Tests of the deadlines themselves inject
// faults and set config.ProductionDeadlines.
const EnvDeadlineScale = "TURNOUT_TEST_DEADLINE_SCALE"

// defaultDeadlineScale gives a call 30 s to begin its answer and a request
// 80 s: longer than any pause of DynamoDB Local under a parallel crowd of
// tests on two cores, shorter than go test's own timeout.
const defaultDeadlineScale = 10

// Deadlines are the deadlines of every test configuration: the production
// ones times TURNOUT_TEST_DEADLINE_SCALE (10 unless set).
func Deadlines(tb testing.TB) config.Deadlines {
	tb.Helper()
	scale := float64(defaultDeadlineScale)
	if v := os.Getenv(EnvDeadlineScale); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 1) || f > 1000 {
			tb.Fatalf("testenv: %s=%q: want a number from 1 to 1000", EnvDeadlineScale, v)
		}
		scale = f
	}
	return config.ProductionDeadlines.Scaled(scale)
}

// endpoints are set by Main before any test runs and only read afterwards
// (but next, which Config turns).
var endpoints struct {
	dynamodb []string
	s3, ses  string
	short    bool // -short: no stack, integration tests skip
	set      bool
	next     atomic.Uint32 // which of dynamodb the next Config gets
}

// Main starts one throwaway emulator stack for the whole test binary, runs
// the tests and stops the stack, returning the exit code for os.Exit. When
// TURNOUT_DYNAMODB_ENDPOINT, TURNOUT_S3_ENDPOINT and TURNOUT_SES_ENDPOINT are
// all set it uses those services instead and starts nothing. With -short it
// starts nothing and Config skips the tests that need it.
//
// The endpoints are also put in this process's environment, for programs
// the tests start.
func Main(m *testing.M) int { return run(m, 1) }

// MainSpread is Main for a package of many parallel tests: its stack runs
// a DynamoDB Local per core, and Config gives each test one of them in
// turn. DynamoDB Local answers one request at a time, so on one the tests
// wait for it while the other cores idle.
func MainSpread(m *testing.M) int { return run(m, runtime.GOMAXPROCS(0)) }

func run(m *testing.M, dynamoDBs int) int {
	if !flag.Parsed() {
		flag.Parse()
	}
	ddb, s3, ses := os.Getenv(config.EnvDynamoDBEndpoint), os.Getenv(config.EnvS3Endpoint), os.Getenv(config.EnvSESEndpoint)
	if ddb != "" && s3 != "" && ses != "" {
		endpoints.dynamodb, endpoints.s3, endpoints.ses, endpoints.set = []string{ddb}, s3, ses, true
		return m.Run()
	}
	if testing.Short() {
		endpoints.short = true
		return m.Run()
	}

	st, err := emulators.Start(context.Background(), emulators.Options{DynamoDBs: dynamoDBs})
	if err != nil {
		fmt.Fprintf(os.Stderr, "testenv: cannot start the local AWS emulators: %v\n", err)
		return 1
	}
	defer st.Stop()

	// An interrupted test run still stops the emulators and removes their
	// temporary files (the children die with this process in any case).
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go func() {
		if _, ok := <-sigs; ok {
			st.Stop()
			os.Exit(2)
		}
	}()

	endpoints.dynamodb, endpoints.s3, endpoints.ses, endpoints.set = st.DynamoDBEndpoints, st.S3Endpoint, st.SESEndpoint, true
	for k, v := range st.Env() {
		os.Setenv(k, v)
	}
	code := m.Run()
	if err := st.Stop(); err != nil {
		fmt.Fprintf(os.Stderr, "testenv: stop emulators: %v\n", err)
	}
	return code
}

// Config returns a configuration for the stack that Main started (one of
// its DynamoDB Locals, in turn): a table name and a media bucket name
// unique to this call ("t-<random>"; neither is created here), WebOrigin http://turnout.test, region us-east-1, a
// random 32-byte signing key and the test deadlines (Deadlines); and the
// AWS SDK configuration built from it.
func Config(tb testing.TB) (config.Config, aws.Config) {
	tb.Helper()
	switch {
	case endpoints.short:
		tb.Skip("integration test: needs the local AWS emulators (skipped in -short mode)")
	case !endpoints.set:
		tb.Fatal("testenv.Config: no emulators: the package's tests need func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }")
	}
	name := "t-" + randomHex(tb, 8)
	c := config.Config{
		Region:           Region,
		Table:            name,
		MediaBucket:      name,
		WebOrigin:        WebOrigin,
		MailFrom:         "Turnout <no-reply@turnout.local>",
		DynamoDBEndpoint: endpoints.dynamodb[int(endpoints.next.Add(1)-1)%len(endpoints.dynamodb)],
		S3Endpoint:       endpoints.s3,
		SESEndpoint:      endpoints.ses,
		SigningKey:       randomBytes(tb, 32),
		Deadlines:        Deadlines(tb),
		// One test's server stands in for many Lambda instances.
		ServesManyAtOnce: true,
	}
	awsCfg, err := c.AWS()
	if err != nil {
		tb.Fatalf("testenv.Config: %v", err)
	}
	return c, awsCfg
}

// PrivateConfig is Config on emulators of the test's own, started for it
// and stopped when it ends (some seconds more). It is for a test of
// thousands of writes: DynamoDB Local stays slow after them (past the
// production clients' 3 s deadline, even with their table deleted), which
// failed the tests that ran after it on the shared one.
func PrivateConfig(tb testing.TB) (config.Config, aws.Config) {
	tb.Helper()
	c, awsCfg := Config(tb)
	st, err := emulators.Start(context.Background(), emulators.Options{})
	if err != nil {
		tb.Fatalf("testenv.PrivateConfig: %v", err)
	}
	tb.Cleanup(func() {
		if err := st.Stop(); err != nil {
			tb.Errorf("testenv.PrivateConfig: stop emulators: %v", err)
		}
	})
	c.DynamoDBEndpoint, c.S3Endpoint, c.SESEndpoint = st.DynamoDBEndpoint, st.S3Endpoint, st.SESEndpoint
	return c, awsCfg
}

func randomBytes(tb testing.TB, n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		tb.Fatalf("testenv: random: %v", err)
	}
	return b
}

func randomHex(tb testing.TB, n int) string { return hex.EncodeToString(randomBytes(tb, n)) }
