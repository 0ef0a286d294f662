// Command gateway serves the whole product on one local port the way
// CloudFront and API Gateway do in AWS: every function's handler under
// /api/, images under /media/, and the web app's build everywhere else.
// With -dev it also starts the local emulators, creates the table and
// bucket, and seeds demo data into an empty table. Against the emulators it
// runs the mailer on the table's stream and the reminder job on a timer.
package main

import (
	// As the mailer Lambda does: mails tell times in the event's zone.
	_ "time/tzdata"

	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/smithy-go/logging"

	"turnout/pkg/app"
	"turnout/pkg/config"
	"turnout/pkg/emulators"
	"turnout/pkg/httpapi"
	"turnout/pkg/mail/feedback"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/reminders"
	"turnout/pkg/webhooks"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gateway:", err)
		os.Exit(1)
	}
}

// Environment overrides of the local addresses.
const (
	envAddr         = "TURNOUT_GATEWAY_ADDR"
	envDynamoDBPort = "TURNOUT_DYNAMODB_PORT"
	envS3Port       = "TURNOUT_S3_PORT"
	envSESPort      = "TURNOUT_SES_PORT"
	envVerbose      = "TURNOUT_GATEWAY_VERBOSE"
)

func run(ctx context.Context, args []string, getenv func(string) string, logw io.Writer) error {
	fs := flag.NewFlagSet("gateway", flag.ContinueOnError)
	dev := fs.Bool("dev", false, "start the emulators, create the table and bucket, seed demo data")
	addr := fs.String("addr", or(getenv(envAddr), "127.0.0.1:8080"), "address to listen on")
	webDir := fs.String("web", "web/dist", "folder of the built web app")
	dataDir := fs.String("data", ".local/data", "with -dev: folder for the emulators' data, relative to the repository; \"\" for throwaway data")
	seedDemo := fs.Bool("seed", true, "with -dev: seed demo data into an empty table")
	verbose := fs.Bool("v", getenv(envVerbose) != "", "log every API call and other debug lines (also "+envVerbose+"=1)")
	deadlineScale := fs.Float64("deadline-scale", 1, "multiply the production deadlines of AWS calls and requests (the journeys give a loaded machine 10)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	slog.SetDefault(newLogger(logw, *verbose))

	// With kept data, the local mailer keeps its place in the stream there
	// too: mail queued while the gateway was down goes when it starts.
	var relayOpts streamrelay.Options
	if *dev {
		env, data, stopEmulators, err := startDevStack(ctx, getenv, *dataDir, logw)
		if err != nil {
			return err
		}
		defer stopEmulators()
		getenv = overlay(env, getenv)
		if data != "" {
			relayOpts.Checkpoints = filepath.Join(data, "mail-relay")
		}
	}
	cfg, _, err := config.Load(ctx, getenv)
	if err != nil {
		return err
	}
	cfg, awsCfg, err := forTheGateway(cfg, *deadlineScale)
	if err != nil {
		return err
	}
	awsCfg.Logger = sdkLogger{}
	base := app.NewBase(cfg, awsCfg, time.Now)
	if *dev {
		if err := prepare(ctx, base, *seedDemo); err != nil {
			return err
		}
	}
	if cfg.DynamoDBEndpoint != "" {
		// Against DynamoDB Local the mailer runs here, fed by the table's
		// stream as Lambda feeds it in AWS, and the reminder job on a timer.
		relay, err := streamrelay.StartWith(ctx, awsCfg, cfg.DynamoDBEndpoint, base.Store, time.Now, mailer.New(cfg, awsCfg, base.Store).Handle, relayOpts)
		if err != nil {
			return fmt.Errorf("start the local mailer: %w", err)
		}
		base.Mail = relay
		retries := webhooks.NewJob(base.Store, app.WebhookGuard(cfg), time.Now)
		go runReminders(ctx, reminders.Job{Store: base.Store, Now: time.Now}, feedback.Reconciler{Store: base.Store, Now: time.Now}, retries, reminderPeriod)
	}
	handler, err := newHandler(base, awsCfg, *webDir)
	if err != nil {
		return err
	}
	if *dev {
		handler = withDevReminders(reminders.Job{Store: base.Store}, handler)
		handler = withDevWebhooks(webhooks.NewJob(base.Store, app.WebhookGuard(cfg), time.Now), handler)
		handler = withDevFeedback(feedback.Handler{Store: base.Store, Now: time.Now}, handler)
	}
	srv := &http.Server{
		Addr:              *addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	slog.Info("Turnout is running", "url", "http://"+*addr)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newLogger writes text lines to w, each line of a request with its id;
// debug lines only when verbose.
func newLogger(w io.Writer, verbose bool) *slog.Logger {
	level := slog.LevelInfo
	if verbose {
		level = slog.LevelDebug
	}
	return slog.New(httpapi.NewLogHandler(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})))
}

// sdkLogger passes the AWS SDK's own lines to slog: its debug lines (S3
// notes on every emulator answer that it has no checksum to validate) show
// only with -v.
type sdkLogger struct{}

func (sdkLogger) Logf(c logging.Classification, format string, v ...any) {
	level := slog.LevelDebug
	if c == logging.Warn {
		level = slog.LevelWarn
	}
	slog.Log(context.Background(), level, fmt.Sprintf(format, v...), "from", "aws-sdk")
}

// startDevStack starts the emulators with their data in dataDir (under the
// repository; "" for throwaway) and returns the environment that points the
// functions at them, and the data folder's full path ("" for throwaway).
func startDevStack(ctx context.Context, getenv func(string) string, dataDir string, logw io.Writer) (map[string]string, string, func(), error) {
	root, err := emulators.RepoRoot()
	if err != nil {
		return nil, "", nil, err
	}
	ports := [3]int{8000, 4569, 8005}
	for i, name := range []string{envDynamoDBPort, envS3Port, envSESPort} {
		if v := getenv(name); v != "" {
			if ports[i], err = strconv.Atoi(v); err != nil {
				return nil, "", nil, fmt.Errorf("%s=%q is not a port", name, v)
			}
		}
	}
	if dataDir != "" && !filepath.IsAbs(dataDir) {
		dataDir = filepath.Join(root, dataDir)
	}
	stack, err := emulators.Start(ctx, emulators.Options{
		Root: root, DataDir: dataDir,
		DynamoDBPort: ports[0], S3Port: ports[1], SESPort: ports[2], Log: io.Discard,
	})
	if err != nil {
		return nil, "", nil, err
	}
	env := stack.Env()
	if getenv(config.EnvSigningKeyFile) == "" {
		env[config.EnvSigningKeyFile] = filepath.Join(root, ".local", "signing.key")
	}
	fmt.Fprintf(logw, "DynamoDB Local %s, S3 (s3rver) %s, SES (aws-ses-v2-local) %s — sent mail at %s\n",
		stack.DynamoDBEndpoint, stack.S3Endpoint, stack.SESEndpoint, stack.SESEndpoint)
	return env, dataDir, func() { _ = stack.Stop() }, nil
}

// prepare creates what the CDK app owns in AWS and seeds demo data.
func prepare(ctx context.Context, b app.Base, demo bool) error {
	if err := b.Store.CreateTable(ctx); err != nil {
		return err
	}
	if err := b.Media.EnsureBucket(ctx); err != nil {
		return err
	}
	if !demo {
		return nil
	}
	return seed(ctx, b)
}

func overlay(env map[string]string, getenv func(string) string) func(string) string {
	return func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return getenv(k)
	}
}

// forTheGateway fits cfg to this one process, which answers many requests
// at once (config.Config.ServesManyAtOnce), and gives it the production
// deadlines times scale (at least 1): emulators on a busy machine answer in
// seconds what AWS answers in milliseconds, and the journeys test answers,
// not speed.
func forTheGateway(cfg config.Config, scale float64) (config.Config, aws.Config, error) {
	if !(scale >= 1) || math.IsInf(scale, 0) {
		return cfg, aws.Config{}, fmt.Errorf("-deadline-scale %v: want a number of at least 1", scale)
	}
	cfg.ServesManyAtOnce = true
	if scale != 1 {
		cfg.Deadlines = config.ProductionDeadlines.Scaled(scale)
	}
	awsCfg, err := cfg.AWS()
	return cfg, awsCfg, err
}

func or(v, fallback string) string {
	if v == "" {
		return fallback
	}
	return v
}
