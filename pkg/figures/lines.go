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

// Series is a named sequence of values: Y[i] at X[i], or at i when X is nil.
type Series struct {
	Name string
	X, Y []float64
	// Bound marks a bound the other series are read against, such as kηγ
	// in Novikoff's proof. It is drawn first, under every other series,
	// as a wide dashed line without markers or value labels, so that
	// values lying exactly on the bound stay visible on top of it.
	Bound bool
}

// Lines describes a line plot of one or more series against a common
// variable, each with markers, its own colour, dash and marker shape, and
// bounds (Series.Bound) drawn under them.
type Lines struct {
	Title, XLabel, YLabel string
	Series                []Series
	// LogX and LogY make the axes logarithmic; every value must then be
	// positive.
	LogX, LogY bool
	// Values labels every point with its value (for short sequences such
	// as the loss along Table 2.1), in the colour of its series; a point
	// several series share with the same value is labelled once, in black.
	Values bool
	// Lang is the language of the text (it picks the fonts; the words
	// are the caller's).
	Lang lang.Lang
}

// Plot builds the figure. A legend stands to the right of the data when
// any series is named. When every X is an integer (an iteration count k),
// the x ticks are integers.
//
// It returns ErrEmpty when there is no point, ErrNotFinite for NaN or
// infinite values, ErrNotPositive for a value ≤ 0 on a logarithmic axis,
// and ErrFont for Chinese text without a Chinese font. It panics if a
// series' X and Y have different lengths.
func (l Lines) Plot() (*plot.Plot, error) {
	p, _, err := l.plot()
	return p, err
}

// plot builds the figure and returns its layers as well, in drawing order.
func (l Lines) plot() (*plot.Plot, []plot.Plotter, error) {
	p, err := newPlot(l.Lang, l.Title, l.XLabel, l.YLabel)
	if err != nil {
		return nil, nil, err
	}
	legend := NewSideLegend()
	xr, yr := span{}, span{}
	integer := true
	var labels []label
	var all []plotter.XY
	var paths [][]plotter.XY
	var under, over []plot.Plotter // bounds, then the data
	total := 0
	for i, s := range l.Series {
		if s.X != nil && len(s.X) != len(s.Y) {
			panic("figures: series X and Y lengths differ")
		}
		xys := make(plotter.XYs, len(s.Y))
		for j, y := range s.Y {
			x := float64(j)
			if s.X != nil {
				x = s.X[j]
			}
			if !finite(x, y) {
				return nil, nil, fmt.Errorf("%w: series %q point %d", ErrNotFinite, s.Name, j)
			}
			if (l.LogX && x <= 0) || (l.LogY && y <= 0) {
				return nil, nil, fmt.Errorf("%w: series %q point %d is (%v, %v)", ErrNotPositive, s.Name, j, x, y)
			}
			integer = integer && x == math.Trunc(x)
			xys[j] = plotter.XY{X: x, Y: y}
			xr.add(x)
			yr.add(y)
			if l.Values && !s.Bound {
				labels = addValueLabel(labels, label{At: xys[j], Text: notation.Number(y), Size: labelFontSize - 1, Color: seriesColors[i%len(seriesColors)], Prefer: dirN})
			}
		}
		total += len(xys)
		paths = append(paths, xys)
		if len(xys) == 0 {
			continue
		}
		if s.Bound {
			sty := boundLine(i)
			under = append(under, &plotter.Line{XYs: xys, LineStyle: sty})
			if s.Name != "" {
				legend.Add(s.Name, lineThumb(sty))
			}
			continue
		}
		all = append(all, xys...)
		line := &plotter.Line{XYs: xys, LineStyle: seriesLine(i)}
		marks := scatter(xys, seriesGlyph(i))
		over = append(over, line, marks)
		if s.Name != "" {
			legend.Add(s.Name, lineThumb(seriesLine(i)), thumb(seriesGlyph(i)))
		}
	}
	if total == 0 {
		return nil, nil, fmt.Errorf("%w: no points in the series", ErrEmpty)
	}
	layers := append(under, over...)
	if len(labels) > 0 {
		layers = append(layers, labelLayer{Items: labels, Avoid: all, AvoidRadius: vg.Points(markerRadius + 1), Paths: paths, Gap: vg.Points(6)})
	}
	if len(legend.names) > 0 {
		layers = append(layers, legend)
	}
	p.Add(layers...)
	p.X.Min, p.X.Max = xr.padded(l.LogX, 0.04)
	pad := 0.08
	if l.Values {
		pad = 0.14 // room for the value labels above the extreme points
	}
	p.Y.Min, p.Y.Max = yr.padded(l.LogY, pad)
	setAxis(&p.X, l.LogX, integer)
	setAxis(&p.Y, l.LogY, false)
	return p, layers, nil
}

// addValueLabel appends the value label lb, unless an earlier series has
// the same label at the same point: that label then stands for both and
// turns black.
func addValueLabel(labels []label, lb label) []label {
	for i, o := range labels {
		if o.At == lb.At && o.Text == lb.Text {
			labels[i].Color = black
			return labels
		}
	}
	return append(labels, lb)
}

