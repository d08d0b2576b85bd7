package perceptron

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// module is the import path of this repository's module.
const module = "github.com/marginnotes/marginnotes/"

// TestImportGraph: package perceptron (chapter 2) does not depend on
// package svm (chapter 7), directly or through another package of this
// module: Novikoff's γ comes from separability.MaxMargin (issue 23 §3). The
// graph is read from the sources (go/build, non-test files), as
// `go list -deps` reads it.
func TestImportGraph(t *testing.T) {
	// via[p] is the package of this module that first imported p.
	via := map[string]string{module + "pkg/perceptron": ""}
	queue := []string{module + "pkg/perceptron"}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		dir := filepath.Join("..", "..", filepath.FromSlash(strings.TrimPrefix(path, module)))
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			if _, seen := via[imp]; seen || !strings.HasPrefix(imp, module) {
				continue
			}
			via[imp] = path
			queue = append(queue, imp)
		}
	}
	if len(via) < 4 {
		t.Fatalf("perceptron depends on only %d packages of the module: the test does not read the graph", len(via))
	}
	for _, banned := range []string{"pkg/svm", "pkg/figures", "pkg/gallery"} {
		if _, ok := via[module+banned]; !ok {
			continue
		}
		chain := []string{banned}
		for p := via[module+banned]; p != ""; p = via[p] {
			chain = append(chain, strings.TrimPrefix(p, module))
		}
		t.Errorf("perceptron depends on %s: %s", banned, strings.Join(chain, " ← "))
	}
}
