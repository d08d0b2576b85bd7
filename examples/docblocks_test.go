package examples_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
)

// docPackages are the packages whose package documentation's Go examples
// TestDocBlocks runs.
//
// Not here: experiment, whose example runs experiments for seconds and
// prints in a loop; notation and playground, which have none.
var docPackages = []string{"svm", "classify", "modelio", "perceptron", "kernel", "separability",
	"dataset", "duality", "exercise", "inequality", "lang", "loss", "report", "figures", "gallery", "notebook"}

// TestDocBlocks: every Go example of README.md, README.zh-CN.md and the
// package documentation of docPackages compiles as the body of a function
// returning error, runs, and prints what its comments say. The rule for the
// text: every line that calls fmt.Print… ends with a comment that gives
// what it prints, optionally followed by ": " (or "：") and an explanation,
// or is followed by comment lines that are what it prints; the printed
// lines must equal those, in order (an example without fmt.Print must
// only run). An example may use x, y (Example 2.1),
// xTest, yTest, point and f (Example 2.1 as CSV) without declaring them,
// as a fragment of a program that has them.
func TestDocBlocks(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command to build the examples: %v", err)
	}
	type block struct {
		where, code string
	}
	var blocks []block
	for _, readme := range []string{"../README.md", "../README.zh-CN.md"} {
		codes := fencedGo(t, readme)
		if len(codes) == 0 {
			t.Errorf("%s: no Go block found", readme)
		}
		for i, c := range codes {
			blocks = append(blocks, block{fmt.Sprintf("%s block %d", filepath.Base(readme), i+1), c})
		}
	}
	for _, p := range docPackages {
		codes := packageDocGo(t, filepath.Join("..", "pkg", p))
		if len(codes) == 0 {
			t.Errorf("package %s: no Go example in the package documentation", p)
		}
		for i, c := range codes {
			blocks = append(blocks, block{fmt.Sprintf("go doc %s, example %d", p, i+1), c})
		}
	}

	// One program, one function per example, so that one build checks them
	// all; the file exists only in the build's overlay.
	var src strings.Builder
	wants := make([][]string, len(blocks))
	var funcs strings.Builder
	for i, b := range blocks {
		want, err := printed(b.code)
		if err != nil {
			t.Errorf("%s: %v", b.where, err)
		}
		wants[i] = want
		body, err := usable(b.code)
		if err != nil {
			t.Fatalf("%s: %v\n%s", b.where, err, b.code)
		}
		fmt.Fprintf(&funcs, "\n// %s\nfunc block%d() error {\n%s\n%s\nreturn nil\n}\n", b.where, i, prelude(b.code), body)
	}
	src.WriteString("package main\n\nimport (\n")
	for _, path := range imports(funcs.String()) {
		fmt.Fprintf(&src, "\t%q\n", path)
	}
	src.WriteString(")\n\nvar blocks = []func() error{")
	for i := range blocks {
		fmt.Fprintf(&src, "block%d, ", i)
	}
	src.WriteString("}\n\nfunc main() {\n\tvar i int\n\tfmt.Sscan(os.Args[1], &i)\n\tif err := blocks[i](); err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n}\n")
	src.WriteString(funcs.String())

	tmp := t.TempDir()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{
		filepath.Join(root, "examples", "docblocks", "main.go"): file}})
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "docblocks")
	cmd := exec.Command(gobin, "build", "-overlay", filepath.Join(tmp, "overlay.json"), "-o", bin, "./examples/docblocks")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the examples do not compile: %v\n%s\n%s", err, out, numbered(src.String()))
	}
	// missing is the first example that could not run because something
	// outside Go is not there (the Chinese font of gallery's example, with
	// Go alone): the test is skipped for it at the end, or fails when
	// MARGINNOTES_REQUIRE=1, after every other example has been checked.
	missing := ""
	for i, b := range blocks {
		run := exec.Command(bin, fmt.Sprint(i))
		run.Dir = t.TempDir() // examples may write files (modelio saves one)
		var stdout, stderr bytes.Buffer
		run.Stdout, run.Stderr = &stdout, &stderr
		if err := run.Run(); err != nil {
			// The program's error wraps figures.ErrFont, whose package
			// prefix the wrapping message drops ("…: font missing: …").
			if strings.Contains(stderr.String(), strings.TrimPrefix(figures.ErrFont.Error(), "figures: ")) {
				if missing == "" {
					missing = fmt.Sprintf("%s: %s", b.where, strings.TrimSpace(stderr.String()))
				}
				continue
			}
			t.Errorf("%s: %v: %s", b.where, err, stderr.String())
			continue
		}
		got := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
		if stdout.Len() == 0 {
			got = nil
		}
		for j := range got {
			got[j] = strings.TrimRight(got[j], " ")
		}
		// An example without fmt.Print may print through a renderer
		// (report's notebook.Table); only what the text says is checked.
		if !strings.Contains(b.code, "fmt.Print") {
			continue
		}
		if strings.Join(got, "\n") != strings.Join(wants[i], "\n") {
			t.Errorf("%s prints\n%s\nits comments say\n%s", b.where, strings.Join(got, "\n"), strings.Join(wants[i], "\n"))
		}
	}
	if missing != "" {
		testenv.Missing(t, "%s", missing)
	}
}

