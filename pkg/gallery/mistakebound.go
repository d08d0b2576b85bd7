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
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// mistakeBound draws a log–log scatter of the mistakes a perceptron made
// against the bound (R/γ)² of its data set, one point per data set, with
// the line mistakes = bound and the region above it (impossible by
// Novikoff's theorem, Theorem 2.1) shaded; both axes show the same range.
// The data set current (0-based) is ringed and named in the legend, as a
// slider over the data sets shows one at a time (MarginFrames); a negative
// current rings none (MistakesVsBound).
//
// It returns figures.ErrEmpty for no data sets, figures.ErrNotPositive for
// a value ≤ 0 and figures.ErrNotFinite for NaN or infinity; it panics if
// the lengths differ or current ≥ len(bound).
func mistakeBound(bound, mistakes []float64, current int, l lang.Lang) (*plot.Plot, error) {
	if len(bound) != len(mistakes) {
		panic("gallery: bound and mistakes lengths differ")
	}
	if current >= len(bound) {
		panic("gallery: current data set out of range")
	}
	if len(bound) == 0 {
		return nil, errtext.Errorf("%w: no data sets", figures.ErrEmpty)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	pts := make(plotter.XYs, len(bound))
	for i := range bound {
		if !finite(bound[i], mistakes[i]) {
			return nil, errtext.Errorf("%w: data set %d", figures.ErrNotFinite, i)
		}
		if bound[i] <= 0 || mistakes[i] <= 0 {
			return nil, errtext.Errorf("%w: data set %d has bound %v, mistakes %v", figures.ErrNotPositive, i, bound[i], mistakes[i])
		}
		pts[i] = plotter.XY{X: bound[i], Y: mistakes[i]}
		lo, hi = math.Min(lo, math.Min(bound[i], mistakes[i])), math.Max(hi, math.Max(bound[i], mistakes[i]))
	}
	// 8% of the decades spanned on each side; half a decade around a
	// single value.
	a, b := math.Log10(lo), math.Log10(hi)
	if a == b {
		a, b = a-0.5, b+0.5
	}
	d := (b - a) * 0.08
	lo, hi = math.Pow(10, a-d), math.Pow(10, b+d)
	p, err := titledPlot(l, l.Pick("Perceptron mistakes against the bound (R/γ)²", "感知机的误分类次数与上界 (R/γ)²"),
		l.Pick("bound (R/γ)²", "上界 (R/γ)²"), l.Pick("mistakes k", "误分类次数 k"))
	if err != nil {
		return nil, err
	}
	legend := figures.NewSideLegend()
	above := &plotter.Polygon{
		XYs:   []plotter.XYs{{{X: lo, Y: lo}, {X: hi, Y: hi}, {X: lo, Y: hi}}},
		Color: figures.InfeasibleTint,
	}
	diag := &figures.Hyperplane{Line: figures.Line{W: []float64{1, -1}}, LineStyle: draw.LineStyle{Color: figures.Black, Width: vg.Points(figures.LineWidth)}}
	dots := &plotter.Scatter{XYs: pts, GlyphStyle: draw.GlyphStyle{Color: figures.Blue, Radius: vg.Points(figures.MarkerRadius - 1), Shape: draw.CircleGlyph{}}}
	p.Add(above, diag, dots, legend)
	legend.Add(l.Pick("k > (R/γ)²: impossible", "k > (R/γ)²：不可能"), figures.BoxThumb{Fill: figures.InfeasibleTint})
	legend.Add("k = (R/γ)²", diag)
	legend.Add(l.Pick(fmt.Sprintf("data sets (%d)", len(pts)), fmt.Sprintf("数据集（%d 个）", len(pts))), dots)
	if current >= 0 {
		ring := &plotter.Scatter{XYs: pts[current : current+1], GlyphStyle: draw.GlyphStyle{Color: figures.Vermillion, Radius: vg.Points(figures.MarkerRadius + 3), Shape: draw.RingGlyph{}}}
		p.Add(ring)
		legend.Add(l.Pick("the data set shown", "当前显示的数据集"), ring)
	}
	setView(p, figures.Rect{XMin: lo, XMax: hi, YMin: lo, YMax: hi})
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Scale = plot.LogScale{}
		a.Tick.Marker = figures.LogTicks{}
	}
	return p, nil
}
