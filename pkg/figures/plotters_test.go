package figures

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// TestHyperplaneClipped draws random hyperplanes with their margins over a
// fixed view and checks that every line drawn lies inside the data area,
// and that exactly the lines that cross the view are drawn.
func TestHyperplaneClipped(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	view := Rect{XMin: -1, XMax: 3, YMin: 0, YMax: 4}
	for trial := range 200 {
		w := []float64{rnd.NormFloat64(), rnd.NormFloat64()}
		b := 4 * rnd.NormFloat64()
		h, err := NewHyperplane(w, b)
		if err != nil {
			t.Fatal(err)
		}
		h.Margins = true
		p := plot.New()
		p.Add(h)
		setView(p, view)
		var rec recorder.Canvas
		c := draw.NewCanvas(&rec, Width, Height)
		p.Draw(c)
		dc := p.DataCanvas(c)
		// Lines crossing the view, by the signs of w·x + b − level at its
		// corners.
		want := 0
		for _, level := range []float64{-1, 0, 1} {
			var pos, neg bool
			for _, q := range view.corners() {
				v := w[0]*q.X + w[1]*q.Y + b - level
				pos, neg = pos || v > 0, neg || v < 0
			}
			if pos && neg {
				want++
			}
		}
		got := 0
		for _, a := range rec.Actions {
			s, ok := a.(*recorder.Stroke)
			if !ok || len(s.Path) != 2 {
				continue // the axes' lines and ticks are drawn outside dc
			}
			inside := true
			for _, comp := range s.Path {
				q := comp.Pos
				inside = inside && q.X >= dc.Min.X-1e-6 && q.X <= dc.Max.X+1e-6 && q.Y >= dc.Min.Y-1e-6 && q.Y <= dc.Max.Y+1e-6
			}
			if inside {
				got++
			}
		}
		if got != want {
			t.Errorf("trial %d, w = %v, b = %v: %d lines drawn inside the data area, want %d", trial, w, b, got, want)
		}
	}
}

func TestNewHyperplane(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    []float64
		b    float64
		err  error
	}{
		{"Example 7.1", []float64{0.5, 0.5}, -2, nil},
		{"kernel model: no w", nil, 0, ErrDim},
		{"R³", []float64{1, 2, 3}, 0, ErrDim},
		{"NaN", []float64{math.NaN(), 1}, 0, ErrNotFinite},
		{"infinite b", []float64{1, 1}, math.Inf(-1), ErrNotFinite},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := NewHyperplane(tc.w, tc.b)
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if err == nil && (h.LineStyle.Width <= 0 || h.MarginStyle.Width <= 0 || len(h.MarginStyle.Dashes) == 0) {
				t.Errorf("styles %+v, %+v: want a visible line and dashed margins", h.LineStyle, h.MarginStyle)
			}
		})
	}
	// A literal with no w draws nothing, and does not panic.
	p := plot.New()
	p.Add(&Hyperplane{Line: Line{B: 1}, LineStyle: hyperplaneStyle(0)})
	setView(p, Rect{XMin: 0, XMax: 1, YMin: 0, YMax: 1})
	p.Draw(draw.NewCanvas(nopCanvas{}, Width, Height))
}

