package emulators

import "syscall"

// sysProcAttr puts the child in its own process group, so that Stop can
// signal it with everything it started, and has the kernel SIGKILL it when
// the thread that started it dies (the Go runtime does not end threads of
// goroutines that are not locked to one, so in practice: when this process
// dies, even by SIGKILL).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
