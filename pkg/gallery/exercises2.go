package gallery

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"strconv"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/separability"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 13-exercises-ch2: the book's exercises 2.1–2.3.

func exercises2Entries() []Entry {
	const nb = "13-exercises-ch2"
	return []Entry{
		entry("13-exercises-ch2-xor-hulls", nb, "Exercise 2.1: the convex hulls of XOR's classes meet at (1/2, 1/2), the point of the LP certificate",
			XORHulls),
		entry("13-exercises-ch2-ex22-steps", nb, "Exercise 2.2: Algorithm 2.1 on a new data set, the hyperplane after every update",
			Exercise22Steps),
		entry("13-exercises-ch2-example21-hulls", nb, "Exercise 2.3: the hulls of Example 2.1, their closest points and the maximum-margin hyperplane between them",
			Example21Hulls),
		entry("13-exercises-ch2-random-hulls", nb, "Exercise 2.3: two random sets, one with disjoint hulls and a separating line, one whose hulls meet",
			func(l lang.Lang) (*figures.Grid, error) {
				a, b := HullPanelData()
				return HullPanels(l, a, b)
			}),
	}
}

// XORData4 returns the four points of exercise 2.1, (0, 0), (0, 1), (1, 0)
// and (1, 1), labelled by x⁽¹⁾ XOR x⁽²⁾: +1 where exactly one coordinate
// is 1.
func XORData4() *dataset.Set {
	return fixture(4, []float64{0, 0, 0, 1, 1, 0, 1, 1}, []float64{-1, 1, 1, -1}, "Li Hang, Statistical Learning Methods, exercise 2.1")
}

// XORHulls draws the four XOR points with the convex hulls of their
// classes, the two diagonals, and the point (1/2, 1/2) where they cross:
// the common point that the certificate of separability.LP gives; the words
// in the language l.
func XORHulls(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("XORHulls", &err)
	x, y := XORData4().XY()
	res, err := separability.LP{}.Decide(x, y)
	if err != nil {
		return nil, err
	}
	if res.Separable {
		return nil, errtext.Errorf("XOR reported separable")
	}
	at := notation.Vector(res.Positive)
	p, legend, err := figures.Plane{
		Title: l.Pick("Exercise 2.1: the convex hulls of XOR's classes meet at "+at, "习题 2.1：异或两类的凸壳相交于 "+at),
		X:     x, Y: y, Names: figures.PointNames(4),
		View: figures.Rect{XMin: -0.5, XMax: 1.5, YMin: -0.5, YMax: 1.5},
		Lang: l,
	}.PlotLegend()
	if err != nil {
		return nil, err
	}
	if err := addHulls(p, legend, x, y, l); err != nil {
		return nil, err
	}
	return p, addMark(p, legend, res.Positive, l)
}

// Exercise22Data returns the data set of notebook 13-exercises-ch2's
// exercise 2.2, built like Example 2.1: positive x1 = (2, 1), x2 = (4, 2),
// negative x3 = (1, 3), x4 = (3, 4).
func Exercise22Data() *dataset.Set {
	return fixture(4, []float64{2, 1, 4, 2, 1, 3, 3, 4}, []float64{1, 1, -1, -1}, "notebook 13-exercises-ch2, exercise 2.2")
}

// fixture returns the n points of the plane in data (row-major) with
// labels y as a Set with the book's feature names and the given source.
func fixture(n int, data, y []float64, source string) *dataset.Set {
	return &dataset.Set{X: mat.NewDense(n, 2, data), Y: y, Names: []string{"x(1)", "x(2)"}, Source: source}
}

// Exercise22Steps draws the run of Algorithm 2.1 on Exercise22Data with
// Example 2.1's settings (η = 1, w₀ = 0, b₀ = 0, cyclic order), one panel
// per update, four a row; the words in the language l.
func Exercise22Steps(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("Exercise22Steps", &err)
	x, y := Exercise22Data().XY()
	run, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return traceSteps(x, y, run.Trace, l)
}

