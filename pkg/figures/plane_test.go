package figures

import (
	"errors"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestClipLine(t *testing.T) {
	r := Rect{XMin: 0, XMax: 4, YMin: 0, YMax: 4}
	for _, tc := range []struct {
		name   string
		w      [2]float64
		b, lvl float64
		ok     bool
		p0, p1 plotter.XY // in either order
	}{
		{"diagonal x+y=3", [2]float64{1, 1}, -3, 0, true, plotter.XY{X: 3, Y: 0}, plotter.XY{X: 0, Y: 3}},
		{"margin x+y−3=1", [2]float64{1, 1}, -3, 1, true, plotter.XY{X: 4, Y: 0}, plotter.XY{X: 0, Y: 4}},
		{"vertical x=1", [2]float64{2, 0}, -2, 0, true, plotter.XY{X: 1, Y: 0}, plotter.XY{X: 1, Y: 4}},
		{"misses", [2]float64{1, 1}, 1, 0, false, plotter.XY{}, plotter.XY{}},
		{"w = 0", [2]float64{0, 0}, -2, 0, false, plotter.XY{}, plotter.XY{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p0, p1, ok := clipLine(r, tc.w, tc.b, tc.lvl)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			near := func(a, b plotter.XY) bool {
				return scalar.EqualWithinAbs(a.X, b.X, rangeTol) && scalar.EqualWithinAbs(a.Y, b.Y, rangeTol)
			}
			if !(near(p0, tc.p0) && near(p1, tc.p1)) && !(near(p0, tc.p1) && near(p1, tc.p0)) {
				t.Errorf("segment %v–%v, want %v–%v", p0, p1, tc.p0, tc.p1)
			}
		})
	}
}

func TestClipHalfPlane(t *testing.T) {
	r := Rect{XMin: -1, XMax: 1, YMin: -1, YMax: 1}
	// x ≥ 0 keeps half the square; x + y ≥ 0 half; x + y ≥ 3 nothing.
	for _, tc := range []struct {
		name string
		w    [2]float64
		b    float64
		area float64
	}{
		{"x ≥ 0", [2]float64{1, 0}, 0, 2},
		{"x + y ≥ 0", [2]float64{1, 1}, 0, 2},
		{"x + y ≥ 3", [2]float64{1, 1}, -3, 0},
		{"x ≥ −2", [2]float64{1, 0}, 2, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			poly := clipHalfPlane(r.corners(), tc.w, tc.b)
			var a float64
			for i := range poly {
				p, q := poly[i], poly[(i+1)%len(poly)]
				a += p.X*q.Y - q.X*p.Y
			}
			if got := math.Abs(a) / 2; !scalar.EqualWithinAbs(got, tc.area, rangeTol) {
				t.Errorf("area %v, want %v", got, tc.area)
			}
		})
	}
}

func TestPlaneExample21(t *testing.T) {
	x, y := bookData()
	s := Plane{
		Title:      "Example 2.1",
		X:          x,
		Y:          y,
		Names:      PointNames(3),
		Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}, B: -3}, Normal: true, Distances: []int{0, 1, 2}}},
	}
	layers, legend, view, err := s.layers()
	if err != nil {
		t.Fatal(err)
	}
	// Line, arrow, the three distance segments, the classes, labels.
	wantTypes := []string{"Hyperplane", "arrowLayer", "Line", "Line", "Line", "Classes", "labelLayer"}
	if len(layers) != len(wantTypes) {
		t.Fatalf("%d layers, want %d", len(layers), len(wantTypes))
	}
	for i, l := range layers {
		if got := typeName(l); got != wantTypes[i] {
			t.Errorf("layer %d is %s, want %s", i, got, wantTypes[i])
		}
	}
	wantNames := []string{"positive (y = +1)", "negative (y = −1)", "x⁽¹⁾ + x⁽²⁾ − 3 = 0", "normal vector w", "distance |w·x + b|/‖w‖"}
	if !slices.Equal(legend.Names(), wantNames) {
		t.Errorf("legend %q, want %q", legend.Names(), wantNames)
	}
	if !scalar.EqualWithinAbs(view.XMax-view.XMin, view.YMax-view.YMin, rangeTol) {
		t.Errorf("view %+v is not square", view)
	}
	// The points and the feet of the perpendiculars are inside the view.
	for _, q := range []plotter.XY{{X: 3, Y: 3}, {X: 4, Y: 3}, {X: 1, Y: 1}, {X: 1.5, Y: 1.5}, {X: 2, Y: 1}} {
		if q.X <= view.XMin || q.X >= view.XMax || q.Y <= view.YMin || q.Y >= view.YMax {
			t.Errorf("%v outside the view %+v", q, view)
		}
	}

	p, err := s.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if p.Title.Text != "Example 2.1" || p.X.Label.Text != "x⁽¹⁾" || p.Y.Label.Text != "x⁽²⁾" {
		t.Errorf("title %q, labels %q, %q", p.Title.Text, p.X.Label.Text, p.Y.Label.Text)
	}
	h := AspectHeight(p, Width)
	ts := drawTexts(p, Width, h)
	checkGlyphs(t, ts)
	checkLegendOutside(t, p, wantNames, Width, h)
	// Distances |w·x + b|/‖w‖: 3/√2, 4/√2 and 1/√2 (book §2.2), to four digits.
	for _, want := range []string{"x1", "x2", "x3", "2.121", "2.828", "0.7071", "w"} {
		if _, ok := findText(ts, want); !ok {
			t.Errorf("label %q not drawn", want)
		}
	}
}

