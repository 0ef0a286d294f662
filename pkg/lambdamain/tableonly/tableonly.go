// Package tableonly starts a function that needs the table alone (the
// scheduled job, the SES feedback handler): its log in JSON lines that
// carry each invocation's id, its configuration without the signing key,
// and the store. Unlike pkg/lambdamain it links no API.
package tableonly

import (
	"log/slog"
	"os"

	"turnout/pkg/config"
	"turnout/pkg/httpapi"
	"turnout/pkg/store"
)

// Store sets up the function's log and returns the table it works on; a
// start-up failure ends the process.
func Store() *store.Store {
	_, st := Load()
	return st
}

// Load is Store with the function's configuration.
func Load() (config.Config, *store.Store) {
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(os.Stderr, nil))))
	cfg, awsCfg, err := config.LoadEnv(os.Getenv)
	if err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
	return cfg, store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
}
