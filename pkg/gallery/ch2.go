package gallery

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// The second edition's figures of notebooks 01-distance-loss and
// 02-primal-form: the updates of a run panel by panel, and why the number
// of misclassified points is not the loss.

// updatePanels draws a recorded run of Algorithm 2.1 on (x, y) as small
// multiples, four panels a row, one per update k = 1, 2, …: the point the
// update used, on a halo, under the weights it was examined under (dashed,
// their half-planes shaded), and the weights after the update (solid). When
// the last weights classify every point correctly, a last panel shows them
// with their half-planes. All panels show the same square around the points
// and the origin; the words are in the language l.
func updatePanels(x mat.Matrix, y []float64, trace []perceptron.Step, l lang.Lang) (*figures.Grid, error) {
	if len(trace) < 2 {
		return nil, errtext.Errorf("%w: no update in the trace", figures.ErrEmpty)
	}
	view, err := figures.SharedView(x, y, true)
	if err != nil {
		return nil, errtext.Errorf("gallery: update panels: %w", err)
	}
	names := figures.PointNames(len(y))
	before := l.Pick("examined under w, b (shaded)", "检查时的 w、b（着色）")
	after := l.Pick("after the update", "更新后")
	var panels []figures.Plane
	for k := 1; k < len(trace); k++ {
		prev, s := trace[k-1], trace[k]
		panels = append(panels, figures.Plane{
			Title: fmt.Sprintf(l.Pick("k = %d: x%d misclassified by\nw = %s, b = %s\n→ w = %s, b = %s",
				"k = %d：x%d 被误分类\n在 w = %s，b = %s 下\n→ w = %s，b = %s"),
				s.K, s.Point+1, notation.Vector(prev.W), notation.Number(prev.B),
				notation.Vector(s.W), notation.Number(s.B)),
			X: x, Y: y, Names: names, View: view, Lang: l,
			Boundaries: []figures.Boundary{
				{Line: figures.Line{W: s.W, B: s.B}, Label: after},
				{Line: figures.Line{W: prev.W, B: prev.B}, Label: before, Shade: true},
			},
			Highlight:      []int{s.Point},
			HighlightLabel: l.Pick("examined point, misclassified", "所检查的误分类点"),
		})
	}
	last := trace[len(trace)-1]
	if len(perceptron.Misclassified(x, y, last.W, last.B)) == 0 {
		panels = append(panels, figures.Plane{
			Title: fmt.Sprintf(l.Pick("end: no point misclassified\nby w = %s, b = %s\n", "结束：在 w = %s，b = %s 下\n没有误分类点\n"),
				notation.Vector(last.W), notation.Number(last.B)),
			X: x, Y: y, Names: names, View: view, Lang: l,
			Boundaries: []figures.Boundary{{Line: figures.Line{W: last.W, B: last.B}, Label: after, Shade: true}},
		})
	}
	return figures.NewPlaneGrid("", 4, panels...)
}

// StepTitle is the title of a perceptron step panel in the language l:
// "k = 1: x1 misclassified" over "w = (3, 3), b = 1".
func StepTitle(s perceptron.Step, l lang.Lang) string {
	what := l.Pick("start", "初值")
	switch {
	case s.Point >= 0:
		what = l.Pick(fmt.Sprintf("x%d misclassified", s.Point+1), fmt.Sprintf("误分类点 x%d", s.Point+1))
	case s.K > 0:
		what = l.Pick("no point misclassified", "没有误分类点")
	}
	return fmt.Sprintf("k = %d%s%s\nw = %s%sb = %s", s.K, l.Pick(": ", "："), what,
		notation.Vector(s.W), l.Pick(", ", "，"), notation.Number(s.B))
}

