package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// Step is one row of a perceptron trace (Table 2.1): after the update on
// the misclassified point Point (0-based, −1 for none, as at k = 0 and in a
// final row without mistakes) the weights are W and the bias B.
type Step struct {
	K     int
	Point int
	W     []float64
	B     float64
}

// StepTitle is the title of a perceptron step panel in the language l:
// "k = 1: x1 misclassified" over "w = (3, 3), b = 1".
func StepTitle(s Step, l lang.Lang) string {
	what := l.Pick("start", "初值")
	switch {
	case s.Point >= 0:
		what = l.Pick(pointName(s.Point)+" misclassified", "误分类点 "+pointName(s.Point))
	case s.K > 0:
		what = l.Pick("no point misclassified", "没有误分类点")
	}
	return fmt.Sprintf("k = %d%s%s\nw = %s%sb = %s", s.K, l.Pick(": ", "："), what,
		notation.Vector(s.W), l.Pick(", ", "，"), notation.Number(s.B))
}

// PerceptronSteps builds small multiples of a perceptron run on data in the
// plane: one panel per step, cols panels a row, each with the hyperplane
// w·x + b = 0 at that step, the half-planes it assigns to +1 and −1, and
// the point the step updated on on a yellow halo; the titles follow
// StepTitle. All panels show the same square range, around the points and
// the origin (the first hyperplanes of a run from w = 0 pass near it); one
// legend stands to the right of the grid.
//
// It returns an error wrapping the dataset sentinels for unusable data,
// ErrEmpty for no steps, and errors as Plane.Plot does; it panics as
// Plane.Plot does and if cols < 1.
func PerceptronSteps(x mat.Matrix, y []float64, steps []Step, cols int, l lang.Lang) (*Grid, error) {
	if len(steps) == 0 {
		return nil, errtext.Errorf("figures: %w: no perceptron steps", ErrEmpty)
	}
	view, err := sharedView(x, y, true)
	if err != nil {
		return nil, errtext.Errorf("figures: perceptron steps: %w", err)
	}
	panels := make([]Plane, len(steps))
	for i, st := range steps {
		panels[i] = Plane{
			Title:          StepTitle(st, l),
			X:              x,
			Y:              y,
			Names:          PointNames(len(y)),
			Boundaries:     []Boundary{{W: st.W, B: st.B, Label: l.Pick("hyperplane w·x + b = 0", "超平面 w·x + b = 0"), Shade: true}},
			HighlightLabel: l.Pick("misclassified, updated on", "误分类点，用于更新"),
			View:           view,
			NoLegend:       true,
			Lang:           l,
		}
		if st.Point >= 0 {
			panels[i].Highlight = []int{st.Point}
		}
	}
	return planeGrid("", panels, cols, func(i int) string { return fmt.Sprintf("perceptron step k = %d", steps[i].K) })
}

// NewPlaneGrid lays figures of the plane out as small multiples, cols a
// row under title, with one legend to the right of the grid: the fullest
// of the panels' legends. Each panel's own legend is left out (NoLegend).
// It returns the first panel's error, with its index, and panics if
// cols < 1.
func NewPlaneGrid(title string, cols int, panels ...Plane) (*Grid, error) {
	return planeGrid(title, panels, cols, func(i int) string { return fmt.Sprintf("panel %d", i+1) })
}

// planeGrid plots the panels cols a row, with the fullest of their legends
// to the right of the grid; name(i) names panel i in errors.
func planeGrid(title string, panels []Plane, cols int, name func(i int) string) (*Grid, error) {
	var legend *SideLegend
	plots := make([]*plot.Plot, len(panels))
	for i, pl := range panels {
		pl.NoLegend = true
		p, leg, err := pl.PlotLegend()
		if err != nil {
			return nil, errtext.Errorf("figures: %s: %w", name(i), err)
		}
		panelStyle(p)
		plots[i] = p
		legend = fullest(legend, leg)
	}
	g := NewGrid(title, cols, plots...)
	g.Legend = legend
	return g, nil
}

// fullest returns the legend with more entries, preferring a and legends
// that do not report a missing line.
func fullest(a, b *SideLegend) *SideLegend {
	score := func(l *SideLegend) int {
		if l == nil {
			return -1
		}
		return 2*len(l.names) - l.missing
	}
	if score(b) > score(a) {
		return b
	}
	return a
}

