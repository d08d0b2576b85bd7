package gallery

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// The range of the functional margin in Figure 7.6.
const (
	marginMin = -2
	marginMax = 2
)

// lossCurves draws Figure 7.6 of the book (Figure76): the 0-1 loss (a
// step), the hinge loss [1 − z]₊ (solid), the book's surrogate loss
// (代理损失函数) of the 0-1 loss, and the perceptron loss [−z]₊ (dashed),
// which is none — it lies below the 0-1 loss for −1 < z < 0 —, as
// functions of the functional margin z = y(w·x + b) over [−2, 2], with the
// points (0, 1), (0, 0) and (1, 0) marked; logistic, if not nil, adds a
// dotted logistic loss for comparison. The words are in the language l,
// the book's 函数间隔 and 损失 in Chinese. The losses are functions such
// as those of pkg/loss; the 0-1 loss is sampled finely enough that its
// jump draws as the book's vertical step.
//
// It returns figures.ErrNotFinite if a loss is NaN or infinite on the
// range, and figures.ErrFont for Chinese without a Chinese font; it panics
// if zeroOne, hinge or perceptron is nil.
func lossCurves(zeroOne, hinge, perceptron, logistic func(z float64) float64, l lang.Lang) (*plot.Plot, error) {
	if zeroOne == nil || hinge == nil || perceptron == nil {
		panic("gallery: Figure 7.6 needs the 0-1, hinge and perceptron losses")
	}
	type curve struct {
		name  string
		f     func(float64) float64
		style draw.LineStyle
		n     int
	}
	curves := []curve{
		{l.Pick("0-1 loss", "0-1 损失函数"), zeroOne, draw.LineStyle{Color: figures.Black, Width: vg.Points(1.5)}, 801},
		{l.Pick("hinge loss max(0, 1 − z)", "合页损失函数 max(0, 1 − z)"), hinge, draw.LineStyle{Color: figures.Blue, Width: vg.Points(2.2)}, 401},
		{l.Pick("perceptron loss max(0, −z)", "感知机损失函数 max(0, −z)"), perceptron,
			draw.LineStyle{Color: figures.Vermillion, Width: vg.Points(2.2), Dashes: []vg.Length{vg.Points(7), vg.Points(4)}}, 401},
	}
	if logistic != nil {
		curves = append(curves, curve{l.Pick("logistic loss", "逻辑斯谛损失函数"), logistic,
			draw.LineStyle{Color: figures.Green, Width: vg.Points(2), Dashes: []vg.Length{vg.Points(2), vg.Points(3)}}, 401})
	}
	p, err := titledPlot(l, l.Pick("Figure 7.6: the 0-1, hinge and perceptron losses", "图 7.6：0-1 损失函数、合页损失函数与感知机损失函数"),
		l.Pick("functional margin y(w·x + b)", "函数间隔 y(w·x + b)"), l.Pick("loss", "损失"))
	if err != nil {
		return nil, err
	}
	legend := figures.NewSideLegend()
	ymax := 1.0
	for _, c := range curves {
		xys := make(plotter.XYs, c.n)
		for i := range xys {
			z := marginMin + float64(i)*(marginMax-marginMin)/float64(c.n-1)
			v := c.f(z)
			if !finite(v) {
				return nil, errtext.Errorf("%w: %s at z = %v", figures.ErrNotFinite, c.name, z)
			}
			xys[i] = plotter.XY{X: z, Y: v}
			ymax = math.Max(ymax, v)
		}
		p.Add(&plotter.Line{XYs: xys, LineStyle: c.style})
		legend.Add(c.name, figures.LineThumb(c.style))
	}
	marked := plotter.XYs{{X: 0, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 0}}
	p.Add(&plotter.Scatter{XYs: marked, GlyphStyle: draw.GlyphStyle{Color: figures.Black, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}})
	for i, where := range []struct {
		off vg.Point
		x   draw.XAlignment
		y   draw.YAlignment
	}{
		{vg.Point{X: vg.Points(5), Y: vg.Points(3)}, draw.XLeft, draw.YBottom},
		{vg.Point{X: vg.Points(-5), Y: vg.Points(-4)}, draw.XRight, draw.YTop},
		{vg.Point{X: vg.Points(4), Y: vg.Points(-4)}, draw.XLeft, draw.YTop},
	} {
		q := marked[i]
		// gonum's labels, one a point for its own offset and alignment.
		lb := &plotter.Labels{XYs: plotter.XYs{q}, Labels: []string{notation.Vector([]float64{q.X, q.Y})}, Offset: where.off,
			TextStyle: []text.Style{{Color: figures.Black, Font: font.From(plot.DefaultFont, vg.Points(figures.LabelFontSize+1)),
				XAlign: where.x, YAlign: where.y, Handler: p.TextHandler}}}
		p.Add(lb)
	}
	p.Add(legend)
	setView(p, figures.Rect{XMin: marginMin, XMax: marginMax, YMin: -0.3, YMax: ymax + 0.15})
	p.X.Tick.Marker = figures.RoundTicks{}
	p.Y.Tick.Marker = figures.RoundTicks{}
	return p, nil
}
