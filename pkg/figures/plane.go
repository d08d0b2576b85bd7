package figures

import (
	"cmp"
	"fmt"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// Boundary is the decision boundary w·x + b = 0 of a linear model in a
// Plane figure, with what to draw around it.
type Boundary struct {
	// Line is w·x + b = 0. W = 0 draws no line (the legend says so), as at
	// k = 4 of Table 2.1.
	Line
	// Label is the legend entry; empty means the equation, as package
	// notation writes it: "x⁽¹⁾ + x⁽²⁾ − 3 = 0".
	Label string
	// Margins also draws the lines w·x + b = ±1; MarginLabel is their
	// legend entry, empty for "margin boundaries w·x + b = ±1".
	Margins     bool
	MarginLabel string
	// Normal draws w as an arrow from the line.
	Normal bool
	// Shade tints the half-planes w·x + b > 0 (blue, the +1 side) and
	// w·x + b < 0 (vermillion).
	Shade bool
	// Distances lists 0-based indices of points whose distance
	// |w·xᵢ + b|/‖w‖ to the line is drawn, perpendicular, and labelled.
	Distances []int
}

// PointNames returns the book's names x1, …, xn of n points.
func PointNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = pointName(i)
	}
	return names
}

// Plane describes a figure of labelled data in the plane. Its zero value
// with X and Y set draws just the two classes. It composes the plotters of
// this package — Regions, Hyperplane, Classes, SupportVectors — with the
// normal vector, the distances, highlighted points, point names placed
// clear of the marks and lines, and a legend beside the data.
type Plane struct {
	// Title is the plot title.
	Title string
	// XLabel and YLabel name the axes; empty means the book's
	// coordinates x⁽¹⁾ and x⁽²⁾.
	XLabel, YLabel string
	// PositiveName and NegativeName are the legend entries of the classes
	// y = +1 and y = −1 ("setosa"); empty means "positive (y = +1)" and
	// "negative (y = −1)" in the language Lang.
	PositiveName, NegativeName string
	// X holds the points, one per row (n×2); Y their labels in {−1, +1}.
	X mat.Matrix
	Y []float64
	// Names, if not nil, labels point i with Names[i] (see PointNames).
	Names []string
	// Classifier, if not nil, shades its decision regions under the data
	// (Regions): a kernel model, whose boundary is not a line, or any
	// other.
	Classifier classify.Classifier
	// Boundaries are the lines of linear models, drawn in order, each in
	// its own colour and dash.
	Boundaries []Boundary
	// FreeIndices and BoundedIndices list the support vectors of an SVM
	// fit by KKT class, as svm.Result does: the points with 0 < αᵢ < C
	// (every support vector of a hard margin) are ringed, those with
	// αᵢ = C boxed (SupportVectors). SoftMargin says that the fit has a
	// finite C, so that the legend names the three classes αᵢ = 0,
	// 0 < αᵢ < C and αᵢ = C; otherwise it reads "support vector, αᵢ > 0".
	FreeIndices, BoundedIndices []int
	SoftMargin                  bool
	// SupportName, if not empty, is the legend entry of the ringed points
	// of a hard margin in place of "support vector, αᵢ > 0": for a primal
	// solution, which has no α, the points on the margin boundaries.
	SupportName string
	// SupportOf, if not empty, names the fit whose support vectors are
	// marked, in the language Lang, where the figure draws several fits:
	// "the hinge solution" makes the legend read "support vector of the
	// hinge solution, αᵢ = C" (中文 “合页损失解” gives “合页损失解的支持向量”).
	SupportOf string
	// Highlight lists 0-based indices of points drawn on a yellow halo,
	// with HighlightLabel in the legend ("misclassified" if empty).
	Highlight      []int
	HighlightLabel string
	// View is the part of the plane shown. The zero Rect means a square
	// around the points and distance feet, so that both axes share one
	// scale when the data area is square (see AspectHeight).
	View Rect
	// NoLegend leaves the legend out (small multiples draw it once).
	NoLegend bool
	// Lang is the language of the words the figure adds.
	Lang lang.Lang
}

