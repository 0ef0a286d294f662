// Command events is the Lambda serving /api/event/*.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/api/events"
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() {
	lambdamain.Main(func(b app.Base, _ aws.Config) http.Handler {
		// Tables from before issue 8 hold the calendar as one set; a cold
		// start moves it (one GetItem once done). Until it succeeds, the
		// public list misses events written before the change.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := b.Store.MigrateCalendar(ctx, b.Now()); err != nil {
			slog.Warn("event calendar not migrated yet", "err", err)
		}
		return events.NewHandler(b.Events())
	})
}
