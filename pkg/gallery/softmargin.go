package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 09-soft-margin-hinge: b* not unique, the sweep over C,
// Figure 7.6.

func softMarginEntries() []Entry {
	const nb = "09-soft-margin-hinge"
	return []Entry{
		entry("09-soft-margin-b-interval", nb, "Book data, C = 0.1: the primal objective at w* is flat for b in [−0.4, −0.2]",
			SoftMarginBInterval),
		entry("09-soft-margin-c-sweep", nb, "Soft margin over C on two overlapping clouds: boundary, margins and KKT classes",
			func(l lang.Lang) (*figures.Grid, error) {
				set, cs := SoftMarginData()
				return SoftMarginSweep(set, cs, l)
			}),
		entry("09-soft-margin-figure76-losses", nb, "Figure 7.6: the 0-1, hinge and perceptron losses against the functional margin",
			Figure76),
	}
}

// SoftMarginC is the box bound with which notebook 09-soft-margin-hinge
// solves the book's data, a case where b* is an interval.
const SoftMarginC = 0.1

// SoftMarginBInterval draws the soft-margin primal objective
// ½‖w*‖² + C Σ[1 − yᵢ(w*·xᵢ + b)]₊ of Example 2.1's data with C =
// SoftMarginC at the optimal w* = (0.2, 0.2) (svm.Exact) as b varies over
// [−0.7, 0.1]: flat on the interval of optimal b, [−0.4, −0.2]. The words
// are in the language l.
func SoftMarginBInterval(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("SoftMarginBInterval", &err)
	x, y := dataset.Example21().XY()
	ex, err := svm.Exact{C: SoftMarginC}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	p := svm.PrimalProblem{X: x, Y: y, C: SoftMarginC}
	var bs, obj []float64
	for i := range 33 {
		b := -0.7 + float64(i)/40
		bs, obj = append(bs, b), append(obj, p.Objective(ex.W, b))
	}
	w := notation.Vector(ex.W)
	return figures.Lines{
		Title: l.Pick(fmt.Sprintf("Book data, C = %g: the primal objective at w* = %s", SoftMarginC, w),
			fmt.Sprintf("书中数据，C = %g：w* = %s 处的原始目标函数", SoftMarginC, w)),
		// Liberation has no subscript plus: [z]₊ is written max(0, z).
		XLabel: "b", YLabel: "½‖w*‖² + C Σ max(0, 1 − yᵢ(w*·xᵢ + b))",
		Series: []figures.Series{{X: bs, Y: obj}},
		Lang:   l,
	}.Plot()
}

// SweepEps is the stopping tolerance of SMO in the sweep over C of notebook
// 09-soft-margin-hinge, tighter than LIBSVM's 1e-3 so that the KKT classes
// are clear-cut.
const SweepEps = 1e-6

// SoftMarginData returns the data and the values of C of notebook
// 09-soft-margin-hinge's sweep: two Gaussian clouds of 40 points in all,
// centres 3 apart (dataset.Blobs, seed (7, 7)), which overlap, and C =
// 0.01, 0.1, 1, 10.
func SoftMarginData() (*dataset.Set, []float64) {
	return dataset.Blobs(rand.NewPCG(7, 7), 40, 3), []float64{0.01, 0.1, 1, 10}
}

// SoftMarginSweep solves the soft margin on set for every C of cs (SMO with
// Eps = SweepEps, svm.SMO.Sweep) and draws one panel per C, two a row: the
// boundary, the margins and the points ringed by KKT class. The words are
// in the language l.
func SoftMarginSweep(set *dataset.Set, cs []float64, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("SoftMarginSweep", &err)
	sweep, err := svm.SMO{Eps: SweepEps}.Sweep(set.X, set.Y, cs)
	if err != nil {
		return nil, err
	}
	fits := make([]sweepFit, len(sweep))
	for i, r := range sweep {
		fits[i] = sweepFit{C: cs[i], Line: figures.Line{W: r.W, B: r.B}, FreeIndices: r.FreeIndices, BoundedIndices: r.BoundedIndices}
	}
	return sweepGrid(set.X, set.Y, fits, 2, l)
}

// sweepFit is one soft-margin solution of a sweep over C: the hyperplane
// w·x + b = 0 and the support vectors by KKT class, as svm.Result lists
// them: FreeIndices the points with 0 < αᵢ < C, BoundedIndices those with
// αᵢ = C (0-based).
type sweepFit struct {
	C float64
	figures.Line
	FreeIndices, BoundedIndices []int
}

// sweepGrid builds small multiples over values of C, one panel per fit,
// cols a row: the decision boundary, the margins w·x + b = ±1, and the
// points ringed by KKT class (figures.SupportVectors). Each title gives C,
// the margin width 2/‖w‖ and the number of multipliers strictly between 0
// and C and at C. All panels show the same square range.
//
// It returns figures.ErrEmpty for no fits and the errors of
// figures.NewPlaneGrid; it panics as it does.
func sweepGrid(x mat.Matrix, y []float64, fits []sweepFit, cols int, l lang.Lang) (*figures.Grid, error) {
	if len(fits) == 0 {
		return nil, errtext.Errorf("gallery: SoftMarginSweep: %w: no fits", figures.ErrEmpty)
	}
	view, err := figures.SharedView(x, y, false)
	if err != nil {
		return nil, errtext.Errorf("gallery: SoftMarginSweep: %w", err)
	}
	panels := make([]figures.Plane, len(fits))
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
		panels[i] = figures.Plane{
			Title:          title,
			X:              x,
			Y:              y,
			Boundaries:     []figures.Boundary{{Line: f.Line, Label: l.Pick("separating hyperplane w·x + b = 0", "分离超平面 w·x + b = 0"), Margins: true}},
			FreeIndices:    f.FreeIndices,
			BoundedIndices: f.BoundedIndices,
			SoftMargin:     f.C > 0,
			View:           view,
			NoLegend:       true,
			Lang:           l,
		}
	}
	g, err := figures.NewPlaneGrid("", cols, panels...)
	if err != nil {
		return nil, errtext.Errorf("gallery: SoftMarginSweep: %w", err)
	}
	if g.Legend != nil {
		g.Legend.Margin = vg.Points(sweepLegendMargin)
	}
	return g, nil
}

// sweepLegendMargin is the room, in points, between the longest entry of
// the sweep's legend ("separating hyperplane w·x + b = 0") and the
// figure's right edge: more than a plot's own (figures.SideLegend.Margin),
// since the wide grid is printed smaller, and a viewer that sets the text a
// little wider than measured would otherwise run it into the edge.
const sweepLegendMargin = 16

// Figure76 reproduces Figure 7.6 of the book (Theorem 7.4) with the losses
// of pkg/loss: the 0-1 loss (a step), the hinge loss [1 − z]₊ (solid), the
// book's surrogate loss (代理损失函数) of the 0-1 loss, and the perceptron
// loss [−z]₊ (dashed), which is none — it lies below the 0-1 loss for
// −1 < z < 0 —, against the functional margin z = y(w·x + b) over [−2, 2],
// with the points (0, 1), (0, 0) and (1, 0) marked. The words are in the
// language l, the book's 函数间隔 and 损失 in Chinese.
func Figure76(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Figure76", &err)
	return lossCurves(loss.ZeroOne, loss.Hinge, loss.Perceptron, nil, l)
}
