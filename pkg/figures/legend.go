package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// SideLegend is a plot.Plotter that draws a legend to the right of the data
// area, outside it, so that the legend never covers data. It reserves its
// width through plot.GlyphBoxer: the plot shrinks its data area to make room,
// and plot.Align lines up panels with and without a SideLegend.
//
// Add it to a plot after the data; leave the plot's own Legend empty.
type SideLegend struct {
	// Legend holds the entries and their text style; Top and Left are
	// ignored (the legend hangs from the top, icons on the left).
	Legend plot.Legend
	// Gap is the space between the data area and the legend.
	Gap vg.Length
	// Margin is the space kept free to the right of the legend, between
	// its longest entry and the edge of the figure, where a viewer that
	// sets the text in a slightly wider font than the one measured still
	// has room (SVG text is set by the browser).
	Margin vg.Length
	names  []string
	// missing counts the entries that report a line not drawn (w = 0).
	missing int
}

// NewSideLegend returns an empty SideLegend in the house style.
func NewSideLegend() *SideLegend {
	l := &SideLegend{Legend: plot.NewLegend(), Gap: vg.Points(8), Margin: vg.Points(6)}
	l.Legend.TextStyle.Font.Size = vg.Points(legendFontSize)
	l.Legend.ThumbnailWidth = vg.Points(18)
	l.Legend.Padding = vg.Points(2)
	l.Legend.Top = true
	l.Legend.Left = true
	return l
}

// Add appends an entry named name whose icon draws every thumbnail in order.
// An entry without thumbnails is a line of text.
func (l *SideLegend) Add(name string, thumbs ...plot.Thumbnailer) {
	l.names = append(l.names, name)
	l.Legend.Add(name, thumbs...)
}

// Names returns the entry names in order.
func (l *SideLegend) Names() []string { return append([]string(nil), l.names...) }

// legend returns the entries set by the text handler h.
func (l *SideLegend) legend(h text.Handler) plot.Legend {
	leg := l.Legend
	leg.TextStyle.Handler = h
	leg.Top, leg.Left = true, true
	return leg
}

// width is the width of the entries set by h, independent of any canvas.
func (l *SideLegend) width(h text.Handler) vg.Length {
	if len(l.names) == 0 {
		return 0
	}
	leg := l.legend(h)
	r := leg.Rectangle(draw.Canvas{})
	// Rectangle measures " "+text, so a multi-line entry is widened by one
	// space on its first line only, while Draw indents every line by it.
	return r.Max.X - r.Min.X + leg.TextStyle.Width(" ")
}

// Plot implements plot.Plotter; c is the data area. The entries are set
// by p's text handler (see NewPlot).
func (l *SideLegend) Plot(c draw.Canvas, p *plot.Plot) {
	if len(l.names) == 0 {
		return
	}
	h := handlerOf(p)
	area := c
	area.Min.X = c.Max.X + l.Gap
	area.Max.X = area.Min.X + l.width(h)
	leg := l.legend(h)
	leg.Draw(area)
}

// reserved is the width the legend takes to the right of the data area:
// the gap, the entries and the margin.
func (l *SideLegend) reserved(h text.Handler) vg.Length {
	if len(l.names) == 0 {
		return 0
	}
	return l.Gap + l.width(h) + l.Margin
}

// GlyphBoxes implements plot.GlyphBoxer, reserving the legend's width and
// margin to the right of the data area. The box has no height, so it
// leaves the vertical layout alone.
func (l *SideLegend) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	if len(l.names) == 0 {
		return nil
	}
	return []plot.GlyphBox{{
		X: 1, Y: 0.5,
		Rectangle: vg.Rectangle{
			Min: vg.Point{X: l.Gap},
			Max: vg.Point{X: l.reserved(handlerOf(p))},
		},
	}}
}

// GlyphThumb is a legend thumbnail (SideLegend.Add) that draws one glyph
// in the middle of the icon, for a mark that no plotter of the legend's
// plot draws in that style (gonum's *plotter.Scatter is its own
// thumbnail).
type GlyphThumb draw.GlyphStyle

// Thumbnail implements plot.Thumbnailer.
func (t GlyphThumb) Thumbnail(c *draw.Canvas) {
	c.DrawGlyphNoClip(draw.GlyphStyle(t), c.Center())
}

// LineThumb is a legend thumbnail that draws a horizontal line in its
// style.
type LineThumb draw.LineStyle

// Thumbnail implements plot.Thumbnailer.
func (t LineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(draw.LineStyle(t), c.Min.X, y, c.Max.X, y)
}

// BoxThumb is a legend thumbnail for a region: it fills the icon with Fill
// and, if Outline has a width, outlines it.
type BoxThumb struct {
	Fill    color.Color
	Outline draw.LineStyle
}

// Thumbnail implements plot.Thumbnailer.
func (t BoxThumb) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{c.Min, {X: c.Min.X, Y: c.Max.Y}, c.Max, {X: c.Max.X, Y: c.Min.Y}}
	c.FillPolygon(t.Fill, c.ClipPolygonXY(pts))
	if t.Outline.Width > 0 {
		c.StrokeLines(t.Outline, append(pts, c.Min))
	}
}
