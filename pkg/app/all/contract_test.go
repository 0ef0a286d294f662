package all_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"turnout/pkg/app"
	"turnout/pkg/app/all"
)

// The API's contract (api/openapi.yaml) names exactly the routes the
// functions mount: the local gateway and the HTTP API in AWS send each
// function the paths under its prefix, and the function's router answers
// the rest with 404.
func TestEveryMountedRouteIsInTheContract(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromFile(filepath.Join("..", "..", "..", "api", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	var mounted []string
	for _, f := range all.Functions() {
		// Building a router wires its handlers and connects to nothing,
		// so an empty Base serves.
		router, ok := f.Build(app.Base{}).(interface{ Patterns() []string })
		if !ok {
			t.Fatalf("function %s's handler does not list its routes", f.Name)
		}
		for _, p := range router.Patterns() {
			method, path, _ := strings.Cut(p, " ")
			if !strings.HasPrefix(path, f.Prefix) {
				t.Errorf("function %s mounts %s, outside its prefix %s, which routes never reach", f.Name, p, f.Prefix)
			}
			// "{$}" anchors a pattern at its trailing slash; the document's
			// paths are exact already.
			mounted = append(mounted, method+" "+strings.TrimSuffix(path, "{$}"))
		}
	}
	for _, r := range mounted {
		if !slices.Contains(documented, r) {
			t.Errorf("%s is mounted but not in api/openapi.yaml", r)
		}
	}
	for _, r := range documented {
		if !slices.Contains(mounted, r) {
			t.Errorf("api/openapi.yaml names %s, which no function mounts", r)
		}
	}
	if len(mounted) < 2 || len(documented) < 2 {
		t.Fatalf("found %d mounted routes and %d documented: the lists are not being read", len(mounted), len(documented))
	}
	t.Logf("%d routes mounted, %d documented", len(mounted), len(documented))
}
