//go:build unix

package emulators

import (
	"os"
	"path/filepath"
	"syscall"
)

// terminate signals the process group led by p: SIGTERM, or SIGKILL when
// kill is set. Errors (the group is already gone) are ignored.
func terminate(p *os.Process, kill bool) {
	sig := syscall.SIGTERM
	if kill {
		sig = syscall.SIGKILL
	}
	if err := syscall.Kill(-p.Pid, sig); err != nil {
		_ = p.Signal(sig)
	}
}

// processGone reports whether no process has the id pid.
func processGone(pid int) bool {
	return syscall.Kill(pid, 0) == syscall.ESRCH
}

// lockDir takes an exclusive lock on dir/.lock, failing at once when another
// process holds it. The lock ends with the returned function or this process.
func lockDir(dir string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
