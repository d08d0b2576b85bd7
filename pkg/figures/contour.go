package figures

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// FuncGrid samples a function of two variables on a regular grid of
// Cols×Rows points spanning a rectangle, corners included. It implements
// plotter.GridXYZ for plotter.Contour and plotter.HeatMap; the values are
// computed once, by SampleGrid.
type FuncGrid struct {
	View       Rect
	Cols, Rows int
	z          []float64 // row-major, row r at y = Y(r)
}

// SampleGrid evaluates f at cols×rows points spanning r. It panics if cols
// or rows is below 2 or r has no area.
func SampleGrid(f func(x, y float64) float64, r Rect, cols, rows int) *FuncGrid {
	if cols < 2 || rows < 2 || r.empty() {
		panic("figures: grid needs 2×2 points and a rectangle with area")
	}
	g := &FuncGrid{View: r, Cols: cols, Rows: rows, z: make([]float64, cols*rows)}
	for j := range rows {
		y := g.Y(j)
		for i := range cols {
			g.z[j*cols+i] = f(g.X(i), y)
		}
	}
	return g
}

// Dims implements plotter.GridXYZ.
func (g *FuncGrid) Dims() (c, r int) { return g.Cols, g.Rows }

// Z implements plotter.GridXYZ.
func (g *FuncGrid) Z(c, r int) float64 { return g.z[r*g.Cols+c] }

// X implements plotter.GridXYZ.
func (g *FuncGrid) X(c int) float64 {
	return g.View.XMin + float64(c)*(g.View.XMax-g.View.XMin)/float64(g.Cols-1)
}

// Y implements plotter.GridXYZ.
func (g *FuncGrid) Y(r int) float64 {
	return g.View.YMin + float64(r)*(g.View.YMax-g.View.YMin)/float64(g.Rows-1)
}

// hatchStyle is the hatching of infeasible regions.
var hatchStyle = draw.LineStyle{Color: color.RGBA{R: 0xA0, G: 0xA0, B: 0xA0, A: 0xFF}, Width: vg.Points(0.6)}

// hatchThumb is the legend thumbnail of a hatched region.
type hatchThumb struct{}

// Thumbnail implements plot.Thumbnailer.
func (hatchThumb) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}}
	c.FillPolygon(infeasibleGrey, pts)
	w, h := c.Max.X-c.Min.X, c.Max.Y-c.Min.Y
	for x := c.Min.X - h; x < c.Max.X; x += vg.Points(5) {
		// Segment of the line through (x, Min.Y) at 45°, inside the box.
		x0, y0 := x, c.Min.Y
		x1, y1 := x+h, c.Max.Y
		if x0 < c.Min.X {
			y0 += c.Min.X - x0
			x0 = c.Min.X
		}
		if x1 > c.Max.X {
			y1 -= x1 - c.Max.X
			x1 = c.Max.X
		}
		if x1 > x0 {
			c.StrokeLine2(hatchStyle, x0, y0, x1, y1)
		}
	}
	_ = w
}

// Candidate is a point of a Contour figure, marked and labelled with its
// name and the function's value there.
type Candidate struct {
	Name   string
	A1, A2 float64
}

// Contour describes a contour plot of a function of two variables over a
// rectangle, with a feasible region and candidate points: the reasoning of
// Example 7.2, where s(α1, α2) has its stationary point outside α ≥ 0 and
// the minimum lies on the boundary.
type Contour struct {
	Title string
	// F is the function; FName its name in labels ("f" if empty).
	F     func(a1, a2 float64) float64
	FName string
	// View is the rectangle shown. It must have area.
	View Rect
	// Constraints define the feasible region {α : W·α + B ≥ 0 for all};
	// nil means α1 ≥ 0 and α2 ≥ 0. Only W and B are used. The rest of the
	// rectangle is shaded grey and the region's boundary drawn in black.
	Constraints []Hyperplane
	// Candidates are marked: a filled circle when feasible, a cross when
	// not, and a ring around the feasible one with the least value.
	Candidates []Candidate
	// Levels are the contour levels; nil means about eight round levels
	// between the least value on the grid and its 60th percentile, plus
	// the values at the candidates, so that a level curve passes through
	// each of them (tangent to the boundary at a boundary minimum).
	Levels []float64
	// XLabel and YLabel default to α₁ and α₂.
	XLabel, YLabel string
	// Lang is the language of the words the figure adds.
	Lang lang.Lang
}

// contourCells is the number of grid points per side at which Contour
// samples F.
const contourCells = 121

