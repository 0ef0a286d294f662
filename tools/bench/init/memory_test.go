package main

import (
	"math"
	"testing"
)

func TestDurationStretchesOnlyTheCPUBelowOneVCPU(t *testing.T) {
	r := request{cpuMS: 30, waitMS: 5}
	for _, c := range []struct {
		mem  int
		want float64
	}{{1769, 35}, {3008, 35}, {512, 30*1769.0/512 + 5}, {128, 30*1769.0/128 + 5}} {
		if got := r.durationMS(c.mem); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("durationMS(%d) = %v, want %v", c.mem, got, c.want)
		}
	}
}

func TestCostOfCPUBoundWorkIsFlatBelowOneVCPU(t *testing.T) {
	cpuOnly := request{cpuMS: 30}
	if a, b := cpuOnly.costPerMillion(256), cpuOnly.costPerMillion(1024); math.Abs(a-b) > 1e-9 {
		t.Errorf("pure CPU work costs %v at 256 MB and %v at 1024 MB; want the same", a, b)
	}
	// A million 1 s requests at 1 GB: 1e6 GB-s plus the request charge.
	oneSecond := request{waitMS: 1000}
	if got, want := oneSecond.costPerMillion(1024), 1e6*pricePerGBSecond+pricePerMillionCalls; math.Abs(got-want) > 1e-9 {
		t.Errorf("costPerMillion = %v, want %v", got, want)
	}
}

func TestChooseMemory(t *testing.T) {
	cases := []struct {
		name string
		r    request
		want int
	}{
		// 30 ms of CPU: within 10 ms of 35 ms needs 1769·30/40 = 1327 MB.
		{"login-like", request{cpuMS: 30, waitMS: 5, peakRSSMB: 40}, 1344},
		// 2 ms of CPU: 1769·2/12 = 295 MB.
		{"light", request{cpuMS: 2, waitMS: 4, peakRSSMB: 20}, 320},
		{"idle", request{cpuMS: 0.1, waitMS: 4, peakRSSMB: 20}, 128},
		// The memory floor wins over a small CPU need.
		{"big heap", request{cpuMS: 0.1, waitMS: 4, peakRSSMB: 300}, 512},
		{"beyond a vCPU", request{cpuMS: 5000, peakRSSMB: 10}, 1792},
	}
	for _, c := range cases {
		if got := chooseMemory(c.r); got != c.want {
			t.Errorf("%s: chooseMemory = %d, want %d", c.name, got, c.want)
		}
	}
}
