// Command media is the Lambda serving /api/media/* (presigned uploads).
package main

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/api/uploads"
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() {
	lambdamain.Main(func(b app.Base, _ aws.Config) http.Handler {
		return uploads.NewHandler(b.Uploads())
	})
}
