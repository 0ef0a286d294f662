package testenv

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Fault-injection endpoints: addresses to point a client at in place of a
// real service, to see how Turnout behaves when the service fails.

// StalledEndpoint returns the URL of a TCP listener that accepts every
// connection and never answers, as a hung service does.
func StalledEndpoint(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("stalled endpoint: %v", err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			go func() { _, _ = io.Copy(io.Discard, c) }() // read, never reply
		}
	}()
	tb.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return "http://" + ln.Addr().String()
}

// ClosedEndpoint returns the URL of a port nothing listens on, as a
// stopped service is: connections are refused.
func ClosedEndpoint(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("closed endpoint: %v", err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

// DynamoDBReply is what a fake DynamoDB answers to one operation.
type DynamoDBReply struct {
	Status int
	Body   string
}

// DynamoDBError is the reply DynamoDB gives for an error of type code
// (e.g. "ThrottlingException"); extra is more JSON members, or "".
func DynamoDBError(code, extra string) DynamoDBReply {
	body := `{"__type":"com.amazonaws.dynamodb.v20120810#` + code + `","message":"injected ` + code + `"`
	if extra != "" {
		body += "," + extra
	}
	return DynamoDBReply{Status: http.StatusBadRequest, Body: body + "}"}
}

// FakeDynamoDB serves the DynamoDB JSON protocol with reply's answer to
// each operation (the X-Amz-Target's name, e.g. "GetItem") and returns its
// URL.
func FakeDynamoDB(tb testing.TB, reply func(operation string) DynamoDBReply) string {
	tb.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, op, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
		rep := reply(op)
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		w.WriteHeader(rep.Status)
		_, _ = io.WriteString(w, rep.Body)
	}))
	tb.Cleanup(srv.Close)
	return srv.URL
}
