package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The range of the functional margin in Figure76.
const (
	marginMin = -2
	marginMax = 2
)

// Figure76 reproduces Figure 7.6 of the book: the 0-1 loss (a step), the
// hinge loss [1 − z]₊ (solid) and the perceptron loss [−z]₊ (dashed) as
// functions of the functional margin z = y(w·x + b) over [−2, 2], with the
// points (0, 1), (0, 0) and (1, 0) marked; logistic, if not nil, adds a
// dotted logistic loss for comparison. The book's axis titles 函数间隔 and
// 损失 are written in English (functional margin, loss): the Liberation
// fonts gonum embeds have no Chinese glyphs. The losses are functions such
// as those of pkg/loss; the 0-1 loss is sampled finely enough that its
// jump draws as the book's vertical step.
//
// It returns ErrNotFinite if a loss is NaN or infinite on the range; it
// panics if zeroOne, hinge or perceptron is nil.
func Figure76(zeroOne, hinge, perceptron, logistic func(z float64) float64) (*plot.Plot, error) {
	if zeroOne == nil || hinge == nil || perceptron == nil {
		panic("figures: Figure76 needs the 0-1, hinge and perceptron losses")
	}
	type curve struct {
		name  string
		f     func(float64) float64
		style draw.LineStyle
		n     int
	}
	curves := []curve{
		{"0-1 loss", zeroOne, draw.LineStyle{Color: black, Width: vg.Points(1.5)}, 801},
		{"hinge loss max(0, 1 − z)", hinge, draw.LineStyle{Color: blue, Width: vg.Points(2.2)}, 401},
		{"perceptron loss max(0, −z)", perceptron, draw.LineStyle{Color: vermillion, Width: vg.Points(2.2), Dashes: []vg.Length{vg.Points(7), vg.Points(4)}}, 401},
	}
	if logistic != nil {
		curves = append(curves, curve{"logistic loss", logistic, draw.LineStyle{Color: green, Width: vg.Points(2), Dashes: []vg.Length{vg.Points(2), vg.Points(3)}}, 401})
	}
	p := newPlot("Figure 7.6: the 0-1 loss and its surrogates", "functional margin y(w·x + b)", "loss")
	legend := NewSideLegend()
	ymax := 1.0
	for _, c := range curves {
		xys := make(plotter.XYs, c.n)
		for i := range xys {
			z := marginMin + float64(i)*(marginMax-marginMin)/float64(c.n-1)
			v := c.f(z)
			if !finite(v) {
				return nil, fmt.Errorf("%w: %s at z = %v", ErrNotFinite, c.name, z)
			}
			xys[i] = plotter.XY{X: z, Y: v}
			ymax = math.Max(ymax, v)
		}
		p.Add(&plotter.Line{XYs: xys, LineStyle: c.style})
		legend.Add(c.name, lineThumb(c.style))
	}
	marked := []plotter.XY{{X: 0, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 0}}
	dot := draw.GlyphStyle{Color: black, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
	ls := func(xa draw.XAlignment, ya draw.YAlignment) textStyleArg { return textStyleArg{xa, ya} }
	where := []struct {
		off vg.Point
		a   textStyleArg
	}{
		{vg.Point{X: vg.Points(5), Y: vg.Points(3)}, ls(draw.XLeft, draw.YBottom)},
		{vg.Point{X: vg.Points(-5), Y: vg.Points(-4)}, ls(draw.XRight, draw.YTop)},
		{vg.Point{X: vg.Points(4), Y: vg.Points(-4)}, ls(draw.XLeft, draw.YTop)},
	}
	var labels textLayer
	for i, q := range marked {
		labels = append(labels, textItem{At: q, Text: fmt.Sprintf("(%s, %s)", num(q.X), num(q.Y)), Offset: where[i].off,
			Style: labelStyle(labelFontSize+1, black, where[i].a.x, where[i].a.y)})
	}
	p.Add(marksLayer{Pts: marked, Style: dot}, labels, legend)
	setView(p, Rect{XMin: marginMin, XMax: marginMax, YMin: -0.3, YMax: ymax + 0.15})
	setAxis(&p.X, false, false)
	setAxis(&p.Y, false, false)
	return p, nil
}

// textStyleArg is the alignment of a label.
type textStyleArg struct {
	x draw.XAlignment
	y draw.YAlignment
}
