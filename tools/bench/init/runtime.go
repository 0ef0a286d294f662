package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// runtimeAPI is a minimal Lambda Runtime API: it hands one queued event to
// each `next` poll and reports every poll and every answer on channels, so
// the harness can time a bootstrap exactly as Lambda sees it.
type runtimeAPI struct {
	addr   string
	srv    *http.Server
	polls  chan time.Time  // one per `next` request, when it arrived
	events chan []byte     // what the next poll answers with
	done   chan invocation // one per response or error
	inits  chan string     // init errors
	seq    int
}

type invocation struct {
	at   time.Time
	body []byte
	err  bool
}

func startRuntimeAPI() (*runtimeAPI, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("runtime API: listen: %w", err)
	}
	rt := &runtimeAPI{
		addr:   ln.Addr().String(),
		polls:  make(chan time.Time, 1),
		events: make(chan []byte, 1),
		done:   make(chan invocation, 1),
		inits:  make(chan string, 1),
	}
	mux := http.NewServeMux()
	const base = "/2018-06-01/runtime/"
	mux.HandleFunc("GET "+base+"invocation/next", rt.next)
	mux.HandleFunc("POST "+base+"invocation/{id}/response", func(w http.ResponseWriter, r *http.Request) { rt.answer(w, r, false) })
	mux.HandleFunc("POST "+base+"invocation/{id}/error", func(w http.ResponseWriter, r *http.Request) { rt.answer(w, r, true) })
	mux.HandleFunc("POST "+base+"init/error", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rt.inits <- string(b)
		w.WriteHeader(http.StatusAccepted)
	})
	rt.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go rt.srv.Serve(ln)
	return rt, nil
}

func (rt *runtimeAPI) next(w http.ResponseWriter, r *http.Request) {
	rt.polls <- time.Now()
	var ev []byte
	select {
	case ev = <-rt.events:
	case <-r.Context().Done():
		return
	}
	rt.seq++
	h := w.Header()
	h.Set("Lambda-Runtime-Aws-Request-Id", "bench-"+strconv.Itoa(rt.seq))
	h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(30*time.Second).UnixMilli(), 10))
	h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:bench")
	h.Set("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000")
	h.Set("Content-Type", "application/json")
	w.Write(ev)
}

func (rt *runtimeAPI) answer(w http.ResponseWriter, r *http.Request, failed bool) {
	b, _ := io.ReadAll(r.Body)
	rt.done <- invocation{at: time.Now(), body: b, err: failed}
	w.WriteHeader(http.StatusAccepted)
}

// waitPoll returns when the function next asks for an event.
func (rt *runtimeAPI) waitPoll(timeout time.Duration) (time.Time, error) {
	select {
	case t := <-rt.polls:
		return t, nil
	case msg := <-rt.inits:
		return time.Time{}, fmt.Errorf("init error: %s", msg)
	case <-time.After(timeout):
		return time.Time{}, fmt.Errorf("no poll within %s", timeout)
	}
}

// invoke hands ev to the waiting poll and returns how long the answer
// took, from handing the event over to the answer's arrival.
func (rt *runtimeAPI) invoke(ev []byte, timeout time.Duration) (time.Duration, []byte, error) {
	start := time.Now()
	rt.events <- ev
	select {
	case inv := <-rt.done:
		if inv.err {
			return 0, nil, fmt.Errorf("invocation error: %s", strings.TrimSpace(string(inv.body)))
		}
		return inv.at.Sub(start), inv.body, nil
	case <-time.After(timeout):
		return 0, nil, fmt.Errorf("no answer within %s", timeout)
	}
}

func (rt *runtimeAPI) close() { rt.srv.Close() }