// Plot builds the figure. It returns an error wrapping the dataset
// sentinels for unusable data; ErrDim for X without two columns, a
// boundary whose W does not have two components (the W of a kernel model
// is nil: draw its regions with Classifier instead) or a classifier of
// another dimension; ErrIndex for an index outside the data; ErrLength for
// Names of another length than the points; ErrNotFinite for a boundary,
// support vector or decision value that is NaN or infinite; and ErrFont
// for a Chinese figure without a Chinese font.
func (s Plane) Plot() (*plot.Plot, error) {
	p, _, err := s.PlotLegend()
	return p, err
}

// PlotLegend builds the figure as Plot does and returns its legend as well,
// which is on the plot unless NoLegend is set: a caller that adds layers of
// its own (a convex hull, a mark) names them with legend.Add.
func (s Plane) PlotLegend() (*plot.Plot, *SideLegend, error) {
	xl, yl := s.XLabel, s.YLabel
	if xl == "" {
		xl = coordinate(0)
	}
	if yl == "" {
		yl = coordinate(1)
	}
	p, err := newPlot(s.Lang, s.Title, xl, yl)
	if err != nil {
		return nil, nil, err
	}
	layers, legend, view, err := s.layers()
	if err != nil {
		return nil, nil, err
	}
	p.Add(layers...)
	if !s.NoLegend && len(legend.names) > 0 {
		p.Add(legend)
	}
	EqualAxes(p, view)
	return p, legend, nil
}

// planeBuild collects the layers of a Plane figure in drawing order, its
// legend, and what the labels keep clear of.
type planeBuild struct {
	s      Plane
	l      lang.Lang
	pts    []plotter.XY
	view   Rect
	layers []plot.Plotter
	legend *SideLegend
	labels []Label
	lines  []*Hyperplane  // that labels keep clear of
	paths  [][]plotter.XY // likewise
}

// layers returns the plotters of the figure in drawing order, its legend
// and the range to show.
func (s Plane) layers() ([]plot.Plotter, *SideLegend, Rect, error) {
	b, err := s.start()
	if err != nil {
		return nil, nil, Rect{}, err
	}
	b.classLegend()
	if err := b.regions(); err != nil {
		return nil, nil, Rect{}, err
	}
	b.shading()
	b.halos()
	for k := range s.Boundaries {
		b.boundary(k)
	}
	if err := b.marks(); err != nil {
		return nil, nil, Rect{}, err
	}
	b.names()
	return b.layers, b.legend, b.view, nil
}

// start checks the figure's inputs and finds its view.
func (s Plane) start() (*planeBuild, error) {
	if err := dataset.Validate(s.X, s.Y); err != nil {
		return nil, errtext.Errorf("figures: plane: %w", err)
	}
	pts, err := planePoints(s.X)
	if err != nil {
		return nil, errtext.Errorf("figures: plane: %w", err)
	}
	b := &planeBuild{s: s, l: s.Lang, pts: pts, legend: NewSideLegend()}
	n := len(b.pts)
	if s.Names != nil && len(s.Names) != n {
		return nil, errtext.Errorf("figures: plane: %d names for %d points: %w", len(s.Names), n, ErrLength)
	}
	for _, c := range []struct {
		what string
		idx  []int
	}{{"highlighted point", s.Highlight}, {"free support vector", s.FreeIndices}, {"bounded support vector", s.BoundedIndices}} {
		if err := checkIndices(c.what, c.idx, n); err != nil {
			return nil, errtext.Errorf("figures: plane: %w", err)
		}
	}
	// The feet of the distance segments belong in the picture.
	extent := slices.Clone(b.pts)
	for k, h := range s.Boundaries {
		if _, err := NewHyperplane(h.W, h.B); err != nil {
			return nil, errtext.Errorf("figures: plane: boundary %d: %w", k, err)
		}
		if err := checkIndices("distance", h.Distances, n); err != nil {
			return nil, errtext.Errorf("figures: plane: boundary %d: %w", k, err)
		}
		if w := [2]float64{h.W[0], h.W[1]}; w != [2]float64{} {
			for _, i := range h.Distances {
				f, _ := foot(w, h.B, b.pts[i])
				extent = append(extent, f)
			}
		}
	}
	b.view = s.View
	if b.view.empty() {
		b.view = squareView(extent)
	}
	return b, nil
}

