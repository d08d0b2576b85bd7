package notebook_test

import (
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/notebook"
)

// Outside a GoNB cell, Table prints the Markdown it would display. The rows
// are the first two of book Table 2.1.
func ExampleTable() {
	notebook.Table(
		[]string{"k", "misclassified", "w", "b"},
		[][]string{
			{"0", "", "(0, 0)", "0"},
			{"1", "x1", "(3, 3)", "1"},
		})
	// Output:
	// | k | misclassified | w | b |
	// |---|---|---|---|
	// | 0 |  | (0, 0) | 0 |
	// | 1 | x1 | (3, 3) | 1 |
}

// Outside a GoNB cell, Markdown prints its argument.
func ExampleMarkdown() {
	notebook.Markdown("$k \\le (R/\\gamma)^2$")
	// Output:
	// $k \le (R/\gamma)^2$
}

// Outside a GoNB cell, Slider prints the state of every frame: here two
// steps of Algorithm 2.1 on Example 2.1 (book Table 2.1, k = 0 and 1).
func ExampleSlider() {
	x, y := dataset.Example21().XY()
	frame := func(state string, w []float64, b float64) figures.Frame {
		p, err := figures.Plane{X: x, Y: y, Boundaries: []figures.Boundary{{Line: figures.Line{W: w, B: b}}}}.Plot()
		if err != nil {
			panic(err)
		}
		return figures.Frame{State: state, Figure: p}
	}
	notebook.Slider("k", []figures.Sequence{{Frames: []figures.Frame{
		frame("k = 0: w = (0, 0), b = 0", []float64{0, 0}, 0),
		frame("k = 1: w = (3, 3), b = 1", []float64{3, 3}, 1),
	}}}, figures.PlaneWidth, figures.Height)
	// Output:
	// ⇄ k
	// k = 0: w = (0, 0), b = 0
	// k = 1: w = (3, 3), b = 1
}