// Fit is one soft-margin SVM solution of a sweep over C: the hyperplane
// w·x + b = 0 and the support vectors by KKT class, as svm.Result lists
// them.
type Fit struct {
	C float64
	W []float64
	B float64
	// FreeIndices lists the points with 0 < αᵢ < C, BoundedIndices those
	// with αᵢ = C (0-based).
	FreeIndices, BoundedIndices []int
}

// SoftMarginSweep builds small multiples over values of C, one panel per
// fit, cols a row: the decision boundary, the margins w·x + b = ±1, and the
// points ringed by KKT class (SupportVectors). Each title gives C, the
// margin width 2/‖w‖ and the number of multipliers strictly between 0 and
// C and at C. All panels show the same square range.
//
// It returns errors and panics as PerceptronSteps does.
func SoftMarginSweep(x mat.Matrix, y []float64, fits []Fit, cols int, l lang.Lang) (*Grid, error) {
	if len(fits) == 0 {
		return nil, errtext.Errorf("figures: %w: no fits", ErrEmpty)
	}
	view, err := sharedView(x, y, false)
	if err != nil {
		return nil, errtext.Errorf("figures: soft-margin sweep: %w", err)
	}
	panels := make([]Plane, len(fits))
	for i, f := range fits {
		free, bound := len(f.FreeIndices), len(f.BoundedIndices)
		width := "∞"
		if len(f.W) == 2 {
			if n := math.Hypot(f.W[0], f.W[1]); n > 0 {
				width = notation.Number(2 / n)
			}
		}
		// C is a setting, written as the caller wrote it (0.1, not 1/10);
		// the margin width is computed, and written by notation.
		title := l.Pick(
			fmt.Sprintf("C = %g, margin 2/‖w‖ = %s\n0 < αᵢ < C: %d points, αᵢ = C: %d", f.C, width, free, bound),
			fmt.Sprintf("C = %g，间隔 2/‖w‖ = %s\n0 < αᵢ < C：%d 个，αᵢ = C：%d 个", f.C, width, free, bound))
		panels[i] = Plane{
			Title:          title,
			X:              x,
			Y:              y,
			Boundaries:     []Boundary{{W: f.W, B: f.B, Label: l.Pick("separating hyperplane w·x + b = 0", "分离超平面 w·x + b = 0"), Margins: true}},
			FreeIndices:    f.FreeIndices,
			BoundedIndices: f.BoundedIndices,
			SoftMargin:     f.C > 0,
			View:           view,
			NoLegend:       true,
			Lang:           l,
		}
	}
	g, err := planeGrid("", panels, cols, func(i int) string { return fmt.Sprintf("soft margin C = %g", fits[i].C) })
	if err != nil {
		return nil, err
	}
	if g.Legend != nil {
		g.Legend.Margin = vg.Points(sweepLegendMargin)
	}
	return g, nil
}

// sweepLegendMargin is the room, in points, between the longest entry of
// SoftMarginSweep's legend ("separating hyperplane w·x + b = 0") and the
// figure's right edge: more than a plot's own (SideLegend.Margin), since
// the wide grid is printed smaller, and a viewer that sets the text a
// little wider than measured would otherwise run it into the edge.
const sweepLegendMargin = 16

// sharedView validates the data and returns the square range every panel
// of a sweep shows, around the points and, if origin is set, the origin.
func sharedView(x mat.Matrix, y []float64, origin bool) (Rect, error) {
	if err := dataset.Validate(x, y); err != nil {
		return Rect{}, err
	}
	pts, err := planePoints(x)
	if err != nil {
		return Rect{}, err
	}
	if origin {
		pts = append(pts, plotter.XY{})
	}
	return squareView(pts), nil
}

// panelStyle shrinks the title and labels of a plot for small multiples.
func panelStyle(p *plot.Plot) {
	p.Title.TextStyle.Font.Size = vg.Points(panelTitleSize)
	p.Title.Padding = vg.Points(4)
	p.X.Label.TextStyle.Font.Size = vg.Points(10)
	p.Y.Label.TextStyle.Font.Size = vg.Points(10)
	p.X.Tick.Label.Font.Size = vg.Points(9)
	p.Y.Tick.Label.Font.Size = vg.Points(9)
}
