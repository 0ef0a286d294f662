package emulators

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// stopGrace is how long a child has to exit after SIGTERM before SIGKILL.
const stopGrace = 5 * time.Second

// proc is one running child process.
type proc struct {
	name     string
	endpoint string
	cmd      *exec.Cmd
	log      *prefixWriter // nil when output is discarded
	tail     *tailBuffer

	done    chan struct{} // closed when the process has been waited for
	waitErr error         // valid after done

	stopOnce sync.Once
}

// startProc starts bin with args in dir, in its own process group (and, on Linux,
// with a parent-death signal), sending its output to log and to a small
// buffer kept for error messages.
func startProc(name, dir, bin string, args []string, port int, log io.Writer) (*proc, error) {
	p := &proc{
		name:     name,
		endpoint: fmt.Sprintf("http://127.0.0.1:%d", port),
		tail:     &tailBuffer{max: 4096},
		done:     make(chan struct{}),
	}
	var out io.Writer = p.tail
	if pw, ok := log.(*prefixWriter); ok && pw != nil {
		p.log = pw
		out = io.MultiWriter(p.tail, pw)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = childEnv()
	cmd.Stdin = nil
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.SysProcAttr = sysProcAttr()
	// Bound the wait for the output pipes once the child is gone (a stray
	// grandchild could keep them open).
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("emulators: start %s (%s): %w", name, bin, err)
	}
	p.cmd = cmd
	go func() {
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// exited reports whether the process has ended.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop terminates the process group: SIGTERM, then SIGKILL after stopGrace.
// It returns once the process has been waited for.
func (p *proc) stop() {
	p.stopOnce.Do(func() {
		// The group is only signalled while its leader has not been reaped,
		// so that its id cannot belong to someone else by then.
		if !p.exited() {
			terminate(p.cmd.Process, false)
			select {
			case <-p.done:
			case <-time.After(stopGrace):
				terminate(p.cmd.Process, true)
			}
		}
		<-p.done
		if p.log != nil {
			p.log.flush()
		}
	})
}

// tailText is the end of the process's output, for error messages.
func (p *proc) tailText() string {
	t := strings.TrimSpace(p.tail.String())
	if t == "" {
		return ""
	}
	return "; its last output:\n" + t
}

// childEnv is the parent's environment without variables that would make
// an emulator reach outside this machine.
func childEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "SMTP_TRANSPORT=") { // aws-ses-v2-local relays mail over SMTP when set
			continue
		}
		env = append(env, kv)
	}
	return env
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
