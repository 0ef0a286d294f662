package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Lambda gives a function CPU in proportion to its memory: one full vCPU at
// 1,769 MB ("Lambda allocates CPU power in proportion to the amount of
// memory configured ... at 1,769 MB, a function has the equivalent of one
// vCPU", docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html).
const fullVCPUMB = 1769

// Prices of arm64 Lambda functions in us-east-1 (aws.amazon.com/lambda/pricing,
// as of November 2026): per GB-second of duration (first pricing tier) and
// per request.
const (
	pricePerGBSecond      = 0.0000133334
	pricePerMillionCalls  = 0.20
	memoryStepMB          = 64
	minMemoryMB           = 128
	maxMemoryMB           = 3008
	maxStarvationMS       = 10
	rssHeadroom           = 1.5
	requestsPerCostFigure = 1e6
	// previousMemoryMB is what every function had before sizes were chosen.
	previousMemoryMB = 512
)

// request is what one warm request costs: single-threaded CPU, and the rest
// of its time spent waiting on DynamoDB, S3 or SES.
type request struct {
	cpuMS, waitMS float64
	peakRSSMB     float64
}

// durationMS is the request's duration at memMB: below one vCPU its CPU
// work stretches in proportion; waiting does not.
func (r request) durationMS(memMB int) float64 {
	return r.cpuMS*math.Max(1, float64(fullVCPUMB)/float64(memMB)) + r.waitMS
}

// costPerMillion is what a million such requests cost at memMB, in dollars.
func (r request) costPerMillion(memMB int) float64 {
	gbSeconds := float64(memMB) / 1024 * r.durationMS(memMB) / 1000
	return requestsPerCostFigure*gbSeconds*pricePerGBSecond + pricePerMillionCalls
}

// chooseMemory applies the one rule every function's size comes from: the
// smallest size (in 64 MB steps from 128 MB) at which the request is at most
// maxStarvationMS slower than with a whole vCPU, and which holds 1.5× the
// process's peak memory.
//
// Why: below one vCPU, CPU-bound work costs the same at any size (half the
// memory, twice the time), so the smaller size only saves on the waiting
// part while every request pays the stretched CPU in latency; above one
// vCPU a single-threaded request gains nothing. So a function's size is the
// least memory that keeps CPU starvation within a latency people do not
// notice.
func chooseMemory(r request) int {
	floor := int(math.Ceil(r.peakRSSMB * rssHeadroom))
	best := r.durationMS(fullVCPUMB)
	for mem := minMemoryMB; mem < maxMemoryMB; mem += memoryStepMB {
		if mem >= floor && r.durationMS(mem) <= best+maxStarvationMS {
			return mem
		}
	}
	return maxMemoryMB
}

func dollars(v float64) string { return fmt.Sprintf("$%.2f", v) }

// deployedMemory reads each function's memory size from
// infra/lib/functions.json, which the CDK app deploys.
func deployedMemory(root string) (map[string]int, error) {
	b, err := os.ReadFile(filepath.Join(root, "infra", "lib", "functions.json"))
	if err != nil {
		return nil, err
	}
	var fns map[string]struct {
		Memory int `json:"memory"`
	}
	if err := json.Unmarshal(b, &fns); err != nil {
		return nil, fmt.Errorf("parse functions.json: %w", err)
	}
	out := make(map[string]int, len(fns))
	for name, fn := range fns {
		out[name] = fn.Memory
	}
	return out, nil
}

func printMemoryTable(results map[string]*result, deployed map[string]int) {
	fmt.Printf("\nMemory by arithmetic (warm requests as above, CPU of all threads; one vCPU at %d MB; arm64 prices, us-east-1):\n\n", fullVCPUMB)
	fmt.Printf("| function | CPU ms / request | waiting ms | peak RSS MB | chosen MB | latency ms | $ per million | before: %d MB | latency ms | $ per million |\n", previousMemoryMB)
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	var differ []string
	for _, fn := range functions {
		dep, ok := deployed[fn.name]
		if !ok {
			continue // hello-world is not deployed
		}
		r := results[fn.name]
		cpu := median(r.cpus)
		req := request{
			cpuMS:     msOf(cpu),
			waitMS:    math.Max(0, msOf(median(r.warms)-cpu)),
			peakRSSMB: float64(r.peakRSS) / (1 << 20),
		}
		chosen := chooseMemory(req)
		if chosen != dep {
			differ = append(differ, fmt.Sprintf("%s %d", fn.name, chosen))
		}
		fmt.Printf("| %s | %.1f | %.1f | %.0f | %d | %.0f | %s | %d | %.0f | %s |\n", fn.name, req.cpuMS, req.waitMS, req.peakRSSMB,
			chosen, req.durationMS(chosen), dollars(req.costPerMillion(chosen)),
			previousMemoryMB, req.durationMS(previousMemoryMB), dollars(req.costPerMillion(previousMemoryMB)))
	}
	fmt.Printf("\nRule: the least memory (64 MB steps) within %d ms of a whole vCPU's latency that holds %.1f× the peak RSS.", maxStarvationMS, rssHeadroom)
	if len(differ) > 0 {
		fmt.Printf(" infra/lib/functions.json (deployed) differs from this run's choice: %s.", strings.Join(differ, ", "))
	} else {
		fmt.Print(" infra/lib/functions.json (deployed) holds these sizes.")
	}
	fmt.Println()
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