// Example21Hulls draws the convex hulls of Example 2.1's classes (the
// segment x1x2 and the point x3), the segment between their closest points
// (3, 3) and (1, 1), and the maximum-margin hyperplane of Example 7.1
// (svm.Exact) with its margins, which pass through those points: the
// margin is half the distance between the hulls; the words in the
// language l.
func Example21Hulls(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Example21Hulls", &err)
	x, y := dataset.Example21().XY()
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	pos, neg := separability.ClassHulls(x, y)
	d, a, b := separability.HullDistance(pos, neg)
	p, legend, err := figures.Plane{
		Title: l.Pick(fmt.Sprintf("Exercise 2.3: hulls %.4g apart, margin %.4g", d, d/2),
			fmt.Sprintf("习题 2.3：两凸壳相距 %.4g，间隔为 %.4g", d, d/2)),
		X: x, Y: y, Names: figures.PointNames(3),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: ex.W, B: ex.B}, Margins: true,
			Label: l.Pick("maximum margin ", "最大间隔 ") + notation.Equation(ex.W, ex.B)}},
		FreeIndices: ex.FreeIndices, BoundedIndices: ex.BoundedIndices,
		Lang: l,
	}.PlotLegend()
	if err != nil {
		return nil, err
	}
	if err := addHulls(p, legend, x, y, l); err != nil {
		return nil, err
	}
	seg, err := plotter.NewLine(plotter.XYs{{X: a[0], Y: a[1]}, {X: b[0], Y: b[1]}})
	if err != nil {
		return nil, err
	}
	seg.LineStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	p.Add(seg)
	legend.Add(l.Pick("segment between the closest points", "两凸壳最近点的连线"), seg)
	return p, nil
}

// HullPanelData returns the two sets of HullPanels: 30 points of two
// Gaussian clouds with centres 6 apart (dataset.Blobs, seed (3, 3)),
// whose hulls are disjoint, and with centres 2 apart (seed (4, 4)), whose
// hulls meet.
func HullPanelData() (*dataset.Set, *dataset.Set) {
	return dataset.Blobs(rand.NewPCG(3, 3), 30, 6), dataset.Blobs(rand.NewPCG(4, 4), 30, 2)
}

// HullPanels draws one panel per data set with the convex hulls of its
// classes, and the verdict of separability.LP: the separating line it
// found, or the point where the hulls meet that its certificate gives; the
// words in the language l.
func HullPanels(l lang.Lang, sets ...*dataset.Set) (_ *figures.Grid, err error) {
	defer wrapErr("HullPanels", &err)
	planes := make([]figures.Plane, len(sets))
	results := make([]*separability.Result, len(sets))
	for i, s := range sets {
		res, err := separability.LP{}.Decide(s.X, s.Y)
		if err != nil {
			return nil, err
		}
		results[i] = res
		planes[i] = figures.Plane{X: s.X, Y: s.Y, Lang: l}
		if res.Separable {
			planes[i].Title = l.Pick("hulls disjoint", "凸壳不相交")
			planes[i].Boundaries = []figures.Boundary{{Line: figures.Line{W: res.W, B: res.B}, Label: l.Pick("separating line found by the LP", "线性规划求得的分离直线")}}
		} else {
			// The coordinates go in the title, where they cover no point.
			at := notation.Vector(roundTo(res.Positive, 3))
			planes[i].Title = l.Pick("hulls meet at "+at, "凸壳相交于 "+at)
		}
	}
	g, err := figures.NewPlaneGrid(l.Pick("Exercise 2.3: convex hulls and the separability LP", "习题 2.3：凸壳与线性可分性的线性规划"), len(planes), planes...)
	if err != nil {
		return nil, err
	}
	// One legend for the grid, the fullest of the planes' (classes, line),
	// names the hulls and the mark once.
	for i, p := range g.Panels[0] {
		leg := g.Legend
		if i > 0 {
			leg = nil
		}
		if err := addHulls(p, leg, sets[i].X, sets[i].Y, l); err != nil {
			return nil, err
		}
	}
	marked := false
	for i, p := range g.Panels[0] {
		if results[i].Separable {
			continue
		}
		leg := g.Legend
		if marked {
			leg = nil
		}
		if err := addMark(p, leg, results[i].Positive, l); err != nil {
			return nil, err
		}
		marked = true
	}
	return g, nil
}

