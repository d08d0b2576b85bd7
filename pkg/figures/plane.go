package figures

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// AlphaTol is the tolerance with which Plane sorts multipliers into KKT
// classes: αᵢ counts as 0 when αᵢ ≤ AlphaTol·max(1, C) and as C when
// αᵢ ≥ C − AlphaTol·max(1, C).
const AlphaTol = 1e-6

// Hyperplane is the line w·x + b = 0 in the plane, with what to draw
// around it.
type Hyperplane struct {
	// W is the normal vector (w1, w2); B the intercept. W = 0 draws no
	// line (the legend says so), as at k = 4 of Table 2.1.
	W []float64
	B float64
	// Label is the legend entry; empty means the equation, as Equation
	// writes it.
	Label string
	// Margins also draws the lines w·x + b = ±1.
	Margins bool
	// Normal draws w as an arrow from the line.
	Normal bool
	// Shade tints the half-planes w·x + b > 0 (blue, the +1 side) and
	// w·x + b < 0 (vermillion).
	Shade bool
	// Distances lists 0-based indices of points whose distance
	// |w·xᵢ + b|/‖w‖ to the line is drawn, perpendicular, and labelled.
	Distances []int
}

// Equation writes w·x + b = 0 the way the book does, with x(1), x(2) for
// the coordinates x⁽¹⁾, x⁽²⁾: "x(1) + x(2) − 3 = 0", "0.5x(1) + 0.5x(2) − 2 = 0".
func Equation(w []float64, b float64) string {
	var sb strings.Builder
	term := func(c float64, name string) {
		if c == 0 {
			return
		}
		switch {
		case sb.Len() == 0 && c < 0:
			sb.WriteString("−")
		case sb.Len() > 0 && c < 0:
			sb.WriteString(" − ")
		case sb.Len() > 0:
			sb.WriteString(" + ")
		}
		a := math.Abs(c)
		if a != 1 || name == "" {
			sb.WriteString(num(a))
		}
		sb.WriteString(name)
	}
	for i, c := range w {
		term(c, fmt.Sprintf("x(%d)", i+1))
	}
	term(b, "")
	if sb.Len() == 0 {
		sb.WriteString("0")
	}
	sb.WriteString(" = 0")
	return sb.String()
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
// with X and Y set draws just the two classes.
type Plane struct {
	// Title is the plot title.
	Title string
	// XLabel and YLabel name the axes; empty means "x(1)" and "x(2)", the
	// book's coordinates x⁽¹⁾ and x⁽²⁾.
	XLabel, YLabel string
	// PositiveName and NegativeName are the legend entries of the classes
	// y = +1 and y = −1 ("setosa"); empty means "y = +1" and "y = −1".
	PositiveName, NegativeName string
	// X holds the points, one per row (n×2); Y their labels in {−1, +1}.
	X mat.Matrix
	Y []float64
	// Names, if not nil, labels point i with Names[i] (see PointNames).
	Names []string
	// Hyperplanes are drawn in order, each in its own colour and dash.
	Hyperplanes []Hyperplane
	// Alpha, if not nil, holds the multipliers of an SVM fit, and C its
	// upper bound (0 for a hard margin). Points are ringed by KKT class:
	// a circle for 0 < αᵢ < C (on the margin), a square for αᵢ = C
	// (inside the margin or misclassified), nothing for αᵢ = 0. With a
	// hard margin every αᵢ > 0 is a circled support vector.
	Alpha []float64
	C     float64
	// Support lists 0-based indices of points to circle as support
	// vectors, for when the multipliers are not at hand.
	Support []int
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
}

// Plot builds the figure. It returns an error wrapping the dataset
// sentinels for unusable data, and ErrNotFinite for a hyperplane or
// multiplier that is NaN or infinite. It panics if X does not have two
// columns, a normal vector does not have two components, Alpha's length
// differs from the number of points, or an index is out of range.
func (s Plane) Plot() (*plot.Plot, error) {
	p, _, err := s.plot()
	return p, err
}

// plot builds the figure and returns its legend as well, which is on the
// plot unless NoLegend is set.
func (s Plane) plot() (*plot.Plot, *SideLegend, error) {
	layers, legend, view, err := s.layers()
	if err != nil {
		return nil, nil, err
	}
	xl, yl := s.XLabel, s.YLabel
	if xl == "" {
		xl = "x(1)"
	}
	if yl == "" {
		yl = "x(2)"
	}
	p := newPlot(s.Title, xl, yl)
	p.X.Tick.Marker = niceTicks{}
	p.Y.Tick.Marker = niceTicks{}
	p.Add(layers...)
	if !s.NoLegend && len(legend.names) > 0 {
		p.Add(legend)
	}
	setView(p, view)
	return p, legend, nil
}

// kkt classes of multipliers.
const (
	kktZero  = iota // αᵢ = 0
	kktFree         // 0 < αᵢ < C
	kktBound        // αᵢ = C
)

// kktClass sorts α into its KKT class for the bound c (c ≤ 0: hard margin).
func kktClass(a, c float64) int {
	tol := AlphaTol * math.Max(1, c)
	switch {
	case a <= tol:
		return kktZero
	case c > 0 && a >= c-tol:
		return kktBound
	default:
		return kktFree
	}
}

// className is the legend entry of the class label.
func (s Plane) className(label float64) string {
	switch {
	case label > 0 && s.PositiveName != "":
		return s.PositiveName
	case label < 0 && s.NegativeName != "":
		return s.NegativeName
	}
	return className(label)
}

func (s Plane) checkIndex(i, n int) {
	if i < 0 || i >= n {
		panic("figures: point index out of range")
	}
}

// layers returns the plotters of the figure in drawing order, its legend
// and the range to show.
func (s Plane) layers() ([]plot.Plotter, *SideLegend, Rect, error) {
	if err := dataset.Validate(s.X, s.Y); err != nil {
		return nil, nil, Rect{}, fmt.Errorf("figures: plane: %w", err)
	}
	n, d := s.X.Dims()
	if d != 2 {
		panic("figures: plane data must have two columns")
	}
	pts := make([]plotter.XY, n)
	for i := range pts {
		pts[i] = plotter.XY{X: s.X.At(i, 0), Y: s.X.At(i, 1)}
	}
	if s.Alpha != nil && len(s.Alpha) != n {
		panic("figures: Alpha length differs from the number of points")
	}
	if !finite(s.Alpha...) || !finite(s.C) {
		return nil, nil, Rect{}, fmt.Errorf("%w: multipliers", ErrNotFinite)
	}
	for _, h := range s.Hyperplanes {
		if len(h.W) != 2 {
			panic("figures: hyperplane normal must have two components")
		}
		if !finite(h.W...) || !finite(h.B) {
			return nil, nil, Rect{}, fmt.Errorf("%w: hyperplane w=%v b=%v", ErrNotFinite, h.W, h.B)
		}
		for _, i := range h.Distances {
			s.checkIndex(i, n)
		}
	}
	for _, i := range s.Support {
		s.checkIndex(i, n)
	}
	for _, i := range s.Highlight {
		s.checkIndex(i, n)
	}
	if s.Names != nil && len(s.Names) != n {
		panic("figures: Names length differs from the number of points")
	}

	// The feet of the distance segments belong in the picture.
	extent := append([]plotter.XY(nil), pts...)
	type dist struct {
		from, foot plotter.XY
		d          float64
	}
	dists := make([][]dist, len(s.Hyperplanes))
	for k, h := range s.Hyperplanes {
		nn := h.W[0]*h.W[0] + h.W[1]*h.W[1]
		if nn == 0 {
			continue
		}
		for _, i := range h.Distances {
			q := pts[i]
			f := h.W[0]*q.X + h.W[1]*q.Y + h.B
			foot := plotter.XY{X: q.X - f/nn*h.W[0], Y: q.Y - f/nn*h.W[1]}
			dists[k] = append(dists[k], dist{q, foot, math.Abs(f) / math.Sqrt(nn)})
			extent = append(extent, foot)
		}
	}
	view := s.View
	if view.empty() {
		view = squareView(extent)
	}

	var (
		layers []plot.Plotter
		legend = NewSideLegend()
	)
	// Classes first in the legend.
	for _, lab := range []float64{1, -1} {
		if slices.Contains(s.Y, lab) {
			legend.Add(s.className(lab), thumb(classGlyph(lab)))
		}
	}
	// Shading under everything.
	for _, h := range s.Hyperplanes {
		if !h.Shade {
			continue
		}
		w := [2]float64{h.W[0], h.W[1]}
		layers = append(layers,
			halfPlaneLayer{W: w, B: h.B, Sign: 1, Fill: positiveTint},
			halfPlaneLayer{W: w, B: h.B, Sign: -1, Fill: negativeTint})
		legend.Add("w·x + b > 0", boxThumb{draw.LineStyle{Color: positiveTint}})
		legend.Add("w·x + b < 0", boxThumb{draw.LineStyle{Color: negativeTint}})
		break
	}
	// Halos under the points.
	if len(s.Highlight) > 0 {
		halo := draw.GlyphStyle{Color: yellow, Radius: vg.Points(haloRadius), Shape: draw.CircleGlyph{}}
		hl := make([]plotter.XY, len(s.Highlight))
		for j, i := range s.Highlight {
			hl[j] = pts[i]
		}
		layers = append(layers, marksLayer{Pts: hl, Style: halo})
		name := s.HighlightLabel
		if name == "" {
			name = "misclassified"
		}
		small := halo
		small.Radius = vg.Points(markerRadius + 2)
		legend.Add(name, thumb(small))
	}
	// Lines, margins, normals and distances.
	var (
		labels []label
		lines  []lineLayer    // that labels keep clear of
		paths  [][]plotter.XY // likewise
	)
	for k, h := range s.Hyperplanes {
		w := [2]float64{h.W[0], h.W[1]}
		sty := seriesLine(k)
		if k == 0 {
			sty.Color = black
		}
		name := h.Label
		if name == "" {
			name = Equation(h.W, h.B)
		}
		if w == [2]float64{} {
			legend.Add(name+" (w = 0: no line)", lineThumb(draw.LineStyle{}))
			continue
		}
		if h.Margins {
			m := sty
			m.Width = vg.Points(thinLineWidth)
			m.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			if k > 0 {
				m.Dashes = []vg.Length{vg.Points(1.5), vg.Points(2.5)}
			}
			up, down := lineLayer{W: w, B: h.B, Level: 1, Style: m}, lineLayer{W: w, B: h.B, Level: -1, Style: m}
			layers = append(layers, up, down)
			lines = append(lines, up, down)
		}
		layers = append(layers, lineLayer{W: w, B: h.B, Style: sty})
		lines = append(lines, lineLayer{W: w, B: h.B})
		legend.Add(name, lineThumb(sty))
		if h.Margins {
			m := sty
			m.Width = vg.Points(thinLineWidth)
			m.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			if k > 0 {
				m.Dashes = []vg.Length{vg.Points(1.5), vg.Points(2.5)}
			}
			legend.Add("w·x + b = ±1 (margin)", lineThumb(m))
		}
		if h.Normal {
			from, to := normalArrow(view, w, h.B, extent)
			a := sty
			a.Dashes = nil
			layers = append(layers, arrowLayer{From: from, To: to, Style: a})
			paths = append(paths, []plotter.XY{from, to})
			labels = append(labels, label{At: to, Text: "w", Size: labelFontSize + 1, Color: a.Color, Prefer: dirE})
			legend.Add("normal vector w", arrowThumb(a))
		}
		if len(dists[k]) > 0 {
			ds := draw.LineStyle{Color: sty.Color, Width: vg.Points(thinLineWidth), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
			if k == 0 {
				ds.Color = green
			}
			segs := make([][2]plotter.XY, len(dists[k]))
			for j, dd := range dists[k] {
				segs[j] = [2]plotter.XY{dd.from, dd.foot}
				paths = append(paths, []plotter.XY{dd.from, dd.foot})
				mid := plotter.XY{X: (dd.from.X + dd.foot.X) / 2, Y: (dd.from.Y + dd.foot.Y) / 2}
				labels = append(labels, label{At: mid, Text: num3(dd.d), Size: labelFontSize - 1, Color: ds.Color, Prefer: dirSE})
			}
			layers = append(layers, segmentsLayer{Segs: segs, Style: ds})
			legend.Add("distance |w·x + b|/‖w‖", lineThumb(ds))
		}
	}
	// The points.
	for _, lab := range []float64{1, -1} {
		var cls []plotter.XY
		for i, q := range pts {
			if s.Y[i] == lab {
				cls = append(cls, q)
			}
		}
		if len(cls) > 0 {
			layers = append(layers, marksLayer{Pts: cls, Style: classGlyph(lab)})
		}
	}
	// Rings for support vectors and KKT classes.
	ring := draw.GlyphStyle{Color: black, Radius: vg.Points(ringRadius), Shape: draw.RingGlyph{}}
	square := draw.GlyphStyle{Color: black, Radius: vg.Points(ringRadius), Shape: draw.SquareGlyph{}}
	smallRing, smallSquare := ring, square
	smallRing.Radius, smallSquare.Radius = vg.Points(5), vg.Points(5)
	var ringed, boxed []plotter.XY
	switch {
	case s.Alpha != nil:
		counts := [3]int{}
		for i, a := range s.Alpha {
			cls := kktClass(a, s.C)
			counts[cls]++
			switch cls {
			case kktFree:
				ringed = append(ringed, pts[i])
			case kktBound:
				boxed = append(boxed, pts[i])
			}
		}
		if s.C > 0 {
			legend.Add("αᵢ = 0: no mark")
			legend.Add("0 < αᵢ < C", thumb(smallRing))
			legend.Add("αᵢ = C", thumb(smallSquare))
		} else if counts[kktFree] > 0 {
			legend.Add("support vector, αᵢ > 0", thumb(smallRing))
		}
	case len(s.Support) > 0:
		for _, i := range s.Support {
			ringed = append(ringed, pts[i])
		}
		legend.Add("support vector", thumb(smallRing))
	}
	if len(ringed) > 0 {
		layers = append(layers, marksLayer{Pts: ringed, Style: ring})
	}
	if len(boxed) > 0 {
		layers = append(layers, marksLayer{Pts: boxed, Style: square})
	}
	// Labels, point names first, beside their marks and clear of the others.
	var names []label
	for i, name := range s.Names {
		names = append(names, label{At: pts[i], Text: name, Size: labelFontSize + 1, Color: black})
	}
	if all := append(names, labels...); len(all) > 0 {
		layers = append(layers, labelLayer{Items: all, Avoid: pts, AvoidRadius: vg.Points(ringRadius), Lines: lines, Paths: paths})
	}
	return layers, legend, view, nil
}

// num3 formats a length for a label with three significant digits.
func num3(v float64) string {
	return strings.ReplaceAll(fmt.Sprintf("%.3g", v), "-", "−")
}

// normalArrow places the arrow of the normal vector w on the visible part
// of the line w·x + b = 0, at the point farthest from the data, pointing
// along w for a fifth of the view's width.
func normalArrow(view Rect, w [2]float64, b float64, avoid []plotter.XY) (from, to plotter.XY) {
	p0, p1, ok := clipLine(view, w, b, 0)
	n := math.Hypot(w[0], w[1])
	l := 0.2 * (view.XMax - view.XMin)
	if !ok {
		return from, from
	}
	best := -1.0
	for _, t := range []float64{0.25, 0.35, 0.45, 0.55, 0.65, 0.75} {
		q := plotter.XY{X: p0.X + t*(p1.X-p0.X), Y: p0.Y + t*(p1.Y-p0.Y)}
		head := plotter.XY{X: q.X + l*w[0]/n, Y: q.Y + l*w[1]/n}
		d := math.Inf(1)
		for _, a := range avoid {
			d = math.Min(d, math.Min(math.Hypot(a.X-q.X, a.Y-q.Y), math.Hypot(a.X-head.X, a.Y-head.Y)))
		}
		if d > best {
			best, from, to = d, q, head
		}
	}
	return from, to
}
