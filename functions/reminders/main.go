// Command reminders is the Lambda an EventBridge rule runs every few
// minutes: it hands each reminder that is due to the mailer
// (pkg/reminders). It needs the table only: no signing key, no SES.
package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"turnout/pkg/config"
	"turnout/pkg/httpapi"
	"turnout/pkg/reminders"
	"turnout/pkg/store"
)

func main() {
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(os.Stderr, nil))))
	cfg, awsCfg, err := config.LoadEnv(os.Getenv)
	if err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
	job := reminders.Job{Store: store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table), Now: time.Now}
	// The rule's event says nothing the job needs: it runs at the time it
	// is invoked.
	lambda.Start(func(ctx context.Context) (reminders.Result, error) {
		res, err := job.Run(ctx)
		if counts := res.Counts(); counts != nil {
			slog.InfoContext(ctx, "reminders", "counts", counts)
		}
		return res, err
	})
}
