package figures

import (
	"image"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The sizes at which notebooks display and the command line saves figures.
// Builders never pick a size: Size picks one of these for a figure, and
// Save, the notebook display package and the command line use it. They
// are the only place sizes live.
const (
	// Width and Height of a single figure.
	Width  = 5 * vg.Inch
	Height = 3.75 * vg.Inch
	// PlaneWidth is the width of a single figure of the plane whose axes
	// share one scale (Plane, Contour), shown at AspectHeight: its side
	// legend takes up to about 2.8 inches and the data area keeps at least
	// 3.2, which Width would leave to the legend.
	PlaneWidth = 6.5 * vg.Inch
	// Wide is the width of a row of small multiples.
	Wide = 9 * vg.Inch
)

// DPI is the resolution at which Render rasterizes PNG figures: Width
// becomes 600 pixels, sharp on ordinary screens and readable on high-density
// ones without making notebook outputs heavy.
const DPI = 120

// Size returns the house size of f: a grid of small multiples is Wide, a
// single plot Width, or PlaneWidth for a figure of the plane (Plane,
// Contour), whose axes share one scale; figures of the plane are as high
// as AspectHeight gives, the others Height.
func Size(f Figure) (w, h vg.Length) {
	w = Width
	switch f := f.(type) {
	case *Grid:
		w = Wide
		if p := f.first(); p != nil && isPlane(p) {
			return w, AspectHeight(f, w)
		}
	case *plot.Plot:
		if isPlane(f) {
			return PlaneWidth, AspectHeight(f, PlaneWidth)
		}
	}
	return w, Height
}

// isPlane reports whether p is a figure of the plane, whose axes share one
// scale: both are ticked by planeTicks.
func isPlane(p *plot.Plot) bool {
	_, x := p.X.Tick.Marker.(planeTicks)
	_, y := p.Y.Tick.Marker.(planeTicks)
	return x && y
}

// AspectHeight returns the height at which f, drawn w wide, shows one data
// unit as the same length on both axes of its first panel: with the square
// ranges of Plane, a square data area, so that perpendicular lines look
// perpendicular and circles round. f is a *plot.Plot or a *Grid of plots
// with linear axes; for any other Figure, or one without plots, it
// returns Height.
func AspectHeight(f Figure, w vg.Length) vg.Length {
	// The data area's height is affine in the canvas height: measure it at
	// two heights and solve.
	const h0, h1 = 3 * vg.Inch, 6 * vg.Inch
	area := func(h vg.Length) (p *plot.Plot, dc draw.Canvas) {
		c := draw.NewCanvas(nopCanvas{}, w, h)
		switch f := f.(type) {
		case *plot.Plot:
			return f, f.DataCanvas(c)
		case *Grid:
			cs := f.layout(c, false)
			for j, r := range f.Panels {
				for i, p := range r {
					if p != nil {
						return p, p.DataCanvas(cs[j][i])
					}
				}
			}
		}
		return nil, c
	}
	p, d0 := area(h0)
	if p == nil {
		return Height
	}
	_, d1 := area(h1)
	xr, yr := p.X.Max-p.X.Min, p.Y.Max-p.Y.Min
	if !(xr > 0 && yr > 0) {
		return Height
	}
	dw := float64(d0.Max.X - d0.Min.X)
	want := dw * yr / xr
	g0 := float64(d0.Max.Y - d0.Min.Y)
	g1 := float64(d1.Max.Y - d1.Min.Y)
	slope := (g1 - g0) / float64(h1-h0)
	if slope <= 0 {
		return Height
	}
	return h0 + vg.Length((want-g0)/slope)
}

// nopCanvas is a vg.Canvas that draws nothing, for measuring layouts.
type nopCanvas struct{}

func (nopCanvas) SetLineWidth(vg.Length)                 {}
func (nopCanvas) SetLineDash([]vg.Length, vg.Length)     {}
func (nopCanvas) SetColor(color.Color)                   {}
func (nopCanvas) Rotate(float64)                         {}
func (nopCanvas) Translate(vg.Point)                     {}
func (nopCanvas) Scale(float64, float64)                 {}
func (nopCanvas) Push()                                  {}
func (nopCanvas) Pop()                                   {}
func (nopCanvas) Stroke(vg.Path)                         {}
func (nopCanvas) Fill(vg.Path)                           {}
func (nopCanvas) FillString(font.Face, vg.Point, string) {}
func (nopCanvas) DrawImage(vg.Rectangle, image.Image)    {}
