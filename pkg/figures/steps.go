package figures

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// NewPlaneGrid lays figures of the plane out as small multiples, cols a
// row under title, with one legend to the right of the grid: the fullest
// of the panels' legends. Each panel's own legend is left out (NoLegend).
// It returns the first panel's error, with its index, and panics if
// cols < 1.
func NewPlaneGrid(title string, cols int, panels ...Plane) (*Grid, error) {
	return planeGrid(title, panels, cols, func(i int) string { return fmt.Sprintf("panel %d", i+1) })
}

// planeGrid plots the panels cols a row, with the fullest of their legends
// to the right of the grid; name(i) names panel i in errors.
func planeGrid(title string, panels []Plane, cols int, name func(i int) string) (*Grid, error) {
	var legend *SideLegend
	plots := make([]*plot.Plot, len(panels))
	for i, pl := range panels {
		pl.NoLegend = true
		p, leg, err := pl.PlotLegend()
		if err != nil {
			return nil, errtext.Errorf("figures: %s: %w", name(i), err)
		}
		PanelStyle(p)
		plots[i] = p
		legend = fullest(legend, leg)
	}
	g := NewGrid(title, cols, plots...)
	g.Legend = legend
	return g, nil
}

// fullest returns the legend with more entries, preferring a and legends
// that do not report a missing line.
func fullest(a, b *SideLegend) *SideLegend {
	score := func(l *SideLegend) int {
		if l == nil {
			return -1
		}
		return 2*len(l.names) - l.missing
	}
	if score(b) > score(a) {
		return b
	}
	return a
}

// sharedView validates the data and returns the square range every panel
// of a sweep shows, around the points and, if origin is set, the origin.
func sharedView(x mat.Matrix, y []float64, origin bool) (Rect, error) {
	if err := dataset.Validate(x, y); err != nil {
		return Rect{}, err
	}
	pts, err := planePoints(x)
	if err != nil {
		return Rect{}, err
	}
	if origin {
		pts = append(pts, plotter.XY{})
	}
	return squareView(pts), nil
}

// PanelStyle shrinks the title, axis labels and tick labels of p for a
// panel of small multiples (NewGrid), as NewPlaneGrid and NewCurvesGrid
// draw their panels.
func PanelStyle(p *plot.Plot) {
	p.Title.TextStyle.Font.Size = vg.Points(panelTitleSize)
	p.Title.Padding = vg.Points(4)
	p.X.Label.TextStyle.Font.Size = vg.Points(10)
	p.Y.Label.TextStyle.Font.Size = vg.Points(10)
	p.X.Tick.Label.Font.Size = vg.Points(9)
	p.Y.Tick.Label.Font.Size = vg.Points(9)
}
