// Command feedback is the Lambda SES's sends, bounces and complaints reach
// through an SNS topic: it stops mail to the addresses that bounce or
// complain, and settles mail whose send timed out (pkg/mail/feedback). It
// needs the table only: no signing key, no SES.
package main

import (
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"turnout/pkg/lambdamain/tableonly"
	"turnout/pkg/mail/feedback"
)

func main() {
	h := feedback.Handler{Store: tableonly.Store(), Now: time.Now}
	lambda.Start(h.Handle)
}
