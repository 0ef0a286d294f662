// Command events is the Lambda serving /api/event/*.
package main

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/api/events"
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() {
	lambdamain.Main(func(b app.Base, _ aws.Config) http.Handler {
		return events.NewHandler(b.Events())
	})
}
