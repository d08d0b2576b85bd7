package figures

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
)

// Line is the line w·x + b = 0 of the plane, the decision boundary of a
// linear model: W is the normal vector (w1, w2) and B the bias. Hyperplane
// draws one and a Plane figure's Boundary holds one. A classify.Linear of
// the plane converts to it, figures.Line(res.Linear), and so do the W and B
// of any result: figures.Line{W: res.W, B: res.B}.
type Line struct {
	W []float64
	B float64
}

// Hyperplane is a plot.Plotter that draws the line w·x + b = 0 of a linear
// model in the plane and, with Margins, the lines w·x + b = ±1 on which
// the support vectors of a maximum-margin model lie (Li Hang §7.1). The
// lines are clipped to the range the plot shows when it is drawn, so a
// hyperplane does not change the plot's range.
//
// The zero value draws nothing visible; NewHyperplane gives the house
// styles.
type Hyperplane struct {
	// Line is w·x + b = 0. A W that is zero, or not two finite numbers,
	// draws nothing: NewHyperplane reports the latter as an error.
	Line
	// Margins also draws w·x + b = ±1.
	Margins bool
	// LineStyle draws w·x + b = 0, MarginStyle the margins.
	LineStyle, MarginStyle draw.LineStyle
}

var (
	_ plot.Plotter     = (*Hyperplane)(nil)
	_ plot.Thumbnailer = (*Hyperplane)(nil)
)

// NewHyperplane returns the hyperplane w·x + b = 0 in the house style: a
// black 1.5-point line, and margins thin and dashed in the same colour.
//
// It returns an error wrapping ErrDim when w does not have two components
// (the model is not a linear model of the plane; a kernel model has no w,
// and its boundary is drawn by Regions), and ErrNotFinite for a NaN or
// infinite w or b.
func NewHyperplane(w []float64, b float64) (*Hyperplane, error) {
	if len(w) != 2 {
		return nil, errtext.Errorf("figures: %w: a hyperplane of the plane needs w = (w1, w2), got %d weights", ErrDim, len(w))
	}
	if !finite(w...) || !finite(b) {
		return nil, errtext.Errorf("figures: %w: hyperplane w = %v, b = %v", ErrNotFinite, w, b)
	}
	return &Hyperplane{Line: Line{W: w, B: b}, LineStyle: hyperplaneStyle(0), MarginStyle: marginStyle(0)}, nil
}

// hyperplaneColors are the colours of the hyperplanes of a figure, in
// order: none is a class colour (blue, vermillion) or a shade near one
// (sky, orange), so that a line is never read as a class.
var hyperplaneColors = []color.Color{Black, Green, Purple, Grey, olive}

// hyperplaneStyle is the line of the k-th hyperplane of a figure: the k-th
// of hyperplaneColors, with the series dashes (solid for the first).
func hyperplaneStyle(k int) draw.LineStyle {
	sty := SeriesLine(k)
	sty.Color = hyperplaneColors[k%len(hyperplaneColors)]
	return sty
}

// marginStyle is the style of the margins of the k-th hyperplane: thin,
// in its colour, long dashes for the first and dots for the others.
func marginStyle(k int) draw.LineStyle {
	m := hyperplaneStyle(k)
	m.Width = vg.Points(ThinLineWidth)
	m.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	if k > 0 {
		m.Dashes = []vg.Length{vg.Points(1.5), vg.Points(2.5)}
	}
	return m
}

// normal returns W as an array, and false when it is not two finite
// numbers, not both zero.
func (h *Hyperplane) normal() ([2]float64, bool) {
	if len(h.W) != 2 || !finite(h.W...) || !finite(h.B) || (h.W[0] == 0 && h.W[1] == 0) {
		return [2]float64{}, false
	}
	return [2]float64{h.W[0], h.W[1]}, true
}

// lines returns the lines the hyperplane draws, each as a Hyperplane of
// its own without margins, the margins w·x + b = ±1 (w·x + (b ∓ 1) = 0)
// first; nil when the hyperplane draws nothing.
func (h *Hyperplane) lines() []*Hyperplane {
	if _, ok := h.normal(); !ok {
		return nil
	}
	var ls []*Hyperplane
	if h.Margins {
		ls = append(ls, &Hyperplane{Line: Line{W: h.W, B: h.B - 1}, LineStyle: h.MarginStyle}, &Hyperplane{Line: Line{W: h.W, B: h.B + 1}, LineStyle: h.MarginStyle})
	}
	return append(ls, &Hyperplane{Line: Line{W: h.W, B: h.B}, LineStyle: h.LineStyle})
}

// Plot implements plot.Plotter: the margins, then the line.
func (h *Hyperplane) Plot(c draw.Canvas, p *plot.Plot) {
	w, ok := h.normal()
	if !ok {
		return
	}
	if h.Margins {
		strokeLine(c, p, w, h.B, 1, h.MarginStyle)
		strokeLine(c, p, w, h.B, -1, h.MarginStyle)
	}
	strokeLine(c, p, w, h.B, 0, h.LineStyle)
}

// Thumbnail implements plot.Thumbnailer: a line in LineStyle.
func (h *Hyperplane) Thumbnail(c *draw.Canvas) { LineThumb(h.LineStyle).Thumbnail(c) }

