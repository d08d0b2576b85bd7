package gallery

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// TestPairBox checks what the picture of an SMO step shows: the box and
// the unclipped point in view when it is near, a note in the legend when
// it is not, the quadrant of a hard margin before the first step, and the
// errors for values it cannot draw.
func TestPairBox(t *testing.T) {
	base := PairBox{C: 1, Old: [2]float64{0.2, 0.5}, Unclipped: 1.25, New: [2]float64{0.7, 1}, L: 0.3, H: 1, Lang: lang.English}
	p, err := base.Plot()
	if err != nil {
		t.Fatal(err)
	}
	// α₁ − α₂ = −0.3: the unclipped point is (0.95, 1.25).
	if p.X.Min > 0 || p.X.Max < 1 || p.Y.Max < 1.25 || p.X.Max != p.Y.Max || p.X.Min != p.Y.Min {
		t.Errorf("view [%v, %v]×[%v, %v], want a square holding [0, 1]² and (0.95, 1.25)", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	far := base
	far.Unclipped = 40
	q, err := far.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if q.Y.Max > 2 {
		t.Errorf("unclipped α₂ = 40 widened the view to %v", q.Y.Max)
	}
	var found bool
	for _, tx := range drawnTexts(t, q, figures.Width, figures.Height) {
		found = found || strings.Contains(tx, "α₂ unclipped (7.106) = 40, off the view")
	}
	if !found {
		t.Error("the legend does not say that the unclipped α₂ = 40 is off the view")
	}
	for _, bad := range []struct {
		b    PairBox
		want error
	}{
		{PairBox{C: 1, Old: [2]float64{math.NaN(), 0}, L: 0, H: 1}, figures.ErrNotFinite},
		{PairBox{C: 1, New: [2]float64{0.5, math.Inf(1)}, L: 0, H: 1}, figures.ErrNotFinite},
		{PairBox{C: 1, L: 0.5, H: 0.2}, figures.ErrEmpty},
		{PairBox{C: 0, L: 0, H: 0}, figures.ErrEmpty},
	} {
		if _, err := bad.b.Plot(); !errors.Is(err, bad.want) {
			t.Errorf("%+v: error %v, want %v", bad.b, err, bad.want)
		}
	}
	// A hard margin before the first step: α = 0, H = +∞, nothing else;
	// in Chinese, last, as it needs the CJK font.
	hard := PairBox{C: math.Inf(1), Unclipped: math.NaN(), New: [2]float64{math.NaN(), math.NaN()}, H: math.Inf(1), Lang: lang.Chinese}
	h, err := hard.Plot()
	if err != nil {
		testenv.MissingIf(t, err, figures.ErrFont)
		t.Fatalf("hard margin at α = 0: %v", err)
	}
	if !(h.X.Max > 0) || math.IsInf(h.X.Max, 0) {
		t.Errorf("hard margin at α = 0: view up to %v", h.X.Max)
	}
}

// TestSMOStep: the data and the box side by side under one legend that
// names what both panels draw.
func TestSMOStep(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	g, err := smoStep{
		Title: "k = 1",
		Plane: figures.Plane{X: x, Y: y, Boundaries: []figures.Boundary{{Line: figures.Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true}}, Highlight: []int{0, 2}},
		Box:   PairBox{C: math.Inf(1), Old: [2]float64{0, 0}, Unclipped: 0.25, New: [2]float64{0.25, 0.25}, H: math.Inf(1)},
	}.plot()
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.Dims(); r != 1 || c != 2 {
		t.Errorf("grid %d×%d, want 1×2", r, c)
	}
	// The point before the step is not drawn like a support vector of the
	// data panel beside it (a ring, or a square at αᵢ = C) under the one
	// legend: "before the step" was a ring too (zh-4 L27).
	for _, sv := range []draw.GlyphDrawer{draw.RingGlyph{}, draw.SquareGlyph{}, draw.CircleGlyph{}, draw.PyramidGlyph{}} {
		if oldGlyph.Shape == sv {
			t.Errorf("the point before the step is drawn as a %T, like a mark of the data panel", sv)
		}
	}
	names := g.Legend.Names()
	for _, want := range []string{"positive (y = +1)", "before the step", "½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0", "α₁, α₂ ≥ 0 (hard margin)", "α₂ in [L, H]: L = 0, H = +∞", "after the step, clipped (7.108)"} {
		if !slices.Contains(names, want) {
			t.Errorf("legend %q lacks %q", names, want)
		}
	}
}

// TestPairBoxesValues: the panels of Figure 7.8 share a legend, so the
// legend names the marks without a panel's values and each panel's title
// gives its own — the unclipped α₂ = 5/4 clipped down to H on the left,
// 0.1 clipped up to L on the right (the legend used to print the left
// panel's 5/4 for both).
func TestPairBoxesValues(t *testing.T) {
	left := PairBox{Title: "y₁ ≠ y₂", C: 1, Old: [2]float64{0.2, 0.5}, Unclipped: 1.25, New: [2]float64{0.7, 1}, L: 0.3, H: 1, Lang: lang.English}
	right := PairBox{Title: "y₁ = y₂", C: 1, SameLabel: true, Old: [2]float64{0.8, 0.5}, Unclipped: 0.1, New: [2]float64{1, 0.3}, L: 0.3, H: 1, Lang: lang.English}
	g, err := pairBoxes("Figure 7.8", left, right)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range g.Legend.Names() {
		if strings.Contains(name, "5/4") || strings.Contains(name, "0.1") || strings.Contains(name, "L = ") {
			t.Errorf("shared legend entry %q carries a panel's value", name)
		}
	}
	for i, want := range []string{"L = 0.3, H = 1; α₂ unclipped 5/4, clipped down to H", "L = 0.3, H = 1; α₂ unclipped 0.1, clipped up to L"} {
		if got := g.Panels[0][i].Title.Text; !strings.Contains(got, want) {
			t.Errorf("panel %d title %q, want it to say %q", i+1, got, want)
		}
	}
	// One panel alone keeps its values in its own legend.
	p, err := right.Plot()
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, tx := range drawnTexts(t, p, figures.Width, figures.Height) {
		found = found || strings.Contains(tx, "α₂ unclipped (7.106) = 0.1")
	}
	if !found {
		t.Error("a single pair box does not give its unclipped α₂ = 0.1 in its legend")
	}
}
