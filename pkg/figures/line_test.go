package figures

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// TestOneLineType: the line w·x + b = 0 is held by one type, Line, which
// Hyperplane and Boundary embed (issue 23 §3: each had its own W and B).
// No other struct of the package, nor of package gallery, whose builders
// of the book's figures came from here, declares both a W and a B field,
// and a classify.Linear converts to a Line.
func TestOneLineType(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	gallery, err := filepath.Glob(filepath.Join("..", "gallery", "*.go"))
	if err != nil || len(gallery) == 0 {
		t.Fatalf("package gallery's files: %v, %v", gallery, err)
	}
	files = append(files, gallery...)
	embeds := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			fields := map[string]bool{}
			for _, fl := range st.Fields.List {
				for _, name := range fl.Names {
					fields[name.Name] = true
				}
				if id, ok := fl.Type.(*ast.Ident); ok && len(fl.Names) == 0 && id.Name == "Line" {
					embeds[ts.Name.Name] = true
				}
			}
			// halfPlanes holds a checked normal as [2]float64, not a Line.
			if fields["W"] && fields["B"] && ts.Name.Name != "Line" && ts.Name.Name != "halfPlanes" {
				t.Errorf("%s declares W and B: embed Line instead", ts.Name.Name)
			}
			return true
		})
	}
	if !embeds["Hyperplane"] || !embeds["Boundary"] {
		t.Errorf("Line is embedded in %v, want Hyperplane and Boundary", embeds)
	}
	lin := classify.Linear{W: []float64{1, 1}, B: -3}
	h, err := NewHyperplane(lin.W, lin.B)
	if err != nil || h.Line.W[0] != 1 || h.B != -3 {
		t.Fatalf("NewHyperplane(%v): %+v, %v", lin, h, err)
	}
	if b := (Boundary{Line: Line(lin)}); b.W[1] != 1 || b.B != -3 {
		t.Errorf("Boundary of %v: %+v", lin, b)
	}
}