// Translucent tints of the class colours of pkg/figures (Okabe–Ito blue for
// +1, vermillion for −1) for the hulls.
var (
	hullColor = map[bool]color.NRGBA{true: {R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}, false: {R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}}
	hullFill  = map[bool]color.NRGBA{true: {R: 0x00, G: 0x72, B: 0xB2, A: 0x30}, false: {R: 0xD5, G: 0x5E, B: 0x00, A: 0x30}}
)

// addHulls adds the convex hulls of the two classes to p: a shaded polygon
// with a dashed outline, a dashed segment, or nothing for a single point;
// and names each drawn hull in legend, if it is not nil, in the language l.
func addHulls(p *plot.Plot, legend *figures.SideLegend, x mat.Matrix, y []float64, l lang.Lang) error {
	pos, neg := separability.ClassHulls(x, y)
	for _, h := range []struct {
		v        [][]float64
		positive bool
		name     string
	}{
		{pos, true, l.Pick("convex hull of the positive points", "正实例点的凸壳")},
		{neg, false, l.Pick("convex hull of the negative points", "负实例点的凸壳")},
	} {
		xys := make(plotter.XYs, len(h.v))
		for i, v := range h.v {
			xys[i] = plotter.XY{X: v[0], Y: v[1]}
		}
		style := draw.LineStyle{Color: hullColor[h.positive], Width: vg.Points(1), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
		switch {
		case len(xys) >= 3:
			poly, err := plotter.NewPolygon(xys)
			if err != nil {
				return err
			}
			poly.LineStyle, poly.Color = style, hullFill[h.positive]
			p.Add(poly)
			if legend != nil {
				legend.Add(h.name, poly)
			}
		case len(xys) == 2:
			seg, err := plotter.NewLine(xys)
			if err != nil {
				return err
			}
			seg.LineStyle = style
			seg.LineStyle.Width = vg.Points(3)
			p.Add(seg)
			if legend != nil {
				legend.Add(h.name, seg)
			}
		}
	}
	return nil
}

// addMark marks the point v, where the hulls meet, with a black cross on a
// white disc, and names it in legend, if it is not nil, in the language l;
// the caller writes
// its coordinates in the title, clear of the points.
func addMark(p *plot.Plot, legend *figures.SideLegend, v []float64, l lang.Lang) error {
	xys := plotter.XYs{{X: v[0], Y: v[1]}}
	var marks []plot.Thumbnailer
	for _, g := range []draw.GlyphStyle{
		{Color: color.White, Radius: vg.Points(7), Shape: draw.CircleGlyph{}},
		{Color: color.Black, Radius: vg.Points(7), Shape: draw.RingGlyph{}},
		{Color: color.Black, Radius: vg.Points(4), Shape: draw.CrossGlyph{}},
	} {
		s, err := plotter.NewScatter(xys)
		if err != nil {
			return err
		}
		s.GlyphStyle = g
		p.Add(s)
		marks = append(marks, s)
	}
	if legend != nil {
		legend.Add(l.Pick("common point of the hulls (LP certificate)", "两凸壳的公共点（线性规划证书）"), marks...)
	}
	return nil
}

// round rounds v to n significant digits, for titles.
func round(v float64, n int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', n, 64), 64)
	return f
}

func roundTo(v []float64, n int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = round(x, n)
	}
	return out
}
