package gallery

import (
	"fmt"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// Notebook 01-distance-loss: the hyperplane, distances and L(w, b).

func distanceEntries() []Entry {
	const nb = "01-distance-loss"
	return []Entry{
		entry("01-distance-example21-distances", nb, "Example 2.1: the distances |w·xᵢ + b|/‖w‖ to the final hyperplane of Table 2.1",
			figures.PlaneWidth, 0, Example21Distances),
		entry("01-distance-table21-k1-misclassified", nb, "Table 2.1, k = 1: the hyperplane 3x(1) + 3x(2) + 1 = 0 and the point it misclassifies",
			figures.PlaneWidth, 0, Table21Misclassified),
		entry("01-distance-loss-along-table21", nb, "L(w, b) and the number of misclassified points along Table 2.1",
			figures.Width, figures.Height, Table21Loss),
	}
}

// Table21 returns the book's run of Algorithm 2.1 on Example 2.1 (η = 1,
// w₀ = 0, b₀ = 0, the cyclic order x1, x2, x3) with its trace, the rows of
// Table 2.1.
func Table21() (*perceptron.Result, error) {
	x, y := dataset.Example21()
	return perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
}

// Example21Distances draws Example 2.1 with the hyperplane Table 2.1 ends
// at, x(1) + x(2) − 3 = 0: its normal w, the half-planes it assigns to ±1
// and the distance of every point to it.
func Example21Distances() (*plot.Plot, error) {
	x, y := dataset.Example21()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: "Example 2.1: distances to " + figures.Equation(run.W, run.B),
		X:     x, Y: y, Names: figures.PointNames(len(y)),
		Hyperplanes: []figures.Hyperplane{{W: run.W, B: run.B, Normal: true, Shade: true, Distances: []int{0, 1, 2}}},
	}.Plot()
}

// Table21Misclassified draws the state after the first update of Table 2.1,
// 3x(1) + 3x(2) + 1 = 0, with the point it misclassifies (x3) on a halo and
// its distance to the line.
func Table21Misclassified() (*plot.Plot, error) {
	x, y := dataset.Example21()
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
	return figures.Plane{
		Title: fmt.Sprintf("Table 2.1, k = %d: %s %s misclassified", s.K, report.Points(m, lang.English), verb),
		X:     x, Y: y, Names: figures.PointNames(len(y)),
		Hyperplanes: []figures.Hyperplane{{W: s.W, B: s.B, Shade: true, Normal: true, Distances: m}},
		Highlight:   m,
	}.Plot()
}

// Table21Loss plots the loss L(w, b) = −Σ_M yᵢ(w·xᵢ + b) and the size of
// the misclassified set M at every step of Table 2.1: L is not monotone, and
// it is 0 at k = 0 although all three points are misclassified.
func Table21Loss() (*plot.Plot, error) {
	x, y := dataset.Example21()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	var l, m []float64
	for _, s := range run.Trace {
		l = append(l, perceptron.Loss(x, y, s.W, s.B))
		m = append(m, float64(len(perceptron.Misclassified(x, y, s.W, s.B))))
	}
	return figures.Lines{
		Title: "Example 2.1: L(w, b) and |M| along Table 2.1", XLabel: "k (updates)", YLabel: "value", Values: true,
		Series: []figures.Series{{Name: "L(w, b)", Y: l}, {Name: "|M| (misclassified)", Y: m}},
	}.Plot()
}
