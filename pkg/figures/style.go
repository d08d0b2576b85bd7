package figures

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// The house palette: the colours of Okabe and Ito (2008), distinguishable
// under the common forms of colour blindness, and a neutral grey. Blue is
// the class +1 and Vermillion the class −1 (Classes); SeriesLine and
// SeriesGlyph cycle through Blue, Vermillion, Green, Purple, Orange, Sky and
// Black. A plotter of one's own in these colours matches the figures of
// this package. Colour never carries meaning alone: every class and every
// series also differs in marker shape or line dash.
var (
	Blue       = color.RGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}
	Vermillion = color.RGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}
	Green      = color.RGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF}
	Purple     = color.RGBA{R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF}
	Orange     = color.RGBA{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF}
	Sky        = color.RGBA{R: 0x56, G: 0xB4, B: 0xE9, A: 0xFF}
	Yellow     = color.RGBA{R: 0xF0, G: 0xE4, B: 0x42, A: 0xFF}
	Black      = color.RGBA{A: 0xFF}
	Grey       = color.RGBA{R: 0x70, G: 0x70, B: 0x70, A: 0xFF}
	// olive, from Paul Tol's muted scheme, is a line colour far in hue
	// from both class colours (see hyperplaneColors).
	olive = color.RGBA{R: 0x99, G: 0x99, B: 0x33, A: 0xFF}

	// Light tints of the class colours for regions (premultiplied alpha).
	positiveTint = color.NRGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0x22}
	negativeTint = color.NRGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0x22}
	// InfeasibleTint, translucent, shades a region that cannot hold
	// points, such as the mistakes above Novikoff's bound
	// (gallery.MistakesVsBound).
	InfeasibleTint = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x55}
	// infeasibleGrey is the part of a contour plot outside the feasible
	// region.
	infeasibleGrey = color.RGBA{R: 0xDD, G: 0xDD, B: 0xDD, A: 0xFF}
)

// Sizes of marks and text, in points (vg.Points(MarkerRadius)): the
// radius of a point's marker, of the ring around a support vector, the
// width of a line such as a hyperplane and of a thin one such as a margin,
// and the size of a label beside a point. A plotter of one's own at these
// sizes matches the figures of this package.
const (
	MarkerRadius   = 4
	RingRadius     = 7.5
	haloRadius     = 9
	LineWidth      = 1.5
	ThinLineWidth  = 1
	boundLineWidth = 4
	LabelFontSize  = 10
	legendFontSize = 10
	panelTitleSize = 10
	titleFontSize  = 12
	axisFontSize   = 11
)

// seriesColors, seriesDashes and seriesShapes are cycled through by the
// builders that draw several named series; the i-th series gets all three
// i-th entries so that no two series differ by colour only.
var (
	seriesColors = []color.Color{Blue, Vermillion, Green, Purple, Orange, Sky, Black}
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

// SeriesLine is the line style of the i-th series of a figure with several
// (Lines, Curves): its colour of the palette, its dash and the width
// LineWidth. With SeriesGlyph it draws a student's own series as Lines
// draws its i-th; the styles repeat after seven series.
func SeriesLine(i int) draw.LineStyle {
	return draw.LineStyle{
		Color:  seriesColors[i%len(seriesColors)],
		Width:  vg.Points(LineWidth),
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

// SeriesGlyph is the marker of the i-th series, in the colour of
// SeriesLine(i) and a shape of its own, so that no two series differ by
// colour only.
func SeriesGlyph(i int) draw.GlyphStyle {
	return draw.GlyphStyle{
		Color:  seriesColors[i%len(seriesColors)],
		Radius: vg.Points(MarkerRadius - 0.5),
		Shape:  seriesShapes[i%len(seriesShapes)],
	}
}

// classGlyph is the marker of a class: +1 a blue filled circle, −1 a
// vermillion filled triangle (a pyramid in gonum's names).
func classGlyph(label float64) draw.GlyphStyle {
	if label > 0 {
		return draw.GlyphStyle{Color: Blue, Radius: vg.Points(MarkerRadius), Shape: draw.CircleGlyph{}}
	}
	return draw.GlyphStyle{Color: Vermillion, Radius: vg.Points(MarkerRadius + 1), Shape: draw.PyramidGlyph{}}
}

// newPlot returns a plot of the edition l (see NewPlot) with a title and
// axis labels.
func newPlot(l lang.Lang, title, xLabel, yLabel string) (*plot.Plot, error) {
	p, err := NewPlot(l)
	if err != nil {
		return nil, err
	}
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	return p, nil
}

// pointName is the book's 1-based name of the example with 0-based index i.
func pointName(i int) string { return "x" + strconv.Itoa(i+1) }

// coordinate is the name of the coordinate x⁽ʲ⁺¹⁾ in figure text, as
// package notation writes it: x⁽¹⁾, x⁽²⁾.
func coordinate(j int) string {
	w := make([]float64, j+1)
	w[j] = 1
	return notation.Affine(w, 0)
}

// finite reports whether every value is neither NaN nor infinite.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// labelStyle is the style of a label beside a mark or a line, set by the
// text handler h.
func labelStyle(h text.Handler, size float64, c color.Color, xa draw.XAlignment, ya draw.YAlignment) text.Style {
	return text.Style{
		Color:   c,
		Font:    font.From(plot.DefaultFont, vg.Points(size)),
		XAlign:  xa,
		YAlign:  ya,
		Handler: h,
	}
}

// scatter returns a scatter of the points in one glyph style. Its data
// range and glyph boxes make the plot hold the points and their marks.
func scatter(pts []plotter.XY, sty draw.GlyphStyle) *plotter.Scatter {
	s, err := plotter.NewScatter(plotter.XYs(pts))
	if err != nil {
		panic("figures: " + err.Error()) // points come validated
	}
	s.GlyphStyle = sty
	return s
}

// pointLabel is gonum's plotter.Labels for one text at a point, moved by
// off and aligned by xa and ya, set by p's text handler.
func pointLabel(p *plot.Plot, at plotter.XY, txt string, size float64, off vg.Point, xa draw.XAlignment, ya draw.YAlignment) *plotter.Labels {
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{at}, Labels: []string{txt}})
	if err != nil {
		panic("figures: " + err.Error()) // the point comes validated
	}
	l.TextStyle[0] = labelStyle(handlerOf(p), size, Black, xa, ya)
	l.Offset = off
	return l
}
