package apitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// Every answer a test receives is checked against the API's contract,
// api/openapi.yaml: its status, the headers the document names and its
// body. An answer the document does not allow fails the test that got it,
// so a change to a Go answer must change the document (and with it the web
// app's generated types) too. The check sits in the server every test
// talks to, so it sees every answer, however the test sent the request.

// contractPath is the document, from this package's folder.
var contractPath = filepath.Join("..", "..", "..", "api", "openapi.yaml")

// answersChecked counts the answers checked in this run, and
// operationsSeen the operations they answered (TestMain prints both).
var (
	answersChecked atomic.Int64
	operationsSeen sync.Map
)

// contractSummary says how much of the contract this run checked.
func contractSummary() string {
	c, err := loadContract()
	if err != nil {
		return err.Error()
	}
	all, unanswered := 0, []string{}
	for _, item := range c.doc.Paths.Map() {
		for _, op := range item.Operations() {
			all++
			if _, ok := operationsSeen.Load(op.OperationID); !ok {
				unanswered = append(unanswered, op.OperationID)
			}
		}
	}
	slices.Sort(unanswered)
	return fmt.Sprintf("%d answers checked against %s, answering %d of its %d operations (none: %s)",
		answersChecked.Load(), contractPath, all-len(unanswered), all, strings.Join(unanswered, ", "))
}

type contract struct {
	doc    *openapi3.T
	router routers.Router
}

var loadContract = sync.OnceValues(func() (*contract, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(contractPath)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", contractPath, err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("%s is not a valid OpenAPI document: %w", contractPath, err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route %s: %w", contractPath, err)
	}
	return &contract{doc: doc, router: router}, nil
})

func init() {
	// The document's non-JSON answers are checked by media type; their
	// bodies are text.
	for _, ct := range []string{"text/html", "text/calendar", "application/xml"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.PlainBodyDecoder)
	}
}

// checkContract serves next, failing tb when an answer is not one the
// contract allows for its request.
func checkContract(tb testing.TB, next http.Handler) http.Handler {
	tb.Helper()
	c, err := loadContract()
	if err != nil {
		tb.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		answersChecked.Add(1)
		if err := c.check(r, rec.code(), w.Header(), rec.body.Bytes()); err != nil {
			tb.Errorf("%s %s answered %d, which api/openapi.yaml does not allow:\n%s\nbody: %.400s",
				r.Method, r.URL.RequestURI(), rec.code(), brief(err), rec.body.Bytes())
		}
	})
}

// brief is err's reasons without the schemas and values kin-openapi
// prints under each (the document and the body say them).
func brief(err error) string {
	var out []string
	skipping := false
	for _, line := range strings.Split(err.Error(), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "Schema:" || trimmed == "Value:" {
			skipping = true
			continue
		}
		if skipping && (trimmed == "" || strings.HasPrefix(line, "  ")) {
			continue
		}
		skipping = false
		out = append(out, "  "+trimmed)
	}
	return strings.Join(out, "\n")
}

// check returns why the answer (status, header, body) to r breaks the
// contract, or nil.
func (c *contract) check(r *http.Request, status int, header http.Header, body []byte) error {
	if status == http.StatusInternalServerError {
		// Any call's answer to a fault (the tests inject crashes), which
		// the document describes once rather than in every operation.
		return c.checkDetail(header, body)
	}
	route, params, err := c.router.FindRoute(r)
	var routeErr *routers.RouteError
	if errors.As(err, &routeErr) {
		// A path or method the API does not serve: the router's own JSON 404 or 405.
		return c.checkUnrouted(routeErr, status, header, body)
	}
	if err != nil {
		return err
	}
	operationsSeen.Store(route.Operation.OperationID, true)
	return openapi3filter.ValidateResponse(r.Context(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: r, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status: status,
		Header: header,
		Body:   io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	})
}

// checkUnrouted checks the answer to a request of no operation in the
// document: a 404 (no such path) or 405 with Allow (no such method), in the
// error shape.
func (c *contract) checkUnrouted(routeErr *routers.RouteError, status int, header http.Header, body []byte) error {
	want := http.StatusNotFound
	if errors.Is(routeErr, routers.ErrMethodNotAllowed) {
		want = http.StatusMethodNotAllowed
		if header.Get("Allow") == "" {
			return errors.New("a 405 without an Allow header")
		}
	}
	if status != want {
		return fmt.Errorf("the document has no such operation (%v), so the answer must be %d, not %d", routeErr, want, status)
	}
	return c.checkDetail(header, body)
}

// checkDetail checks that body is the {"detail": "message"} error shape.
func (c *contract) checkDetail(header http.Header, body []byte) error {
	v, err := openapi3filter.JSONBodyDecoder(bytes.NewReader(body), header, nil, nil)
	if err != nil {
		return fmt.Errorf("the body is not JSON: %w", err)
	}
	return c.doc.Components.Schemas["Detail"].Value.VisitJSON(v, openapi3.EnableJSONSchema2020())
}

// recorder passes an answer on and keeps a copy of its status and body.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController flush the writer underneath (the
// CSV export streams).
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (r *recorder) code() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}