// Plot builds the figure: contour lines coloured from dark (low) to light
// (high), each level listed in the legend, the infeasible part shaded.
//
// It returns ErrNotFinite if F is NaN or infinite somewhere on the
// rectangle or a constraint is not finite, and ErrFont for Chinese without
// a Chinese font. It panics if F is nil, View has
// no area or a constraint's W does not have two components.
func (s Contour) Plot() (*plot.Plot, error) {
	cons, err := s.constraints()
	if err != nil {
		return nil, err
	}
	name := cmp.Or(s.FName, "f")
	grid := SampleGrid(s.F, s.View, contourCells, contourCells)
	if !finite(grid.z...) {
		return nil, errtext.Errorf("figures: %w: %s on the rectangle", ErrNotFinite, name)
	}
	l := s.Lang
	p, err := newPlot(l, s.Title, cmp.Or(s.XLabel, "α₁"), cmp.Or(s.YLabel, "α₂"))
	if err != nil {
		return nil, err
	}
	legend := NewSideLegend()
	s.addInfeasible(p, legend, cons)
	levels, styles := s.levels(grid)
	cont := plotter.NewContour(grid, levels, nil)
	cont.LineStyles = styles
	p.Add(noGlyphBoxes{cont})
	s.addBoundary(p, legend, cons)
	s.addCandidates(p, legend, cons, name)
	for i, v := range levels {
		legend.Add(name+" = "+notation.Number(v), LineThumb(styles[i]))
	}
	p.Add(legend)
	EqualAxes(p, s.View)
	return p, nil
}

// constraints checks the figure's settings and returns its constraints,
// α1 ≥ 0 and α2 ≥ 0 when none are given. It panics as Plot does.
func (s Contour) constraints() ([]Hyperplane, error) {
	if s.F == nil {
		panic("figures: Contour needs a function")
	}
	if s.View.empty() {
		panic("figures: Contour needs a rectangle with area")
	}
	cons := s.Constraints
	if cons == nil {
		cons = []Hyperplane{{Line: Line{W: []float64{1, 0}}}, {Line: Line{W: []float64{0, 1}}}}
	}
	for _, c := range cons {
		if len(c.W) != 2 {
			panic("figures: constraint normal must have two components")
		}
		if !finite(c.W...) || !finite(c.B) {
			return nil, errtext.Errorf("figures: %w: constraint w=%v b=%v", ErrNotFinite, c.W, c.B)
		}
	}
	return cons, nil
}

// feasible reports whether (a1, a2) satisfies every constraint.
func feasible(cons []Hyperplane, a1, a2 float64) bool {
	for _, c := range cons {
		if c.W[0]*a1+c.W[1]*a2+c.B < -1e-12 {
			return false
		}
	}
	return true
}

// levels returns the contour levels — Levels, or about eight round levels
// below the 60th percentile of the grid plus the values at the candidates —
// and their styles, from dark (low) to light (high) along viridis.
func (s Contour) levels(grid *FuncGrid) ([]float64, []draw.LineStyle) {
	levels := s.Levels
	if levels == nil {
		levels = defaultLevels(grid.z, 8, 0.6)
		lo := slices.Min(grid.z)
		for _, c := range s.Candidates {
			if v := s.F(c.A1, c.A2); finite(v) && v > lo {
				levels = append(levels, v)
			}
		}
		slices.Sort(levels)
		levels = slices.CompactFunc(levels, func(a, b float64) bool { return math.Abs(a-b) < 1e-9*(1+math.Abs(a)) })
	}
	styles := make([]draw.LineStyle, len(levels))
	for i := range levels {
		t := 0.0
		if len(levels) > 1 {
			t = float64(i) / float64(len(levels)-1)
		}
		styles[i] = draw.LineStyle{Color: viridis(0.9 * t), Width: vg.Points(1.2)}
	}
	return levels, styles
}

// addInfeasible hatches the infeasible parts of the view: the rectangle
// clipped by each violated constraint.
func (s Contour) addInfeasible(p *plot.Plot, legend *SideLegend, cons []Hyperplane) {
	for _, c := range cons {
		poly := clipHalfPlane(s.View.corners(), [2]float64{-c.W[0], -c.W[1]}, -c.B)
		if len(poly) >= 3 {
			p.Add(Fill{Poly: poly, Color: infeasibleGrey, Hatch: hatchStyle, Spacing: vg.Points(5)})
		}
	}
	legend.Add(s.Lang.Pick("infeasible", "不可行域"), hatchThumb{})
}

// addBoundary draws the feasible region's boundary: the edges of the
// clipped rectangle that lie on a constraint line.
func (s Contour) addBoundary(p *plot.Plot, legend *SideLegend, cons []Hyperplane) {
	boundary := draw.LineStyle{Color: Black, Width: vg.Points(2)}
	region := s.View.corners()
	for _, c := range cons {
		region = clipHalfPlane(region, [2]float64{c.W[0], c.W[1]}, c.B)
	}
	var edges []*plotter.Line
	tol := 1e-9 * math.Max(s.View.XMax-s.View.XMin, s.View.YMax-s.View.YMin)
	for i := range region {
		a, b := region[i], region[(i+1)%len(region)]
		for _, c := range cons {
			n := math.Hypot(c.W[0], c.W[1])
			if n > 0 && math.Abs(c.W[0]*a.X+c.W[1]*a.Y+c.B) <= tol*n && math.Abs(c.W[0]*b.X+c.W[1]*b.Y+c.B) <= tol*n {
				edges = append(edges, segment(a, b, boundary))
				break
			}
		}
	}
	if len(edges) == 0 {
		return
	}
	for _, e := range edges {
		p.Add(e)
	}
	legend.Add(s.Lang.Pick("boundary of the feasible region", "可行域的边界"), LineThumb(boundary))
}

