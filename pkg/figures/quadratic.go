package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// Quadratic is f(x) = Ax² + 2Bx + C = Σ(aᵢx + bᵢ)² of the Cauchy–Schwarz
// proof, with A = ‖a‖², B = a·b, C = ‖b‖².
type Quadratic struct {
	Name    string
	A, B, C float64
}

// CauchySchwarz plots the quadratics of the Cauchy–Schwarz proof, each in
// its own colour and dash, over a common range of x that shows every
// minimum, with the minimum (AC − B²)/A at x = −B/A marked and labelled.
// The quadratic of a collinear pair touches 0; the others stay above it.
//
// The words are in the language l. It returns ErrEmpty for no quadratics,
// ErrNotPositive when some A ≤ 0 (a = 0: no quadratic), ErrNotFinite for
// NaN or infinite coefficients and ErrFont for Chinese without a Chinese
// font.
func CauchySchwarz(qs []Quadratic, l lang.Lang) (*plot.Plot, error) {
	if len(qs) == 0 {
		return nil, fmt.Errorf("%w: no quadratics", ErrEmpty)
	}
	var xs span
	h := 0.0
	for _, q := range qs {
		if !finite(q.A, q.B, q.C) {
			return nil, fmt.Errorf("%w: quadratic %q", ErrNotFinite, q.Name)
		}
		if q.A <= 0 {
			return nil, fmt.Errorf("%w: quadratic %q has A = %v", ErrNotPositive, q.Name, q.A)
		}
		xs.add(-q.B / q.A)
		m := math.Max(0, q.C-q.B*q.B/q.A)
		h = math.Max(h, 1.5*math.Sqrt(math.Max(m, q.C/4)/q.A))
	}
	h = math.Max(h, 0.6*(xs.hi-xs.lo))
	if h == 0 {
		h = 1
	}
	lo, hi := xs.lo-h, xs.hi+h
	ymax := 0.0
	p, err := newPlot(l, "Σ(aᵢx + bᵢ)² = Ax² + 2Bx + C ≥ 0", "x", "Ax² + 2Bx + C")
	if err != nil {
		return nil, err
	}
	legend := NewSideLegend()
	var mins []plotter.XY
	for i, q := range qs {
		q := q
		f := plotter.NewFunction(func(x float64) float64 { return q.A*x*x + 2*q.B*x + q.C })
		f.XMin, f.XMax, f.Samples = lo, hi, 200
		f.LineStyle = seriesLine(i)
		f.LineStyle.Width = vg.Points(2)
		p.Add(f)
		xm := -q.B / q.A
		m := q.C - q.B*q.B/q.A
		if math.Abs(m) <= 1e-12*math.Max(1, q.C) {
			m = 0 // rounding of a collinear pair
		}
		ymax = math.Max(ymax, m+q.A*h*h)
		mins = append(mins, plotter.XY{X: xm, Y: m})
		n := notation.Number
		name := q.Name
		if name == "" {
			name = fmt.Sprintf("A = %s, B = %s, C = %s", n(q.A), n(q.B), n(q.C))
		}
		legend.Add(name+"\n"+l.Pick(fmt.Sprintf("minimum %s at x = %s", n(m), n(xm)), fmt.Sprintf("在 x = %s 处取最小值 %s", n(xm), n(m))),
			lineThumb(f.LineStyle), thumb(minGlyph(i)))
	}
	zero := &Hyperplane{Line: Line{W: []float64{0, 1}}, LineStyle: draw.LineStyle{Color: grey, Width: vg.Points(thinLineWidth)}}
	p.Add(zero)
	for i, m := range mins {
		p.Add(scatter([]plotter.XY{m}, minGlyph(i)))
	}
	p.Add(legend)
	legend.Add("y = 0", zero)
	setView(p, Rect{XMin: lo, XMax: hi, YMin: -0.08 * ymax, YMax: ymax})
	setAxis(&p.X, false, false)
	setAxis(&p.Y, false, false)
	return p, nil
}

// minGlyph marks the minimum of the i-th quadratic: its series marker,
// enlarged.
func minGlyph(i int) draw.GlyphStyle {
	g := seriesGlyph(i)
	g.Radius = vg.Points(markerRadius + 0.5)
	return g
}
