// Command mailer is the Lambda that delivers mail: the table's stream feeds
// it each message the other functions queue (pkg/mail/outbox) and each
// change of a registration (pkg/mail/mailer), and copies an organization's
// name and logo to its events when they change.
package main

import (
	// Mails tell an event's time in its own zone; Lambda's runtime has no zone
	// database.
	_ "time/tzdata"

	"context"
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
	// The signing key signs the ticket codes that registration mails carry.
	cfg, awsCfg, err := config.Load(context.Background(), os.Getenv)
	if err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	lambda.Start(mailer.New(cfg, awsCfg, st).Handle)
}
