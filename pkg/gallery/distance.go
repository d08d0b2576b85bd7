package gallery

import (
	"fmt"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// Notebook 01-distance-loss: the hyperplane, distances and L(w, b).

func distanceEntries() []Entry {
	const nb = "01-distance-loss"
	return []Entry{
		entry("01-distance-example21-distances", nb, "Example 2.1: the distances |w·xᵢ + b|/‖w‖ to the final hyperplane of Table 2.1",
			Example21Distances),
		entry("01-distance-mistakes-vs-loss", nb, "Example 2.1, w = (1, 1): the number of misclassified points jumps as b varies, L(w, b) is continuous",
			MistakesAndLoss),
		entry("01-distance-table21-k1-misclassified", nb, "Table 2.1, k = 1: the hyperplane 3x⁽¹⁾ + 3x⁽²⁾ + 1 = 0 and the point it misclassifies",
			Table21Misclassified),
		entry("01-distance-loss-along-table21", nb, "L(w, b) and the number of misclassified points along Table 2.1",
			Table21Loss),
	}
}

// Table21 returns the book's run of Algorithm 2.1 on Example 2.1 (η = 1,
// w₀ = 0, b₀ = 0, the cyclic order x1, x2, x3) with its trace, the rows of
// Table 2.1.
func Table21() (_ *perceptron.Result, err error) {
	defer wrapErr("Table21", &err)
	x, y := dataset.Example21().XY()
	return perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
}

// Example21Distances draws Example 2.1 with the hyperplane Table 2.1 ends
// at, x⁽¹⁾ + x⁽²⁾ − 3 = 0: its normal w, the half-planes it assigns to ±1
// and the distance of every point to it; the words in the language l.
func Example21Distances(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Example21Distances", &err)
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick("Example 2.1: distances to ", "例 2.1：各点到超平面的距离，") + notation.Equation(run.W, run.B),
		X:     x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: run.W, B: run.B}, Normal: true, Shade: true, Distances: []int{0, 1, 2}}},
		Lang:       l,
	}.Plot()
}

// Table21Misclassified draws the state after the first update of Table 2.1,
// 3x⁽¹⁾ + 3x⁽²⁾ + 1 = 0, with the point it misclassifies (x3) on a halo and
// its distance to the line; the words in the language l.
func Table21Misclassified(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Table21Misclassified", &err)
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	s := run.Trace[1]
	m := perceptron.Misclassified(x, y, s.W, s.B)
	verb := "is"
	if len(m) > 1 {
		verb = "are"
	}
	names := report.Points(m, l)
	return figures.Plane{
		Title: l.Pick(fmt.Sprintf("Table 2.1, k = %d: %s %s misclassified", s.K, names, verb),
			fmt.Sprintf("表 2.1，k = %d：误分类点为 %s", s.K, names)),
		X: x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: s.W, B: s.B}, Shade: true, Normal: true, Distances: m}},
		Highlight:  m,
		Lang:       l,
	}.Plot()
}

// Table21Loss plots the loss L(w, b) = −Σ_M yᵢ(w·xᵢ + b) and the size of
// the misclassified set M at every step of Table 2.1: L is not monotone, and
// it is 0 at k = 0 although all three points are misclassified. The words
// are in the language l.
func Table21Loss(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Table21Loss", &err)
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	var loss, m []float64
	for _, s := range run.Trace {
		loss = append(loss, perceptron.Loss(x, y, s.W, s.B))
		m = append(m, float64(len(perceptron.Misclassified(x, y, s.W, s.B))))
	}
	return figures.Lines{
		Title:  l.Pick("Example 2.1: L(w, b) and |M| along Table 2.1", "例 2.1：表 2.1 迭代过程中的 L(w, b) 与 |M|"),
		XLabel: l.Pick("k (updates)", "k（更新次数）"), YLabel: l.Pick("value", "值"), Values: true,
		Series: []figures.Series{{Name: l.Pick("loss L(w, b)", "损失函数 L(w, b)"), Y: loss},
			{Name: l.Pick("|M|, number of misclassified points", "|M|，误分类点数"), Y: m}},
		Lang: l,
	}.Plot()
}
