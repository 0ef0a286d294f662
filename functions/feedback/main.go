// Command feedback is the Lambda SES's bounce and complaint notifications
// reach through an SNS topic: it stops mail to the addresses they name
// (pkg/mail/feedback). It needs the table only: no signing key, no SES.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"turnout/pkg/config"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail/feedback"
	"turnout/pkg/store"
)

func main() {
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(os.Stderr, nil))))
	cfg, awsCfg, err := config.LoadEnv(os.Getenv)
	if err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
	h := feedback.Handler{Store: store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table), Now: time.Now}
	lambda.Start(h.Handle)
}
