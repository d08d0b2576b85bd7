package figures

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/dataset"
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

// StepTitle is the title of a perceptron step panel:
// "k=1: x1 misclassified" over "w = (3, 3), b = 1".
func StepTitle(s Step) string {
	what := "start"
	switch {
	case s.Point >= 0:
		what = pointName(s.Point) + " misclassified"
	case s.K > 0:
		what = "no point misclassified"
	}
	return fmt.Sprintf("k=%d: %s\nw = %s, b = %s", s.K, what, vec(s.W), num(s.B))
}

// PerceptronSteps builds small multiples of a perceptron run on data in the
// plane: one panel per step, cols panels a row, each with the hyperplane
// w·x + b = 0 at that step, the half-planes it assigns to +1 and −1, and
// the point the step updated on on a yellow halo; the titles follow
// StepTitle. All panels show the same square range, around the points and
// the origin (the first hyperplanes of a run from w = 0 pass near it); one
// legend stands to the right of the grid.
//
// It returns an error wrapping the dataset sentinels for unusable data, or
// ErrEmpty for no steps; it panics as Plane.Plot does and if cols < 1.
func PerceptronSteps(x mat.Matrix, y []float64, steps []Step, cols int) (*Grid, error) {
	if len(steps) == 0 {
		return nil, fmt.Errorf("%w: no perceptron steps", ErrEmpty)
	}
	view, err := sharedView(x, y, true)
	if err != nil {
		return nil, fmt.Errorf("figures: perceptron steps: %w", err)
	}
	panels := make([]Plane, len(steps))
	for i, st := range steps {
		panels[i] = Plane{
			Title:          StepTitle(st),
			X:              x,
			Y:              y,
			Names:          PointNames(len(y)),
			Hyperplanes:    []Hyperplane{{W: st.W, B: st.B, Label: "w·x + b = 0", Shade: true}},
			HighlightLabel: "misclassified, updated on",
			View:           view,
			NoLegend:       true,
		}
		if st.Point >= 0 {
			panels[i].Highlight = []int{st.Point}
		}
	}
	return planeGrid(panels, cols, func(i int) string { return fmt.Sprintf("perceptron step k=%d", steps[i].K) })
}

// planeGrid plots the panels cols a row, with the fullest of their legends
// to the right of the grid; name(i) names panel i in errors.
func planeGrid(panels []Plane, cols int, name func(i int) string) (*Grid, error) {
	var legend *SideLegend
	plots := make([]*plot.Plot, len(panels))
	for i, pl := range panels {
		p, leg, err := pl.plot()
		if err != nil {
			return nil, fmt.Errorf("figures: %s: %w", name(i), err)
		}
		panelStyle(p)
		plots[i] = p
		legend = fullest(legend, leg)
	}
	g := NewGrid("", cols, plots...)
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
		s := 2 * len(l.names)
		for _, n := range l.names {
			if strings.Contains(n, "no line") {
				s--
			}
		}
		return s
	}
	if score(b) > score(a) {
		return b
	}
	return a
}

// Fit is one soft-margin SVM solution of a sweep over C: the hyperplane
// w·x + b = 0 and the multipliers αᵢ ∈ [0, C].
type Fit struct {
	C     float64
	W     []float64
	B     float64
	Alpha []float64
}

// SoftMarginSweep builds small multiples over values of C, one panel per
// fit, cols a row: the decision boundary, the margins w·x + b = ±1, and the
// points ringed by KKT class (Plane's Alpha). Each title gives C, the
// margin width 2/‖w‖ and the number of multipliers strictly between 0 and
// C and at C. All panels show the same square range.
//
// It returns errors and panics as PerceptronSteps does.
func SoftMarginSweep(x mat.Matrix, y []float64, fits []Fit, cols int) (*Grid, error) {
	if len(fits) == 0 {
		return nil, fmt.Errorf("%w: no fits", ErrEmpty)
	}
	view, err := sharedView(x, y, false)
	if err != nil {
		return nil, fmt.Errorf("figures: soft-margin sweep: %w", err)
	}
	panels := make([]Plane, len(fits))
	for i, f := range fits {
		var free, bound int
		for _, a := range f.Alpha {
			switch kktClass(a, f.C) {
			case kktFree:
				free++
			case kktBound:
				bound++
			}
		}
		width := "∞"
		if len(f.W) == 2 {
			if n := math.Hypot(f.W[0], f.W[1]); n > 0 {
				width = num3(2 / n)
			}
		}
		title := fmt.Sprintf("C = %s, 2/‖w‖ = %s\n0 < α < C: %d, α = C: %d", num(f.C), width, free, bound)
		panels[i] = Plane{
			Title:       title,
			X:           x,
			Y:           y,
			Hyperplanes: []Hyperplane{{W: f.W, B: f.B, Label: "w·x + b = 0", Margins: true}},
			Alpha:       f.Alpha,
			C:           f.C,
			View:        view,
			NoLegend:    true,
		}
	}
	return planeGrid(panels, cols, func(i int) string { return fmt.Sprintf("soft margin C=%v", fits[i].C) })
}

// sharedView validates the data and returns the square range every panel
// of a sweep shows, around the points and, if origin is set, the origin.
func sharedView(x mat.Matrix, y []float64, origin bool) (Rect, error) {
	if err := dataset.Validate(x, y); err != nil {
		return Rect{}, err
	}
	n, d := x.Dims()
	if d != 2 {
		panic("figures: plane data must have two columns")
	}
	pts := make([]plotter.XY, n)
	for i := range pts {
		pts[i] = plotter.XY{X: x.At(i, 0), Y: x.At(i, 1)}
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
