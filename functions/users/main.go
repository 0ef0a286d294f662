// Command users is the Lambda serving /api/user/*.
package main

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/api/users"
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() {
	lambdamain.Main(func(b app.Base, awsCfg aws.Config) http.Handler {
		return users.NewHandler(b.Users(awsCfg))
	})
}
