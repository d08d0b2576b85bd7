package gallery

import (
	"math"
	"slices"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// The builders here that draw a figure of their own rather than adapting
// one of figures' (Figure 7.6, the mistake bound, the quadratics of
// Cauchy–Schwarz, the box of an SMO step) compose gonum/plot plotters and
// figures' house pieces: NewPlot, SideLegend, the palette and sizes,
// Labels, Arrow.

// titledPlot returns a plot of the edition l (figures.NewPlot) with a
// title and axis labels.
func titledPlot(l lang.Lang, title, xLabel, yLabel string) (*plot.Plot, error) {
	p, err := figures.NewPlot(l)
	if err != nil {
		return nil, err
	}
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, xLabel, yLabel
	return p, nil
}

// finite reports whether every value is neither NaN nor infinite.
func finite(vs ...float64) bool {
	return !slices.ContainsFunc(vs, func(v float64) bool { return !(math.Abs(v) <= math.MaxFloat64) })
}

// setView makes p show r.
func setView(p *plot.Plot, r figures.Rect) {
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = r.XMin, r.XMax, r.YMin, r.YMax
}
