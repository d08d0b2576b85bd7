package figures

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Classes is a plot.Plotter of labelled points in the plane: the class
// y = +1 as blue filled circles and y = −1 as vermillion filled
// triangles, told apart by shape as well as colour (readable in grey-scale
// print and under the common colour-vision deficiencies).
//
// Each class is a plotter.Scatter, which is also its legend thumbnail:
//
//	p.Legend.Add("y = +1", cl.Positive)
type Classes struct {
	// Positive and Negative draw the points of each class; nil when the
	// class has no point.
	Positive, Negative *plotter.Scatter
}

var (
	_ plot.Plotter    = (*Classes)(nil)
	_ plot.DataRanger = (*Classes)(nil)
	_ plot.GlyphBoxer = (*Classes)(nil)
)

// NewClasses returns the points of x (n×2, one per row) by their labels y
// in {−1, +1}. It returns an error wrapping the dataset sentinels for
// unusable data (dataset.Validate), and ErrDim if x does not have two
// columns, as NewHyperplane and NewSupportVectors do.
func NewClasses(x mat.Matrix, y []float64) (*Classes, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, errtext.Errorf("figures: classes: %w", err)
	}
	pts, err := planePoints(x)
	if err != nil {
		return nil, err
	}
	var pos, neg []plotter.XY
	for i, q := range pts {
		if y[i] > 0 {
			pos = append(pos, q)
		} else {
			neg = append(neg, q)
		}
	}
	var c Classes
	if len(pos) > 0 {
		c.Positive = scatter(pos, classGlyph(1))
	}
	if len(neg) > 0 {
		c.Negative = scatter(neg, classGlyph(-1))
	}
	return &c, nil
}

// Plot implements plot.Plotter.
func (c *Classes) Plot(cv draw.Canvas, p *plot.Plot) { scatters(c.Positive, c.Negative).Plot(cv, p) }

// DataRange implements plot.DataRanger.
func (c *Classes) DataRange() (xmin, xmax, ymin, ymax float64) {
	return scatters(c.Positive, c.Negative).DataRange()
}

// GlyphBoxes implements plot.GlyphBoxer.
func (c *Classes) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	return scatters(c.Positive, c.Negative).GlyphBoxes(p)
}

// SupportVectors is a plot.Plotter that rings the support vectors of an SVM
// by their class in the KKT conditions (Li Hang §7.2.3): a circle around
// a point with 0 < αᵢ < C, which lies on the margin, and a square around
// one with αᵢ = C, inside the margin or misclassified; points with αᵢ = 0
// are not marked. Draw it over the points (Classes). NewSupportVectors
// builds it from the index sets an svm.Result has:
//
//	sv, err := figures.NewSupportVectors(x, res.FreeIndices, res.BoundedIndices)
type SupportVectors struct {
	// Free rings the points with 0 < αᵢ < C (every αᵢ > 0 of a hard
	// margin), Bounded boxes those with αᵢ = C; nil when there is none.
	// Each is its own legend thumbnail.
	Free, Bounded *plotter.Scatter
}

var (
	_ plot.Plotter    = (*SupportVectors)(nil)
	_ plot.DataRanger = (*SupportVectors)(nil)
	_ plot.GlyphBoxer = (*SupportVectors)(nil)
)

