package gallery

import (
	"bufio"
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/inequality"
)

// namePattern is the form of a stable file name.
var namePattern = regexp.MustCompile(`^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$`)

// notebookSources is the folder of the notebooks' Markdown sources.
const notebookSources = "../../notebooks/src"

func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			if !namePattern.MatchString(e.Name) {
				t.Errorf("name %q is not NN-words-with-hyphens", e.Name)
			}
			if seen[e.Name] {
				t.Errorf("name %q is used twice", e.Name)
			}
			seen[e.Name] = true
			if e.Notebook[:3] != e.Name[:3] {
				t.Errorf("notebook %q does not have the number of the name %q", e.Notebook, e.Name)
			}
			if _, err := os.Stat(filepath.Join(notebookSources, e.Notebook+".md")); err != nil {
				t.Errorf("notebook %s has no source: %v", e.Notebook, err)
			}
			if e.Title == "" || e.Width <= 0 || e.Height < 0 {
				t.Errorf("title %q, size %v×%v: want a title and a positive size", e.Title, e.Width, e.Height)
			}
			f, err := e.Build()
			if err != nil || f == nil {
				t.Fatalf("Build: %v, %v", f, err)
			}
			w, h := e.Size(f)
			if w != e.Width || !(h > 0) || (e.Height != 0 && h != e.Height) {
				t.Errorf("Size = %v×%v for an entry of %v×%v", w, h, e.Width, e.Height)
			}
			b, err := figures.Render(f, w, h, "png")
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := img.Bounds().Dx(), int(float64(w/vg.Inch)*figures.DPI+0.5); got != want {
				t.Errorf("PNG %d pixels wide, want %d", got, want)
			}
		})
	}
}

func TestMatch(t *testing.T) {
	cases := []struct {
		pattern string
		want    []string
		err     error
	}{
		{"06-*", []string{"06-svm-dual-s-contour", "06-svm-dual-max-margin"}, nil},
		{"*-figure76-*", []string{"07-soft-margin-figure76-losses"}, nil},
		{"02-primal-table21-steps", []string{"02-primal-table21-steps"}, nil},
		{"99-*", nil, ErrNoMatch},
		{"[", nil, ErrPattern},
	}
	for _, c := range cases {
		t.Run(c.pattern, func(t *testing.T) {
			got, err := Match(c.pattern)
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			var names []string
			for _, e := range got {
				names = append(names, e.Name)
			}
			if strings.Join(names, " ") != strings.Join(c.want, " ") {
				t.Errorf("names %v, want %v", names, c.want)
			}
		})
	}
}

// TestPlots checks the builders' figures: titles and axes that say what
// the notebook says, and the layout of small multiples.
func TestPlots(t *testing.T) {
	plots := []struct {
		name         string
		build        func() (*plot.Plot, error)
		title, label string // label: the y axis
	}{
		{"Example21Distances", Example21Distances, "Example 2.1: distances to x(1) + x(2) − 3 = 0", "x(2)"},
		{"Table21Misclassified", Table21Misclassified, "Table 2.1, k = 1: x3 is misclassified", "x(2)"},
		{"Table21Loss", Table21Loss, "Example 2.1: L(w, b) and |M| along Table 2.1", "value"},
		{"SoftMarginBInterval", SoftMarginBInterval, "Book data, C = 0.1: primal objective at w* = (0.2, 0.2) as b varies", "½‖w*‖² + C Σ [1 − yᵢ(w*·xᵢ + b)]₊"},
		{"IrisPetals", IrisPetals, "Iris, petal measurements: perceptron and maximum margin", "petal width (cm)"},
		{"PocketErrors", func() (*plot.Plot, error) { return PocketErrors(CancerSplit().Train, EpochLimits()) },
			"Perceptron on breast cancer (training set, 398 points)", "training points misclassified"},
		{"CancerAccuracy", func() (*plot.Plot, error) { return CancerAccuracy(CancerSplit(), CancerC(), CancerKernels()) },
			"Breast cancer: SVM test accuracy against C", "test accuracy (171 points)"},
	}
	for _, c := range plots {
		t.Run(c.name, func(t *testing.T) {
			p, err := c.build()
			if err != nil {
				t.Fatal(err)
			}
			if p.Title.Text != c.title || p.Y.Label.Text != c.label {
				t.Errorf("title %q, y label %q; want %q, %q", p.Title.Text, p.Y.Label.Text, c.title, c.label)
			}
		})
	}

	grids := []struct {
		name       string
		build      func() (*figures.Grid, error)
		rows, cols int
	}{
		{"Table21Steps", Table21Steps, 2, 4}, // k = 0…7
		{"KernelRegions", func() (*figures.Grid, error) { return KernelRegions(XORData(), RingsData()) }, 1, 2},
		{"NovikoffProof", NovikoffProof, 1, 2},
		{"SoftMarginSweep", func() (*figures.Grid, error) { return SoftMarginSweep(SoftMarginData()) }, 2, 2},
	}
	for _, c := range grids {
		t.Run(c.name, func(t *testing.T) {
			g, err := c.build()
			if err != nil {
				t.Fatal(err)
			}
			if r, k := g.Dims(); r != c.rows || k != c.cols {
				t.Errorf("grid %d×%d, want %d×%d", r, k, c.rows, c.cols)
			}
		})
	}
}

