package gallery

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/inequality"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// Notebook 05-cauchy-schwarz: the quadratic of the proof.

func cauchySchwarzEntries() []Entry {
	return []Entry{
		entry("05-cauchy-schwarz-quadratics", "05-cauchy-schwarz", "Σ(aᵢx + bᵢ)² = Ax² + 2Bx + C for a non-collinear, a nearly collinear and a collinear pair",
			func(l lang.Lang) (*plot.Plot, error) { return Quadratics(CauchySchwarzPairs(l), l) }),
	}
}

// Pair is a pair of vectors a, b of the Cauchy–Schwarz inequality with a
// name for the legend.
type Pair struct {
	Name string
	A, B []float64
}

// CauchySchwarzPairs returns the three pairs of notebook 05-cauchy-schwarz,
// all with a = (1, 2, 3), named in the language l: b = (4, 5, 6), not
// collinear (the quadratic's minimum is 27/7 > 0); b = (−1, −2, −2.5),
// nearly collinear (its minimum is just above 0); and b = −2a, collinear
// (it touches 0 at x = 2).
func CauchySchwarzPairs(l lang.Lang) []Pair {
	a := []float64{1, 2, 3}
	return []Pair{
		{Name: l.Pick("b = (4, 5, 6): not collinear", "b = (4, 5, 6)：不共线"), A: a, B: []float64{4, 5, 6}},
		{Name: l.Pick("b = (−1, −2, −2.5): nearly collinear", "b = (−1, −2, −2.5)：接近共线"), A: a, B: []float64{-1, -2, -2.5}},
		{Name: l.Pick("b = −2a: collinear", "b = −2a：共线"), A: a, B: []float64{-2, -4, -6}},
	}
}

// Quadratics draws the quadratic q(x) = Σᵢ(aᵢx + bᵢ)² = Ax² + 2Bx + C of
// each pair (inequality.Quadratic), with A = ‖a‖², B = a·b, C = ‖b‖², each
// in its own colour and dash over a common range of x that shows every
// minimum, with the minimum (AC − B²)/A at x = −B/A marked and labelled:
// 0 exactly for a collinear pair, whose quadratic touches 0, whence
// B² ≤ AC. The words are in the language l.
func Quadratics(pairs []Pair, l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Quadratics", &err)
	qs := make([]quadratic, len(pairs))
	for i, p := range pairs {
		q := inequality.Quadratic(p.A, p.B)
		qs[i] = quadratic{Name: p.Name, A: q.A, B: q.B, C: q.C}
	}
	return drawQuadratics(qs, l)
}

// quadratic is f(x) = Ax² + 2Bx + C = Σ(aᵢx + bᵢ)² of the Cauchy–Schwarz
// proof, with A = ‖a‖², B = a·b, C = ‖b‖², and its name in the legend.
type quadratic struct {
	Name    string
	A, B, C float64
}

// drawQuadratics draws the figure of Quadratics; a quadratic without a
// name is named by its coefficients. It returns figures.ErrEmpty for no
// quadratics, figures.ErrNotPositive when some A ≤ 0 (a = 0: no
// quadratic), figures.ErrNotFinite for NaN or infinite coefficients and
// figures.ErrFont for Chinese without a Chinese font.
func drawQuadratics(qs []quadratic, l lang.Lang) (*plot.Plot, error) {
	if len(qs) == 0 {
		return nil, errtext.Errorf("%w: no quadratics", figures.ErrEmpty)
	}
	xlo, xhi := math.Inf(1), math.Inf(-1) // the minima's x
	h := 0.0
	for _, q := range qs {
		if !finite(q.A, q.B, q.C) {
			return nil, errtext.Errorf("%w: quadratic %q", figures.ErrNotFinite, q.Name)
		}
		if q.A <= 0 {
			return nil, errtext.Errorf("%w: quadratic %q has A = %v", figures.ErrNotPositive, q.Name, q.A)
		}
		xlo, xhi = math.Min(xlo, -q.B/q.A), math.Max(xhi, -q.B/q.A)
		m := math.Max(0, q.C-q.B*q.B/q.A)
		h = math.Max(h, 1.5*math.Sqrt(math.Max(m, q.C/4)/q.A))
	}
	h = math.Max(h, 0.6*(xhi-xlo))
	if h == 0 {
		h = 1
	}
	lo, hi := xlo-h, xhi+h
	ymax := 0.0
	p, err := titledPlot(l, "Σ(aᵢx + bᵢ)² = Ax² + 2Bx + C ≥ 0", "x", "Ax² + 2Bx + C")
	if err != nil {
		return nil, err
	}
	legend := figures.NewSideLegend()
	var mins []*plotter.Scatter
	for i, q := range qs {
		f := plotter.NewFunction(func(x float64) float64 { return q.A*x*x + 2*q.B*x + q.C })
		f.XMin, f.XMax, f.Samples = lo, hi, 200
		f.LineStyle = figures.SeriesLine(i)
		f.LineStyle.Width = vg.Points(2)
		p.Add(f)
		xm := -q.B / q.A
		m := q.C - q.B*q.B/q.A
		if math.Abs(m) <= 1e-12*math.Max(1, q.C) {
			m = 0 // rounding of a collinear pair
		}
		ymax = math.Max(ymax, m+q.A*h*h)
		// The minimum, marked by the series' marker enlarged.
		g := figures.SeriesGlyph(i)
		g.Radius = vg.Points(figures.MarkerRadius + 0.5)
		mins = append(mins, &plotter.Scatter{XYs: plotter.XYs{{X: xm, Y: m}}, GlyphStyle: g})
		n := notation.Number
		name := q.Name
		if name == "" {
			name = fmt.Sprintf("A = %s, B = %s, C = %s", n(q.A), n(q.B), n(q.C))
		}
		legend.Add(name+"\n"+l.Pick(fmt.Sprintf("minimum %s at x = %s", n(m), n(xm)), fmt.Sprintf("在 x = %s 处取最小值 %s", n(xm), n(m))),
			f, mins[i])
	}
	zero := &figures.Hyperplane{Line: figures.Line{W: []float64{0, 1}}, LineStyle: draw.LineStyle{Color: figures.Grey, Width: vg.Points(figures.ThinLineWidth)}}
	p.Add(zero)
	for _, m := range mins {
		p.Add(m)
	}
	p.Add(legend)
	legend.Add("y = 0", zero)
	setView(p, figures.Rect{XMin: lo, XMax: hi, YMin: -0.08 * ymax, YMax: ymax})
	p.X.Tick.Marker = figures.RoundTicks{}
	p.Y.Tick.Marker = figures.RoundTicks{}
	return p, nil
}
