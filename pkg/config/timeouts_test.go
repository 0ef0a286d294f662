package config

import (
	"net"
	"net/http"
	"testing"
	"time"
)

func TestLimitsAreProductionUnlessGiven(t *testing.T) {
	if got := (Config{}).Limits(); got != ProductionDeadlines {
		t.Errorf("zero Config limits = %+v, want the production ones %+v", got, ProductionDeadlines)
	}
	long := ProductionDeadlines.Scaled(10)
	if got := (Config{Deadlines: long}).Limits(); got != long {
		t.Errorf("limits = %+v, want the configured %+v", got, long)
	}
	if long.Response != 30*time.Second || long.Request != 80*time.Second || long.Connect != 10*time.Second {
		t.Errorf("production deadlines times 10 = %+v", long)
	}
}

// The SDK's HTTP client gives up on a silent service after the
// configuration's response deadline, not the production one.
func TestAWSClientWaitsTheConfiguredResponseDeadline(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() { // accept, never answer
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	const wait = 200 * time.Millisecond
	c := Config{DynamoDBEndpoint: "http://" + ln.Addr().String(), Deadlines: Deadlines{Connect: time.Second, Response: wait, Request: time.Second}}
	awsCfg, err := c.AWS()
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, c.DynamoDBEndpoint, nil)
	start := time.Now()
	res, err := awsCfg.HTTPClient.Do(req)
	took := time.Since(start)
	if err == nil {
		res.Body.Close()
		t.Fatal("a silent service answered")
	}
	if took < wait || took >= ResponseTimeout {
		t.Errorf("gave up after %v, want the configured %v (not the production %v)", took, wait, ResponseTimeout)
	}
}
