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
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"turnout/pkg/app"
	"turnout/pkg/config"
)

// Main runs fn's handler on Lambda and exits on a start-up error.
func Main(fn app.Function) {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	if err := run(context.Background(), os.Getenv, fn); err != nil {
		slog.Error("start-up failed", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv func(string) string, fn app.Function) error {
	cfg, awsCfg, err := config.Load(ctx, getenv)
	if err != nil {
		return fmt.Errorf("load configuration: %w", err)
	}
	h := app.NewBase(cfg, awsCfg, time.Now).Handler(fn, awsCfg)
	lambda.StartWithOptions(Proxy(h), lambda.WithContext(ctx))
	return nil
}

// Proxy turns h into the handler of API Gateway HTTP API (payload v2)
// events that the Lambda runtime calls.
func Proxy(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return httpadapter.NewV2(h).ProxyWithContext
}
