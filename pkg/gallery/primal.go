package gallery

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Notebook 02-primal-form: Table 2.1, the possible answers, XOR.

func primalEntries() []Entry {
	const nb = "02-primal-form"
	return []Entry{
		entry("02-primal-table21-steps", nb, "Table 2.1 as small multiples: the hyperplane after every update",
			Table21Steps),
		entry("02-primal-example21-outcomes", nb, "Example 2.1: the four hyperplanes Algorithm 2.1 can end at, with their probabilities under random choice",
			Example21Outcomes),
		entry("02-primal-xor-pocket-averaged", nb, "40 XOR points: the last, pocket and averaged perceptron weights",
			func(l lang.Lang) (*plot.Plot, error) { return XORLinear(XORData(), l) }),
	}
}

// Table21Steps draws Table 2.1 as small multiples, four panels a row: for
// each update of the book's run the point it used, under the weights it was
// examined under (their half-planes shaded), and the weights after it; a
// last panel shows the final weights. The words are in the language l.
func Table21Steps(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("Table21Steps", &err)
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	return traceSteps(x, y, run.Trace, l)
}

// traceSteps draws a recorded run of Algorithm 2.1 on (x, y) as small
// multiples, one panel per update (updatePanels), the words in the
// language l.
func traceSteps(x mat.Matrix, y []float64, trace []perceptron.Step, l lang.Lang) (*figures.Grid, error) {
	return updatePanels(x, y, trace, l)
}

// Example21Outcomes draws every hyperplane at which a run of Algorithm 2.1
// on Example 2.1 from w₀ = 0, b₀ = 0 can stop (perceptron.Enumeration), each
// labelled with its probability when the misclassified point is chosen at
// random; the words in the language l.
func Example21Outcomes(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Example21Outcomes", &err)
	x, y := dataset.Example21().XY()
	outcomes, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		return nil, err
	}
	hs := make([]figures.Boundary, len(outcomes))
	for i, o := range outcomes {
		hs[i] = figures.Boundary{Line: figures.Line{W: o.W, B: o.B}, Label: fmt.Sprintf(l.Pick("%s (P = %s)", "%s（P = %s）"), notation.Equation(o.W, o.B), notation.Number(o.Prob))}
	}
	return figures.Plane{
		Title: l.Pick("Example 2.1: every hyperplane Algorithm 2.1 can end at", "例 2.1：算法 2.1 可能得到的所有分离超平面"),
		X:     x, Y: y, Names: figures.PointNames(len(y)), Boundaries: hs, Lang: l,
	}.Plot()
}

// XORData returns the 40 noisy XOR points of notebooks 02-primal-form and
// 03-dual-form-gram: dataset.XOR with its default source and noise 0.3.
func XORData() *dataset.Set { return dataset.XOR(nil, 40, 0.3) }

// XORLinear draws data that no line separates with three linear answers:
// the last weights of Primal after its epoch limit, its pocket weights
// (whose half-planes are shaded, as the title says), and the averaged
// weights of Voted, all with their defaults; the
// words in the language l.
func XORLinear(set *dataset.Set, l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("XORLinear", &err)
	r, err := perceptron.Primal{}.Fit(set.X, set.Y)
	if err != nil && !errors.Is(err, perceptron.ErrNotConverged) {
		return nil, err
	}
	v, err := perceptron.Voted{}.Fit(set.X, set.Y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick(fmt.Sprintf("%d XOR points: no line separates them\nshaded: the half-planes of the pocket weights", len(set.Y)),
			fmt.Sprintf("%d 个异或点：没有直线能把它们分开\n着色：口袋权值的两个半平面", len(set.Y))),
		X: set.X, Y: set.Y,
		Boundaries: []figures.Boundary{
			{Line: figures.Line{W: r.W, B: r.B}, Label: l.Pick(fmt.Sprintf("last weights after %d epochs", r.Epochs), fmt.Sprintf("%d 遍后的最终权值", r.Epochs))},
			{Line: figures.Line{W: r.Pocket.W, B: r.Pocket.B}, Label: l.Pick(fmt.Sprintf("pocket weights (%d errors), shaded", r.Pocket.Errors),
				fmt.Sprintf("口袋权值（%d 个误分类点），着色", r.Pocket.Errors)), Shade: true},
			{Line: figures.Line{W: v.Averaged.W, B: v.Averaged.B}, Label: l.Pick("averaged perceptron", "平均感知机")},
		},
		Lang: l,
	}.Plot()
}
