package figures

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Rect is an axis-aligned rectangle in data coordinates: the part of the
// plane a figure shows.
type Rect struct {
	XMin, XMax, YMin, YMax float64
}

// empty reports whether r has no area (the zero Rect means "choose for me").
func (r Rect) empty() bool { return !(r.XMax > r.XMin && r.YMax > r.YMin) }

// corners returns the corners of r counter-clockwise from (XMin, YMin).
func (r Rect) corners() []plotter.XY {
	return []plotter.XY{{X: r.XMin, Y: r.YMin}, {X: r.XMax, Y: r.YMin}, {X: r.XMax, Y: r.YMax}, {X: r.XMin, Y: r.YMax}}
}

// viewOf returns the range the plot p currently shows.
func viewOf(p *plot.Plot) Rect {
	return Rect{XMin: p.X.Min, XMax: p.X.Max, YMin: p.Y.Min, YMax: p.Y.Max}
}

// setView makes p show r.
func setView(p *plot.Plot, r Rect) {
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = r.XMin, r.XMax, r.YMin, r.YMax
}

// squareView returns a square around the points, a margin of 15% of the
// side added on each side, so that equal ranges give both axes one scale.
func squareView(pts []plotter.XY) Rect {
	xmin, xmax := math.Inf(1), math.Inf(-1)
	ymin, ymax := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		xmin, xmax = math.Min(xmin, p.X), math.Max(xmax, p.X)
		ymin, ymax = math.Min(ymin, p.Y), math.Max(ymax, p.Y)
	}
	if len(pts) == 0 {
		return Rect{XMin: -1, XMax: 1, YMin: -1, YMax: 1}
	}
	side := math.Max(xmax-xmin, ymax-ymin)
	if side == 0 {
		side = math.Max(1, math.Abs(xmax))
	}
	half := 0.65 * side
	cx, cy := (xmin+xmax)/2, (ymin+ymax)/2
	return Rect{XMin: cx - half, XMax: cx + half, YMin: cy - half, YMax: cy + half}
}

// clipHalfPlane returns the part of the convex polygon poly where
// w·p + b ≥ 0 (Sutherland–Hodgman against one edge).
func clipHalfPlane(poly []plotter.XY, w [2]float64, b float64) []plotter.XY {
	val := func(p plotter.XY) float64 { return w[0]*p.X + w[1]*p.Y + b }
	var out []plotter.XY
	for i := range poly {
		cur, next := poly[i], poly[(i+1)%len(poly)]
		vc, vn := val(cur), val(next)
		if vc >= 0 {
			out = append(out, cur)
		}
		if (vc >= 0) != (vn >= 0) {
			t := vc / (vc - vn)
			out = append(out, plotter.XY{X: cur.X + t*(next.X-cur.X), Y: cur.Y + t*(next.Y-cur.Y)})
		}
	}
	return out
}

// ClipLine returns the segment of the line l inside r, and false when the
// line misses r or its W is zero or not two numbers: the segment that
// gonum's plotter.Line draws of l across a view, as a Hyperplane draws it
// when the plot is drawn.
func (r Rect) ClipLine(l Line) (p0, p1 plotter.XY, ok bool) {
	if len(l.W) != 2 {
		return p0, p1, false
	}
	return clipLine(r, [2]float64{l.W[0], l.W[1]}, l.B, 0)
}

// clipLine returns the segment of the line w·p + b = level inside r, and
// false when the line misses r or w is zero.
func clipLine(r Rect, w [2]float64, b, level float64) (p0, p1 plotter.XY, ok bool) {
	nn := w[0]*w[0] + w[1]*w[1]
	if nn == 0 {
		return p0, p1, false
	}
	// The foot of the perpendicular from the centre of r, and a direction
	// along the line; then Liang–Barsky clipping of a segment long enough
	// to cross r.
	cx, cy := (r.XMin+r.XMax)/2, (r.YMin+r.YMax)/2
	s := (w[0]*cx + w[1]*cy + b - level) / nn
	fx, fy := cx-s*w[0], cy-s*w[1]
	n := math.Sqrt(nn)
	dx, dy := -w[1]/n, w[0]/n
	L := math.Hypot(r.XMax-r.XMin, r.YMax-r.YMin) + math.Hypot(fx-cx, fy-cy)
	t0, t1 := -L, L
	clip := func(p, q float64) bool {
		if p == 0 {
			return q >= 0
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			t0 = math.Max(t0, t)
		} else {
			if t < t0 {
				return false
			}
			t1 = math.Min(t1, t)
		}
		return true
	}
	if !clip(-dx, fx-r.XMin) || !clip(dx, r.XMax-fx) || !clip(-dy, fy-r.YMin) || !clip(dy, r.YMax-fy) || t0 >= t1 {
		return p0, p1, false
	}
	return plotter.XY{X: fx + t0*dx, Y: fy + t0*dy}, plotter.XY{X: fx + t1*dx, Y: fy + t1*dy}, true
}

// Fill is a plot.Plotter that fills a convex polygon Poly, given in data
// coordinates, with a light Color and, if Spacing is positive, diagonal
// hatching in the style Hatch every Spacing, which tells a region apart in
// grey-scale print as well as on screen: the infeasible part of a Contour,
// the box of an SMO step. Unlike gonum's plotter.Polygon it strokes no
// outline (draw one with lines of its own) and leaves the plot's range
// alone.
type Fill struct {
	Poly    []plotter.XY
	Color   color.Color
	Hatch   draw.LineStyle
	Spacing vg.Length
}

// Plot implements plot.Plotter.
func (h Fill) Plot(c draw.Canvas, p *plot.Plot) {
	if len(h.Poly) < 3 {
		return
	}
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, len(h.Poly))
	for i, q := range h.Poly {
		pts[i] = vg.Point{X: trX(q.X), Y: trY(q.Y)}
	}
	pts = c.ClipPolygonXY(pts)
	if len(pts) < 3 {
		return
	}
	c.FillPolygon(h.Color, pts)
	// Lines x − y = k at 45°, k stepping by Spacing·√2, clipped to the
	// polygon (Cyrus–Beck; the polygon is convex).
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, q := range pts {
		k := float64(q.X - q.Y)
		lo, hi = math.Min(lo, k), math.Max(hi, k)
	}
	step := float64(h.Spacing) * math.Sqrt2
	if step <= 0 {
		return
	}
	// The polygon's orientation decides which side of each edge is inside.
	var signed float64
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		signed += float64(a.X*b.Y - b.X*a.Y)
	}
	for k := math.Ceil(lo/step) * step; k <= hi; k += step {
		// Parametrize the line as (t + k, t).
		t0, t1 := math.Inf(-1), math.Inf(1)
		ok := true
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			ex, ey := float64(b.X-a.X), float64(b.Y-a.Y)
			// Inside when cross(e, q − a) has the sign of the orientation.
			// cross(e, (t+k−ax, t−ay)) = ex(t−ay) − ey(t+k−ax) = t(ex−ey) + (−ex·ay − ey(k−ax))
			m := ex - ey
			n := -ex*float64(a.Y) - ey*(k-float64(a.X))
			if signed < 0 {
				m, n = -m, -n
			}
			// need m·t + n ≥ 0
			switch {
			case m == 0:
				if n < 0 {
					ok = false
				}
			case m > 0:
				t0 = math.Max(t0, -n/m)
			default:
				t1 = math.Min(t1, -n/m)
			}
		}
		if !ok || t0 >= t1 {
			continue
		}
		c.StrokeLine2(h.Hatch, vg.Length(t0+k), vg.Length(t0), vg.Length(t1+k), vg.Length(t1))
	}
}