// classLegend lists the classes first in the legend.
func (b *planeBuild) classLegend() {
	for _, y := range []float64{1, -1} {
		if !slices.Contains(b.s.Y, y) {
			continue
		}
		name := b.s.PositiveName
		if y < 0 {
			name = b.s.NegativeName
		}
		if name == "" {
			name = b.l.Pick("positive (y = +1)", "正例（y = +1）")
			if y < 0 {
				name = b.l.Pick("negative (y = −1)", "负例（y = −1）")
			}
		}
		b.legend.Add(name, GlyphThumb(classGlyph(y)))
	}
}

// regions shades the decision regions of the classifier, under everything.
func (b *planeBuild) regions() error {
	if b.s.Classifier == nil {
		return nil
	}
	r, err := NewRegions(b.s.Classifier)
	if err == nil {
		err = r.check(b.view)
	}
	if err != nil {
		return errtext.Errorf("figures: plane: %w", err)
	}
	b.layers = append(b.layers, r)
	b.legend.Add(b.l.Pick("f(x) > 0: predict +1", "f(x) > 0：预测为 +1"), BoxThumb{Fill: regionColor(1)})
	b.legend.Add(b.l.Pick("f(x) < 0: predict −1", "f(x) < 0：预测为 −1"), BoxThumb{Fill: regionColor(-1)})
	b.legend.Add(b.l.Pick("decision boundary f(x) = 0", "决策边界 f(x) = 0"), r)
	return nil
}

// shading tints the half-planes of the first boundary that asks for it.
func (b *planeBuild) shading() {
	for _, h := range b.s.Boundaries {
		if !h.Shade {
			continue
		}
		b.layers = append(b.layers, halfPlanes{W: [2]float64{h.W[0], h.W[1]}, B: h.B, Pos: positiveTint, Neg: negativeTint})
		b.legend.Add("w·x + b > 0", BoxThumb{Fill: positiveTint})
		b.legend.Add("w·x + b < 0", BoxThumb{Fill: negativeTint})
		return
	}
}

// halos draws the highlighted points' halos, under the points.
func (b *planeBuild) halos() {
	if len(b.s.Highlight) == 0 {
		return
	}
	halo := draw.GlyphStyle{Color: Yellow, Radius: vg.Points(haloRadius), Shape: draw.CircleGlyph{}}
	hl := make([]plotter.XY, len(b.s.Highlight))
	for j, i := range b.s.Highlight {
		hl[j] = b.pts[i]
	}
	b.layers = append(b.layers, scatter(hl, halo))
	name := b.s.HighlightLabel
	if name == "" {
		name = b.l.Pick("misclassified", "误分类点")
	}
	small := halo
	small.Radius = vg.Points(MarkerRadius + 2)
	b.legend.Add(name, GlyphThumb(small))
}

// boundary draws the k-th boundary: its margins and line, normal vector
// and distances.
func (b *planeBuild) boundary(k int) {
	h := b.s.Boundaries[k]
	w := [2]float64{h.W[0], h.W[1]}
	name := h.Label
	if name == "" {
		name = notation.Equation(h.W, h.B)
	}
	if w == [2]float64{} {
		b.legend.Add(name+b.l.Pick(" (w = 0: no line)", "（w = 0：没有直线）"), LineThumb(draw.LineStyle{}))
		b.legend.missing++
		return
	}
	hp := &Hyperplane{Line: Line{W: h.W, B: h.B}, Margins: h.Margins, LineStyle: hyperplaneStyle(k), MarginStyle: marginStyle(k)}
	b.layers = append(b.layers, hp)
	b.lines = append(b.lines, hp.lines()...)
	b.legend.Add(name, hp)
	if h.Margins {
		b.legend.Add(cmp.Or(h.MarginLabel, b.l.Pick("margin boundaries w·x + b = ±1", "间隔边界 w·x + b = ±1")), LineThumb(hp.MarginStyle))
	}
	if h.Normal {
		b.normal(w, h.B, hp.LineStyle)
	}
	if len(h.Distances) > 0 {
		b.distances(k, w, h.B)
	}
}

