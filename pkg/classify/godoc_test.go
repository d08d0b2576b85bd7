package classify_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoDocShowsPrediction: every type of the library that is asserted to
// be a Classifier (var _ classify.Classifier = (*T)(nil)) tells a reader of
// `go doc T` how it classifies: Decision and Predict are methods of T, or
// T's documentation names them (for a type that gets them from an embedded
// field, which go doc does not list).
func TestGoDocShowsPrediction(t *testing.T) {
	dirs, err := filepath.Glob("../*")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		fset := token.NewFileSet()
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		pkgs := map[string][]*ast.File{} // by package name
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			pkgs[f.Name.Name] = append(pkgs[f.Name.Name], f)
		}
		for pkgName, files := range pkgs {
			classifiers := asserted(files)
			dp, err := doc.NewFromFiles(fset, files, "example.com/"+pkgName)
			if err != nil {
				t.Fatal(err)
			}
			for _, typ := range dp.Types {
				if !classifiers[typ.Name] {
					continue
				}
				checked++
				methods := map[string]bool{}
				for _, m := range typ.Methods {
					methods[m.Name] = true
				}
				for _, m := range []string{"Decision", "Predict"} {
					if !methods[m] && !strings.Contains(typ.Doc, m) {
						t.Errorf("go doc %s.%s shows neither a method %s nor a line naming it", pkgName, typ.Name, m)
					}
				}
			}
		}
	}
	if checked < 5 {
		t.Errorf("checked %d classifier types, want the library's (at least 5)", checked)
	}
}

// asserted returns the names of the types T of the files for which a
// declaration var _ Classifier = (*T)(nil) or = T{} states that they are
// classifiers.
func asserted(files []*ast.File) map[string]bool {
	names := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "_" || len(vs.Values) != 1 || !isClassifier(vs.Type) {
				return true
			}
			switch v := vs.Values[0].(type) {
			case *ast.CallExpr: // (*T)(nil)
				if p, ok := v.Fun.(*ast.ParenExpr); ok {
					if s, ok := p.X.(*ast.StarExpr); ok {
						if id, ok := s.X.(*ast.Ident); ok {
							names[id.Name] = true
						}
					}
				}
			case *ast.CompositeLit: // T{}
				if id, ok := v.Type.(*ast.Ident); ok {
					names[id.Name] = true
				}
			}
			return true
		})
	}
	return names
}

func isClassifier(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "Classifier"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Classifier"
	}
	return false
}
