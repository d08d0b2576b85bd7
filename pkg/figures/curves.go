package figures

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// Curve is a function of one variable drawn over an interval, with
// points on it, in one of the house series' styles.
type Curve struct {
	// Name is the legend entry; empty leaves the curve out of the legend.
	Name string
	// F is drawn over [XMin, XMax], or over the whole view when both are 0.
	// Where F is NaN or infinite the line breaks (θ_D(α) = −∞ at α = 0),
	// and beyond the view it is clipped. F nil draws only the points.
	F          func(x float64) float64
	XMin, XMax float64
	// Series picks the colour, the dash and the marker: the Series-th of
	// the house series (as Lines cycles through them), so that a curve and
	// its points in another panel share them.
	Series int
	// Bound draws the curve as a reference the others are read against (a
	// bound, p* against θ_D): wide, light and dashed, under the others.
	Bound bool
	// Points are marked on the curve in its marker, each with its label
	// (empty for none) placed clear of the other marks and labels.
	Points []Point
}

// Point is a marked point with its label.
type Point struct {
	X, Y  float64
	Label string
}

// Curves describes a plot of functions of one variable with marked
// points: the primal function and Lagrangians of a problem of one
// variable, its dual function against the primal value, or a cloud of
// values against a bound (Curve with F nil).
type Curves struct {
	Title, XLabel, YLabel string
	Curves                []Curve
	// Shade lists intervals of x shaded over the whole height, such as the
	// infeasible part of a primal problem; ShadeName is their legend entry.
	Shade     [][2]float64
	ShadeName string
	// View is the part of the plane shown; the zero Rect fits the points
	// and the curves sampled over their intervals.
	View Rect
	// NoLegend leaves the legend out (small multiples draw it once).
	NoLegend bool
	// Lang is the language of the text (it picks the fonts; the words are
	// the caller's).
	Lang lang.Lang
}

// curveSamples is the number of points at which a curve is evaluated.
const curveSamples = 401

// Plot builds the figure. It returns ErrEmpty when there is nothing to
// draw, ErrNotFinite for a point or an interval end that is not finite,
// and ErrFont for Chinese text without a Chinese font.
func (cs Curves) Plot() (*plot.Plot, error) {
	p, _, err := cs.plot()
	return p, err
}

// legendEntry is an entry of a legend: its name and icons.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// plot builds the figure and returns its legend's entries.
func (cs Curves) plot() (*plot.Plot, []legendEntry, error) {
	p, err := newPlot(cs.Lang, cs.Title, cs.XLabel, cs.YLabel)
	if err != nil {
		return nil, nil, err
	}
	view := cs.View
	if view.empty() {
		if view, err = cs.fit(); err != nil {
			return nil, nil, err
		}
	}
	var entries []legendEntry
	var under, over, marks []plot.Plotter
	var labels []Label
	var avoid []plotter.XY
	var paths [][]plotter.XY
	for _, iv := range cs.Shade {
		if !finite(iv[0], iv[1]) && !(math.IsInf(iv[0], -1) || math.IsInf(iv[1], 1)) {
			return nil, nil, errtext.Errorf("figures: %w: shaded interval %v", ErrNotFinite, iv)
		}
		lo, hi := math.Max(iv[0], view.XMin), math.Min(iv[1], view.XMax)
		if hi > lo {
			under = append(under, shadeRect(Rect{XMin: lo, XMax: hi, YMin: view.YMin, YMax: view.YMax}))
		}
	}
	if len(cs.Shade) > 0 && cs.ShadeName != "" {
		entries = append(entries, legendEntry{cs.ShadeName, []plot.Thumbnailer{shadeThumb{}}})
	}
	total := 0
	for _, c := range cs.Curves {
		sty, glyph := SeriesLine(c.Series), SeriesGlyph(c.Series)
		sty.Width = vg.Points(2)
		if c.Bound {
			sty = boundLine(c.Series)
		}
		var thumbs []plot.Thumbnailer
		if c.F != nil {
			lo, hi := c.XMin, c.XMax
			if lo == 0 && hi == 0 {
				lo, hi = view.XMin, view.XMax
			}
			if !finite(lo, hi) || !(hi > lo) {
				return nil, nil, errtext.Errorf("figures: %w: curve %q over [%v, %v]", ErrNotFinite, c.Name, lo, hi)
			}
			for _, piece := range sample(c.F, lo, hi) {
				ln := &plotter.Line{XYs: piece, LineStyle: sty}
				if c.Bound {
					under = append(under, ln)
				} else {
					over = append(over, ln)
					paths = append(paths, piece)
				}
				total += len(piece)
			}
			thumbs = append(thumbs, LineThumb(sty))
		}
		if len(c.Points) > 0 {
			pts := make([]plotter.XY, len(c.Points))
			for i, q := range c.Points {
				if !finite(q.X, q.Y) {
					return nil, nil, errtext.Errorf("figures: %w: curve %q point %d is (%v, %v)", ErrNotFinite, c.Name, i, q.X, q.Y)
				}
				pts[i] = plotter.XY{X: q.X, Y: q.Y}
				if q.Label != "" {
					labels = append(labels, Label{At: pts[i], Text: q.Label, Size: LabelFontSize, Color: Black, Prefer: NorthEast})
				}
			}
			marks = append(marks, scatter(pts, glyph))
			avoid = append(avoid, pts...)
			total += len(pts)
			thumbs = append(thumbs, GlyphThumb(glyph))
		}
		if c.Name != "" && len(thumbs) > 0 {
			entries = append(entries, legendEntry{c.Name, thumbs})
		}
	}
	if total == 0 {
		return nil, nil, errtext.Errorf("figures: %w: no curve or point", ErrEmpty)
	}
	p.Add(under...)
	p.Add(over...)
	p.Add(marks...)
	if len(labels) > 0 {
		p.Add(Labels{Items: labels, Avoid: avoid, AvoidRadius: vg.Points(MarkerRadius + 1), Paths: paths, Gap: vg.Points(7)})
	}
	if !cs.NoLegend && len(entries) > 0 {
		legend := NewSideLegend()
		for _, e := range entries {
			legend.Add(e.name, e.thumbs...)
		}
		p.Add(legend)
	}
	setView(p, view)
	setAxis(&p.X, false, false)
	setAxis(&p.Y, false, false)
	return p, entries, nil
}

