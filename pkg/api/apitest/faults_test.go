package apitest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"turnout/pkg/app"
	"turnout/pkg/app/all"
	"turnout/pkg/config"
	"turnout/pkg/httpapi"
	"turnout/pkg/media/mediatest"
	"turnout/pkg/testenv"
)

// faultEnv is an API whose configuration break changes, e.g. to point
// DynamoDB at a stalled endpoint. It runs under the production deadlines
// (not the test environment's longer ones): these tests prove them. The
// table and bucket are created only where the emulators still serve them.
func faultEnv(t *testing.T, breakConfig func(*config.Config)) *Env {
	t.Helper()
	cfg, _ := testenv.Config(t)
	cfg.Deadlines = config.ProductionDeadlines
	real := cfg
	breakConfig(&cfg)
	awsCfg, err := cfg.AWS()
	if err != nil {
		t.Fatalf("AWS configuration: %v", err)
	}
	e := &Env{tb: t, Config: cfg}
	e.Base = app.NewBase(cfg, awsCfg, e.Now)
	ctx := context.Background()
	if cfg.DynamoDBEndpoint == real.DynamoDBEndpoint {
		if err := e.Base.Store.CreateTable(ctx); err != nil {
			t.Fatalf("create table: %v", err)
		}
	}
	if cfg.S3Endpoint == real.S3Endpoint {
		if err := e.Base.Media.EnsureBucket(ctx); err != nil {
			t.Fatalf("create bucket: %v", err)
		}
	}
	e.Server = httptest.NewServer(checkContract(t, e.Base.API(all.Functions())))
	t.Cleanup(e.Server.Close)
	return e
}

// expectUnavailable checks a dependency failure's answer: 503 with
// Retry-After and the standard detail, within limit.
func expectUnavailable(t *testing.T, res *Response, took, limit time.Duration) {
	t.Helper()
	Expect(t, res, http.StatusServiceUnavailable)
	if res.Header.Get("Retry-After") == "" {
		t.Errorf("no Retry-After header")
	}
	if got := res.Detail(t); got != httpapi.MsgUnavailable {
		t.Errorf("detail = %q, want %q", got, httpapi.MsgUnavailable)
	}
	if took > limit {
		t.Errorf("answered after %v, want within %v", took.Round(time.Millisecond), limit)
	}
}

// timed runs call and returns its answer and how long it took.
func timed(call func() *Response) (*Response, time.Duration) {
	start := time.Now()
	res := call()
	return res, time.Since(start)
}

func loginCall(e *Env) func() *Response {
	return func() *Response {
		return e.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": "ada", "password": "secret-words"}, "")
	}
}

func publicListCall(e *Env) func() *Response {
	return func() *Response { return e.JSON(http.MethodGet, "/api/event/public/", nil, "") }
}

func TestDynamoDBFailuresAreUnavailable(t *testing.T) {
	t.Parallel()
	// A stalled call is cut off by the response timeout and not retried.
	stalledLimit := config.ResponseTimeout + 2*time.Second
	cases := []struct {
		name     string
		endpoint func(testing.TB) string
		limit    time.Duration
	}{
		{"stalled", testenv.StalledEndpoint, stalledLimit},
		{"stopped", testenv.ClosedEndpoint, 2 * time.Second},
		{"throttling", func(t testing.TB) string {
			return testenv.FakeDynamoDB(t, func(string) testenv.DynamoDBReply {
				return testenv.DynamoDBError("ThrottlingException", "")
			})
		}, 3 * time.Second},
		{"throughput exceeded", func(t testing.TB) string {
			return testenv.FakeDynamoDB(t, func(string) testenv.DynamoDBReply {
				return testenv.DynamoDBError("ProvisionedThroughputExceededException", "")
			})
		}, 3 * time.Second},
		{"internal error", func(t testing.TB) string {
			return testenv.FakeDynamoDB(t, func(string) testenv.DynamoDBReply {
				return testenv.DynamoDBReply{Status: http.StatusInternalServerError, Body: `{"__type":"com.amazon.coral.service#InternalFailure"}`}
			})
		}, 3 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			endpoint := tc.endpoint(t)
			e := faultEnv(t, func(c *config.Config) { c.DynamoDBEndpoint = endpoint })
			for _, call := range []struct {
				name string
				do   func() *Response
			}{{"login", loginCall(e)}, {"public list", publicListCall(e)}} {
				res, took := timed(call.do)
				t.Logf("%s, %s: %d after %v", tc.name, call.name, res.Status, took.Round(time.Millisecond))
				expectUnavailable(t, res, took, tc.limit)
			}
		})
	}
}