// normal draws the normal vector w as an arrow from the line.
func (b *planeBuild) normal(w [2]float64, bias float64, sty draw.LineStyle) {
	from, to, ok := normalArrow(b.view, w, bias, b.pts)
	if !ok {
		return
	}
	sty.Dashes = nil
	b.layers = append(b.layers, Arrow{From: from, To: to, LineStyle: sty})
	b.paths = append(b.paths, []plotter.XY{from, to})
	b.labels = append(b.labels, Label{At: to, Text: "w", Size: LabelFontSize + 1, Color: sty.Color, Prefer: East})
	b.legend.Add(b.l.Pick("normal vector w", "法向量 w"), Arrow{LineStyle: sty})
}

// distances draws the perpendiculars from the k-th boundary's Distances
// points to it, labelled with their lengths.
func (b *planeBuild) distances(k int, w [2]float64, bias float64) {
	ds := draw.LineStyle{Color: hyperplaneStyle(k).Color, Width: vg.Points(ThinLineWidth), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	if k == 0 {
		ds.Color = Green
	}
	for _, i := range b.s.Boundaries[k].Distances {
		q := b.pts[i]
		f, d := foot(w, bias, q)
		b.layers = append(b.layers, segment(q, f, ds))
		b.paths = append(b.paths, []plotter.XY{q, f})
		mid := plotter.XY{X: (q.X + f.X) / 2, Y: (q.Y + f.Y) / 2}
		b.labels = append(b.labels, Label{At: mid, Text: notation.Number(d), Size: LabelFontSize - 1, Color: ds.Color, Prefer: SouthEast})
	}
	b.legend.Add(b.l.Pick("distance |w·x + b|/‖w‖", "距离 |w·x + b|/‖w‖"), LineThumb(ds))
}

// marks draws the points by class and rings the support vectors.
func (b *planeBuild) marks() error {
	cl, err := NewClasses(b.s.X, b.s.Y)
	if err != nil {
		return err
	}
	b.layers = append(b.layers, cl)
	soft := b.s.SoftMargin || len(b.s.BoundedIndices) > 0
	if b.s.FreeIndices == nil && b.s.BoundedIndices == nil && !soft {
		return nil
	}
	sv, err := NewSupportVectors(b.s.X, b.s.FreeIndices, b.s.BoundedIndices)
	if err != nil {
		return errtext.Errorf("figures: plane: %w", err)
	}
	b.layers = append(b.layers, sv)
	small := func(shape draw.GlyphDrawer) GlyphThumb {
		g := ringStyle(shape)
		g.Radius = vg.Points(5)
		return GlyphThumb(g)
	}
	switch {
	case soft:
		sv := b.l.Pick("support vector", "支持向量")
		if of := b.s.SupportOf; of != "" {
			sv = fmt.Sprintf(b.l.Pick("support vector of %s", "%s的支持向量"), of)
		}
		b.legend.Add(b.l.Pick("αᵢ = 0: no mark", "αᵢ = 0：不标记"))
		b.legend.Add(sv+b.l.Pick(", 0 < αᵢ < C", "，0 < αᵢ < C"), small(draw.RingGlyph{}))
		b.legend.Add(sv+b.l.Pick(", αᵢ = C", "，αᵢ = C"), small(draw.SquareGlyph{}))
	case sv.Free != nil:
		name := b.s.SupportName
		if name == "" {
			name = b.l.Pick("support vector, αᵢ > 0", "支持向量，αᵢ > 0")
		}
		b.legend.Add(name, small(draw.RingGlyph{}))
	}
	return nil
}

// names adds the labels, point names first, beside their marks and clear
// of the others.
func (b *planeBuild) names() {
	var all []Label
	for i, name := range b.s.Names {
		var ring vg.Length
		if slices.Contains(b.s.FreeIndices, i) || slices.Contains(b.s.BoundedIndices, i) {
			ring = vg.Points(RingRadius)
		}
		all = append(all, Label{At: b.pts[i], Text: name, Size: LabelFontSize + 1, Color: Black, Ring: ring})
	}
	all = append(all, b.labels...)
	if len(all) > 0 {
		b.layers = append(b.layers, Labels{Items: all, Avoid: b.pts, AvoidRadius: vg.Points(RingRadius), Lines: b.lines, Paths: b.paths})
	}
}