func TestClasses(t *testing.T) {
	x, y := bookData()
	cl, err := NewClasses(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if cl.Positive.Len() != 2 || cl.Negative.Len() != 1 {
		t.Fatalf("%d positive and %d negative points, want 2 and 1", cl.Positive.Len(), cl.Negative.Len())
	}
	// Told apart by shape and by colour.
	ps, ns := cl.Positive.GlyphStyle, cl.Negative.GlyphStyle
	if fmt.Sprintf("%T", ps.Shape) == fmt.Sprintf("%T", ns.Shape) || ps.Color == ns.Color {
		t.Errorf("classes drawn as %T in %v and %T in %v", ps.Shape, ps.Color, ns.Shape, ns.Color)
	}
	if xmin, xmax, ymin, ymax := cl.DataRange(); xmin != 1 || xmax != 4 || ymin != 1 || ymax != 3 {
		t.Errorf("data range [%v, %v]×[%v, %v], want [1, 4]×[1, 3]", xmin, xmax, ymin, ymax)
	}
	p := plot.New()
	p.Add(cl)
	if n := len(cl.GlyphBoxes(p)); n != 3 {
		t.Errorf("%d glyph boxes, want 3", n)
	}
	if _, err := NewClasses(x, []float64{1, 0, -1}); err == nil {
		t.Error("label 0: no error")
	}
	// One class only: no scatter for the other.
	one, err := NewClasses(x, []float64{1, 1, 1})
	if err != nil || one.Negative != nil {
		t.Errorf("one class: %v, negative %v", err, one.Negative)
	}
}

func TestSize(t *testing.T) {
	x, y := bookData()
	plane, err := Plane{X: x, Y: y}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	lines, err := Lines{Series: []Series{{Y: []float64{1, 2}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	steps, err := table21Grid(8, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		f    Figure
		w, h vg.Length
	}{
		{"plane", plane, PlaneWidth, AspectHeight(plane, PlaneWidth)},
		{"lines", lines, Width, Height},
		{"gonum's plot", plot.New(), Width, Height},
		{"grid of planes", steps, Wide, AspectHeight(steps, Wide)},
		{"grid of lines", NewGrid("", 2, lines, lines), Wide, Height},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if w, h := Size(tc.f); w != tc.w || h != tc.h {
				t.Errorf("Size = %v×%v, want %v×%v", w, h, tc.w, tc.h)
			}
		})
	}
}

func TestSave(t *testing.T) {
	x, y := bookData()
	p, err := Plane{X: x, Y: y}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	g, err := table21Grid(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		save  func(string) error
		magic string
	}{
		{"plane.png", func(path string) error { return Save(p, path) }, "\x89PNG"},
		{"plane.SVG", func(path string) error { return Save(p, path) }, "<?xml"},
		{"grid.pdf", g.Save, "%PDF-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := tc.save(path); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, []byte(tc.magic)) {
				t.Errorf("file starts %q, want %q", b[:min(len(b), 8)], tc.magic)
			}
			if strings.HasSuffix(tc.name, ".png") {
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if got, want := img.Bounds().Dx(), int(math.Ceil(float64(PlaneWidth/vg.Inch)*DPI)); got != want {
					t.Errorf("%d pixels wide, want %d (PlaneWidth at DPI)", got, want)
				}
			}
		})
	}
	if err := Save(p, filepath.Join(dir, "plane.jpg")); !errors.Is(err, ErrFormat) {
		t.Errorf(".jpg: got %v, want ErrFormat", err)
	}
	if err := Save(p, filepath.Join(dir, "missing", "plane.png")); err == nil {
		t.Error("missing directory: no error")
	}
}

// TestSVGFontFamilies renders English and Chinese text as SVG and checks
// that every text element names one of the fallback lists of svgFamilies.
// It fails when gonum changes the way it writes font families, which
// svgFontFamilies patches.
func TestSVGFontFamilies(t *testing.T) {
	x, y := bookData()
	lists := map[string]bool{}
	for _, l := range svgFamilies {
		lists[l] = true
	}
	familyOf := regexp.MustCompile(`font-family:([^;]*);`)
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		if l == lang.Chinese {
			needChinese(t) // after the English figure's checks
		}
		p, err := Plane{Title: l.Pick("Example 2.1", "例 2.1"), X: x, Y: y, Lang: l}.Plot()
		if err != nil {
			t.Fatal(err)
		}
		w, h := Size(p)
		b, err := Render(p, w, h, "svg")
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		dec := xml.NewDecoder(bytes.NewReader(b))
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: not XML: %v", l, err)
			}
			el, ok := tok.(xml.StartElement)
			if !ok || el.Name.Local != "text" {
				continue
			}
			for _, a := range el.Attr {
				if a.Name.Local != "style" {
					continue
				}
				m := familyOf.FindStringSubmatch(a.Value)
				if m == nil || !lists[m[1]] {
					t.Errorf("%v: text style %q names no fallback list", l, a.Value)
					continue
				}
				seen[m[1]] = true
			}
		}
		want := []string{svgFamilies["Liberation Serif"]}
		if l == lang.Chinese {
			want = append(want, svgFamilies["WenQuanYi Micro Hei"])
		}
		for _, f := range want {
			if !seen[f] {
				t.Errorf("%v: no text in %s", l, f)
			}
		}
		if len(seen) != len(want) {
			t.Errorf("%v: families %v, want %v", l, slices.Collect(maps.Keys(seen)), want)
		}
	}
}

