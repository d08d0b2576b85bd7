package figures

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

func TestContourExample72(t *testing.T) {
	s := Contour{
		Title: "Example 7.2",
		F:     sExample72,
		FName: "s",
		View:  Rect{XMin: -0.5, XMax: 2, YMin: -1.5, YMax: 1},
		Candidates: []Candidate{
			{"(3/2, −1)", 1.5, -1},
			{"(0, 2/13)", 0, 2.0 / 13},
			{"(1/4, 0)", 0.25, 0},
		},
	}
	p, err := s.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if viewOf(p) != s.View {
		t.Errorf("view %+v, want %+v", viewOf(p), s.View)
	}
	if p.X.Label.Text != "α₁" || p.Y.Label.Text != "α₂" {
		t.Errorf("labels %q, %q", p.X.Label.Text, p.Y.Label.Text)
	}
	h := AspectHeight(p, Width)
	ts := drawTexts(p, Width, h)
	checkGlyphs(t, ts)
	// s(3/2, −1) = −1/2, s(0, 2/13) = −2/13, s(1/4, 0) = −1/4 (book Example 7.2).
	for _, l := range []string{"(3/2, −1): s = −1/2", "(0, 2/13): s = −2/13", "(1/4, 0): s = −1/4"} {
		if _, ok := findText(ts, l); !ok {
			t.Errorf("label %q not drawn", l)
		}
	}
	// Levels through both boundary candidates, and the legend outside.
	names := []string{"infeasible", "boundary of the feasible region", "feasible candidate",
		"infeasible: rejected", "minimum over the region", "s = −1/4", "s = −2/13", "s = 0"}
	checkLegendOutside(t, p, names, Width, h)

	bad := s
	bad.F = func(a1, a2 float64) float64 { return math.Log(a1) }
	if _, err := bad.Plot(); !errors.Is(err, ErrNotFinite) {
		t.Errorf("log of negatives: got %v, want ErrNotFinite", err)
	}
}

func TestDefaultLevels(t *testing.T) {
	zs := []float64{-0.5, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	got := defaultLevels(zs, 8, 0.6)
	// Least −0.5, 60th percentile 5: step 1, levels 0…5.
	want := []float64{0, 1, 2, 3, 4, 5}
	if !slices.Equal(got, want) {
		t.Errorf("levels %v, want %v", got, want)
	}
}

func TestSampleGrid(t *testing.T) {
	g := SampleGrid(func(x, y float64) float64 { return x + 10*y }, Rect{XMin: 0, XMax: 1, YMin: -1, YMax: 1}, 3, 5)
	if c, r := g.Dims(); c != 3 || r != 5 {
		t.Fatalf("dims %d×%d, want 3×5", c, r)
	}
	for _, tc := range []struct{ c, r int }{{0, 0}, {2, 4}, {1, 2}} {
		x, y := g.X(tc.c), g.Y(tc.r)
		if want := x + 10*y; !scalar.EqualWithinAbs(g.Z(tc.c, tc.r), want, rangeTol) {
			t.Errorf("Z(%d, %d) = %v, want %v", tc.c, tc.r, g.Z(tc.c, tc.r), want)
		}
	}
	if !scalar.EqualWithinAbs(g.X(2), 1, rangeTol) || !scalar.EqualWithinAbs(g.Y(4), 1, rangeTol) || !scalar.EqualWithinAbs(g.Y(2), 0, rangeTol) {
		t.Errorf("corners X(2)=%v Y(4)=%v Y(2)=%v", g.X(2), g.Y(4), g.Y(2))
	}
}

// product is a classifier of the plane with f(x) = x⁽¹⁾·x⁽²⁾, which no line
// separates: the XOR of the signs.
type product struct{ dim int }

func (product) Decision(x []float64) float64  { return x[0] * x[1] }
func (m product) Predict(x []float64) float64 { return classify.Sign(m.Decision(x)) }
func (m product) Dim() int                    { return m.dim }

// infinite is a classifier whose decision is +∞ everywhere.
type infinite struct{}

func (infinite) Decision([]float64) float64 { return math.Inf(1) }
func (infinite) Predict([]float64) float64  { return 1 }

func TestRegionsXOR(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{1, 1, -1, -1, 1, -1, -1, 1})
	y := []float64{1, 1, -1, -1}
	p, err := Plane{Title: "XOR", X: x, Y: y, Classifier: product{dim: 2}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if !scalar.EqualWithinAbs(p.X.Max-p.X.Min, p.Y.Max-p.Y.Min, rangeTol) {
		t.Errorf("ranges %v and %v differ", p.X.Max-p.X.Min, p.Y.Max-p.Y.Min)
	}
	names := []string{"positive (y = +1)", "negative (y = −1)", "f(x) > 0: predict +1", "f(x) < 0: predict −1", "decision boundary f(x) = 0"}
	w, h := Size(p)
	checkLegendOutside(t, p, names, w, h)
	// The regions follow the sign of f, not of a line: sample the PNG in
	// the middle of each quadrant.
	b, err := Render(p, w, h, "png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []plotter.XY{{X: 0.5, Y: 0.5}, {X: -0.5, Y: -0.5}, {X: 0.5, Y: -0.5}, {X: -0.5, Y: 0.5}} {
		r, _, bl, _ := pixelAt(img, p, w, h, q).RGBA()
		if Blue := bl > r; Blue != (q.X*q.Y > 0) {
			t.Errorf("at %v: blue %v (r %d, b %d), want the colour of sign %v", q, Blue, r>>8, bl>>8, q.X*q.Y)
		}
	}
	if _, err := (Plane{X: x, Y: y, Classifier: infinite{}}).Plot(); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite f: got %v, want ErrNotFinite", err)
	}
	if _, err := (Plane{X: x, Y: y, Classifier: product{dim: 3}}).Plot(); !errors.Is(err, ErrDim) {
		t.Errorf("classifier of R³: got %v, want ErrDim", err)
	}
}

