package figures

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Direction is where a Label sits from its anchor: NorthEast is above and
// to the right. Labels tries the directions in the order of the constants
// below, starting from a label's Prefer.
type Direction int

// The directions, in the order Labels tries them.
const (
	NorthEast Direction = iota
	East
	SouthEast
	NorthWest
	West
	SouthWest
	North
	South
	numDirections
)

var dirVectors = [numDirections][2]int{
	NorthEast: {1, 1}, East: {1, 0}, SouthEast: {1, -1},
	NorthWest: {-1, 1}, West: {-1, 0}, SouthWest: {-1, -1},
	North: {0, 1}, South: {0, -1},
}

// Label is a text beside an anchor point At, given in data coordinates,
// for Labels to place.
type Label struct {
	At    plotter.XY
	Text  string
	Size  float64     // font size in points, such as LabelFontSize
	Color color.Color // text colour
	// Prefer is the direction tried first; the zero value is NorthEast.
	Prefer Direction
	// Ring is the radius of a ring or box drawn around the anchor (a
	// support vector), which the label keeps clear of; 0 if none.
	Ring vg.Length
}

// Labels is a plot.Plotter that draws labels beside points, as the
// figures of this package name their points and values: it chooses for
// each label, at drawing time, the position around its anchor that stays
// inside the data area and overlaps least with the labels placed before
// it, the marks in Avoid and the lines in Paths and Lines. A translucent
// white box behind each text keeps it legible where it must cross a line.
// Because labels stay inside the data area they need no padding. The text
// is set by the plot's text handler (NewPlot), so Chinese labels need a
// plot of NewPlot(lang.Chinese).
type Labels struct {
	Items []Label
	// Avoid holds the centres of marks, each a disc of radius AvoidRadius.
	Avoid       []plotter.XY
	AvoidRadius vg.Length
	// Paths holds polylines in data coordinates (a series, a distance
	// segment) and Lines straight lines w·x + b = 0 (a hyperplane, a
	// margin; their own margins are not used), clipped to the view when
	// drawn, that labels keep clear of.
	Paths [][]plotter.XY
	Lines []*Hyperplane
	// Gap is the distance between an anchor and its label; zero means
	// RingRadius.
	Gap vg.Length
}

// labelClearance is the space a label keeps from a line it avoids.
const labelClearance = 1.5 // points

// labelBackground is the box behind a label.
var labelBackground = color.NRGBA{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xB0}

// Plot implements plot.Plotter.
func (l Labels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	obst := make([]vg.Rectangle, len(l.Avoid))
	for i, q := range l.Avoid {
		x, y := trX(q.X), trY(q.Y)
		r := l.AvoidRadius
		obst[i] = vg.Rectangle{Min: vg.Point{X: x - r, Y: y - r}, Max: vg.Point{X: x + r, Y: y + r}}
	}
	var segs [][2]vg.Point
	for _, path := range l.Paths {
		for i := 1; i < len(path); i++ {
			segs = append(segs, [2]vg.Point{
				{X: trX(path[i-1].X), Y: trY(path[i-1].Y)},
				{X: trX(path[i].X), Y: trY(path[i].Y)},
			})
		}
	}
	for _, ln := range l.Lines {
		w, ok := ln.normal()
		if !ok {
			continue
		}
		if p0, p1, ok := clipLine(viewOf(p), w, ln.B, 0); ok {
			segs = append(segs, [2]vg.Point{{X: trX(p0.X), Y: trY(p0.Y)}, {X: trX(p1.X), Y: trY(p1.Y)}})
		}
	}
	gap := l.Gap
	if gap == 0 {
		gap = vg.Points(RingRadius)
	}
	clear := vg.Points(labelClearance)
	var placed []vg.Rectangle
	for _, it := range l.Items {
		sty := labelStyle(handlerOf(p), it.Size, it.Color, draw.XLeft, draw.YBottom)
		rect := sty.Rectangle(it.Text)
		w, h := rect.Max.X-rect.Min.X, rect.Max.Y-rect.Min.Y
		a := vg.Point{X: trX(it.At.X), Y: trY(it.At.Y)}
		gap := gap
		if it.Ring > 0 {
			// The nearest point of the box, 0.7·gap to the side (0.8·gap
			// on a diagonal), outside the ring by the clearance.
			gap = max(gap, (it.Ring+clear)/0.7)
		}
		best, bestScore := vg.Rectangle{}, math.Inf(1)
		for k := range numDirections {
			d := dirVectors[(it.Prefer+k)%numDirections]
			var box vg.Rectangle
			switch d[0] {
			case 1:
				box.Min.X = a.X + gap*0.7
			case -1:
				box.Min.X = a.X - gap*0.7 - w
			default:
				box.Min.X = a.X - w/2
			}
			switch d[1] {
			case 1:
				box.Min.Y = a.Y + gap*0.4
			case -1:
				box.Min.Y = a.Y - gap*0.4 - h
			default:
				box.Min.Y = a.Y - h/2
			}
			if d[0] == 0 {
				box.Min.Y += vg.Length(d[1]) * gap * 0.6
			}
			box.Max = vg.Point{X: box.Min.X + w, Y: box.Min.Y + h}
			score := 0.05 * float64(k)
			score += 20 * float64(area(box)-overlap(box, c.Rectangle)) / float64(area(box))
			for _, o := range placed {
				score += 5 * float64(overlap(box, o)) / float64(area(box))
			}
			for _, o := range obst {
				score += 2 * float64(overlap(box, o)) / float64(area(box))
			}
			wide := vg.Rectangle{Min: box.Min.Sub(vg.Point{X: clear, Y: clear}), Max: box.Max.Add(vg.Point{X: clear, Y: clear})}
			diag := math.Hypot(float64(wide.Max.X-wide.Min.X), float64(wide.Max.Y-wide.Min.Y))
			for _, sg := range segs {
				score += 3 * float64(lengthInside(sg[0], sg[1], wide)) / diag
			}
			if score < bestScore {
				best, bestScore = box, score
			}
		}
		placed = append(placed, best)
		bg := vg.Rectangle{Min: best.Min.Sub(vg.Point{X: 1, Y: 0.5}), Max: best.Max.Add(vg.Point{X: 1, Y: 0.5})}
		c.SetColor(labelBackground)
		c.Fill(bg.Path())
		c.FillText(sty, best.Min.Sub(rect.Min), it.Text)
	}
}

// lengthInside returns the length of the part of the segment from a to b
// that lies in r (Liang–Barsky clipping).
func lengthInside(a, b vg.Point, r vg.Rectangle) vg.Length {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	t0, t1 := 0.0, 1.0
	for _, e := range [4][2]float64{
		{-dx, float64(a.X - r.Min.X)}, {dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)}, {dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := e[0], e[1]
		switch {
		case p == 0:
			if q < 0 {
				return 0
			}
		case p < 0:
			t0 = math.Max(t0, q/p)
		default:
			t1 = math.Min(t1, q/p)
		}
	}
	if t0 >= t1 {
		return 0
	}
	return vg.Length((t1 - t0) * math.Hypot(dx, dy))
}

// area returns the area of r, in square points.
func area(r vg.Rectangle) vg.Length {
	return max(0, r.Max.X-r.Min.X) * max(0, r.Max.Y-r.Min.Y)
}

// overlap returns the area of the intersection of a and b.
func overlap(a, b vg.Rectangle) vg.Length {
	w := min(a.Max.X, b.Max.X) - max(a.Min.X, b.Min.X)
	h := min(a.Max.Y, b.Max.Y) - max(a.Min.Y, b.Min.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}
