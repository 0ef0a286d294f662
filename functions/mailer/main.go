// Command mailer is the Lambda that delivers queued mail: the table's
// stream feeds it each message the other functions queue (pkg/mail/outbox).
package main

import (
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"turnout/pkg/config"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/store"
)

func main() {
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(os.Stderr, nil))))
	cfg, awsCfg, err := config.LoadEnv(os.Getenv)
	if err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	lambda.Start(mailer.New(cfg, awsCfg, st).Handle)
}