// pixelAt returns the colour of the PNG img of p, drawn w×h, at the data
// point q.
func pixelAt(img image.Image, p *plot.Plot, w, h vg.Length, q plotter.XY) color.Color {
	c := draw.NewCanvas(nopCanvas{}, w, h)
	dc := p.DataCanvas(c)
	trX, trY := p.Transforms(&dc)
	scale := float64(DPI) / 72
	px := int(float64(trX(q.X)) * scale)
	py := img.Bounds().Dy() - int(float64(trY(q.Y))*scale)
	return img.At(px, py)
}

func TestBars(t *testing.T) {
	p, err := Bars{Title: "solvers", YLabel: "seconds", Names: []string{"exact", "SMO"}, Values: []float64{0.5, 0.0213}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Min != 0 || !scalar.EqualWithinAbs(p.Y.Max, 0.56, rangeTol) {
		t.Errorf("value range [%v, %v], want [0, 0.56]", p.Y.Min, p.Y.Max)
	}
	ts := drawTexts(p, Width, Height)
	for _, s := range []string{"exact", "SMO", "1/2", "0.0213"} {
		if _, ok := findText(ts, s); !ok {
			t.Errorf("%q not drawn", s)
		}
	}
	if _, err := (Bars{}).Plot(); !errors.Is(err, ErrEmpty) {
		t.Errorf("no bars: got %v, want ErrEmpty", err)
	}
}

func TestNewGrid(t *testing.T) {
	ps := []*plot.Plot{plot.New(), plot.New(), plot.New()}
	for _, tc := range []struct {
		cols, rows, wantCols int
	}{
		{1, 3, 1}, {2, 2, 2}, {3, 1, 3}, {5, 1, 3},
	} {
		g := NewGrid("t", tc.cols, ps...)
		r, c := g.Dims()
		if r != tc.rows || c != tc.wantCols {
			t.Errorf("cols=%d: %d×%d, want %d×%d", tc.cols, r, c, tc.rows, tc.wantCols)
		}
	}
	if g := NewGrid("", 2, ps...); g.Panels[1][1] != nil {
		t.Error("last cell of a 2×2 grid of three plots is not blank")
	}
}
