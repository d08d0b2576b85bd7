package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Regions describes the decision regions of a classifier in the plane:
// the sign of a decision function f, such as a kernel perceptron's
// Σⱼ αⱼyⱼK(xⱼ, x) + b, with the data on top.
type Regions struct {
	Title string
	// X holds the points (n×2), Y their labels in {−1, +1}.
	X mat.Matrix
	Y []float64
	// F is the decision function; the classifier predicts sign F.
	F func(x1, x2 float64) float64
	// View is the part of the plane shown; the zero Rect means a square
	// around the points.
	View Rect
	// Cells is the number of grid points per side at which F is sampled;
	// 0 means 150.
	Cells int
}

// Plot builds the figure: a raster of F, light blue where F > 0 and light
// vermillion where F < 0, deeper where |F| is larger (clipped at the 95th
// percentile of |F|), the boundary F = 0 in black, and the points by class.
//
// It returns an error wrapping the dataset sentinels for unusable data and
// ErrNotFinite if F is NaN or infinite on the grid. It panics if F is nil
// or X does not have two columns.
func (s Regions) Plot() (*plot.Plot, error) {
	if s.F == nil {
		panic("figures: Regions needs a decision function")
	}
	base := Plane{Title: s.Title, X: s.X, Y: s.Y, View: s.View, NoLegend: true}
	layers, legend, view, err := base.layers()
	if err != nil {
		return nil, fmt.Errorf("figures: regions: %w", err)
	}
	if _, d := s.X.Dims(); d != 2 {
		panic("figures: plane data must have two columns")
	}
	cells := s.Cells
	if cells == 0 {
		cells = 150
	}
	grid := SampleGrid(s.F, view, cells, cells)
	if !finite(grid.z...) {
		return nil, fmt.Errorf("%w: decision function on the grid", ErrNotFinite)
	}
	abs := make([]float64, len(grid.z))
	for i, v := range grid.z {
		abs[i] = math.Abs(v)
	}
	slices.Sort(abs)
	m := abs[int(0.95*float64(len(abs)-1))]
	if m == 0 {
		m = 1
	}
	pal := regionPalette{}
	heat := plotter.NewHeatMap(grid, pal)
	heat.Min, heat.Max = -m, m
	cols := pal.Colors()
	heat.Underflow, heat.Overflow = cols[0], cols[len(cols)-1]
	heat.Rasterized = true
	boundary := draw.LineStyle{Color: black, Width: vg.Points(lineWidth)}
	cont := plotter.NewContour(grid, []float64{0}, nil)
	cont.LineStyles = []draw.LineStyle{boundary}

	p := newPlot(s.Title, "x(1)", "x(2)")
	p.Add(noGlyphBoxes{heat}, noGlyphBoxes{cont})
	p.Add(layers...)
	legend.Add("f(x) > 0: predict +1", boxThumb{draw.LineStyle{Color: cols[len(cols)-3]}})
	legend.Add("f(x) < 0: predict −1", boxThumb{draw.LineStyle{Color: cols[2]}})
	legend.Add("f(x) = 0", lineThumb(boundary))
	p.Add(legend)
	setView(p, view)
	p.X.Tick.Marker = niceTicks{}
	p.Y.Tick.Marker = niceTicks{}
	return p, nil
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
