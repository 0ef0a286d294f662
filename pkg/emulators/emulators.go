// Package emulators starts and stops the local AWS-compatible services that
// `make dev` and the Go integration tests run against, as child processes:
//
//   - DynamoDB Local (AWS's own emulator; a Java jar that install.sh unpacks
//     from the npm package amplify-dynamodb-simulator into
//     <repo>/.local/tools/dynamodb-local-<version>/). It has no option for
//     its listening address and would bind every interface, so it runs
//     through LoopbackDynamoDBLocal.java beside this file, which binds it
//     to 127.0.0.1 (compiled on first use by the compiler in Java 17's
//     runtime image, into that folder).
//   - s3rver (npm; the S3 API with path-style buckets, presigned URLs, POST
//     uploads and per-bucket CORS), bound to 127.0.0.1.
//   - aws-ses-v2-local (npm; the SESv2 API), bound to 127.0.0.1. Sent mail
//     is kept in memory, readable as JSON at GET /store ({"templates":{},
//     "emails":[...]}; GET /store?since=<unix seconds> filters) and in its
//     web UI at GET /; POST /clear-store empties it.
//
// The tools are installed by `make emulators` (pkg/emulators/install.sh).
//
// # S3 CORS
//
// s3rver answers CORS only for buckets that have a CORS configuration, set
// with the ordinary PutBucketCors API call (s3.PutBucketCors in
// aws-sdk-go-v2, so the same code works in AWS) or with s3rver's own
// `--configure-bucket NAME cors.xml` start-up flag, which this package does
// not use. Without one a preflight is refused with 403. Preflight answers
// carry Access-Control-Allow-Origin "*" whatever the rule's origin; other
// answers echo the request's Origin (or "*" for a wildcard rule). The
// bucket URL itself (where browsers POST uploads) is covered.
//
// # S3 credentials and presigned POST
//
// s3rver itself knows only the access key id "S3RVER" and refuses any other
// with InvalidAccessKeyId, so the child runs s3rver's command line through
// s3rver.js beside this file, which accepts any access key id (among them
// the dummy "local" that pkg/config uses against emulators). s3rver does not
// verify SigV4 signatures. Uploads with a presigned POST from
// s3.PresignClient.PresignPostObject work (the URL is the path-style bucket
// URL on the S3 endpoint), but s3rver ignores the policy document: neither
// content-length-range nor Content-Type conditions nor the expiry are
// enforced locally, so the server must check the uploaded object itself
// (HeadObject: size and type, then the bytes) in any case.
package emulators

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"turnout/pkg/config"
)

// DynamoDBLocalVersion is the version of the npm package
// amplify-dynamodb-simulator whose emulator/ folder install.sh unpacks (the
// jar inside is DynamoDB Local 1.25.x).
const DynamoDBLocalVersion = "2.9.30"

// StartTimeout bounds how long Start waits for all three services to answer.
const StartTimeout = 60 * time.Second

// Options says where the tools are, where data goes and which ports to use.
type Options struct {
	// Root is the repository root (the folder holding go.work); "" means find
	// it by walking up from the working directory.
	Root string
	// DataDir "" means throwaway: DynamoDB runs in memory and s3rver keeps
	// its files in a temporary folder removed by Stop. Otherwise data
	// persists under DataDir/dynamodb and DataDir/s3.
	DataDir string
	// Ports; 0 means pick a free port on 127.0.0.1.
	DynamoDBPort, S3Port, SESPort int
	// Log receives the child processes' output, each line prefixed with the
	// service's name; nil discards it.
	Log io.Writer
	// DynamoDBs is how many throwaway DynamoDB Locals to run (0 means 1;
	// only without DataDir). DynamoDB Local answers one request at a time
	// (one SQLite database), so many tests in parallel spread their tables
	// over several to use more than one core.
	DynamoDBs int
}

// Stack is a running set of emulators.
type Stack struct {
	// Endpoints, as http://127.0.0.1:PORT.
	DynamoDBEndpoint, S3Endpoint, SESEndpoint string
	// DynamoDBEndpoints are every DynamoDB Local's (Options.DynamoDBs),
	// DynamoDBEndpoint first.
	DynamoDBEndpoints []string

	procs    []*proc
	tempDirs []string
	unlock   func() // releases the DataDir lock
	stopOnce sync.Once
	stopErr  error
}