// TestPlaneLineColours checks that no line of a figure with many
// hyperplanes (the perceptron's five answers of notebook 06) is drawn in a
// class colour or a shade of one, where it would read as a class: every
// line colour is grey or black, or differs in hue from blue and from
// vermillion by at least minHueDistance (orange is 15° from vermillion,
// sky 0° from blue).
func TestPlaneLineColours(t *testing.T) {
	const minHueDistance = 30 // degrees
	x, y := bookData()
	var bs []Boundary
	for k := range 7 {
		bs = append(bs, Boundary{Line: Line{W: []float64{1, 1}, B: -float64(k) / 2}, Margins: true})
	}
	layers, _, _, err := Plane{X: x, Y: y, Boundaries: bs}.layers()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range layers {
		h, ok := l.(*Hyperplane)
		if !ok {
			continue
		}
		n++
		for _, c := range []color.Color{h.LineStyle.Color, h.MarginStyle.Color} {
			hue, Grey := hueOf(c)
			for _, class := range []float64{1, -1} {
				ch, _ := hueOf(classGlyph(class).Color)
				d := math.Abs(hue - ch)
				d = math.Min(d, 360-d)
				if !Grey && d < minHueDistance {
					t.Errorf("hyperplane %d: colour %v is %.0f° in hue from the class y = %v's", n, c, d, class)
				}
			}
		}
	}
	if n != len(bs) {
		t.Fatalf("%d hyperplanes drawn, want %d", n, len(bs))
	}
	// The test can fail: sky is a shade of blue, orange near vermillion.
	if h, _ := hueOf(Sky); math.Abs(h-202) > 2 {
		t.Errorf("hue of sky %.0f°, want 202°", h)
	}
}

// hueOf returns the hue of c in degrees (HSV), and whether c is grey: its
// channels differ by less than a tenth of the range.
func hueOf(c color.Color) (hue float64, Grey bool) {
	r, g, b, _ := c.RGBA()
	rf, gf, bf := float64(r)/0xFFFF, float64(g)/0xFFFF, float64(b)/0xFFFF
	hi, lo := math.Max(rf, math.Max(gf, bf)), math.Min(rf, math.Min(gf, bf))
	if hi-lo < 0.1 {
		return 0, true
	}
	switch hi {
	case rf:
		hue = 60 * math.Mod((gf-bf)/(hi-lo), 6)
	case gf:
		hue = 60 * ((bf-rf)/(hi-lo) + 2)
	default:
		hue = 60 * ((rf-gf)/(hi-lo) + 4)
	}
	if hue < 0 {
		hue += 360
	}
	return hue, false
}

// TestPlaneRingedNames checks that the name of a support vector is drawn
// clear of the ring around it (Example 7.1: x1 and x3 ringed), in both
// editions, whose legends leave the data different widths.
func TestPlaneRingedNames(t *testing.T) {
	x, y := bookData()
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		if l == lang.Chinese {
			needChinese(t)
		}
		s := Plane{X: x, Y: y, Names: PointNames(3), FreeIndices: []int{0, 2}, Lang: l,
			Boundaries: []Boundary{{Line: Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true, Normal: true, Label: "½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0"}}}
		p, err := s.Plot()
		if err != nil {
			t.Fatal(err)
		}
		w, h := PlaneWidth, AspectHeight(p, PlaneWidth)
		dc := p.DataCanvas(draw.New(vgimg.New(w, h)))
		trX, trY := p.Transforms(&dc)
		for _, tx := range figtest.Texts(p, w, h) {
			i := slices.Index(s.Names, tx.String)
			if i != 0 && i != 2 {
				continue
			}
			c := vg.Point{X: trX(x.At(i, 0)), Y: trY(x.At(i, 1))}
			// The distance from the ring's centre to the nearest point of
			// the text's ink.
			dx := max(tx.Box.Min.X-c.X, 0, c.X-tx.Box.Max.X)
			dy := max(tx.Box.Min.Y-c.Y, 0, c.Y-tx.Box.Max.Y)
			if d := math.Hypot(float64(dx), float64(dy)); d < RingRadius+labelClearance {
				t.Errorf("%v: %s drawn %.1f pt from the centre of its ring of radius %v, want %v more", l, tx.String, d, RingRadius, labelClearance)
			}
		}
	}
}

