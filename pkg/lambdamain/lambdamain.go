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
	"turnout/pkg/httpapi"
)

// Main runs fn's handler on Lambda and exits on a start-up error. Every
// request is logged as one JSON line, and every line logged with a
// request's context carries its API Gateway request id.
func Main(fn app.Function) {
	slog.SetDefault(slog.New(httpapi.NewLogHandler(slog.NewJSONHandler(os.Stderr, nil))))
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
	h := httpapi.OnlyThroughOrigin(cfg.OriginSecret, app.NewBase(cfg, awsCfg, time.Now).Handler(fn))
	lambda.StartWithOptions(Proxy(h), lambda.WithContext(ctx))
	return nil
}

// Proxy is what the Lambda runtime calls: API Gateway's event, as an HTTP
// request, to h, observed (one log line per request, with its id).
func Proxy(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return httpadapter.NewV2(httpapi.Observe(h, slog.LevelInfo)).ProxyWithContext
}