// tools are the paths of everything Start runs.
type tools struct {
	root      string
	java      string
	node      string
	ddbDir    string
	s3rver    string // the s3rver package's command line script
	s3launch  string // pkg/emulators/s3rver.js, which runs s3rver's command line
	sesBinary string
}

// service describes how to run and probe one emulator.
type service struct {
	name  string
	dir   string // working directory
	port  int    // requested port (0 = pick)
	fixed bool   // port given by the caller: no retry on another port
	args  func(port int) (string, []string)
	ready func(ctx context.Context, c *http.Client, base string) bool
}

// Start starts DynamoDB Local, s3rver and aws-ses-v2-local in parallel and
// waits until each answers HTTP (at most StartTimeout or until ctx ends). On
// any failure it stops whatever started and returns an error naming what is
// missing; the remedy is `make emulators`.
func Start(ctx context.Context, o Options) (*Stack, error) {
	t, err := findTools(o.Root)
	if err != nil {
		return nil, err
	}
	s := &Stack{}
	ok := false
	defer func() {
		if !ok {
			_ = s.Stop()
		}
	}()

	// DynamoDB Local also writes dynamodb-local-metadata.json into its
	// working directory, so it runs in its data folder.
	dataDir := o.DataDir
	if dataDir != "" {
		// One stack per data folder: two DynamoDB Locals on one database
		// file, or a second stack probing the first one's ports, would go
		// wrong quietly.
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("emulators: %w", err)
		}
		unlock, err := lockDir(dataDir)
		if err != nil {
			return nil, fmt.Errorf("emulators: %s is in use by another running stack (an earlier make dev?): %w", dataDir, err)
		}
		s.unlock = unlock
	}
	if dataDir == "" {
		removeStaleTempDirs()
		d, err := os.MkdirTemp("", tempDirPrefix+strconv.Itoa(os.Getpid())+"-")
		if err != nil {
			return nil, fmt.Errorf("emulators: %w", err)
		}
		s.tempDirs = append(s.tempDirs, d)
		dataDir = d
	}
	ddbData, s3Dir := filepath.Join(dataDir, "dynamodb"), filepath.Join(dataDir, "s3")
	for _, d := range []string{ddbData, s3Dir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("emulators: %w", err)
		}
	}
	dynamoArgs := []string{"-sharedDb", "-dbPath", ddbData}
	if o.DataDir == "" {
		// -sharedDb as well: one set of tables whatever the credentials
		// and region of the client.
		dynamoArgs = []string{"-inMemory", "-sharedDb"}
	}

	launcher, err := t.dynamoLauncher(ctx)
	if err != nil {
		return nil, err
	}

	var logMu sync.Mutex
	logFor := func(name string) io.Writer {
		if o.Log == nil {
			return nil
		}
		return &prefixWriter{mu: &logMu, w: o.Log, prefix: "[" + name + "] "}
	}

	dynamodb := func(name, dir string, port int) service {
		return service{
			name: name, dir: dir, port: port, fixed: port != 0,
			// DynamoDB Local has no option for the address it listens on:
			// its launcher binds it to 127.0.0.1. (The jar's manifest puts
			// its libraries on the class path.)
			args: func(port int) (string, []string) {
				a := []string{
					"-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
					"-Djava.library.path=" + filepath.Join(t.ddbDir, "DynamoDBLocal_lib"),
					"-cp", launcher + string(os.PathListSeparator) + filepath.Join(t.ddbDir, "DynamoDBLocal.jar"), dynamoLauncherClass,
					"-port", strconv.Itoa(port), "-disableTelemetry",
				}
				return t.java, append(a, dynamoArgs...)
			},
			ready: dynamoReady,
		}
	}
	services := []service{
		dynamodb("dynamodb", ddbData, o.DynamoDBPort),
		{
			name: "s3", dir: s3Dir, port: o.S3Port, fixed: o.S3Port != 0,
			args: func(port int) (string, []string) {
				return t.node, []string{t.s3launch,
					"-d", s3Dir, "-p", strconv.Itoa(port), "-a", "127.0.0.1", "--no-vhost-buckets"}
			},
			ready: answers("/", http.StatusOK),
		},
		{
			name: "ses", dir: dataDir, port: o.SESPort, fixed: o.SESPort != 0,
			args: func(port int) (string, []string) {
				return t.sesBinary, []string{"--port", strconv.Itoa(port), "--host", "127.0.0.1"}
			},
			ready: answers("/store", http.StatusOK),
		},
	}
	// More DynamoDB Locals, each in a folder of its own (it writes its
	// metadata file where it runs); in memory, as the first.
	if o.DataDir == "" {
		for i := 1; i < o.DynamoDBs; i++ {
			dir := fmt.Sprintf("%s-%d", ddbData, i)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("emulators: %w", err)
			}
			services = append(services, dynamodb(fmt.Sprintf("dynamodb-%d", i), dir, 0))
		}
	}

	// A fixed port must be free: something already answering there would
	// pass the readiness probe in place of the child.
	for _, svc := range services {
		if svc.fixed {
			if err := portFree(svc.port); err != nil {
				return nil, fmt.Errorf("emulators: %s: port %d is taken (is an emulator from an earlier run still up?): %w", svc.name, svc.port, err)
			}
		}
	}

	ctx, cancel := context.WithTimeout(ctx, StartTimeout)
	defer cancel()

	type result struct {
		i   int
		p   *proc
		err error
	}
	results := make(chan result, len(services))
	for i, svc := range services {
		go func() {
			p, err := startService(ctx, svc, logFor(svc.name))
			results <- result{i, p, err}
		}()
	}
	endpoints := make([]string, len(services))
	var errs []error
	for range services {
		r := <-results
		if r.p != nil {
			s.procs = append(s.procs, r.p)
			endpoints[r.i] = r.p.endpoint
		}
		if r.err != nil {
			errs = append(errs, r.err)
			cancel() // the others need not wait: the start has failed
		}
	}
	if len(errs) > 0 {
		// Leave out the services cut short by another's failure.
		var real []error
		for _, err := range errs {
			if !errors.Is(err, context.Canceled) {
				real = append(real, err)
			}
		}
		if len(real) > 0 {
			errs = real
		}
		return nil, fmt.Errorf("%w\n(the emulators are installed by `make emulators`; run it if a tool is missing or broken)", errors.Join(errs...))
	}
	for _, p := range s.procs {
		if p.exited() {
			return nil, fmt.Errorf("emulators: %s exited right after %s answered: something else is serving that port%s", p.name, p.endpoint, p.tailText())
		}
	}
	s.DynamoDBEndpoint, s.S3Endpoint, s.SESEndpoint = endpoints[0], endpoints[1], endpoints[2]
	s.DynamoDBEndpoints = append([]string{endpoints[0]}, endpoints[3:]...)
	ok = true
	return s, nil
}