// setAxis picks the scale and ticker of an axis.
func setAxis(a *plot.Axis, log, integer bool) {
	switch {
	case log:
		a.Scale = plot.LogScale{}
		a.Tick.Marker = LogTicks{}
	case integer:
		a.Tick.Marker = RoundTicks{MinStep: 1}
	default:
		a.Tick.Marker = RoundTicks{}
	}
}

// span accumulates the range of some values.
type span struct {
	lo, hi float64
	ok     bool
}

func (s *span) add(v float64) {
	if !s.ok {
		s.lo, s.hi, s.ok = v, v, true
		return
	}
	s.lo, s.hi = math.Min(s.lo, v), math.Max(s.hi, v)
}

// padded returns the range widened by frac of its length on each side (of
// its logarithm on a log axis), and a unit range around a single value.
func (s span) padded(log bool, frac float64) (lo, hi float64) {
	if log {
		a, b := math.Log10(s.lo), math.Log10(s.hi)
		if a == b {
			a, b = a-0.5, b+0.5
		}
		d := (b - a) * frac
		return math.Pow(10, a-d), math.Pow(10, b+d)
	}
	a, b := s.lo, s.hi
	if a == b {
		a, b = a-0.5, b+0.5
	}
	d := (b - a) * frac
	return a - d, b + d
}

// MistakeBound builds a log–log scatter of the mistakes a perceptron made
// against the bound (R/γ)² of its data set, one point per data set, with the
// line mistakes = bound and the region above it (impossible by Novikoff's
// theorem) shaded. Both axes show the same range.
//
// It returns ErrEmpty for no data sets, ErrNotPositive for a value ≤ 0 and
// ErrNotFinite for NaN or infinity; it panics if the lengths differ.
func MistakeBound(bound, mistakes []float64, l lang.Lang) (*plot.Plot, error) {
	return MistakeBoundAt(bound, mistakes, -1, l)
}

// MistakeBoundAt is MistakeBound with the data set current (0-based) ringed
// and named in the legend, as a slider over the data sets shows one at a
// time; a negative current rings none. It panics if current ≥ len(bound).
func MistakeBoundAt(bound, mistakes []float64, current int, l lang.Lang) (*plot.Plot, error) {
	if len(bound) != len(mistakes) {
		panic("figures: bound and mistakes lengths differ")
	}
	if current >= len(bound) {
		panic("figures: current data set out of range")
	}
	if len(bound) == 0 {
		return nil, fmt.Errorf("%w: no data sets", ErrEmpty)
	}
	var r span
	pts := make([]plotter.XY, len(bound))
	for i := range bound {
		if !finite(bound[i], mistakes[i]) {
			return nil, fmt.Errorf("%w: data set %d", ErrNotFinite, i)
		}
		if bound[i] <= 0 || mistakes[i] <= 0 {
			return nil, fmt.Errorf("%w: data set %d has bound %v, mistakes %v", ErrNotPositive, i, bound[i], mistakes[i])
		}
		pts[i] = plotter.XY{X: bound[i], Y: mistakes[i]}
		r.add(bound[i])
		r.add(mistakes[i])
	}
	lo, hi := r.padded(true, 0.08)
	view := Rect{XMin: lo, XMax: hi, YMin: lo, YMax: hi}
	p, err := newPlot(l, l.Pick("Perceptron mistakes against the bound (R/γ)²", "感知机的误分类次数与上界 (R/γ)²"),
		l.Pick("bound (R/γ)²", "上界 (R/γ)²"), l.Pick("mistakes k", "误分类次数 k"))
	if err != nil {
		return nil, err
	}
	legend := NewSideLegend()
	above := &plotter.Polygon{
		XYs:   []plotter.XYs{{{X: lo, Y: lo}, {X: hi, Y: hi}, {X: lo, Y: hi}}},
		Color: infeasibleTint,
	}
	diag := &Hyperplane{Line: Line{W: []float64{1, -1}}, LineStyle: draw.LineStyle{Color: black, Width: vg.Points(lineWidth)}}
	dots := scatter(pts, draw.GlyphStyle{Color: blue, Radius: vg.Points(markerRadius - 1), Shape: draw.CircleGlyph{}})
	p.Add(above, diag, dots, legend)
	legend.Add(l.Pick("k > (R/γ)²: impossible", "k > (R/γ)²：不可能"), boxThumb{draw.LineStyle{Color: infeasibleTint}})
	legend.Add("k = (R/γ)²", diag)
	legend.Add(l.Pick(fmt.Sprintf("data sets (%d)", len(pts)), fmt.Sprintf("数据集（%d 个）", len(pts))), dots)
	if current >= 0 {
		ring := scatter(pts[current:current+1], draw.GlyphStyle{Color: vermillion, Radius: vg.Points(markerRadius + 3), Shape: draw.RingGlyph{}})
		p.Add(ring)
		legend.Add(l.Pick("the data set shown", "当前显示的数据集"), thumb(ring.GlyphStyle))
	}
	setView(p, view)
	setAxis(&p.X, true, false)
	setAxis(&p.Y, true, false)
	return p, nil
}
