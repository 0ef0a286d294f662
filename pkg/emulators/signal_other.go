//go:build !unix

package emulators

import (
	"os"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return nil }

// terminate kills p; there are no process groups here.
func terminate(p *os.Process, kill bool) {
	_ = p.Kill()
}

// processGone is not known here: nothing is treated as stale.
func processGone(pid int) bool { return false }

// lockDir does not lock here.
func lockDir(dir string) (func(), error) { return func() {}, nil }