// Stop stops every child process (with its process group) and removes the
// throwaway folders. It is safe to call more than once.
func (s *Stack) Stop() error {
	if s == nil {
		return nil
	}
	s.stopOnce.Do(func() {
		var wg sync.WaitGroup
		for _, p := range s.procs {
			wg.Go(p.stop)
		}
		wg.Wait()
		if s.unlock != nil {
			s.unlock()
		}
		var errs []error
		for _, d := range s.tempDirs {
			if err := os.RemoveAll(d); err != nil {
				errs = append(errs, err)
			}
		}
		s.stopErr = errors.Join(errs...)
	})
	return s.stopErr
}

// Env maps pkg/config's endpoint variables to this stack's endpoints.
func (s *Stack) Env() map[string]string {
	return map[string]string{
		config.EnvDynamoDBEndpoint: s.DynamoDBEndpoint,
		config.EnvS3Endpoint:       s.S3Endpoint,
		config.EnvSESEndpoint:      s.SESEndpoint,
	}
}

// RepoRoot walks up from the working directory to the folder holding go.work.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("emulators: %w", err)
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.work")); err == nil && !fi.IsDir() {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("emulators: no go.work found above the working directory; set Options.Root")
		}
		dir = parent
	}
}

// findTools checks that everything Start runs is there, naming all that is
// missing in one error.
func findTools(root string) (tools, error) {
	if root == "" {
		r, err := RepoRoot()
		if err != nil {
			return tools{}, err
		}
		root = r
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return tools{}, fmt.Errorf("emulators: %w", err)
	}
	here := filepath.Join(root, "pkg", "emulators")
	t := tools{
		root:      root,
		ddbDir:    filepath.Join(root, ".local", "tools", "dynamodb-local-"+DynamoDBLocalVersion),
		s3rver:    filepath.Join(here, "node_modules", "s3rver", "bin", "s3rver.js"),
		s3launch:  filepath.Join(here, "s3rver.js"),
		sesBinary: filepath.Join(here, "node_modules", ".bin", "aws-ses-v2-local"),
	}
	var missing []string
	if p, err := exec.LookPath("java"); err != nil {
		missing = append(missing, "java (Java 17, for DynamoDB Local) is not on PATH")
	} else {
		t.java = p
	}
	if p, err := exec.LookPath("node"); err != nil {
		missing = append(missing, "node (Node.js 20+, for s3rver and aws-ses-v2-local) is not on PATH")
	} else {
		t.node = p
	}
	for _, f := range []struct{ what, path string }{
		{"DynamoDB Local", filepath.Join(t.ddbDir, "DynamoDBLocal.jar")},
		{"s3rver", t.s3rver},
		{"the s3rver launcher", t.s3launch},
		{"aws-ses-v2-local", t.sesBinary},
	} {
		if _, err := os.Stat(f.path); err != nil {
			missing = append(missing, fmt.Sprintf("%s is not installed (no %s)", f.what, f.path))
		}
	}
	if len(missing) > 0 {
		return tools{}, fmt.Errorf("emulators: %s: run `make emulators` (pkg/emulators/install.sh) in %s", strings.Join(missing, "; "), root)
	}
	return t, nil
}

