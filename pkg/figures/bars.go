package figures

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// Bars describes a bar chart of named values, such as the seconds several
// solvers take on one problem.
type Bars struct {
	Title, YLabel string
	Names         []string
	Values        []float64
	// Lang is the language of the text (it picks the fonts; the words
	// are the caller's).
	Lang lang.Lang
}

// Plot builds the chart, one bar per name with its value printed above it.
//
// It returns ErrEmpty for no values, ErrNotFinite for NaN or infinity, and
// ErrFont for Chinese text without a Chinese font.
// It panics if Names and Values differ in length.
func (s Bars) Plot() (*plot.Plot, error) {
	if len(s.Names) != len(s.Values) {
		panic("figures: bar names and values lengths differ")
	}
	if len(s.Values) == 0 {
		return nil, errtext.Errorf("figures: %w: no bars", ErrEmpty)
	}
	var r span
	for i, v := range s.Values {
		if !finite(v) {
			return nil, errtext.Errorf("figures: %w: bar %q", ErrNotFinite, s.Names[i])
		}
		r.add(v)
	}
	p, err := newPlot(s.Lang, s.Title, "", s.YLabel)
	if err != nil {
		return nil, err
	}
	bars, err := plotter.NewBarChart(plotter.Values(s.Values), vg.Points(28))
	if err != nil {
		return nil, errtext.Errorf("figures: bars: %w", err)
	}
	bars.Color = Blue
	bars.LineStyle = draw.LineStyle{Color: Black, Width: vg.Points(0.5)}
	p.Add(bars)
	for i, v := range s.Values {
		p.Add(pointLabel(p, plotter.XY{X: float64(i), Y: v}, notation.Number(v), LabelFontSize, vg.Point{Y: vg.Points(3)}, draw.XCenter, draw.YBottom))
	}
	p.NominalX(s.Names...)
	p.X.Min, p.X.Max = -0.7, float64(len(s.Values))-0.3
	p.Y.Min, p.Y.Max = min(0, r.lo*1.12), max(0, r.hi*1.12)
	setAxis(&p.Y, false, false)
	return p, nil
}