func TestFormCosts(t *testing.T) {
	ts, err := FormSweep(1)
	if err != nil {
		t.Fatal(err)
	}
	g, err := FormCosts(ts)
	if err != nil {
		t.Fatal(err)
	}
	// Panel 1: N = 25…800 at d = 1000; panel 2: d = 10…3000 at N = 100.
	for i, want := range []struct{ min, max float64 }{{25, 800}, {10, 3000}} {
		p := g.Panels[0][i]
		if p.X.Min > want.min || p.X.Max < want.max {
			t.Errorf("panel %d: x from %g to %g, want it to cover %g…%g", i, p.X.Min, p.X.Max, want.min, want.max)
		}
	}
	// Notebook 03's table: N = 100, d = 1000 costs 12134000 multiply–adds in
	// the primal form and 7407400 in the dual form.
	for _, s := range ts {
		if s.N == FormN && s.D == FormD && (s.PrimalCost.Total() != 12134000 || s.DualCost.Total() != 7407400) {
			t.Errorf("N=100, d=1000: costs %d and %d, want 12134000 and 7407400", s.PrimalCost.Total(), s.DualCost.Total())
		}
	}
}

func TestMarginTrials(t *testing.T) {
	trials, err := MarginTrials()
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != len(MarginGammas())*MarginSets {
		t.Fatalf("%d trials, want %d", len(trials), len(MarginGammas())*MarginSets)
	}
	for _, tr := range trials {
		// Theorem 2.1: k ≤ (R/γ)² for the best γ, which is at least the planted one.
		if float64(tr.Mistakes) > tr.Best.Bound || tr.Best.Bound > tr.Planted.Bound*(1+1e-9) {
			t.Errorf("γ=%g set %d: %d mistakes, best bound %g, planted bound %g", tr.Gamma, tr.Set, tr.Mistakes, tr.Best.Bound, tr.Planted.Bound)
		}
	}
}

func TestCauchySchwarzPairs(t *testing.T) {
	want := []bool{false, false, true} // collinear?
	for i, p := range CauchySchwarzPairs() {
		if got := inequality.Quadratic(p.A, p.B).Collinear; got != want[i] {
			t.Errorf("%s: collinear %v, want %v", p.Name, got, want[i])
		}
	}
}

func TestCancerSplit(t *testing.T) {
	s := CancerSplit()
	n, d := s.Train.Dims()
	if n != 398 || d != 30 || len(s.Test.Y) != 171 {
		t.Fatalf("train %d×%d, test %d, want 398×30 and 171 (notebook 08)", n, d, len(s.Test.Y))
	}
	for i := range n {
		for _, v := range s.Train.X.RawRowView(i) {
			if v < -1 || v > 1 {
				t.Fatalf("scaled training value %g outside [−1, 1]", v)
			}
		}
	}
}

// TestNotebookCells checks that every plot cell of the notebooks' sources
// calls a gallery builder, so that no figure is defined in a notebook alone.
func TestNotebookCells(t *testing.T) {
	srcs, err := filepath.Glob(filepath.Join(notebookSources, "[0-9][0-9]-*.md"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no notebook sources in %s (%v)", notebookSources, err)
	}
	for _, src := range srcs {
		base := filepath.Base(src)
		for _, cell := range plotCells(t, src) {
			if strings.Contains(cell.code, "gallery.") {
				continue
			}
			t.Errorf("%s:%d: plot cell does not call a gallery builder", base, cell.line)
		}
	}
}

type codeCell struct {
	line int
	code string
}

// plotCells returns the ```go plot cells of a notebook source, and the
// cells that call notebook.Show.
func plotCells(t *testing.T, path string) []codeCell {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cells []codeCell
	var cur *codeCell
	tagged := false
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```go"):
			cur, tagged = &codeCell{line: n}, strings.Contains(line, "plot")
		case cur != nil && line == "```":
			if tagged || strings.Contains(cur.code, "notebook.Show(") {
				cells = append(cells, *cur)
			}
			cur = nil
		case cur != nil:
			cur.code += line + "\n"
		}
	}
	return cells
}

// Sizes come from pkg/figures only.
func TestSizes(t *testing.T) {
	ok := map[vg.Length]bool{figures.Width: true, figures.PlaneWidth: true, figures.Wide: true}
	for _, e := range All() {
		if !ok[e.Width] || (e.Height != 0 && e.Height != figures.Height && e.Height != e.Width) {
			t.Errorf("%s: size %v×%v is not one of pkg/figures' sizes", e.Name, e.Width, e.Height)
		}
	}
}
