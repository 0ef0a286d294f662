//go:build unix && !linux

package emulators

import "syscall"

// sysProcAttr puts the child in its own process group, so that Stop can
// signal it with everything it started. (There is no parent-death signal
// outside Linux.)
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
