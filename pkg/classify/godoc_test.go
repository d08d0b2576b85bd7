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
	checked := 0
	fset, pkgs := libraryPackages(t)
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
	if checked < 5 {
		t.Errorf("checked %d classifier types, want the library's (at least 5)", checked)
	}
}

// TestResultNames: a solver's result type is named after the solver
// (svm.DCD → DCDResult) or is its package's Result (svm.SMO, PlattSMO and
// Exact; perceptron.Primal and Dual), whatever package it is in.
func TestResultNames(t *testing.T) {
	checked := 0
	_, pkgs := libraryPackages(t)
	for pkgName, files := range pkgs {
		for _, f := range files {
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || fn.Name.Name != "Fit" || !fn.Name.IsExported() || fn.Type.Results == nil {
					continue
				}
				solver := typeName(fn.Recv.List[0].Type)
				result := typeName(fn.Type.Results.List[0].Type)
				if !ast.IsExported(solver) || result == "" {
					continue
				}
				checked++
				if result != "Result" && result != solver+"Result" {
					t.Errorf("%s.%s.Fit returns %s, want %sResult or Result", pkgName, solver, result, solver)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("checked %d Fit methods, want the library's solvers (at least 10)", checked)
	}
}

// typeName returns the name of T for T or *T, "" otherwise.
func typeName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// libraryPackages returns the non-test files of every package of pkg/,
// parsed with their comments into one file set, by directory and package
// name.
func libraryPackages(t *testing.T) (*token.FileSet, map[string][]*ast.File) {
	dirs, err := filepath.Glob("../*")
	if err != nil {
		t.Fatal(err)
	}
	fset, pkgs := token.NewFileSet(), map[string][]*ast.File{}
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			key := filepath.Base(dir) + "/" + f.Name.Name
			pkgs[key] = append(pkgs[key], f)
		}
	}
	return fset, pkgs
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
