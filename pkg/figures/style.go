package figures

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The Okabe–Ito palette (Okabe & Ito 2008), distinguishable under the common
// forms of colour blindness. Colour never carries meaning alone: every class
// and every series also differs in marker shape or line dash.
var (
	blue       = color.RGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}
	vermillion = color.RGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}
	green      = color.RGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF}
	purple     = color.RGBA{R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF}
	orange     = color.RGBA{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF}
	sky        = color.RGBA{R: 0x56, G: 0xB4, B: 0xE9, A: 0xFF}
	yellow     = color.RGBA{R: 0xF0, G: 0xE4, B: 0x42, A: 0xFF}
	black      = color.RGBA{A: 0xFF}
	grey       = color.RGBA{R: 0x70, G: 0x70, B: 0x70, A: 0xFF}

	// Light tints of the class colours for regions (premultiplied alpha).
	positiveTint = color.NRGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0x22}
	negativeTint = color.NRGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0x22}
	// infeasibleTint shades a region that cannot hold points (translucent);
	// infeasibleGrey the part of a contour plot outside the feasible region.
	infeasibleTint = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x55}
	infeasibleGrey = color.RGBA{R: 0xDD, G: 0xDD, B: 0xDD, A: 0xFF}
)

// Sizes of marks and text, in points.
const (
	markerRadius   = 4
	ringRadius     = 7.5
	haloRadius     = 9
	lineWidth      = 1.5
	thinLineWidth  = 1
	boundLineWidth = 4
	labelFontSize  = 10
	legendFontSize = 10
	panelTitleSize = 10
	titleFontSize  = 12
)

// seriesColors, seriesDashes and seriesShapes are cycled through by the
// builders that draw several named series; the i-th series gets all three
// i-th entries so that no two series differ by colour only.
var (
	seriesColors = []color.Color{blue, vermillion, green, purple, orange, sky, black}
	seriesDashes = [][]vg.Length{
		nil,
		{vg.Points(6), vg.Points(3)},
		{vg.Points(2), vg.Points(2)},
		{vg.Points(6), vg.Points(2), vg.Points(2), vg.Points(2)},
		{vg.Points(10), vg.Points(3)},
		{vg.Points(3), vg.Points(5)},
		{vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2), vg.Points(2), vg.Points(2)},
	}
	seriesShapes = []draw.GlyphDrawer{
		draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{},
		draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}, draw.RingGlyph{},
	}
)

func seriesLine(i int) draw.LineStyle {
	return draw.LineStyle{
		Color:  seriesColors[i%len(seriesColors)],
		Width:  vg.Points(lineWidth),
		Dashes: seriesDashes[i%len(seriesDashes)],
	}
}

// boundLine is the style of the i-th series when it is a bound (see
// Series.Bound): its colour, lightened, wide and dashed, so that a series
// drawn on it in the ordinary width leaves it showing on both sides.
func boundLine(i int) draw.LineStyle {
	r, g, b, _ := seriesColors[i%len(seriesColors)].RGBA()
	return draw.LineStyle{
		Color:  color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 0xA0},
		Width:  vg.Points(boundLineWidth),
		Dashes: []vg.Length{vg.Points(8), vg.Points(4)},
	}
}

func seriesGlyph(i int) draw.GlyphStyle {
	return draw.GlyphStyle{
		Color:  seriesColors[i%len(seriesColors)],
		Radius: vg.Points(markerRadius - 0.5),
		Shape:  seriesShapes[i%len(seriesShapes)],
	}
}

// classGlyph is the marker of a class: +1 a blue filled circle, −1 a
// vermillion filled triangle (a pyramid in gonum's names).
func classGlyph(label float64) draw.GlyphStyle {
	if label > 0 {
		return draw.GlyphStyle{Color: blue, Radius: vg.Points(markerRadius), Shape: draw.CircleGlyph{}}
	}
	return draw.GlyphStyle{Color: vermillion, Radius: vg.Points(markerRadius + 1), Shape: draw.PyramidGlyph{}}
}

// className is the legend entry of a class.
func className(label float64) string {
	if label > 0 {
		return "y = +1"
	}
	return "y = −1"
}

// newPlot returns a plot with the house fonts and a title.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(titleFontSize)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	return p
}

// labelFont returns the text style for a label beside a mark.
func labelFont(p *plot.Plot, size float64) font.Font {
	f := p.Title.TextStyle.Font
	f.Size = vg.Points(size)
	return f
}

// num formats v for titles and labels: %.4g with a true minus sign, and 0
// for negative zero.
func num(v float64) string {
	if v == 0 {
		return "0"
	}
	s := strconv.FormatFloat(v, 'g', 4, 64)
	return strings.ReplaceAll(s, "-", "−")
}

// vec formats a vector as (a, b, …) with num.
func vec(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = num(x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// pointName is the book's 1-based name of the example with 0-based index i.
func pointName(i int) string { return "x" + strconv.Itoa(i+1) }

// finite reports whether every value is neither NaN nor infinite.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// labelStyle is the style of a label beside a mark or a line.
func labelStyle(size float64, c color.Color, xa draw.XAlignment, ya draw.YAlignment) text.Style {
	return text.Style{
		Color:   c,
		Font:    font.From(plot.DefaultFont, vg.Points(size)),
		XAlign:  xa,
		YAlign:  ya,
		Handler: plot.DefaultTextHandler,
	}
}

// textItem is a label at a point in data coordinates, moved by Offset.
type textItem struct {
	At     plotter.XY
	Text   string
	Offset vg.Point
	Style  text.Style
}

// textLayer draws labels; its glyph boxes keep them inside the figure.
type textLayer []textItem

// Plot implements plot.Plotter.
func (t textLayer) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, it := range t {
		pt := vg.Point{X: trX(it.At.X), Y: trY(it.At.Y)}
		c.FillText(it.Style, pt.Add(it.Offset), it.Text)
	}
}

// GlyphBoxes implements plot.GlyphBoxer.
func (t textLayer) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	bs := make([]plot.GlyphBox, len(t))
	for i, it := range t {
		bs[i] = plot.GlyphBox{
			X:         p.X.Norm(it.At.X),
			Y:         p.Y.Norm(it.At.Y),
			Rectangle: it.Style.Rectangle(it.Text).Add(it.Offset),
		}
	}
	return bs
}

// marksLayer draws one glyph per point without changing the plot's range.
type marksLayer struct {
	Pts   []plotter.XY
	Style draw.GlyphStyle
}

// Plot implements plot.Plotter.
func (m marksLayer) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, q := range m.Pts {
		c.DrawGlyph(m.Style, vg.Point{X: trX(q.X), Y: trY(q.Y)})
	}
}

// GlyphBoxes implements plot.GlyphBoxer.
func (m marksLayer) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	bs := make([]plot.GlyphBox, len(m.Pts))
	for i, q := range m.Pts {
		bs[i] = plot.GlyphBox{X: p.X.Norm(q.X), Y: p.Y.Norm(q.Y), Rectangle: m.Style.Rectangle()}
	}
	return bs
}
