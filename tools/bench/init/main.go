// Command init measures what a cold start of each Lambda costs: it builds
// the real bootstraps (linux, CGO off, -tags lambda.norpc, for this
// machine's architecture) and a hello-world aws-lambda-go function, runs
// each behind a minimal Lambda Runtime API pointed at the local emulators,
// and prints a table: zip bytes (linux/arm64, as `make build` zips them),
// init (process start to its first `next` poll, median of -n cold starts),
// its ratio to hello-world's in the same run, and the first and warm
// invocation latency of a real event (API Gateway HTTP API; a stream batch
// for the mailer; a scheduled event for the reminders).
//
// A second table sizes each function's memory: the CPU a warm request uses
// (all the process's threads, from /proc/<pid>/task/*/schedstat) and the
// rest of its time (waiting on the emulators), the process's peak memory,
// the size memory.go's rule chooses from them, and the latency and cost per
// million requests at that size and at today's (infra/lib/functions.json).
//
// Run it from the repository: go run ./tools/bench/init (make bench).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/emulators"
)

// maxZipBytes and maxInitRatio are the budgets of a function's zip and
// cold start (functions/lean_test.go checks the zip); rows over them
// are marked in the table.
const (
	maxZipBytes  = 3_500_000
	maxInitRatio = 1.5
	timeout      = 30 * time.Second
	// warmCalls is how many warm invocations each cold start is followed
	// by, for the CPU per request.
	warmCalls = 10
)

func main() {
	n := flag.Int("n", 7, "cold starts per function (init is their median)")
	flag.Parse()
	if err := run(context.Background(), *n); err != nil {
		fmt.Fprintln(os.Stderr, "bench init:", err)
		os.Exit(1)
	}
}

// function is one bootstrap to measure, the event it is invoked with, and
// how to tell its answer is the expected one.
type function struct {
	name, pkg string
	event     func(f fixture) any
	check     func(answer []byte) error
}

var functions = []function{
	api("hello", "./tools/bench/init/hello", func(fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/hello", "", "")
	}, 200),
	api("lib-floor", "./tools/bench/init/libfloor", func(fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/floor", "", "")
	}, 200),
	api("users", "./functions/users", func(f fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("POST", "/api/user/login/", "", fmt.Sprintf(`{"username":%q,"password":%q}`, f.username, f.password))
	}, 200),
	api("organizations", "./functions/organizations", func(f fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/api/organization/details/", f.organizerToken, "")
	}, 200),
	api("events", "./functions/events", func(fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/api/event/public/", "", "")
	}, 200),
	api("media", "./functions/media", func(f fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("POST", "/api/media/upload/", f.organizerToken, `{"kind":"banner","content_type":"image/png","size":2048}`)
	}, 200),
	{"mailer", "./functions/mailer", func(f fixture) any { return f.queuedMail }, func(answer []byte) error {
		var res events.DynamoDBEventResponse
		if err := json.Unmarshal(answer, &res); err != nil {
			return fmt.Errorf("answer %q: %w", answer, err)
		}
		if len(res.BatchItemFailures) > 0 {
			return fmt.Errorf("the mailer failed to send: %s", answer)
		}
		return nil
	}},
	{"reminders", "./functions/reminders", func(fixture) any {
		return events.EventBridgeEvent{DetailType: "Scheduled Event", Source: "aws.events", Detail: json.RawMessage("{}")}
	}, func(answer []byte) error {
		var res struct{ Sent, Dropped *int }
		if err := json.Unmarshal(answer, &res); err != nil || res.Sent == nil {
			return fmt.Errorf("answer %q: not the job's counts (%v)", answer, err)
		}
		return nil
	}},
	{"feedback", "./functions/feedback", func(fixture) any {
		// SES's report of a permanent bounce, as its SNS topic hands it on.
		bounce := `{"eventType":"Bounce","bounce":{"bounceType":"Permanent","bouncedRecipients":[{"emailAddress":"gone@bench.test"}]},"mail":{}}`
		return events.SNSEvent{Records: []events.SNSEventRecord{{EventSource: "aws:sns", SNS: events.SNSEntity{MessageID: "bench", Message: bounce}}}}
	}, func(answer []byte) error {
		if string(answer) != "null" {
			return fmt.Errorf("answer %q, want none", answer)
		}
		return nil
	}},
}

