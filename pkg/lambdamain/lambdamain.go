// Package lambdamain is the body every function's main shares: load the
// configuration once, build the handler once, hand it to the Lambda
// runtime through the API Gateway HTTP API (payload v2) adapter.
package lambdamain

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"turnout/pkg/app"
	"turnout/pkg/config"
	"turnout/pkg/httpapi"
)

// Build makes a function's handler from the shared clients.
type Build func(b app.Base, awsCfg aws.Config) http.Handler

// Main runs build's handler on Lambda and exits on a start-up error. Every
// request is logged as one JSON line, and every line logged with a
// request's context carries its API Gateway request id.
func Main(build Build) {
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(os.Stderr, nil))))
	if err := run(context.Background(), os.Getenv, build); err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv func(string) string, build Build) error {
	cfg, awsCfg, err := config.Load(ctx, getenv)
	if err != nil {
		return fmt.Errorf("load configuration: %w", err)
	}
	lambda.StartWithOptions(proxy(build(app.NewBase(cfg, awsCfg, time.Now), awsCfg)), lambda.WithContext(ctx))
	return nil
}

// proxy is what the Lambda runtime calls: API Gateway's event, as an HTTP
// request, to h, observed (one log line per request, with its id).
func proxy(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return httpadapter.NewV2(httpapi.Observe(h, slog.LevelInfo)).ProxyWithContext
}
