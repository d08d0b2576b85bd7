package gallery

import (
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 08-svm-dual-example: Example 7.2 worked by hand.

func svmDualEntries() []Entry {
	const nb = "08-svm-dual-example"
	return []Entry{
		entry("08-svm-dual-s-contour", nb, "Example 7.2: s(α₁, α₂) over α ≥ 0 with its stationary point and the two boundary minima",
			Example72Contour),
		entry("08-svm-dual-max-margin", nb, "Example 7.2: the maximum-margin hyperplane, its margins and support vectors",
			Example72Margin),
	}
}

// Example72Contour draws the dual objective of Example 7.2 after the
// substitution α3 = α1 + α2, s(α₁, α₂) = 4α1² + 13/2α2² + 10α1α2 − 2α1 − 2α2,
// over a window around the quadrant α ≥ 0 (the rest shaded), with its
// stationary point (3/2, −1) and the minima (0, 2/13) and (1/4, 0) of the two
// edges, each on its level curve; the words in the language l.
func Example72Contour(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Example72Contour", &err)
	x, y := dataset.Example21().XY()
	d, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		return nil, err
	}
	s := d.Eliminate(2) // α3 = α1 + α2
	z, err := s.Stationary()
	if err != nil {
		return nil, err
	}
	return figures.Contour{
		Title: l.Pick("Example 7.2: s(α₁, α₂) and the candidates", "例 7.2：s(α₁, α₂) 与候选点"), FName: "s", Lang: l,
		F:      func(a1, a2 float64) float64 { return s.Value([]float64{a1, a2}) },
		View:   figures.Rect{XMin: -0.25, XMax: 1.75, YMin: -1.25, YMax: 0.5},
		Levels: []float64{-0.45, -0.35, -0.25, -2.0 / 13, 0, 0.5, 1.5},
		Candidates: []figures.Candidate{{Name: l.Pick("stationary point", "驻点"), A1: z[0], A2: z[1]},
			{Name: "α₁ = 0", A1: 0, A2: 2.0 / 13}, {Name: "α₂ = 0", A1: 0.25, A2: 0}},
	}.Plot()
}

// Example72Margin draws the answer of Examples 7.1 and 7.2, found by the
// exact solver (svm.Exact): the hyperplane ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0, its
// margins w·x + b = ±1, its normal, and the support vectors x1 and x3
// circled; the words in the language l.
func Example72Margin(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Example72Margin", &err)
	x, y := dataset.Example21().XY()
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick("Example 7.2: the maximum-margin hyperplane", "例 7.2：最大间隔分离超平面"), X: x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: ex.W, B: ex.B}, Margins: true, Normal: true,
			Label: l.Pick("separating hyperplane ", "分离超平面 ") + notation.Equation(ex.W, ex.B)}},
		FreeIndices: ex.FreeIndices, BoundedIndices: ex.BoundedIndices,
		Lang: l,
	}.Plot()
}
