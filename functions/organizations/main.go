// Command organizations is the Lambda serving /api/organization/*.
package main

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/api/organizations"
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() {
	lambdamain.Main(func(b app.Base, awsCfg aws.Config) http.Handler {
		return organizations.NewHandler(b.Organizations(awsCfg))
	})
}