// addCandidates marks the candidates — a filled circle when feasible, a
// cross when not, a ring around the feasible one with the least value —
// and labels each with its name and the value of the function, called
// name.
func (s Contour) addCandidates(p *plot.Plot, legend *SideLegend, cons []Hyperplane, name string) {
	l := s.Lang
	var ok, bad []plotter.XY
	var labels []Label
	best, bestV := -1, math.Inf(1)
	for i, c := range s.Candidates {
		q := plotter.XY{X: c.A1, Y: c.A2}
		v := s.F(c.A1, c.A2)
		if feasible(cons, c.A1, c.A2) {
			ok = append(ok, q)
			if v < bestV {
				best, bestV = i, v
			}
		} else {
			bad = append(bad, q)
		}
		labels = append(labels, Label{At: q, Text: c.Name + l.Pick(": ", "：") + name + " = " + notation.Number(v), Size: LabelFontSize, Color: Black})
	}
	okStyle := draw.GlyphStyle{Color: Black, Radius: vg.Points(MarkerRadius), Shape: draw.CircleGlyph{}}
	badStyle := draw.GlyphStyle{Color: Vermillion, Radius: vg.Points(MarkerRadius + 1), Shape: draw.CrossGlyph{}}
	ring := draw.GlyphStyle{Color: Black, Radius: vg.Points(RingRadius), Shape: draw.RingGlyph{}}
	if len(ok) > 0 {
		p.Add(scatter(ok, okStyle))
		legend.Add(l.Pick("feasible candidate", "可行的候选点"), GlyphThumb(okStyle))
	}
	if len(bad) > 0 {
		p.Add(scatter(bad, thick(badStyle)))
		legend.Add(l.Pick("infeasible: rejected", "不可行，舍去"), GlyphThumb(thick(badStyle)))
	}
	if best >= 0 {
		c := s.Candidates[best]
		p.Add(scatter([]plotter.XY{{X: c.A1, Y: c.A2}}, ring))
		small := ring
		small.Radius = vg.Points(5)
		legend.Add(l.Pick("minimum over the region", "可行域上的最小值"), GlyphThumb(small))
	}
	if len(labels) > 0 {
		var at []plotter.XY
		for _, lb := range labels {
			at = append(at, lb.At)
		}
		p.Add(Labels{Items: labels, Avoid: at, AvoidRadius: vg.Points(RingRadius)})
	}
}

// thick draws a cross glyph with a heavier stroke.
func thick(g draw.GlyphStyle) draw.GlyphStyle {
	g.Shape = ThickCrossGlyph{}
	return g
}

// ThickCrossGlyph is a draw.GlyphDrawer of a cross, as gonum's
// draw.CrossGlyph, drawn with a 2-point stroke so that it stays visible on
// lines and shaded regions: the candidates of a Contour.
type ThickCrossGlyph struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (ThickCrossGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(2)})
	r := sty.Radius * 0.8
	var p vg.Path
	p.Move(vg.Point{X: pt.X - r, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y + r})
	p.Move(vg.Point{X: pt.X - r, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y - r})
	c.Stroke(p)
}

// noGlyphBoxes hides the per-cell glyph boxes of gonum's grid plotters, which
// cost time in every layout pass and would pad the data area.
type noGlyphBoxes struct{ plot.Plotter }

// defaultLevels returns the multiples of a round step (1, 2 or 5 times a
// power of ten) strictly between the least value of zs and its q-quantile,
// about n of them.
func defaultLevels(zs []float64, n int, q float64) []float64 {
	s := slices.Clone(zs)
	slices.Sort(s)
	lo, hi := s[0], s[int(q*float64(len(s)-1))]
	if hi <= lo {
		hi = s[len(s)-1]
	}
	if hi <= lo {
		return []float64{lo}
	}
	step := niceStep(hi-lo, n)
	var levels []float64
	for v := math.Floor(lo/step+1) * step; v <= hi; v += step {
		levels = append(levels, math.Round(v/step)*step)
	}
	return levels
}

// viridisAnchors are five colours of the viridis colour map (van der Walt
// and Smith, matplotlib), perceptually uniform and readable in grey.
var viridisAnchors = []color.RGBA{
	{0x44, 0x01, 0x54, 0xFF},
	{0x3B, 0x52, 0x8B, 0xFF},
	{0x21, 0x91, 0x8C, 0xFF},
	{0x5E, 0xC9, 0x62, 0xFF},
	{0xFD, 0xE7, 0x25, 0xFF},
}

// viridis interpolates the viridis colour map at t ∈ [0, 1].
func viridis(t float64) color.Color {
	t = math.Max(0, math.Min(1, t))
	x := t * float64(len(viridisAnchors)-1)
	i := min(int(x), len(viridisAnchors)-2)
	f := x - float64(i)
	a, b := viridisAnchors[i], viridisAnchors[i+1]
	mix := func(u, v uint8) uint8 { return uint8(math.Round(float64(u) + f*(float64(v)-float64(u)))) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 0xFF}
}