func TestPlaneKKTLegend(t *testing.T) {
	x, y := bookData()
	for _, tc := range []struct {
		name          string
		free, bounded []int
		soft          bool
		want          []string
	}{
		{"hard margin, Example 7.2", []int{0, 2}, nil, false,
			[]string{"positive (y = +1)", "negative (y = −1)", "½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0", "margin boundaries w·x + b = ±1", "support vector, αᵢ > 0"}},
		{"primal solution, named", []int{0, 2}, nil, false,
			[]string{"positive (y = +1)", "negative (y = −1)", "½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0", "margin boundaries w·x + b = ±1", "on H1 or H2"}},
		{"soft margin", []int{0}, []int{2}, true,
			[]string{"positive (y = +1)", "negative (y = −1)", "½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0", "margin boundaries w·x + b = ±1",
				"αᵢ = 0: no mark", "support vector, 0 < αᵢ < C", "support vector, αᵢ = C"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Plane{X: x, Y: y, FreeIndices: tc.free, BoundedIndices: tc.bounded, SoftMargin: tc.soft,
				Boundaries: []Boundary{{Line: Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true}}}
			if strings.HasSuffix(tc.name, "named") {
				s.SupportName = "on H1 or H2"
			}
			layers, legend, _, err := s.layers()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(legend.Names(), tc.want) {
				t.Errorf("legend %q, want %q", legend.Names(), tc.want)
			}
			// The hyperplane with its margins, the classes and the rings.
			want := []string{"Hyperplane", "Classes", "SupportVectors"}
			if got := typeNames(layers); !slices.Equal(got, want) {
				t.Errorf("layers %q, want %q", got, want)
			}
			// x1 and x3 ringed (0 < α < C, or α > 0 with a hard margin); with
			// the soft margin x3 is at C and boxed instead.
			sv := layers[2].(*SupportVectors)
			free, bound := 2, 0
			if tc.soft {
				free, bound = 1, 1
			}
			if n := scatterLen(sv.Free); n != free {
				t.Errorf("%d points ringed, want %d", n, free)
			}
			if n := scatterLen(sv.Bounded); n != bound {
				t.Errorf("%d points boxed, want %d", n, bound)
			}
		})
	}
}

func TestPlaneNames(t *testing.T) {
	// Notebook 12 names the axes and the classes of the iris data.
	x, y := bookData()
	s := Plane{X: x, Y: y, XLabel: "petal length (cm)", YLabel: "petal width (cm)",
		PositiveName: "setosa (y = +1)", NegativeName: "versicolor (y = −1)",
		Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}, B: -3}}}}
	p, legend, err := s.PlotLegend()
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Label.Text != "petal length (cm)" || p.Y.Label.Text != "petal width (cm)" {
		t.Errorf("axis labels %q, %q", p.X.Label.Text, p.Y.Label.Text)
	}
	want := []string{"setosa (y = +1)", "versicolor (y = −1)", "x⁽¹⁾ + x⁽²⁾ − 3 = 0"}
	if !slices.Equal(legend.Names(), want) {
		t.Errorf("legend %q, want %q", legend.Names(), want)
	}
	// One name alone: the other class keeps its default.
	_, legend, err = Plane{X: x, Y: y, NegativeName: "versicolor"}.PlotLegend()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"positive (y = +1)", "versicolor"}; !slices.Equal(legend.Names(), want) {
		t.Errorf("legend %q, want %q", legend.Names(), want)
	}
}

func TestPlaneZeroNormal(t *testing.T) {
	// Table 2.1, k = 4: w = 0, b = −2 has no line; everything is negative.
	x, y := bookData()
	_, legend, _, err := Plane{X: x, Y: y, Boundaries: []Boundary{{Line: Line{W: []float64{0, 0}, B: -2}, Shade: true}}}.layers()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"positive (y = +1)", "negative (y = −1)", "w·x + b > 0", "w·x + b < 0", "−2 = 0 (w = 0: no line)"}
	if !slices.Equal(legend.Names(), want) {
		t.Errorf("legend %q, want %q", legend.Names(), want)
	}
}

