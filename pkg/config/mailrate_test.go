package config

import "testing"

func TestMailRate(t *testing.T) {
	env := func(rate string) func(string) string {
		return func(name string) string {
			switch name {
			case EnvMailRate:
				return rate
			case EnvDynamoDBEndpoint:
				return "http://127.0.0.1:1" // local: no AWS keys needed
			}
			return ""
		}
	}
	for rate, want := range map[string]float64{"": 14, "50": 50, "0.5": 0.5} {
		c, _, err := LoadEnv(env(rate))
		if err != nil || c.MailRate != want {
			t.Errorf("%s=%q: rate %v, %v; want %v", EnvMailRate, rate, c.MailRate, err, want)
		}
	}
	for _, bad := range []string{"0", "-3", "fast", "NaN", "Inf"} {
		if _, _, err := LoadEnv(env(bad)); err == nil {
			t.Errorf("%s=%q was accepted", EnvMailRate, bad)
		}
	}
}