// PerceptronSteps draws a perceptron run on data in the plane as small
// multiples (the rows of Table 2.1): one panel per step of trace, cols
// panels a row, each with the hyperplane w·x + b = 0 at that step, the
// half-planes it assigns to +1 and −1, and the point the step updated on
// on a yellow halo; the titles follow StepTitle. All panels show the same
// square range, around the points and the origin (the first hyperplanes of
// a run from w = 0 pass near it); one legend stands to the right of the
// grid.
//
// It returns figures.ErrEmpty for no steps and the errors of
// figures.NewPlaneGrid; it panics as figures.Plane.Plot does and if
// cols < 1.
func PerceptronSteps(x mat.Matrix, y []float64, trace []perceptron.Step, cols int, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("PerceptronSteps", &err)
	if len(trace) == 0 {
		return nil, errtext.Errorf("gallery: PerceptronSteps: %w: no steps", figures.ErrEmpty)
	}
	view, err := figures.SharedView(x, y, true)
	if err != nil {
		return nil, errtext.Errorf("gallery: PerceptronSteps: %w", err)
	}
	panels := make([]figures.Plane, len(trace))
	for i, st := range trace {
		panels[i] = figures.Plane{
			Title:          StepTitle(st, l),
			X:              x,
			Y:              y,
			Names:          figures.PointNames(len(y)),
			Boundaries:     []figures.Boundary{{Line: figures.Line{W: st.W, B: st.B}, Label: l.Pick("hyperplane w·x + b = 0", "超平面 w·x + b = 0"), Shade: true}},
			HighlightLabel: l.Pick("misclassified, updated on", "误分类点，用于更新"),
			View:           view,
			NoLegend:       true,
			Lang:           l,
		}
		if st.Point >= 0 {
			panels[i].Highlight = []int{st.Point}
		}
	}
	g, err := figures.NewPlaneGrid("", cols, panels...)
	if err != nil {
		return nil, errtext.Errorf("gallery: PerceptronSteps: %w", err)
	}
	return g, nil
}

// MistakesAndLoss plots, for Example 2.1 with w = (1, 1) fixed, the number
// |M| of misclassified points (yᵢ(w·xᵢ + b) ≤ 0) and the loss L(w, b) as
// the bias b runs over [−9, 1]. |M| is piecewise constant and jumps where a
// point crosses the line (b = −7, −6, −2), so its gradient is 0 wherever it
// exists; L is continuous and piecewise linear, with kinks at the same
// values of b. The words are in the language l.
func MistakesAndLoss(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("MistakesAndLoss", &err)
	x, y := dataset.Example21().XY()
	w := []float64{1, 1}
	// The points cross the line at b = −7 (x2), −6 (x1) and −2 (x3); |M|
	// is drawn with a vertical step at each, L with a corner.
	breaks := []float64{-9, -7, -6, -2, 1}
	var mb, m, lb, lv []float64
	count := func(b float64) float64 { return float64(len(perceptron.Misclassified(x, y, w, b))) }
	for j, b := range breaks {
		lb, lv = append(lb, b), append(lv, perceptron.Loss(x, y, w, b))
		if j > 0 { // the value just left of b, then at b and just right of it
			left := count((breaks[j-1] + b) / 2)
			mb, m = append(mb, b), append(m, left)
		}
		if j < len(breaks)-1 {
			right := count((b + breaks[j+1]) / 2)
			mb, m = append(mb, b), append(m, right)
		}
	}
	return figures.Lines{
		Title: l.Pick("Example 2.1, w = (1, 1): |M| jumps, L(w, b) does not",
			"例 2.1，w = (1, 1)：|M| 跳变，L(w, b) 连续"),
		XLabel: "b", YLabel: l.Pick("value", "值"),
		// L first, |M| second, as in Table21Loss: one colour, dash and
		// marker for each quantity in notebook 1.
		Series: []figures.Series{
			{Name: l.Pick("loss L(w, b)", "损失函数 L(w, b)"), X: lb, Y: lv},
			{Name: l.Pick("|M|, number of misclassified points", "|M|，误分类点数"), X: mb, Y: m},
		},
		Lang: l,
	}.Plot()
}
