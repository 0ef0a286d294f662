// Command codesize lists the product's Go files over MaxFileLines lines and
// functions over MaxFuncLines lines: small files and functions a reader
// takes in whole. The product is what the Lambda functions link; tests,
// test helpers, generated code and the developer tools are aside.
//
//	go run ./tools/codesize          # list them; exit status 1 when there are any
package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"turnout/pkg/emulators"
)

const (
	MaxFileLines = 400
	MaxFuncLines = 80
)

// Finding is one file or function over its limit.
type Finding struct {
	Path  string // from the repository root
	Func  string // empty for a whole file
	Lines int
	Limit int
}

func (f Finding) String() string {
	if f.Func == "" {
		return fmt.Sprintf("%s: %d lines (at most %d)", f.Path, f.Lines, f.Limit)
	}
	return fmt.Sprintf("%s: func %s: %d lines (at most %d)", f.Path, f.Func, f.Lines, f.Limit)
}

func main() {
	root, err := emulators.RepoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "codesize:", err)
		os.Exit(2)
	}
	findings, err := Check(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "codesize:", err)
		os.Exit(2)
	}
	for _, f := range findings {
		fmt.Println(f)
	}
	if len(findings) > 0 {
		os.Exit(1)
	}
}

// Check returns what is over its limit in the product's code: the
// packages of this repository that the Lambda functions link (so tests,
// test helpers, the emulators and the tools are aside), in path order.
func Check(root string) ([]Finding, error) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \",\"}}", "./functions/...")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	var findings []Finding
	for line := range strings.Lines(string(out)) {
		importPath, rest, _ := strings.Cut(strings.TrimSpace(line), "\t")
		dir, files, _ := strings.Cut(rest, "\t")
		if !strings.HasPrefix(importPath, "turnout/") || files == "" {
			continue
		}
		for name := range strings.SplitSeq(files, ",") {
			path := filepath.Join(dir, name)
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return nil, err
			}
			found, err := checkFile(path, filepath.ToSlash(rel))
			if err != nil {
				return nil, err
			}
			findings = append(findings, found...)
		}
	}
	slices.SortFunc(findings, func(a, b Finding) int { return strings.Compare(a.String(), b.String()) })
	return findings, nil
}

// generated is the line that marks a generated Go file (go help generate).
var generated = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

func checkFile(path, rel string) ([]Finding, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if isGenerated(string(src)) {
		return nil, nil
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var findings []Finding
	if n := fset.File(file.Pos()).LineCount(); n > MaxFileLines {
		findings = append(findings, Finding{Path: rel, Lines: n, Limit: MaxFileLines})
	}
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > MaxFuncLines {
			findings = append(findings, Finding{Path: rel, Func: funcName(fn), Lines: n, Limit: MaxFuncLines})
		}
	}
	return findings, nil
}

func isGenerated(src string) bool {
	sc := bufio.NewScanner(strings.NewReader(src))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "package ") {
			return false
		}
		if generated.MatchString(line) {
			return true
		}
	}
	return false
}

// funcName is Name or (Receiver).Name.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	recv := fn.Recv.List[0].Type
	if star, ok := recv.(*ast.StarExpr); ok {
		recv = star.X
	}
	switch generic := recv.(type) {
	case *ast.IndexExpr:
		recv = generic.X
	case *ast.IndexListExpr:
		recv = generic.X
	}
	name := "?"
	if id, ok := recv.(*ast.Ident); ok {
		name = id.Name
	}
	return "(" + name + ")." + fn.Name.Name
}