// dynamoLauncherClass starts DynamoDB Local on 127.0.0.1 only.
const dynamoLauncherClass = "LoopbackDynamoDBLocal"

//go:embed LoopbackDynamoDBLocal.java
var dynamoLauncherSource []byte

// dynamoLauncher returns the folder of dynamoLauncherClass, compiled into
// the DynamoDB Local folder on first use (per source version) with the
// compiler module Java 17's runtime image carries: a few seconds, once.
// Stacks starting together may each compile; the first rename wins.
func (t tools) dynamoLauncher(ctx context.Context) (string, error) {
	sum := sha256.Sum256(dynamoLauncherSource)
	dir := filepath.Join(t.ddbDir, "loopback-"+hex.EncodeToString(sum[:6]))
	if _, err := os.Stat(filepath.Join(dir, dynamoLauncherClass+".class")); err == nil {
		return dir, nil
	}
	fail := func(err error) (string, error) {
		return "", fmt.Errorf("emulators: build the DynamoDB Local launcher (is DynamoDB Local whole? run `make emulators`): %w", err)
	}
	tmp, err := os.MkdirTemp(t.ddbDir, ".loopback-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(tmp)
	src, classes := filepath.Join(tmp, dynamoLauncherClass+".java"), filepath.Join(tmp, "classes")
	if err := os.WriteFile(src, dynamoLauncherSource, 0o644); err != nil {
		return fail(err)
	}
	out, err := exec.CommandContext(ctx, t.java, "-m", "jdk.compiler/com.sun.tools.javac.Main", "-nowarn",
		"-cp", filepath.Join(t.ddbDir, "DynamoDBLocal.jar"), "-d", classes, src).CombinedOutput()
	if err != nil {
		return fail(fmt.Errorf("%w: %s", err, bytes.TrimSpace(out)))
	}
	if err := os.Rename(classes, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, dynamoLauncherClass+".class")); statErr != nil {
			return fail(err)
		}
	}
	return dir, nil
}

