package gallery

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

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
		return nil, fmt.Errorf("%w: no update in the trace", figures.ErrEmpty)
	}
	view, err := figures.SharedView(x, y, true)
	if err != nil {
		return nil, fmt.Errorf("gallery: update panels: %w", err)
	}
	names := figures.PointNames(len(y))
	before := l.Pick("examined under w, b (shaded)", "检查时的 w, b（着色）")
	after := l.Pick("after the update", "更新后")
	var panels []figures.Plane
	for k := 1; k < len(trace); k++ {
		prev, s := trace[k-1], trace[k]
		panels = append(panels, figures.Plane{
			Title: fmt.Sprintf(l.Pick("k = %d: x%d misclassified by\nw = %s, b = %s\n→ w = %s, b = %s",
				"k = %d：x%d 被误分类\n在 w = %s, b = %s 下\n→ w = %s, b = %s"),
				s.K, s.Point+1, notation.Plain.Vector(prev.W), notation.Plain.Number(prev.B),
				notation.Plain.Vector(s.W), notation.Plain.Number(s.B)),
			X: x, Y: y, Names: names, View: view, Lang: l,
			Boundaries: []figures.Boundary{
				{W: s.W, B: s.B, Label: after},
				{W: prev.W, B: prev.B, Label: before, Shade: true},
			},
			Highlight:      []int{s.Point},
			HighlightLabel: l.Pick("examined point, misclassified", "所检查的误分类点"),
		})
	}
	last := trace[len(trace)-1]
	if len(perceptron.Misclassified(x, y, last.W, last.B)) == 0 {
		panels = append(panels, figures.Plane{
			Title: fmt.Sprintf(l.Pick("end: no point misclassified\nby w = %s, b = %s\n", "结束：在 w = %s, b = %s 下\n没有误分类点\n"),
				notation.Plain.Vector(last.W), notation.Plain.Number(last.B)),
			X: x, Y: y, Names: names, View: view, Lang: l,
			Boundaries: []figures.Boundary{{W: last.W, B: last.B, Label: after, Shade: true}},
		})
	}
	return figures.NewPlaneGrid("", 4, panels...)
}
