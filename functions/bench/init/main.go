// Command init measures what a cold start of each Lambda costs: it builds
// the real bootstraps (linux, CGO off, -tags lambda.norpc, for this
// machine's architecture) and a hello-world aws-lambda-go function, runs
// each behind a minimal Lambda Runtime API pointed at the local emulators,
// and prints a table: zip bytes (linux/arm64, as `make build` zips them),
// init (process start to its first `next` poll, median of -n cold starts),
// its ratio to hello-world's in the same run, and the first and warm
// invocation latency of a real API Gateway HTTP API event.
//
// Run it from the repository: go run ./functions/bench/init (make bench).
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
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/emulators"
)

// maxZipBytes and maxInitRatio are the budgets of issue 9; rows over them
// are marked in the table.
const (
	maxZipBytes  = 4_000_000
	maxInitRatio = 2.0
	timeout      = 30 * time.Second
)

func main() {
	n := flag.Int("n", 7, "cold starts per function (init is their median)")
	flag.Parse()
	if err := run(context.Background(), *n); err != nil {
		fmt.Fprintln(os.Stderr, "bench init:", err)
		os.Exit(1)
	}
}

// function is one bootstrap to measure and the request it is invoked with.
type function struct {
	name, pkg string
	request   func(f fixture) events.APIGatewayV2HTTPRequest
	status    int // the answer the request must get
}

var functions = []function{
	{"hello", "./functions/bench/init/hello", func(fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/hello", "", "")
	}, 200},
	{"users", "./functions/users", func(f fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("POST", "/api/user/login/", "", fmt.Sprintf(`{"username":%q,"password":%q}`, f.username, f.password))
	}, 200},
	{"organizations", "./functions/organizations", func(f fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/api/organization/details/", f.organizerToken, "")
	}, 200},
	{"events", "./functions/events", func(fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("GET", "/api/event/public/", "", "")
	}, 200},
	{"media", "./functions/media", func(f fixture) events.APIGatewayV2HTTPRequest {
		return gatewayRequest("POST", "/api/media/upload/", f.organizerToken, `{"kind":"banner","content_type":"image/png","size":2048}`)
	}, 200},
}

type result struct {
	zipBytes             int64
	inits, firsts, warms []time.Duration
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
			ev, err := json.Marshal(fn.request(fx))
			if err != nil {
				return err
			}
			init, first, warm, err := coldStart(filepath.Join(work, fn.name, "host"), env, ev, fn.status)
			if err != nil {
				return fmt.Errorf("%s, cold start %d: %w", fn.name, i+1, err)
			}
			r := results[fn.name]
			r.inits, r.firsts, r.warms = append(r.inits, init), append(r.firsts, first), append(r.warms, warm)
		}
	}
	printTable(results, n)
	return nil
}

// buildZip builds fn as `make build` does and zips it the same way.
func buildZip(root, work string, fn function) (int64, error) {
	dir := filepath.Join(work, fn.name, "arm64")
	if err := goBuild(root, fn.pkg, "arm64", filepath.Join(dir, "bootstrap")); err != nil {
		return 0, err
	}
	zip := exec.Command("zip", "-q", "-X", "../"+fn.name+".zip", "bootstrap")
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

// coldStart starts the bootstrap in dir behind a fresh Runtime API, times
// its init, invokes it twice with ev and stops it.
func coldStart(dir string, env []string, ev []byte, status int) (init, first, warm time.Duration, err error) {
	rt, err := startRuntimeAPI()
	if err != nil {
		return 0, 0, 0, err
	}
	defer rt.close()
	cmd := exec.Command(filepath.Join(dir, "bootstrap"))
	cmd.Dir = dir
	cmd.Env = append(slices.Clone(env), "AWS_LAMBDA_RUNTIME_API="+rt.addr)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, 0, err
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
		return 0, 0, 0, err
	}
	init = polled.Sub(start)
	lat := make([]time.Duration, 2)
	for i := range lat {
		if i > 0 {
			if _, err = rt.waitPoll(timeout); err != nil {
				return 0, 0, 0, err
			}
		}
		var body []byte
		if lat[i], body, err = rt.invoke(ev, timeout); err != nil {
			return 0, 0, 0, err
		}
		var res events.APIGatewayV2HTTPResponse
		if err = json.Unmarshal(body, &res); err != nil {
			return 0, 0, 0, fmt.Errorf("answer %q: %w", body, err)
		}
		if res.StatusCode != status {
			return 0, 0, 0, fmt.Errorf("answer %d, want %d: %s", res.StatusCode, status, res.Body)
		}
	}
	return init, lat[0], lat[1], nil
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
	hello := median(results["hello"].inits)
	fmt.Printf("\nCold starts (linux/%s bootstraps behind a local Runtime API; medians of %d; zips linux/arm64):\n\n", runtime.GOARCH, n)
	fmt.Println("| function | zip bytes | init ms | init / hello | first invoke ms | warm invoke ms |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
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
		fmt.Printf("| %s%s | %d | %s | %.2f | %s | %s |\n", fn.name, mark, r.zipBytes, ms(init), ratio, ms(median(r.firsts)), ms(median(r.warms)))
	}
	fmt.Printf("\nBudgets: zip ≤ %d bytes, init ≤ %.0f× hello-world.", maxZipBytes, maxInitRatio)
	if len(over) > 0 {
		fmt.Printf(" Over: %s.", strings.Join(over, ", "))
	}
	fmt.Println()
}