// startService runs one emulator and waits until it answers. A port that
// was picked here and turned out taken meanwhile is picked again, up to
// three times.
func startService(ctx context.Context, svc service, log io.Writer) (*proc, error) {
	const attempts = 3
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		port := svc.port
		if !svc.fixed {
			p, err := freePort()
			if err != nil {
				return nil, fmt.Errorf("emulators: %s: pick a port: %w", svc.name, err)
			}
			port = p
		}
		bin, args := svc.args(port)
		p, err := startProc(svc.name, svc.dir, bin, args, port, log)
		if err != nil {
			return nil, err
		}
		err = waitReady(ctx, p, svc.ready)
		if err == nil {
			return p, nil
		}
		portTaken := p.exited() && addrInUse(p.tail.String())
		p.stop()
		lastErr = err
		if svc.fixed || ctx.Err() != nil || !portTaken {
			break
		}
	}
	return nil, lastErr
}

// addrInUse reports whether a child's output says its port was taken
// (Java: "BindException: Address already in use"; s3rver: "EADDRINUSE";
// aws-ses-v2-local only says "Server does not have an address").
func addrInUse(output string) bool {
	return strings.Contains(output, "EADDRINUSE") ||
		strings.Contains(strings.ToLower(output), "address already in use") ||
		strings.Contains(output, "Server does not have an address")
}

// waitReady polls until ready reports true, the process exits or ctx ends.
func waitReady(ctx context.Context, p *proc, ready func(context.Context, *http.Client, string) bool) error {
	c := &http.Client{Timeout: 2 * time.Second}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		if ready(ctx, c, p.endpoint) {
			return nil
		}
		select {
		case <-p.done:
			return fmt.Errorf("emulators: %s exited before answering on %s (%v)%s", p.name, p.endpoint, p.waitErr, p.tailText())
		case <-ctx.Done():
			return fmt.Errorf("emulators: %s did not answer on %s in time: %w%s", p.name, p.endpoint, ctx.Err(), p.tailText())
		case <-tick.C:
		}
	}
}

// dynamoReady is ready when DynamoDB Local answers GET / as it does once
// up: 400 (MissingAuthenticationToken). While it starts, its web server
// may answer first with a 500 page, and a client told it was ready then
// failed its first call (a CreateTable of three attempts, under load).
var dynamoReady = answers("/", http.StatusBadRequest)

// answers returns a probe that is ready when GET path answers with status
// want.
func answers(path string, want int) func(context.Context, *http.Client, string) bool {
	return func(ctx context.Context, c *http.Client, base string) bool {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		if err != nil {
			return false
		}
		resp, err := c.Do(req)
		if err != nil {
			return false
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		resp.Body.Close()
		return resp.StatusCode == want
	}
}

// tempDirPrefix starts the names of throwaway data folders, followed by the
// id of the process that made them.
const tempDirPrefix = "turnout-emulators-"

// removeStaleTempDirs removes throwaway folders left behind by processes
// that died without Stop (killed test binaries).
func removeStaleTempDirs() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), tempDirPrefix+"*"))
	for _, d := range dirs {
		pidText, _, ok := strings.Cut(strings.TrimPrefix(filepath.Base(d), tempDirPrefix), "-")
		if pid, err := strconv.Atoi(pidText); ok && err == nil && pid > 0 && processGone(pid) {
			_ = os.RemoveAll(d)
		}
	}
}

// freePort asks the kernel for a free TCP port on 127.0.0.1.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// portFree reports an error when port cannot be listened on at 127.0.0.1.
func portFree(port int) error {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return err
	}
	return l.Close()
}

// prefixWriter writes whole lines to w, each prefixed, under a mutex shared
// by all services writing to the same log.
type prefixWriter struct {
	mu     *sync.Mutex
	w      io.Writer
	prefix string
	buf    []byte
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		if _, err := io.WriteString(p.w, p.prefix+string(p.buf[:i+1])); err != nil {
			p.buf = p.buf[:0]
			return len(b), nil // a failing log must not stop the child
		}
		p.buf = p.buf[i+1:]
	}
	return len(b), nil
}

// flush writes a trailing partial line.
func (p *prefixWriter) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.buf) > 0 {
		_, _ = io.WriteString(p.w, p.prefix+string(p.buf)+"\n")
		p.buf = nil
	}
}
