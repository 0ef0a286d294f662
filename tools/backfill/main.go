// Command backfill brings a table's items written before a change of
// their shape to today's (store.Backfill): cancelled events below the live
// ones, what the lists read on each seat counter, ticket numbers on the
// places of queues joined before tickets, search keys for the events to
// come, and each organization's name and logo on its events. Run it once after a deploy that needs it,
// with the table and AWS keys in the environment, as the functions read
// them (pkg/config):
//
//	TURNOUT_TABLE=<table> AWS_REGION=<region> AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=… go run ./tools/backfill
//
// It changes only what differs, so running it again is harmless.
package main

import (
	"context"
	"fmt"
	"os"

	"turnout/pkg/config"
	"turnout/pkg/store"
)

func main() {
	cfg, awsCfg, err := config.LoadEnv(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "backfill:", err)
		os.Exit(1)
	}
	done, err := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table).Backfill(context.Background())
	fmt.Printf("table %s: %d cancelled events sunk, %d seat counters filled, %d places in queues numbered, %d events to come given search keys, %d organizations copied to their events\n",
		cfg.Table, done.Sunk, done.Counters, done.Queued, done.Found, done.Organizations)
	if err != nil {
		fmt.Fprintln(os.Stderr, "backfill:", err)
		os.Exit(1)
	}
}