// strokeLine draws the line w·x + b = level across whatever range the
// plot shows.
func strokeLine(c draw.Canvas, p *plot.Plot, w [2]float64, b, level float64, sty draw.LineStyle) {
	p0, p1, ok := clipLine(viewOf(p), w, b, level)
	if !ok {
		return
	}
	trX, trY := p.Transforms(&c)
	c.StrokeLine2(sty, trX(p0.X), trY(p0.Y), trX(p1.X), trY(p1.Y))
}

// halfPlanes tints the part of the shown range where w·x + b > 0 in Pos
// and where w·x + b < 0 in Neg; with w = 0 it tints everything by the
// sign of b, and nothing when b = 0 too (w·x + b is 0 everywhere, as at
// the start of Table 2.1).
type halfPlanes struct {
	W        [2]float64
	B        float64
	Pos, Neg color.Color
}

// Plot implements plot.Plotter.
func (h halfPlanes) Plot(c draw.Canvas, p *plot.Plot) {
	view := viewOf(p).corners()
	trX, trY := p.Transforms(&c)
	for _, side := range []struct {
		sign float64
		fill color.Color
	}{{1, h.Pos}, {-1, h.Neg}} {
		if h.W == [2]float64{} && side.sign*h.B <= 0 {
			continue
		}
		poly := clipHalfPlane(view, [2]float64{side.sign * h.W[0], side.sign * h.W[1]}, side.sign*h.B)
		if len(poly) < 3 {
			continue
		}
		pts := make([]vg.Point, len(poly))
		for i, q := range poly {
			pts[i] = vg.Point{X: trX(q.X), Y: trY(q.Y)}
		}
		c.FillPolygon(side.fill, c.ClipPolygonXY(pts))
	}
}

// segment returns gonum's line plotter for the segment from a to b in
// data coordinates: drawn clipped to the data area, and its end points in
// the plot's range.
func segment(a, b plotter.XY, sty draw.LineStyle) *plotter.Line {
	return &plotter.Line{XYs: plotter.XYs{a, b}, LineStyle: sty}
}

// foot returns the foot of the perpendicular from q to w·x + b = 0 and the
// distance |w·q + b|/‖w‖ between them (Li Hang §2.2). w must not be zero.
func foot(w [2]float64, b float64, q plotter.XY) (plotter.XY, float64) {
	nn := w[0]*w[0] + w[1]*w[1]
	f := w[0]*q.X + w[1]*q.Y + b
	return plotter.XY{X: q.X - f/nn*w[0], Y: q.Y - f/nn*w[1]}, math.Abs(f) / math.Sqrt(nn)
}

// Arrow is a plot.Plotter that draws an arrow from From to To, given in
// data coordinates, with a filled head: the normal vector w of a Plane, or
// the step of an update on a plot of one's own. It is its own legend
// thumbnail, a rightward arrow in its style.
type Arrow struct {
	From, To  plotter.XY
	LineStyle draw.LineStyle
}

// Plot implements plot.Plotter.
func (a Arrow) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	x0, y0, x1, y1 := trX(a.From.X), trY(a.From.Y), trX(a.To.X), trY(a.To.Y)
	dx, dy := float64(x1-x0), float64(y1-y0)
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	ux, uy := dx/n, dy/n
	head := vg.Points(7)
	bx, by := x1-vg.Length(ux)*head, y1-vg.Length(uy)*head
	c.StrokeLine2(a.LineStyle, x0, y0, bx, by)
	half := head * 0.45
	tri := []vg.Point{
		{X: x1, Y: y1},
		{X: bx - vg.Length(uy)*half, Y: by + vg.Length(ux)*half},
		{X: bx + vg.Length(uy)*half, Y: by - vg.Length(ux)*half},
	}
	c.FillPolygon(a.LineStyle.Color, tri)
}

// Thumbnail implements plot.Thumbnailer.
func (a Arrow) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	head := vg.Points(5)
	c.StrokeLine2(a.LineStyle, c.Min.X, y, c.Max.X-head, y)
	c.FillPolygon(a.LineStyle.Color, []vg.Point{{X: c.Max.X, Y: y}, {X: c.Max.X - head, Y: y + head*0.45}, {X: c.Max.X - head, Y: y - head*0.45}})
}

// normalArrow places the arrow of the normal vector w on the visible part
// of the line w·x + b = 0, at the point farthest from the data, pointing
// along w for a fifth of the view's width. ok is false when the line
// misses the view.
func normalArrow(view Rect, w [2]float64, b float64, avoid []plotter.XY) (from, to plotter.XY, ok bool) {
	p0, p1, ok := clipLine(view, w, b, 0)
	if !ok {
		return from, to, false
	}
	n := math.Hypot(w[0], w[1])
	l := 0.2 * (view.XMax - view.XMin)
	best := -1.0
	for _, t := range []float64{0.25, 0.35, 0.45, 0.55, 0.65, 0.75} {
		q := plotter.XY{X: p0.X + t*(p1.X-p0.X), Y: p0.Y + t*(p1.Y-p0.Y)}
		head := plotter.XY{X: q.X + l*w[0]/n, Y: q.Y + l*w[1]/n}
		d := math.Inf(1)
		for _, a := range avoid {
			d = math.Min(d, math.Min(math.Hypot(a.X-q.X, a.Y-q.Y), math.Hypot(a.X-head.X, a.Y-head.Y)))
		}
		if d > best {
			best, from, to = d, q, head
		}
	}
	return from, to, true
}
