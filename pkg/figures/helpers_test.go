package figures

import (
	"flag"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
)

// regen rewrites the golden images in testdata, as gonum/plot's -regen does.
var regen = flag.Bool("regen", false, "regenerate the golden images in testdata")

// Tolerances.
const (
	// rangeTol compares axis ranges and lengths computed in floating point.
	rangeTol = 1e-9
	// aspectTol is how far a data area computed by AspectHeight may be
	// from square, in points.
	aspectTol = 1e-6
)

// Example 2.1: x1 = (3, 3), x2 = (4, 3) positive, x3 = (1, 1) negative (book §2.3.1).
func bookData() (*mat.Dense, []float64) {
	return mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1}), []float64{1, 1, -1}
}

// table21 is Table 2.1 of the book: after update k the point it used
// (−1 at k = 0), the weights and the bias, with the title gallery's
// PerceptronSteps gives the panel.
var table21 = []struct {
	point int
	w     []float64
	b     float64
	title string
}{
	{-1, []float64{0, 0}, 0, "k = 0: start\nw = (0, 0), b = 0"},
	{0, []float64{3, 3}, 1, "k = 1: x1 misclassified\nw = (3, 3), b = 1"},
	{2, []float64{2, 2}, 0, "k = 2: x3 misclassified\nw = (2, 2), b = 0"},
	{2, []float64{1, 1}, -1, "k = 3: x3 misclassified\nw = (1, 1), b = −1"},
	{2, []float64{0, 0}, -2, "k = 4: x3 misclassified\nw = (0, 0), b = −2"},
	{0, []float64{3, 3}, -1, "k = 5: x1 misclassified\nw = (3, 3), b = −1"},
	{2, []float64{2, 2}, -2, "k = 6: x3 misclassified\nw = (2, 2), b = −2"},
	{2, []float64{1, 1}, -3, "k = 7: x3 misclassified\nw = (1, 1), b = −3"},
}

// table21Grid draws the first n rows of Table 2.1 as small multiples of
// Plane, cols a row, as gallery.PerceptronSteps does: the grid of planes
// the tests of Grid, AspectHeight, Render and Save draw.
func table21Grid(n, cols int) (*Grid, error) {
	x, y := bookData()
	view, err := SharedView(x, y, true)
	if err != nil {
		return nil, err
	}
	panels := make([]Plane, n)
	for k, r := range table21[:n] {
		panels[k] = Plane{Title: r.title, X: x, Y: y, Names: PointNames(len(y)), View: view, NoLegend: true,
			Boundaries:     []Boundary{{Line: Line{W: r.w, B: r.b}, Label: "hyperplane w·x + b = 0", Shade: true}},
			HighlightLabel: "misclassified, updated on"}
		if r.point >= 0 {
			panels[k].Highlight = []int{r.point}
		}
	}
	return NewPlaneGrid("", cols, panels...)
}

// sExample72 is s(α1, α2) of Example 7.2.
func sExample72(a1, a2 float64) float64 {
	return 4*a1*a1 + 6.5*a2*a2 + 10*a1*a2 - 2*a1 - 2*a2
}

// drawnText is a string drawn on a canvas, where its baseline starts, and
// the characters its fonts lack.
type drawnText struct {
	Text    string
	At      vg.Point
	Missing []rune
}

// drawTexts draws f on a w×h canvas and returns the strings drawn, each
// whole as figtest.Texts records it: the runs of a string set in several
// fonts or with superscripts (x⁽¹⁾) are one string.
func drawTexts(f Figure, w, h vg.Length) []drawnText {
	var out []drawnText
	for _, t := range figtest.Texts(f, w, h) {
		out = append(out, drawnText{t.String, t.At, t.Missing})
	}
	return out
}

// findText returns the first drawn string equal to s.
func findText(ts []drawnText, s string) (drawnText, bool) {
	for _, t := range ts {
		if t.Text == s {
			return t, true
		}
	}
	return drawnText{}, false
}

// checkGlyphs fails if a drawn string has a character its font cannot
// draw.
func checkGlyphs(t *testing.T, ts []drawnText) {
	t.Helper()
	for _, s := range ts {
		if len(s.Missing) > 0 {
			t.Errorf("text %q: no glyph for %q", s.Text, s.Missing)
		}
	}
}

// checkLegendOutside fails unless every name is drawn to the right of the
// data area of p, drawn at w×h.
func checkLegendOutside(t *testing.T, p *plot.Plot, names []string, w, h vg.Length) {
	t.Helper()
	ts := drawTexts(p, w, h)
	dc := p.DataCanvas(draw.NewCanvas(nopCanvas{}, w, h))
	for _, n := range names {
		d, ok := findText(ts, n)
		if !ok {
			t.Errorf("legend entry %q not drawn", n)
			continue
		}
		if d.At.X < dc.Max.X {
			t.Errorf("legend entry %q at x=%v, inside the data area ending at %v", n, d.At.X, dc.Max.X)
		}
	}
}

// checkGolden renders f as PNG and compares it with testdata/name_golden.png,
// or rewrites that file under -regen (figtest.CheckGolden).
func checkGolden(t *testing.T, name string, f Figure, w, h vg.Length) {
	t.Helper()
	got, err := Render(f, w, h, "png")
	if err != nil {
		t.Fatal(err)
	}
	figtest.CheckGolden(t, got, filepath.Join("testdata", name+"_golden.png"), *regen)
}
