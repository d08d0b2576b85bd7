package gallery

import (
	"cmp"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// PairBox is the picture of one step of SMO in the plane of its two
// variables, the book's Figure 7.8 (Li Hang §7.4.1): the box 0 ≤ α₁, α₂ ≤ C
// (the quadrant α₁, α₂ ≥ 0 for a hard margin), the line α₁y₁ + α₂y₂ = ς on
// which the step moves (α₁ − α₂ = k when y₁ ≠ y₂, α₁ + α₂ = k when y₁ =
// y₂), the segment of it inside the box with the bounds L and H of α₂
// marked, the pair before the step, the unclipped minimiser of Theorem 7.6
// and the clipped pair after it.
type PairBox struct {
	// Title is the panel's title.
	Title string
	// XLabel and YLabel name the axes; empty means α₁ and α₂.
	XLabel, YLabel string
	// C is the box bound, +Inf for a hard margin.
	C float64
	// SameLabel is y₁ = y₂.
	SameLabel bool
	// Old is (α₁, α₂) before the step.
	Old [2]float64
	// Unclipped is α₂^{new,unc} of (7.106); NaN for none (η ≤ 0, or the
	// state before a step). A value far outside the box is not drawn: the
	// legend gives it.
	Unclipped float64
	// New is (α₁, α₂) after the step; NaN components for none (the state
	// before a step).
	New [2]float64
	// L and H bound α₂ on the segment; H is +Inf for a hard margin with
	// y₁ ≠ y₂.
	L, H float64
	// Lang is the language of the words the figure adds.
	Lang lang.Lang
}

// Plot builds the figure, its legend to the right. It returns an error
// wrapping figures.ErrNotFinite for a NaN or infinite Old, L or a NaN C, H
// (or a NaN New component while the other is not), figures.ErrEmpty for
// L > H or a box bound C ≤ 0, and figures.ErrFont for Chinese without a
// Chinese font.
func (b PairBox) Plot() (_ *plot.Plot, err error) {
	defer wrapErr("PairBox", &err)
	legend := figures.NewSideLegend()
	p, err := b.plot(legend, false)
	if err != nil {
		return nil, err
	}
	p.Add(legend)
	return p, nil
}

// Styles of PairBox.
var (
	boxStyle     = draw.LineStyle{Color: figures.Black, Width: vg.Points(1.5)}
	boxTint      = color.NRGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0x18}
	lineStyle    = draw.LineStyle{Color: figures.Grey, Width: vg.Points(figures.ThinLineWidth), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	segmentStyle = draw.LineStyle{Color: color.NRGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0xC0}, Width: vg.Points(5)}
	guideStyle   = draw.LineStyle{Color: figures.Grey, Width: vg.Points(figures.ThinLineWidth), Dashes: []vg.Length{vg.Points(1), vg.Points(2)}}
	// The point before the step is a hollow diamond: a ring is a support
	// vector with 0 < αᵢ < C in the data panel beside it (smoStep), and the
	// shared legend would list two identical rings.
	oldGlyph      = draw.GlyphStyle{Color: figures.Black, Radius: vg.Points(figures.MarkerRadius + 2), Shape: diamondGlyph{}}
	uncGlyph      = draw.GlyphStyle{Color: figures.Vermillion, Radius: vg.Points(figures.MarkerRadius + 1), Shape: figures.ThickCrossGlyph{}}
	newGlyph      = draw.GlyphStyle{Color: figures.Blue, Radius: vg.Points(figures.MarkerRadius), Shape: draw.BoxGlyph{}}
	stepArrow     = draw.LineStyle{Color: figures.Blue, Width: vg.Points(1.2)}
	clipLineStyle = draw.LineStyle{Color: figures.Vermillion, Width: vg.Points(figures.ThinLineWidth), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
)

// plot builds the figure and adds its legend entries to legend, which it
// does not draw. A shared legend, drawn once for several panels, names what
// the marks are without this panel's values, and the panel's title gives
// them: its L and H and where its unclipped α₂ was clipped to.
func (b PairBox) plot(legend *figures.SideLegend, shared bool) (*plot.Plot, error) {
	l := b.Lang
	hard := math.IsInf(b.C, 1)
	hasNew := !math.IsNaN(b.New[0]) || !math.IsNaN(b.New[1])
	switch {
	case !finite(b.Old[0], b.Old[1], b.L) || math.IsNaN(b.C) || math.IsNaN(b.H) || (hasNew && !finite(b.New[0], b.New[1])):
		return nil, errtext.Errorf("%w: pair box at (%v, %v) → (%v, %v) on [%v, %v], C = %v", figures.ErrNotFinite, b.Old[0], b.Old[1], b.New[0], b.New[1], b.L, b.H, b.C)
	case !(b.C > 0) || b.L > b.H:
		return nil, errtext.Errorf("%w: pair box with C = %v on [%v, %v]", figures.ErrEmpty, b.C, b.L, b.H)
	}
	title := b.Title
	if shared {
		title += "\n" + b.values()
	}
	p, err := titledPlot(l, title, cmp.Or(b.XLabel, "α₁"), cmp.Or(b.YLabel, "α₂"))
	if err != nil {
		return nil, err
	}
	// α₁ on the line, as a function of α₂.
	var along func(a2 float64) float64
	if b.SameLabel {
		k := b.Old[0] + b.Old[1]
		along = func(a2 float64) float64 { return k - a2 }
	} else {
		k := b.Old[0] - b.Old[1]
		along = func(a2 float64) float64 { return a2 + k }
	}
	// The view: the box (or, for a hard margin, what the step spans) and
	// the unclipped point when it is near.
	side := b.C
	if hard {
		side = math.Max(math.Max(b.Old[0], b.Old[1]), b.L)
		if hasNew {
			side = math.Max(side, math.Max(b.New[0], b.New[1]))
		}
		if side *= 1.25; !(side > 0) {
			side = 1 // α = 0 before the first step
		}
	}
	unc := plotter.XY{X: along(b.Unclipped), Y: b.Unclipped}
	near := func(q plotter.XY) bool {
		return finite(q.X, q.Y) && q.X > -side && q.X < 3*side && q.Y > -side && q.Y < 3*side
	}
	showUnc := near(unc)
	lo, hi := -0.12*side, 1.12*side
	if showUnc {
		lo = math.Min(lo, math.Min(unc.X, unc.Y)-0.08*side)
		hi = math.Max(hi, math.Max(unc.X, unc.Y)+0.08*side)
	}
	view := figures.Rect{XMin: lo, XMax: hi, YMin: lo, YMax: hi}

	// The box, tinted, and its edges.
	n := notation.Number
	if hard {
		region := []plotter.XY{{X: 0, Y: 0}, {X: hi, Y: 0}, {X: hi, Y: hi}, {X: 0, Y: hi}}
		p.Add(figures.Fill{Poly: region, Color: boxTint})
		p.Add(segment(plotter.XY{X: 0, Y: 0}, plotter.XY{X: hi, Y: 0}, boxStyle), segment(plotter.XY{X: 0, Y: 0}, plotter.XY{X: 0, Y: hi}, boxStyle))
		legend.Add(l.Pick("α₁, α₂ ≥ 0 (hard margin)", "α₁ ≥ 0，α₂ ≥ 0（硬间隔）"), figures.BoxThumb{Fill: boxTint, Outline: boxStyle})
	} else {
		c := b.C
		box := []plotter.XY{{X: 0, Y: 0}, {X: c, Y: 0}, {X: c, Y: c}, {X: 0, Y: c}}
		p.Add(figures.Fill{Poly: box, Color: boxTint})
		for i := range box {
			p.Add(segment(box[i], box[(i+1)%4], boxStyle))
		}
		legend.Add(l.Pick("box 0 ≤ α₁, α₂ ≤ C = ", "盒子 [0, C]²，C = ")+n(c), figures.BoxThumb{Fill: boxTint, Outline: boxStyle})
	}
	// The line, across the view.
	w := []float64{1, -1} // α₁ − α₂ = k
	if b.SameLabel {
		w = []float64{1, 1} // α₁ + α₂ = k
	}
	k := w[0]*b.Old[0] + w[1]*b.Old[1]
	if a, c, ok := view.ClipLine(figures.Line{W: w, B: -k}); ok {
		p.Add(segment(a, c, lineStyle))
	}
	legend.Add(l.Pick("line α₁y₁ + α₂y₂ = ς", "直线 α₁y₁ + α₂y₂ = ς"), figures.LineThumb(lineStyle))
	// The segment [L, H] and the guides to the α₂ axis.
	top := b.H
	if math.IsInf(top, 1) {
		top = hi
	}
	ends := []plotter.XY{{X: along(b.L), Y: b.L}, {X: along(top), Y: top}}
	p.Add(segment(ends[0], ends[1], segmentStyle))
	hText := "H = " + n(b.H)
	if math.IsInf(b.H, 1) {
		hText = "H = +∞"
	}
	rangeText := l.Pick("α₂ in [L, H]: ", "α₂ 的取值范围 [L, H]：") + "L = " + n(b.L) + l.Pick(", ", "，") + hText
	if shared {
		rangeText = l.Pick("α₂ in [L, H]", "α₂ 的取值范围 [L, H]")
	}
	legend.Add(rangeText, figures.LineThumb(segmentStyle))
	var labels []figures.Label
	guides := []float64{b.L}
	if !math.IsInf(b.H, 1) && b.H > b.L {
		guides = append(guides, b.H)
	}
	for i, g := range guides {
		p.Add(segment(plotter.XY{X: lo, Y: g}, plotter.XY{X: along(g), Y: g}, guideStyle))
		text := "L"
		if i == 1 {
			text = "H"
		}
		prefer := figures.NorthEast
		if i == 0 && len(guides) == 2 {
			prefer = figures.SouthEast
		}
		labels = append(labels, figures.Label{At: plotter.XY{X: lo, Y: g}, Text: text, Size: figures.LabelFontSize + 1, Color: figures.Black, Prefer: prefer})
	}
	// The pair before, the unclipped minimiser, the pair after.
	old := plotter.XY{X: b.Old[0], Y: b.Old[1]}
	marks := []plotter.XY{old}
	p.Add(&plotter.Scatter{XYs: plotter.XYs{old}, GlyphStyle: oldGlyph})
	legend.Add(l.Pick("before the step", "更新前"), figures.GlyphThumb(oldGlyph))
	if !math.IsNaN(b.Unclipped) {
		text := l.Pick("α₂ unclipped (7.106) = ", "未经剪辑的 α₂ (7.106) = ") + n(b.Unclipped)
		if shared {
			text = l.Pick("α₂ unclipped (7.106)", "未经剪辑的 α₂ (7.106)")
		}
		switch {
		case showUnc:
			p.Add(&plotter.Scatter{XYs: plotter.XYs{unc}, GlyphStyle: uncGlyph})
			marks = append(marks, unc)
			legend.Add(text, figures.GlyphThumb(uncGlyph))
		case shared: // the title says where it is
			legend.Add(text, figures.GlyphThumb(uncGlyph))
		default:
			legend.Add(text+l.Pick(", off the view", "，在图外"), figures.GlyphThumb(uncGlyph))
		}
	}
	if hasNew {
		nw := plotter.XY{X: b.New[0], Y: b.New[1]}
		if showUnc && (unc.X != nw.X || unc.Y != nw.Y) {
			p.Add(segment(unc, nw, clipLineStyle))
		}
		if nw != old {
			p.Add(figures.Arrow{From: old, To: nw, LineStyle: stepArrow})
		}
		p.Add(&plotter.Scatter{XYs: plotter.XYs{nw}, GlyphStyle: newGlyph})
		marks = append(marks, nw)
		legend.Add(l.Pick("after the step, clipped (7.108)", "更新后，经剪辑 (7.108)"), figures.GlyphThumb(newGlyph))
	}
	p.Add(figures.Labels{Items: labels, Avoid: marks, AvoidRadius: vg.Points(figures.RingRadius), Paths: [][]plotter.XY{ends}})
	figures.EqualAxes(p, view)
	return p, nil
}

// pairBoxes lays PairBox panels out in a row under title, with one legend
// to the right: the book's Figure 7.8 for y₁ ≠ y₂ and y₁ = y₂ (SMOBoxes).
// With more than one panel the legend says what each mark is, and each
// panel's title gains a line with its own values: L, H and the unclipped
// α₂ with the bound it was clipped to. It returns the first panel's error
// and figures.ErrEmpty for no panels.
func pairBoxes(title string, boxes ...PairBox) (*figures.Grid, error) {
	if len(boxes) == 0 {
		return nil, errtext.Errorf("%w: no pair boxes", figures.ErrEmpty)
	}
	var legend *figures.SideLegend
	plots := make([]*plot.Plot, len(boxes))
	for i, b := range boxes {
		leg := figures.NewSideLegend()
		p, err := b.plot(leg, len(boxes) > 1)
		if err != nil {
			return nil, errtext.Errorf("pair box %d: %w", i+1, err)
		}
		figures.PanelStyle(p)
		plots[i] = p
		if i == 0 {
			legend = leg
		}
	}
	g := figures.NewGrid(title, len(boxes), plots...)
	g.Legend = legend
	return g, nil
}

// smoStep is the picture of one step of SMO on data in the plane
// (SMOFrames): the data with the hyperplane after the step (a
// figures.Plane: its Boundaries, support vectors and the pair
// highlighted), beside the step in the box of its two variables (PairBox),
// under one title with one legend to the right.
type smoStep struct {
	Title string
	Plane figures.Plane
	Box   PairBox
}

// plot builds the figure. It returns the errors of figures.Plane.Plot and
// PairBox.Plot and panics as figures.Plane.Plot does.
func (s smoStep) plot() (*figures.Grid, error) {
	pl := s.Plane
	pl.NoLegend = true
	left, legend, err := pl.PlotLegend()
	if err != nil {
		return nil, errtext.Errorf("SMO step: %w", err)
	}
	right, err := s.Box.plot(legend, false)
	if err != nil {
		return nil, errtext.Errorf("SMO step: %w", err)
	}
	figures.PanelStyle(left)
	figures.PanelStyle(right)
	g := figures.NewGrid(s.Title, 2, left, right)
	g.Legend = legend
	return g, nil
}

// values says, in a line, the panel's L and H and what the clipping (7.108)
// did to the unclipped α₂: "L = 0.3, H = 1; α₂ unclipped 5/4, clipped down
// to H".
func (b PairBox) values() string {
	l, n := b.Lang, notation.Number
	hText := n(b.H)
	if math.IsInf(b.H, 1) {
		hText = "+∞"
	}
	s := "L = " + n(b.L) + l.Pick(", ", "，") + "H = " + hText
	u := b.Unclipped
	switch {
	case math.IsNaN(u):
		return s
	case u > b.H:
		return s + l.Pick("; α₂ unclipped "+n(u)+", clipped down to H", "；未经剪辑的 α₂ = "+n(u)+"，剪辑到 H")
	case u < b.L:
		return s + l.Pick("; α₂ unclipped "+n(u)+", clipped up to L", "；未经剪辑的 α₂ = "+n(u)+"，剪辑到 L")
	}
	return s + l.Pick("; α₂ unclipped "+n(u)+", inside [L, H]", "；未经剪辑的 α₂ = "+n(u)+"，在 [L, H] 内")
}

// diamondGlyph is a hollow diamond, a square standing on a corner, drawn
// with a 1.2-point stroke; its corners lie at the glyph's radius.
type diamondGlyph struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(1.2)})
	r := sty.Radius
	var p vg.Path
	p.Move(vg.Point{X: pt.X, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Line(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r, Y: pt.Y})
	p.Close()
	c.Stroke(p)
}

// segment returns gonum's line plotter for the segment from a to b in
// data coordinates, drawn clipped to the data area.
func segment(a, b plotter.XY, sty draw.LineStyle) *plotter.Line {
	return &plotter.Line{XYs: plotter.XYs{a, b}, LineStyle: sty}
}
