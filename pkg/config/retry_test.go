package config

import (
	"context"
	"errors"
	"testing"
)

// A process that answers many requests at once spends retries without the
// SDK's per-client quota, which a crowd of requests would run dry; a Lambda
// instance, answering one at a time, keeps it.
func TestRetryQuotaOnlyForOneRequestAtATime(t *testing.T) {
	hiccup := errors.New("a passing 500")
	retriesGranted := func(manyAtOnce bool) int {
		c := Config{DynamoDBEndpoint: "http://127.0.0.1:1", ServesManyAtOnce: manyAtOnce}
		awsCfg, err := c.AWS()
		if err != nil {
			t.Fatal(err)
		}
		retryer := awsCfg.Retryer()
		for n := range 1000 {
			if _, err := retryer.GetRetryToken(context.Background(), hiccup); err != nil {
				return n
			}
		}
		return 1000
	}
	if got := retriesGranted(true); got != 1000 {
		t.Errorf("serving many at once: %d retries granted before the quota ran dry, want no quota", got)
	}
	if got := retriesGranted(false); got >= 1000 {
		t.Errorf("one request at a time: %d retries granted, want the SDK's quota to ration them", got)
	}
}