// api is a function behind the HTTP API, invoked with request and answering
// status.
func api(name, pkg string, request func(fixture) events.APIGatewayV2HTTPRequest, status int) function {
	return function{name, pkg, func(f fixture) any { return request(f) }, func(answer []byte) error {
		var res events.APIGatewayV2HTTPResponse
		if err := json.Unmarshal(answer, &res); err != nil {
			return fmt.Errorf("answer %q: %w", answer, err)
		}
		if res.StatusCode != status {
			return fmt.Errorf("answer %d, want %d: %s", res.StatusCode, status, res.Body)
		}
		return nil
	}}
}

// before is what this benchmark printed for main before the functions
// were split and slimmed (5 cold
// starts): zip bytes and init as a multiple of hello-world's.
var before = map[string]struct {
	zipBytes  int64
	initRatio float64
}{
	"users": {6788457, 2.43}, "organizations": {6768332, 2.46}, "events": {4617805, 2.20}, "media": {4486827, 2.44},
}

type result struct {
	zipBytes             int64
	inits, firsts, warms []time.Duration
	// cpus is the CPU per warm request of each cold start; peakRSS the
	// largest resident size seen.
	cpus    []time.Duration
	peakRSS int64
}

func run(ctx context.Context, n int) error {
	root, err := emulators.RepoRoot()
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "turnout-bench-init-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	results := make(map[string]*result, len(functions))
	for _, fn := range functions {
		r := &result{}
		if r.zipBytes, err = buildZip(root, work, fn); err != nil {
			return err
		}
		if err := buildHost(root, work, fn); err != nil {
			return err
		}
		results[fn.name] = r
	}

	stack, err := emulators.Start(ctx, emulators.Options{Root: root})
	if err != nil {
		return err
	}
	defer stack.Stop()
	fx, env, err := prepare(ctx, stack, work)
	if err != nil {
		return err
	}

	// Round-robin, so that every function meets the same machine load.
	for i := range n {
		for _, fn := range functions {
			ev, err := json.Marshal(fn.event(fx))
			if err != nil {
				return err
			}
			m, err := coldStart(filepath.Join(work, fn.name, "host"), env, ev, fn.check)
			if err != nil {
				return fmt.Errorf("%s, cold start %d: %w", fn.name, i+1, err)
			}
			r := results[fn.name]
			r.inits, r.firsts = append(r.inits, m.init), append(r.firsts, m.first)
			r.warms, r.cpus = append(r.warms, m.warm...), append(r.cpus, m.cpuPerCall)
			r.peakRSS = max(r.peakRSS, m.peakRSS)
		}
	}
	printTable(results, n)
	today, err := deployedMemory(root)
	if err != nil {
		return err
	}
	printMemoryTable(results, today)
	return nil
}

// buildZip builds fn as `make build` does and zips it the same way.
func buildZip(root, work string, fn function) (int64, error) {
	dir := filepath.Join(work, fn.name, "arm64")
	if err := goBuild(root, fn.pkg, "arm64", filepath.Join(dir, "bootstrap")); err != nil {
		return 0, err
	}
	zip := exec.Command("zip", "-q", "-X", "-9", "../"+fn.name+".zip", "bootstrap")
	zip.Dir = dir
	if out, err := zip.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("zip %s: %w\n%s", fn.name, err, out)
	}
	fi, err := os.Stat(filepath.Join(work, fn.name, fn.name+".zip"))
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// buildHost builds fn for this machine, to run it.
func buildHost(root, work string, fn function) error {
	return goBuild(root, fn.pkg, runtime.GOARCH, filepath.Join(work, fn.name, "host", "bootstrap"))
}

func goBuild(root, pkg, arch, out string) error {
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build %s for %s: %w\n%s", pkg, arch, err, b)
	}
	return nil
}

// measurement is one cold start: init, the first invocation, the warm ones
// after it, their CPU, and the process's peak resident memory.
type measurement struct {
	init, first, cpuPerCall time.Duration
	warm                    []time.Duration
	peakRSS                 int64
}

