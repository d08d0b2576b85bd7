package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Grid is a figure of small multiples: plots in rows and columns whose data
// areas have equal sizes and line up (plot.Align), under an optional title.
// A *Grid is a Figure, drawn and rendered like a *plot.Plot.
type Grid struct {
	// Title is drawn centred above the panels; empty for none.
	Title string
	// Panels holds the plots row by row. Every row has the same length;
	// nil panels are left blank.
	Panels [][]*plot.Plot
	// Pad is the space between neighbouring panels.
	Pad vg.Length
	// Legend, if not nil, is drawn once, to the right of all panels, in a
	// strip the grid reserves for it.
	Legend *SideLegend
}

// NewGrid lays plots out in rows of cols panels, filling the last row
// with blanks. It panics if cols < 1.
func NewGrid(title string, cols int, plots ...*plot.Plot) *Grid {
	if cols < 1 {
		panic("figures: grid needs at least one column")
	}
	cols = min(cols, max(len(plots), 1))
	var rows [][]*plot.Plot
	for i := 0; i < len(plots); i += cols {
		row := make([]*plot.Plot, cols)
		copy(row, plots[i:min(i+cols, len(plots))])
		rows = append(rows, row)
	}
	return &Grid{Title: title, Panels: rows, Pad: vg.Points(10)}
}

// Dims returns the number of rows and columns.
func (g *Grid) Dims() (rows, cols int) {
	if len(g.Panels) == 0 {
		return 0, 0
	}
	return len(g.Panels), len(g.Panels[0])
}

// Draw implements Figure. The titles of the panels of a row line up, at
// the height of the highest. It panics if the rows have different lengths.
func (g *Grid) Draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	canvases := g.layout(c, true)
	for j, r := range g.Panels {
		// plot.Align lines up the data areas; a panel's own title would sit
		// at the top of its canvas, which is lower in a panel that needs
		// less room above its data.
		top := c.Min.Y
		for i, p := range r {
			if p != nil {
				top = max(top, canvases[j][i].Max.Y)
			}
		}
		for i, p := range r {
			if p == nil {
				continue
			}
			cv := canvases[j][i]
			if p.Title.Text == "" {
				p.Draw(cv)
				continue
			}
			sty := p.Title.TextStyle
			cv.FillText(sty, vg.Point{X: cv.Center().X, Y: top + sty.FontExtents().Descent}, p.Title.Text)
			// Draw a copy without the title in the space the title took.
			q := *p
			q.Title.Text = ""
			cv.Max.Y -= sty.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
			q.Draw(cv)
		}
	}
}

// first returns the first panel that is not blank, or nil.
func (g *Grid) first() *plot.Plot {
	for _, r := range g.Panels {
		for _, p := range r {
			if p != nil {
				return p
			}
		}
	}
	return nil
}

// handler is the text handler of the grid's title and legend: that of its
// first panel (see NewPlot).
func (g *Grid) handler() text.Handler { return handlerOf(g.first()) }

// Save writes the grid to path at its house size (Size), in the format
// the extension names: .svg, .png or .pdf. See Save.
func (g *Grid) Save(path string) error { return Save(g, path) }

// layout returns the canvas of each panel, drawing the title if draw is set.
func (g *Grid) layout(c draw.Canvas, drawTitle bool) [][]draw.Canvas {
	h := g.handler()
	if g.Title != "" {
		sty := labelStyle(h, titleFontSize+1, color.Black, draw.XCenter, draw.YTop)
		if drawTitle {
			c.FillText(sty, vg.Point{X: c.Center().X, Y: c.Max.Y - vg.Points(2)}, g.Title)
		}
		c.Max.Y -= sty.Rectangle(g.Title).Size().Y + vg.Points(8)
	}
	if g.Legend != nil && len(g.Legend.names) > 0 {
		strip := c
		c.Max.X -= g.Legend.reserved(h)
		strip.Min.X, strip.Max.X = c.Max.X, c.Max.X
		// SideLegend draws to the right of the area it is given, with the
		// text handler of the plot it is given.
		if drawTitle {
			g.Legend.Plot(strip, &plot.Plot{TextHandler: h})
		}
	}
	rows, cols := g.Dims()
	if rows == 0 || cols == 0 {
		return nil
	}
	for _, r := range g.Panels {
		if len(r) != cols {
			panic("figures: grid rows of different lengths")
		}
	}
	edge := vg.Points(4) // keeps tick labels off the figure's border
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: g.Pad, PadY: g.Pad,
		PadLeft: edge, PadRight: edge, PadTop: edge, PadBottom: edge}
	return plot.Align(g.Panels, tiles, c)
}
