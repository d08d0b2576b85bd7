package gallery

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 09-soft-margin-hinge, second edition: the soft margin of the
// book's data at C = 0.1, which leaves x3 on or across the hyperplane, and
// the picture of Figure 7.5.

func ch7Entries() []Entry {
	const nb = "09-soft-margin-hinge"
	return []Entry{
		entry("09-soft-margin-c01-plane", nb, "Book data, C = 0.1: the hyperplanes at both ends of the interval of optimal b and the primal solver's, x3 on or across each",
			SoftMarginC01Plane),
		entry("09-soft-margin-figure75", nb, "Figure 7.5: support vectors of the soft margin on the margin, inside it, on the hyperplane and misclassified, with their ξ",
			Figure75),
	}
}

// SoftMarginC01Plane draws the book's data (Example 2.1) with the soft
// margin at C = SoftMarginC: the optimal w* = (0.2, 0.2) with the two ends
// of the interval of optimal b (svm.Exact's BLow = −0.4, with its margins,
// and BHigh = −0.2) and the b = −0.346 that the primal solver
// (svm.InteriorPoint) picks inside it. x3 lies on the first line and on the
// wrong side of the others; it is highlighted, since Definition 2.1
// predicts it +1 at every optimal b. The words are in the language l.
func SoftMarginC01Plane(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("SoftMarginC01Plane", &err)
	x, y := dataset.Example21().XY()
	ex, err := svm.Exact{C: SoftMarginC}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	pr, err := svm.InteriorPoint{C: SoftMarginC}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	b := func(v float64) string { return notation.Number(math.Round(v*1000) / 1000) }
	return figures.Plane{
		Title: l.Pick("Book data, C = 0.1: x3 on or across the hyperplane at every optimal b",
			"书中数据，C = 0.1：对每个最优的 b，x3 都在分离超平面上或在误分一侧"),
		X: x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries: []figures.Boundary{
			{Line: figures.Line{W: ex.W, B: ex.BLow}, Margins: true, Label: l.Pick("b = ", "b = ") + b(ex.BLow) + l.Pick(" (with its margins)", "（及其间隔边界）")},
			{Line: figures.Line{W: ex.W, B: ex.BHigh}, Label: "b = " + b(ex.BHigh)},
			{Line: figures.Line{W: pr.W, B: pr.B}, Label: l.Pick("interior point: b = ", "内点法：b = ") + b(pr.B)},
		},
		FreeIndices: ex.FreeIndices, BoundedIndices: ex.BoundedIndices, SoftMargin: true,
		View:      figures.Rect{XMin: 0, XMax: 4.5, YMin: 0, YMax: 4.5},
		Highlight: []int{2}, HighlightLabel: l.Pick("x3, predicted +1", "x3，预测为 +1"),
		Lang: l,
	}.Plot()
}

// Figure75 draws the picture of the book's Figure 7.5 in two panels, the
// support vectors of the soft margin with the slack ξᵢ = [1 − yᵢ(w·xᵢ +
// b)]₊ of every point in its label:
//
//   - Example 2.1 with x4 = (3.5, 3), −1 added (SquaredSlackData) and C = 1
//     (svm.Exact): x2 and x3 on the margin (ξ = 0, 0 < α < C), x1 inside it
//     (ξ = 4/13) and x4 misclassified (ξ = 24/13), both with α = C;
//   - the book's data with C = 0.1 at the optimal b = −0.4: x1 inside the
//     margin (ξ = 1/5), x3 on the hyperplane (ξ = 1), x2 on the margin
//     with α = 0 (not a support vector).
//
// The words are in the language l.
func Figure75(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("Figure75", &err)
	x4, y4 := SquaredSlackData().XY()
	a, err := svm.Exact{C: SquaredSlackC}.Fit(x4, y4)
	if err != nil {
		return nil, err
	}
	x, y := dataset.Example21().XY()
	s, err := svm.Exact{C: SoftMarginC}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return figures.NewPlaneGrid(l.Pick("Figure 7.5: support vectors of the soft margin", "图 7.5：软间隔的支持向量"), 2,
		slackPanel(x4, y4, a.W, a.B, a,
			l.Pick("Example 2.1 and x4 = (3.5, 3), C = 1", "例 2.1 加 x4 = (3.5, 3)，C = 1"), l),
		slackPanel(x, y, s.W, s.BLow, s,
			l.Pick("Example 2.1, C = 0.1, b = ", "例 2.1，C = 0.1，b = ")+notation.Number(s.BLow), l))
}

// slackPanel is one panel of Figure75: the hyperplane w·x + b = 0 with its
// margins and the support vectors of the soft-margin fit r ringed by KKT
// class, under a title whose second line gives the slacks ξ = (ξ1, …, ξN).
func slackPanel(x mat.Matrix, y, w []float64, b float64, r *svm.Result, title string, l lang.Lang) figures.Plane {
	xi := make([]float64, len(y))
	for i := range xi {
		xi[i] = math.Max(0, 1-y[i]*(floats.Dot(w, mat.Row(nil, i, x))+b))
		if xi[i] < 1e-9 { // zero up to rounding
			xi[i] = 0
		}
	}
	return figures.Plane{
		Title: title + "\nξ = " + notation.Vector(xi), X: x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries:  []figures.Boundary{{Line: figures.Line{W: w, B: b}, Margins: true, Label: l.Pick("separating hyperplane", "分离超平面")}},
		FreeIndices: r.FreeIndices, BoundedIndices: r.BoundedIndices, SoftMargin: true, Lang: l,
	}
}