// TestRegionsGrid checks that Regions samples its classifier on the range
// the plot shows, and samples again when the range changes.
func TestRegionsGrid(t *testing.T) {
	r, err := NewRegions(product{dim: 2})
	if err != nil {
		t.Fatal(err)
	}
	a := Rect{XMin: -1, XMax: 1, YMin: -1, YMax: 1}
	b := Rect{XMin: 0, XMax: 2, YMin: 0, YMax: 2}
	ga := r.sample(a)
	if r.sample(a) != ga {
		t.Error("same range sampled twice")
	}
	gb := r.sample(b)
	if gb.View != b || gb == ga {
		t.Errorf("grid of %+v after %+v: %+v", b, a, gb.View)
	}
	// f = x⁽¹⁾·x⁽²⁾ at the far corner of b.
	if c, rows := gb.Dims(); gb.Z(c-1, rows-1) != 4 {
		t.Errorf("f(2, 2) sampled as %v, want 4", gb.Z(c-1, rows-1))
	}
}

// TestRegionsComposeWithHyperplane: the plotters compose with their default
// styles. Regions of a linear model and the model's Hyperplane with margins
// draw the same line f(x) = 0, and a reader must still see both: the
// region boundary is stroked with a dash pattern of its own, the
// hyperplane solid, the margins with theirs.
func TestRegionsComposeWithHyperplane(t *testing.T) {
	w, b := []float64{1, 1}, -3.0 // Example 2.1's answer, book Table 2.1
	r, err := NewRegions(classify.Linear{W: w, B: b})
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHyperplane(w, b)
	if err != nil {
		t.Fatal(err)
	}
	h.Margins = true
	p := plot.New()
	setView(p, Rect{XMin: 0, XMax: 5, YMin: 0, YMax: 5})
	p.Add(r, h)
	var rec recorder.Canvas
	p.Draw(draw.NewCanvas(&rec, Width, Height))
	// The dash patterns in force at each stroke.
	var dash []vg.Length
	strokes := map[string]int{}
	for _, a := range rec.Actions {
		switch a := a.(type) {
		case *recorder.SetLineDash:
			dash = a.Dashes
		case *recorder.Stroke:
			strokes[fmt.Sprint(dash)]++
		}
	}
	for name, sty := range map[string]draw.LineStyle{"region boundary": r.BoundaryStyle, "hyperplane": h.LineStyle, "margins": h.MarginStyle} {
		if strokes[fmt.Sprint(sty.Dashes)] == 0 {
			t.Errorf("no stroke with the %s's dashes %v; strokes by dash pattern: %v", name, sty.Dashes, strokes)
		}
	}
	if slices.Equal(r.BoundaryStyle.Dashes, h.LineStyle.Dashes) || slices.Equal(r.BoundaryStyle.Dashes, h.MarginStyle.Dashes) {
		t.Errorf("region boundary dashes %v repeat the hyperplane's %v or the margins' %v", r.BoundaryStyle.Dashes, h.LineStyle.Dashes, h.MarginStyle.Dashes)
	}
}