func TestPlaneErrors(t *testing.T) {
	x, y := bookData()
	if _, err := (Plane{X: x, Y: []float64{1, 2, -1}}).Plot(); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("label 2: got %v, want dataset.ErrLabel", err)
	}
	if _, err := (Plane{X: x, Y: y[:2]}).Plot(); !errors.Is(err, dataset.ErrLength) {
		t.Errorf("two labels: got %v, want dataset.ErrLength", err)
	}
	if _, err := (Plane{X: x, Y: y, Boundaries: []Boundary{{Line: Line{W: []float64{math.NaN(), 1}}}}}).Plot(); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN normal: got %v, want ErrNotFinite", err)
	}
	// The W of a kernel model is nil: an error, not a panic.
	for _, w := range [][]float64{nil, {1}, {1, 2, 3}} {
		if _, err := (Plane{X: x, Y: y, Boundaries: []Boundary{{Line: Line{W: w, B: 1}}}}).Plot(); !errors.Is(err, ErrDim) {
			t.Errorf("w = %v: got %v, want ErrDim", w, err)
		}
	}
	if _, err := NewSupportVectors(mat.NewDense(2, 2, []float64{1, 1, math.Inf(1), 0}), []int{0}, []int{1}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite support vector: got %v, want ErrNotFinite", err)
	}
	// Data that are not n×2, indices outside the data and names that are
	// not one a point: errors, not panics (issue 23 §2).
	for _, tc := range []struct {
		name string
		s    Plane
		want error
	}{
		{"three columns", Plane{X: mat.NewDense(1, 3, nil), Y: []float64{1}}, ErrDim},
		{"index out of range", Plane{X: x, Y: y, Highlight: []int{3}}, ErrIndex},
		{"distance index out of range", Plane{X: x, Y: y, Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}}, Distances: []int{-1}}}}, ErrIndex},
		{"support vector index out of range", Plane{X: x, Y: y, FreeIndices: []int{0, 3}}, ErrIndex},
		{"bounded index out of range", Plane{X: x, Y: y, BoundedIndices: []int{-1}}, ErrIndex},
		{"two names for three points", Plane{X: x, Y: y, Names: PointNames(2)}, ErrLength},
		{"four names for three points", Plane{X: x, Y: y, Names: PointNames(4)}, ErrLength},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("panic %v", p)
				}
			}()
			if _, err := tc.s.Plot(); !errors.Is(err, tc.want) {
				t.Errorf("%v, want %v", err, tc.want)
			}
		})
	}
}

func TestAspectHeight(t *testing.T) {
	x, y := bookData()
	p, err := Plane{X: x, Y: y, Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}, B: -3}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	g, err := table21Grid(8, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		f    Figure
		w    vg.Length
	}{
		{"plane", p, Width},
		{"plane, plane width", p, PlaneWidth},
		{"grid", g, Wide},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := AspectHeight(tc.f, tc.w)
			c := draw.NewCanvas(nopCanvas{}, tc.w, h)
			var pl *plot.Plot
			var dc draw.Canvas
			switch f := tc.f.(type) {
			case *plot.Plot:
				pl, dc = f, f.DataCanvas(c)
			case *Grid:
				pl = f.Panels[0][0]
				dc = pl.DataCanvas(f.layout(c, false)[0][0])
			}
			dw := float64(dc.Max.X-dc.Min.X) / (pl.X.Max - pl.X.Min)
			dh := float64(dc.Max.Y-dc.Min.Y) / (pl.Y.Max - pl.Y.Min)
			if !scalar.EqualWithinAbs(dw, dh, aspectTol) {
				t.Errorf("height %v: %v points per unit across, %v up", h, dw, dh)
			}
		})
	}
	if got := AspectHeight(&Grid{}, Width); got != Height {
		t.Errorf("empty grid: %v, want Height", got)
	}
}

// typeName is the name of a layer's type, for structural tests.
func typeName(v any) string {
	switch v.(type) {
	case *Hyperplane:
		return "Hyperplane"
	case *Classes:
		return "Classes"
	case *SupportVectors:
		return "SupportVectors"
	case *Regions:
		return "Regions"
	case *plotter.Scatter:
		return "Scatter"
	case *plotter.Line:
		return "Line"
	case *plotter.Labels:
		return "Labels"
	case Arrow:
		return "arrowLayer"
	case Labels:
		return "labelLayer"
	case halfPlanes:
		return "halfPlanes"
	case *SideLegend:
		return "SideLegend"
	}
	return "other"
}

// typeNames returns the type names of layers.
func typeNames(layers []plot.Plotter) []string {
	names := make([]string, len(layers))
	for i, l := range layers {
		names[i] = typeName(l)
	}
	return names
}

// scatterLen is the number of points of a scatter; 0 for nil.
func scatterLen(s *plotter.Scatter) int {
	if s == nil {
		return 0
	}
	return s.Len()
}
