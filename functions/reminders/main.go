// Command reminders is the Lambda an EventBridge rule runs every few
// minutes: it hands each reminder that is due to the mailer
// (pkg/reminders), each mail maybe sent that SES never reported sent
// (pkg/mail/feedback), and makes the webhook deliveries' retries that are
// due (pkg/webhooks). It needs the table only: no signing key, no SES.
// It makes a series' later dates in the series' zone, whose rules it
// carries (the Lambda runtime has no zone database).
package main

import (
	"context"
	"errors"
	"log/slog"
	"time"
	_ "time/tzdata"

	"github.com/aws/aws-lambda-go/lambda"

	"turnout/pkg/lambdamain/tableonly"
	"turnout/pkg/mail/feedback"
	"turnout/pkg/reminders"
	"turnout/pkg/webhooks"
)

func main() {
	cfg, st := tableonly.Load()
	job := reminders.Job{Store: st, Now: time.Now}
	reconcile := feedback.Reconciler{Store: st, Now: time.Now}
	retries := webhooks.NewJob(st, webhooks.NewGuard(cfg.Local()), time.Now)
	// The rule's event says nothing the job needs: it runs at the time it
	// is invoked.
	lambda.Start(func(ctx context.Context) (reminders.Result, error) {
		res, err := job.Run(ctx)
		if counts := res.Counts(); counts != nil {
			slog.InfoContext(ctx, "reminders", "counts", counts)
		}
		if n, rerr := reconcile.Run(ctx); rerr != nil {
			err = errors.Join(err, rerr)
		} else if n > 0 {
			slog.InfoContext(ctx, "mail maybe sent, sent again", "count", n)
		}
		if n, werr := retries.Run(ctx); werr != nil {
			err = errors.Join(err, werr)
		} else if n > 0 {
			slog.InfoContext(ctx, "webhook retries", "count", n)
		}
		return res, err
	})
}
