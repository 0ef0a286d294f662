package main

import (
	"testing"

	"turnout/pkg/config"
)

// The journeys run the gateway with longer deadlines than production;
// make dev keeps the production ones. Either way it serves many requests at
// once.
func TestDeadlineScale(t *testing.T) {
	cfg, awsCfg, err := config.LoadEnv(func(k string) string {
		return map[string]string{config.EnvDynamoDBEndpoint: "http://127.0.0.1:1"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	same, _, err := forTheGateway(cfg, 1)
	if err != nil || same.Limits() != config.ProductionDeadlines || !same.ServesManyAtOnce {
		t.Errorf("scale 1: limits %+v, serves many at once %v, %v; want the production ones, true", same.Limits(), same.ServesManyAtOnce, err)
	}
	long, longAWS, err := forTheGateway(cfg, 10)
	if err != nil || long.Limits() != config.ProductionDeadlines.Scaled(10) || longAWS.HTTPClient == awsCfg.HTTPClient {
		t.Errorf("scale 10: limits %+v, %v; want the production ones times 10 and a new HTTP client", long.Limits(), err)
	}
	for _, bad := range []float64{0, 0.5, -1} {
		if _, _, err := forTheGateway(cfg, bad); err == nil {
			t.Errorf("scale %v accepted", bad)
		}
	}
}