// fencedGo returns the ```go blocks of a Markdown file.
func fencedGo(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```go":
			in, cur = true, nil
		case in && strings.TrimSpace(line) == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// packageDocGo returns the code blocks of a package's documentation that
// are Go statements (not the formulas the docs also indent).
func packageDocGo(t *testing.T, dir string) []string {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	dp, err := doc.NewFromFiles(fset, files, "example.com/"+filepath.Base(dir))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, b := range dp.Parser().Parse(dp.Doc).Content {
		code, ok := b.(*comment.Code)
		if !ok {
			continue
		}
		if _, err := usable(code.Text); err != nil {
			if strings.Contains(code.Text, ":=") || strings.Contains(code.Text, "fmt.") {
				t.Errorf("go doc %s: a block that looks like Go does not parse: %v\n%s", filepath.Base(dir), err, code.Text)
			}
			continue
		}
		blocks = append(blocks, code.Text)
	}
	return blocks
}

// printed returns what the comments of an example's fmt.Print lines say
// they print.
func printed(code string) ([]string, error) {
	var want []string
	lines := strings.Split(code, "\n")
	for i, line := range lines {
		if !strings.Contains(line, "fmt.Print") {
			continue
		}
		_, c, ok := strings.Cut(line, "// ")
		if !ok {
			n := len(want)
			for _, next := range lines[i+1:] {
				text, ok := strings.CutPrefix(strings.TrimSpace(next), "//")
				if !ok {
					break
				}
				want = append(want, strings.TrimSpace(text))
			}
			if len(want) == n {
				return want, fmt.Errorf("%q does not say what it prints", strings.TrimSpace(line))
			}
			continue
		}
		if i := strings.Index(c, ": "); i >= 0 {
			c = c[:i]
		}
		if i := strings.Index(c, "："); i >= 0 {
			c = c[:i]
		}
		want = append(want, strings.TrimSpace(c))
	}
	return want, nil
}

// usable parses code as a function body and returns it with "_ = v" after
// every statement that declares v, so that a fragment that leaves a
// variable for the reader's program to use compiles.
func usable(code string) (string, error) {
	const head = "package p\nfunc f() error {\n"
	src := head + code + "\n}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return "", err
	}
	type insert struct {
		at   int
		text string
	}
	var ins []insert
	ast.Inspect(f, func(n ast.Node) bool {
		blk, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for _, s := range blk.List {
			as, ok := s.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE {
				continue
			}
			var uses []string
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					uses = append(uses, "_ = "+id.Name)
				}
			}
			ins = append(ins, insert{fset.Position(as.End()).Offset, "; " + strings.Join(uses, "; ")})
		}
		return true
	})
	sort.Slice(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	for _, in := range ins {
		src = src[:in.at] + in.text + src[in.at:]
	}
	return strings.TrimSuffix(strings.TrimPrefix(src, head), "\n}\n"), nil
}

var (
	declaresX = regexp.MustCompile(`(^|\n)\s*x\b[\w, ]*:=`)
	usesWord  = func(code, w string) bool { return regexp.MustCompile(`\b` + w + `\b`).MatchString(code) }
)

// prelude declares the free variables an example may use: x, y (Example
// 2.1), xTest, yTest (the same points), point, (3, 0.5), and f, a reader
// of Example 2.1 as CSV.
func prelude(code string) string {
	var p []string
	if !declaresX.MatchString(code) && (usesWord(code, "x") || usesWord(code, "xTest")) {
		p = append(p, "x, y := dataset.Example21().XY(); _, _ = x, y")
	}
	if usesWord(code, "xTest") {
		p = append(p, "xTest, yTest := x, y; _, _ = xTest, yTest")
	}
	if usesWord(code, "point") {
		p = append(p, "point := []float64{3, 0.5}; _ = point")
	}
	if usesWord(code, "f") {
		p = append(p, `f := strings.NewReader("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n"); _ = f`)
	}
	return strings.Join(p, "\n")
}

// imports returns the import paths of the packages the source names: the
// library's own, fmt, os, errors, math/rand/v2 and gonum's mat.
func imports(src string) []string {
	known := map[string]string{
		"fmt": "fmt", "os": "os", "errors": "errors", "rand": "math/rand/v2", "strings": "strings",
		"mat": "gonum.org/v1/gonum/mat",
	}
	dirs, _ := filepath.Glob("../pkg/*")
	for _, d := range dirs {
		known[filepath.Base(d)] = "github.com/marginnotes/marginnotes/pkg/" + filepath.Base(d)
	}
	used := map[string]bool{"fmt": true, "os": true}
	for _, m := range regexp.MustCompile(`\b([a-z]+)\.[A-Z]`).FindAllStringSubmatch(src, -1) {
		if _, ok := known[m[1]]; ok {
			used[m[1]] = true
		}
	}
	var paths []string
	for name := range used {
		paths = append(paths, known[name])
	}
	sort.Strings(paths)
	return paths
}

// numbered returns src with line numbers, for a compiler's messages.
func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d %s\n", i+1, l)
	}
	return b.String()
}
