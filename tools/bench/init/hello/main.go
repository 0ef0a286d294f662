// Command hello is the smallest aws-lambda-go function answering an API
// Gateway HTTP API event: the baseline the init benchmark compares every
// Turnout function with.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: "hello"}, nil
	})
}
