package figures

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/internal/errtext"
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
	var labels []Label
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
				return nil, nil, errtext.Errorf("figures: %w: series %q point %d", ErrNotFinite, s.Name, j)
			}
			if (l.LogX && x <= 0) || (l.LogY && y <= 0) {
				return nil, nil, errtext.Errorf("figures: %w: series %q point %d is (%v, %v)", ErrNotPositive, s.Name, j, x, y)
			}
			integer = integer && x == math.Trunc(x)
			xys[j] = plotter.XY{X: x, Y: y}
			xr.add(x)
			yr.add(y)
			if l.Values && !s.Bound {
				labels = addValueLabel(labels, Label{At: xys[j], Text: notation.Number(y), Size: LabelFontSize - 1, Color: seriesColors[i%len(seriesColors)], Prefer: North})
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
				legend.Add(s.Name, LineThumb(sty))
			}
			continue
		}
		all = append(all, xys...)
		line := &plotter.Line{XYs: xys, LineStyle: SeriesLine(i)}
		marks := scatter(xys, SeriesGlyph(i))
		over = append(over, line, marks)
		if s.Name != "" {
			legend.Add(s.Name, LineThumb(SeriesLine(i)), GlyphThumb(SeriesGlyph(i)))
		}
	}
	if total == 0 {
		return nil, nil, errtext.Errorf("figures: %w: no points in the series", ErrEmpty)
	}
	layers := append(under, over...)
	if len(labels) > 0 {
		layers = append(layers, Labels{Items: labels, Avoid: all, AvoidRadius: vg.Points(MarkerRadius + 1), Paths: paths, Gap: vg.Points(6)})
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
func addValueLabel(labels []Label, lb Label) []Label {
	for i, o := range labels {
		if o.At == lb.At && o.Text == lb.Text {
			labels[i].Color = Black
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
