package gallery

import (
	"errors"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// TestSweepGrid: the panels of a sweep over C on Example 2.1 (C = 0.1,
// every point at αᵢ = C; C = 1, the hard margin's x1 and x3 free), their
// titles with the margin width 2/‖w‖, and the legend clear of the edge.
func TestSweepGrid(t *testing.T) {
	x, y := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1}), []float64{1, 1, -1}
	fits := []sweepFit{
		{C: 0.1, Line: figures.Line{W: []float64{0.2, 0.2}, B: -0.8}, BoundedIndices: []int{0, 1, 2}},
		{C: 1, Line: figures.Line{W: []float64{0.5, 0.5}, B: -2}, FreeIndices: []int{0, 2}},
	}
	g, err := sweepGrid(x, y, fits, 2, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.Dims(); r != 1 || c != 2 {
		t.Fatalf("grid %d×%d, want 1×2", r, c)
	}
	// Margin width 2/‖w‖: 2/(0.2√2) = 7.071 and 2/(0.5√2) = 2.828.
	want := []string{
		"C = 0.1, margin 2/‖w‖ = 7.071\n0 < αᵢ < C: 0 points, αᵢ = C: 3",
		"C = 1, margin 2/‖w‖ = 2.828\n0 < αᵢ < C: 2 points, αᵢ = C: 0",
	}
	for i, w := range want {
		if got := g.Panels[0][i].Title.Text; got != w {
			t.Errorf("panel %d title %q, want %q", i, got, w)
		}
	}
	// The legend keeps its distance from the right edge: a grid is printed
	// smaller than a single plot, and a viewer may set the text a little
	// wider than measured (issue 15 §5, notebook 9).
	names := g.Legend.Names()
	w, h := figures.Size(g)
	for _, tx := range figtest.Texts(g, w, h) {
		if len(tx.Missing) > 0 {
			t.Errorf("%q: no glyph for %q", tx.String, tx.Missing)
		}
		if slices.Contains(names, tx.String) && tx.Box.Max.X > w-vg.Points(sweepLegendMargin) {
			t.Errorf("legend entry %q ends at %v, within %v pt of the right edge %v", tx.String, tx.Box.Max.X, sweepLegendMargin, w)
		}
	}
	if _, err := sweepGrid(x, y, nil, 2, lang.English); !errors.Is(err, figures.ErrEmpty) {
		t.Errorf("no fits: %v, want figures.ErrEmpty", err)
	}
}