// NewSupportVectors returns the rings of the points of x (n×2, one per
// row) listed in free, the 0-based indices of the support vectors with
// 0 < αᵢ < C (every support vector of a hard margin), and the boxes of
// those listed in bounded, with αᵢ = C: the FreeIndices and
// BoundedIndices of svm.Result and svm.DCDResult. It returns an error
// wrapping ErrDim if x does not have two columns, ErrIndex for an index
// outside the data, and ErrNotFinite for a marked point that is NaN or
// infinite.
func NewSupportVectors(x mat.Matrix, free, bounded []int) (*SupportVectors, error) {
	pts, err := planePoints(x)
	if err != nil {
		return nil, err
	}
	if err := checkIndices("support vector", free, len(pts)); err != nil {
		return nil, err
	}
	if err := checkIndices("support vector", bounded, len(pts)); err != nil {
		return nil, err
	}
	pick := func(idx []int) ([]plotter.XY, error) {
		var out []plotter.XY
		for _, i := range idx {
			if !finite(pts[i].X, pts[i].Y) {
				return nil, errtext.Errorf("figures: %w: support vector x%d = (%v, %v)", ErrNotFinite, i+1, pts[i].X, pts[i].Y)
			}
			out = append(out, pts[i])
		}
		return out, nil
	}
	f, err := pick(free)
	if err != nil {
		return nil, err
	}
	b, err := pick(bounded)
	if err != nil {
		return nil, err
	}
	var s SupportVectors
	if len(f) > 0 {
		s.Free = scatter(f, ringStyle(draw.RingGlyph{}))
	}
	if len(b) > 0 {
		s.Bounded = scatter(b, ringStyle(draw.SquareGlyph{}))
	}
	return &s, nil
}

// ringStyle is the black ring (or box) drawn around a marked point.
func ringStyle(shape draw.GlyphDrawer) draw.GlyphStyle {
	return draw.GlyphStyle{Color: Black, Radius: vg.Points(RingRadius), Shape: shape}
}

// Plot implements plot.Plotter.
func (s *SupportVectors) Plot(c draw.Canvas, p *plot.Plot) { scatters(s.Free, s.Bounded).Plot(c, p) }

// DataRange implements plot.DataRanger.
func (s *SupportVectors) DataRange() (xmin, xmax, ymin, ymax float64) {
	return scatters(s.Free, s.Bounded).DataRange()
}

// GlyphBoxes implements plot.GlyphBoxer.
func (s *SupportVectors) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	return scatters(s.Free, s.Bounded).GlyphBoxes(p)
}

// scatterSet draws several scatters as one plotter.
type scatterSet []*plotter.Scatter

// scatters returns the scatters that are not nil.
func scatters(ss ...*plotter.Scatter) scatterSet {
	return slices.DeleteFunc(ss, func(s *plotter.Scatter) bool { return s == nil })
}

// Plot implements plot.Plotter.
func (ss scatterSet) Plot(c draw.Canvas, p *plot.Plot) {
	for _, s := range ss {
		s.Plot(c, p)
	}
}

// DataRange implements plot.DataRanger: the union of the ranges;
// +Inf…−Inf for none, which leaves a plot's range alone.
func (ss scatterSet) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, s := range ss {
		a, b, c, d := s.DataRange()
		xmin, xmax = math.Min(xmin, a), math.Max(xmax, b)
		ymin, ymax = math.Min(ymin, c), math.Max(ymax, d)
	}
	return xmin, xmax, ymin, ymax
}

// GlyphBoxes implements plot.GlyphBoxer.
func (ss scatterSet) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	var bs []plot.GlyphBox
	for _, s := range ss {
		bs = append(bs, s.GlyphBoxes(p)...)
	}
	return bs
}

// planePoints returns the rows of the n×2 matrix x as points. It panics if
// x does not have two columns.
func planePoints(x mat.Matrix) ([]plotter.XY, error) {
	n, d := x.Dims()
	if d != 2 {
		return nil, errtext.Errorf("figures: %w: the data have %d features, want 2", ErrDim, d)
	}
	pts := make([]plotter.XY, n)
	for i := range pts {
		pts[i] = plotter.XY{X: x.At(i, 0), Y: x.At(i, 1)}
	}
	return pts, nil
}

// checkIndices returns an error wrapping ErrIndex for an index of idx
// outside [0, n); what names the list.
func checkIndices(what string, idx []int, n int) error {
	for _, i := range idx {
		if i < 0 || i >= n {
			return errtext.Errorf("figures: %w: %s %d of %d points", ErrIndex, what, i, n)
		}
	}
	return nil
}