// throttledTransactions is a fake DynamoDB that finds nothing and cancels
// the first throttled transactions for throttling (all of them when
// throttled < 0), counting the attempts.
func throttledTransactions(t *testing.T, throttled int64, attempts *atomic.Int64) string {
	return testenv.FakeDynamoDB(t, func(op string) testenv.DynamoDBReply {
		switch op {
		case "TransactWriteItems":
			if n := attempts.Add(1); throttled >= 0 && n > throttled {
				return testenv.DynamoDBReply{Status: http.StatusOK, Body: `{}`}
			}
			return testenv.DynamoDBError("TransactionCanceledException",
				`"CancellationReasons":[{"Code":"ThrottlingError"},{"Code":"None"},{"Code":"None"}]`)
		case "Query":
			return testenv.DynamoDBReply{Status: http.StatusOK, Body: `{"Items":[],"Count":0,"ScannedCount":0}`}
		default: // GetItem, BatchGetItem: nothing there
			return testenv.DynamoDBReply{Status: http.StatusOK, Body: `{}`}
		}
	})
}

// Transactions that DynamoDB cancels for throttling are retried with
// backoff: a passing throttle costs only time, a lasting one is a 503.
func TestThrottledTransactionsAreRetried(t *testing.T) {
	t.Parallel()
	t.Run("passing", func(t *testing.T) {
		t.Parallel()
		var attempts atomic.Int64
		endpoint := throttledTransactions(t, 2, &attempts)
		e := faultEnv(t, func(c *config.Config) { c.DynamoDBEndpoint = endpoint })
		res := e.Multipart(http.MethodPost, "/api/user/registration/", PersonForm(Unique("throttled")), nil, "")
		Expect(t, res, http.StatusCreated)
		if n := attempts.Load(); n != 3 {
			t.Errorf("transaction attempts = %d, want 3 (two throttled, then accepted)", n)
		}
	})
	t.Run("lasting", func(t *testing.T) {
		t.Parallel()
		var attempts atomic.Int64
		endpoint := throttledTransactions(t, -1, &attempts)
		e := faultEnv(t, func(c *config.Config) { c.DynamoDBEndpoint = endpoint })
		res, took := timed(func() *Response {
			return e.Multipart(http.MethodPost, "/api/user/registration/", PersonForm(Unique("throttled")), nil, "")
		})
		t.Logf("sign-up with throttled transactions: %d after %v, %d attempts", res.Status, took.Round(time.Millisecond), attempts.Load())
		expectUnavailable(t, res, took, config.RequestTimeout)
		if n := attempts.Load(); n < 3 {
			t.Errorf("transaction attempts = %d, want it retried", n)
		}
	})
}

func TestS3FailuresAreUnavailable(t *testing.T) {
	t.Parallel()
	png := mediatest.PNG(8, 8)
	for name, endpoint := range map[string]func(testing.TB) string{"stopped": testenv.ClosedEndpoint, "stalled": testenv.StalledEndpoint} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s3 := endpoint(t)
			e := faultEnv(t, func(c *config.Config) { c.S3Endpoint = s3 })
			res, took := timed(func() *Response {
				return e.Multipart(http.MethodPost, "/api/user/registration/", PersonForm(Unique("nos3")),
					map[string]File{"image": {Name: "me.png", Data: png}}, "")
			})
			t.Logf("sign-up with image, S3 %s: %d after %v", name, res.Status, took.Round(time.Millisecond))
			expectUnavailable(t, res, took, config.ResponseTimeout+2*time.Second)
		})
	}
}

// Mail is sent after the account is written; a stalled SES must not hold
// the answer past its deadline (the person can ask for the mail again).
func TestStalledSESDoesNotHang(t *testing.T) {
	t.Parallel()
	ses := testenv.StalledEndpoint(t)
	e := faultEnv(t, func(c *config.Config) { c.SESEndpoint = ses })
	res, took := timed(func() *Response {
		return e.Multipart(http.MethodPost, "/api/user/registration/", PersonForm(Unique("noses")), nil, "")
	})
	t.Logf("sign-up, SES stalled: %d after %v", res.Status, took.Round(time.Millisecond))
	Expect(t, res, http.StatusCreated)
	if limit := config.ResponseTimeout + 2*time.Second; took > limit {
		t.Errorf("answered after %v, want within %v", took.Round(time.Millisecond), limit)
	}
}
