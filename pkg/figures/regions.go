package figures

import (
	"image/color"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Regions is a plot.Plotter that shades the decision regions of any
// classifier in the plane over the range the plot shows: the sign of its
// decision function f, light blue where f(x) > 0 (predicted +1) and light
// vermillion where f(x) < 0, deeper where |f(x)| is larger (up to the 95th
// percentile of |f| over the range), with the boundary f(x) = 0 as a line.
// The classifier may be linear or a kernel model: a kernel perceptron's
// f(x) = Σⱼ αⱼyⱼK(xⱼ, x) + b, an SVM with an RBF kernel.
//
// f is sampled when the plot is drawn, so Regions does not change the
// plot's range; add the data (Classes) on top. Values that are NaN or
// infinite are drawn grey.
type Regions struct {
	// Classifier is the model; its Decision is called with points of
	// the plane.
	Classifier classify.Classifier
	// Cells is the number of grid points per side at which f is
	// sampled; 0 means 150.
	Cells int
	// BoundaryStyle draws f(x) = 0.
	BoundaryStyle draw.LineStyle

	// The last grid sampled, which the next drawing of the same range
	// reuses (a notebook renders a figure twice, as SVG and PNG).
	mu   sync.Mutex
	last *FuncGrid
}

var _ plot.Plotter = (*Regions)(nil)

// NewRegions returns the regions of c in the house style: the boundary
// f(x) = 0 grey, wide and dash-dotted, so that it stays apart from a
// Hyperplane (solid black) and its margins (thin dashes) drawn on the same
// plot — where the boundary of a linear classifier and its hyperplane
// coincide, the boundary shows on both sides of the hyperplane. It returns an error wrapping ErrDim when c
// reports a dimension (classify.Dimensioned) other than 2, and panics if c
// is nil.
func NewRegions(c classify.Classifier) (*Regions, error) {
	if c == nil {
		panic("figures: Regions needs a classifier")
	}
	if d, ok := c.(classify.Dimensioned); ok && d.Dim() != 2 {
		return nil, errtext.Errorf("figures: %w: the classifier takes points of dimension %d", ErrDim, d.Dim())
	}
	return &Regions{Classifier: c, BoundaryStyle: regionBoundaryStyle}, nil
}

// sample evaluates f on the grid of the view, or returns the grid of the
// last call if it had the same view and number of cells.
func (r *Regions) sample(view Rect) *FuncGrid {
	cells := r.Cells
	if cells == 0 {
		cells = 150
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if g := r.last; g != nil && g.View == view && g.Cols == cells {
		return g
	}
	x := make([]float64, 2)
	r.last = SampleGrid(func(a, b float64) float64 {
		x[0], x[1] = a, b
		return r.Classifier.Decision(x)
	}, view, cells, cells)
	return r.last
}

// check returns ErrNotFinite if f is NaN or infinite somewhere on the grid
// of the view.
func (r *Regions) check(view Rect) error {
	if !finite(r.sample(view).z...) {
		return errtext.Errorf("figures: %w: decision function on the grid", ErrNotFinite)
	}
	return nil
}

// Plot implements plot.Plotter.
func (r *Regions) Plot(c draw.Canvas, p *plot.Plot) {
	view := viewOf(p)
	if view.empty() || !finite(view.XMin, view.XMax, view.YMin, view.YMax) {
		return
	}
	grid := r.sample(view)
	var abs []float64
	for _, v := range grid.z {
		if finite(v) {
			abs = append(abs, math.Abs(v))
		}
	}
	m := 1.0
	if len(abs) > 0 {
		slices.Sort(abs)
		if q := abs[int(0.95*float64(len(abs)-1))]; q > 0 {
			m = q
		}
	}
	pal := regionPalette{}
	cols := pal.Colors()
	heat := plotter.NewHeatMap(grid, pal)
	heat.Min, heat.Max = -m, m
	heat.Underflow, heat.Overflow = cols[0], cols[len(cols)-1]
	heat.NaN = infeasibleGrey
	heat.Rasterized = true
	heat.Plot(c, p)
	if len(abs) == len(grid.z) {
		cont := plotter.NewContour(grid, []float64{0}, nil)
		cont.LineStyles = []draw.LineStyle{r.BoundaryStyle}
		cont.Plot(c, p)
	}
}

// Thumbnail implements plot.Thumbnailer: the boundary's line.
func (r *Regions) Thumbnail(c *draw.Canvas) { LineThumb(r.BoundaryStyle).Thumbnail(c) }

// regionBoundaryStyle draws the boundary f(x) = 0 of Regions: dark grey,
// dash-dotted and wider than a hyperplane, so that a hyperplane drawn on it
// (the same line, for a linear model) leaves it showing on both sides, as
// a Series.Bound shows under its data.
var regionBoundaryStyle = draw.LineStyle{
	Color:  color.RGBA{R: 0x4D, G: 0x4D, B: 0x4D, A: 0xFF},
	Width:  vg.Points(2.5),
	Dashes: []vg.Length{vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)},
}

// regionColor is the shade of the regions where f > 0 (sign +1) or f < 0,
// as their legend shows it.
func regionColor(sign float64) color.Color {
	cols := regionPalette{}.Colors()
	if sign > 0 {
		return cols[len(cols)-3]
	}
	return cols[2]
}

// regionPalette runs from a light vermillion (f < 0) through white (f = 0)
// to a light blue (f > 0): light enough for the class markers on top.
type regionPalette struct{}

// regionSteps is the number of colours on each side of white.
const regionSteps = 32

// Colors implements palette.Palette.
func (regionPalette) Colors() []color.Color {
	neg := color.RGBA{R: 0xF2, G: 0xB8, B: 0x8F, A: 0xFF}
	pos := color.RGBA{R: 0x9C, G: 0xC8, B: 0xE6, A: 0xFF}
	white := color.RGBA{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF}
	mix := func(a, b color.RGBA, t float64) color.Color {
		f := func(u, v uint8) uint8 { return uint8(math.Round(float64(u) + t*(float64(v)-float64(u)))) }
		return color.RGBA{R: f(a.R, b.R), G: f(a.G, b.G), B: f(a.B, b.B), A: 0xFF}
	}
	cs := make([]color.Color, 0, 2*regionSteps+1)
	for i := range regionSteps {
		cs = append(cs, mix(neg, white, float64(i)/regionSteps))
	}
	cs = append(cs, white)
	for i := 1; i <= regionSteps; i++ {
		cs = append(cs, mix(white, pos, float64(i)/regionSteps))
	}
	return cs
}