// fit returns a view that holds the points and the sampled curves, padded.
func (cs Curves) fit() (Rect, error) {
	var xs, ys span
	for _, c := range cs.Curves {
		for _, q := range c.Points {
			xs.add(q.X)
			ys.add(q.Y)
		}
		if c.F != nil && (c.XMin != 0 || c.XMax != 0) {
			xs.add(c.XMin)
			xs.add(c.XMax)
			for _, piece := range sample(c.F, c.XMin, c.XMax) {
				for _, q := range piece {
					ys.add(q.Y)
				}
			}
		}
	}
	if !xs.ok || !ys.ok {
		return Rect{}, errtext.Errorf("figures: %w: no view given and no finite extent to fit one to", ErrEmpty)
	}
	x0, x1 := xs.padded(false, 0.04)
	y0, y1 := ys.padded(false, 0.08)
	return Rect{XMin: x0, XMax: x1, YMin: y0, YMax: y1}, nil
}

// sample evaluates f at curveSamples points of [lo, hi] and returns the
// runs of finite values, each a polyline.
func sample(f func(float64) float64, lo, hi float64) [][]plotter.XY {
	var pieces [][]plotter.XY
	var cur []plotter.XY
	for i := range curveSamples {
		x := lo + (hi-lo)*float64(i)/float64(curveSamples-1)
		y := f(x)
		if !finite(y) {
			if len(cur) > 1 {
				pieces = append(pieces, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, plotter.XY{X: x, Y: y})
	}
	if len(cur) > 1 {
		pieces = append(pieces, cur)
	}
	return pieces
}

// shadeRect fills a rectangle of the data area with the infeasible tint.
type shadeRect Rect

// Plot implements plot.Plotter.
func (r shadeRect) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pts := Rect(r).corners()
	path := make([]vg.Point, len(pts))
	for i, q := range pts {
		path[i] = vg.Point{X: trX(q.X), Y: trY(q.Y)}
	}
	c.FillPolygon(InfeasibleTint, c.ClipPolygonXY(path))
}

// shadeThumb is the legend icon of a shaded interval.
type shadeThumb struct{}

// Thumbnail implements plot.Thumbnailer.
func (shadeThumb) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(InfeasibleTint, []vg.Point{
		{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y},
		{X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y},
	})
}

// NewCurvesGrid lays plots of curves out as small multiples, cols a row
// under title, with one legend to the right of the grid, made of every
// panel's entries in order (an entry named twice listed once). It returns
// the first panel's error, with its index, and panics if cols < 1.
func NewCurvesGrid(title string, cols int, panels ...Curves) (*Grid, error) {
	legend := NewSideLegend()
	seen := map[string]bool{}
	plots := make([]*plot.Plot, len(panels))
	for i, cs := range panels {
		cs.NoLegend = true
		p, leg, err := cs.plot()
		if err != nil {
			return nil, errtext.Errorf("figures: panel %d: %w", i+1, err)
		}
		PanelStyle(p)
		plots[i] = p
		for _, e := range leg {
			if !seen[e.name] {
				seen[e.name] = true
				legend.Add(e.name, e.thumbs...)
			}
		}
	}
	g := NewGrid(title, cols, plots...)
	if len(legend.names) > 0 {
		g.Legend = legend
	}
	return g, nil
}