// coldStart starts the bootstrap in dir behind a fresh Runtime API, times
// its init, invokes it 1+warmCalls times with ev and stops it.
func coldStart(dir string, env []string, ev []byte, check func([]byte) error) (m measurement, err error) {
	rt, err := startRuntimeAPI()
	if err != nil {
		return m, err
	}
	defer rt.close()
	cmd := exec.Command(filepath.Join(dir, "bootstrap"))
	cmd.Dir = dir
	cmd.Env = append(slices.Clone(env), "AWS_LAMBDA_RUNTIME_API="+rt.addr)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return m, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
		if err != nil {
			err = fmt.Errorf("%w\nstderr: %s", err, stderr.String())
		}
	}()

	polled, err := rt.waitPoll(timeout)
	if err != nil {
		return m, err
	}
	m.init = polled.Sub(start)
	invoke := func() (time.Duration, error) {
		took, body, err := rt.invoke(ev, timeout)
		if err == nil {
			err = check(body)
		}
		if err == nil {
			_, err = rt.waitPoll(timeout)
		}
		return took, err
	}
	if m.first, err = invoke(); err != nil {
		return m, err
	}
	pid := cmd.Process.Pid
	cpuBefore, err := processCPU(pid)
	if err != nil {
		return m, err
	}
	for range warmCalls {
		took, err := invoke()
		if err != nil {
			return m, err
		}
		m.warm = append(m.warm, took)
	}
	cpuAfter, err := processCPU(pid)
	if err != nil {
		return m, err
	}
	m.cpuPerCall = (cpuAfter - cpuBefore) / warmCalls
	m.peakRSS, err = peakRSS(pid)
	return m, err
}

// processCPU is the CPU time all of a process's threads have run, from the
// scheduler's own accounting (nanoseconds, not clock ticks).
func processCPU(pid int) (time.Duration, error) {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(tasks) == 0 {
		return 0, fmt.Errorf("no schedstat for process %d: %v", pid, err)
	}
	var total time.Duration
	for _, task := range tasks {
		b, err := os.ReadFile(task)
		if err != nil {
			return 0, err
		}
		ns, err := strconv.ParseInt(strings.Fields(string(b))[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", task, err)
		}
		total += time.Duration(ns)
	}
	return total, nil
}

// peakRSS is a process's peak resident memory in bytes (VmHWM).
func peakRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmHWM for process %d", pid)
}

func gatewayRequest(method, path, token, body string) events.APIGatewayV2HTTPRequest {
	headers := map[string]string{"host": "bench.turnout.test", "user-agent": "turnout-bench"}
	if body != "" {
		headers["content-type"] = "application/json"
	}
	if token != "" {
		headers["authorization"] = "Bearer " + token
	}
	return events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "$default", RawPath: path, Headers: headers, Body: body,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "123456789012", APIID: "bench", DomainName: "bench.turnout.test", Stage: "$default",
			RequestID: "bench", RouteKey: "$default", TimeEpoch: time.Now().UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: method, Path: path, Protocol: "HTTP/1.1", SourceIP: "203.0.113.7", UserAgent: "turnout-bench",
			},
		},
	}
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)) }

func printTable(results map[string]*result, n int) {
	hello, floor := median(results["hello"].inits), median(results["lib-floor"].inits)
	fmt.Printf("\nCold starts (linux/%s bootstraps behind a local Runtime API; medians of %d; zips linux/arm64):\n\n", runtime.GOARCH, n)
	fmt.Println("| function | zip bytes | zip before | init ms | init / hello | init / hello before | init / lib-floor | first invoke ms | warm invoke ms |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	var over []string
	for _, fn := range functions {
		r := results[fn.name]
		init := median(r.inits)
		ratio := float64(init) / float64(hello)
		mark := ""
		if r.zipBytes > maxZipBytes || ratio > maxInitRatio {
			mark = " (over budget)"
			over = append(over, fn.name)
		}
		zipBefore, ratioBefore := "-", "-"
		if b, ok := before[fn.name]; ok {
			zipBefore, ratioBefore = fmt.Sprint(b.zipBytes), fmt.Sprintf("%.2f", b.initRatio)
		}
		fmt.Printf("| %s%s | %d | %s | %s | %.2f | %s | %.2f | %s | %s |\n", fn.name, mark, r.zipBytes, zipBefore, ms(init), ratio, ratioBefore,
			float64(init)/float64(floor), ms(median(r.firsts)), ms(median(r.warms)))
	}
	fmt.Printf("\nBudgets: zip ≤ %d bytes, init ≤ %.1f× hello-world. lib-floor is hello-world with the libraries every API function uses (the SDK's DynamoDB and S3 clients, guregu/dynamo, the API Gateway adapter, golang-jwt) making one call each.", maxZipBytes, maxInitRatio)
	if len(over) > 0 {
		fmt.Printf(" Over: %s.", strings.Join(over, ", "))
	}
	fmt.Println()
}
