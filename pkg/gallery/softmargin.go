package gallery

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/plot"

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
func SoftMarginBInterval(l lang.Lang) (*plot.Plot, error) {
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
func SoftMarginSweep(set *dataset.Set, cs []float64, l lang.Lang) (*figures.Grid, error) {
	sweep, err := svm.SMO{Eps: SweepEps}.Sweep(set.X, set.Y, cs)
	if err != nil {
		return nil, err
	}
	fits := make([]figures.Fit, len(sweep))
	for i, r := range sweep {
		fits[i] = figures.Fit{C: cs[i], Line: figures.Line{W: r.W, B: r.B}, FreeIndices: r.FreeIndices, BoundedIndices: r.BoundedIndices}
	}
	return figures.SoftMarginSweep(set.X, set.Y, fits, 2, l)
}

// Figure76 reproduces Figure 7.6 of the book with the losses of pkg/loss:
// 0-1, hinge and perceptron loss against the functional margin, the words
// in the language l.
func Figure76(l lang.Lang) (*plot.Plot, error) {
	return figures.Figure76(loss.ZeroOne, loss.Hinge, loss.Perceptron, nil, l)
}
