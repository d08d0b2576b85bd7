package figures

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"math"
	"testing"

	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestRender(t *testing.T) {
	x, y := bookData()
	p, err := Plane{Title: "Example 7.1: α, γ, ‖w‖", X: x, Y: y, Names: PointNames(3), FreeIndices: []int{0, 2},
		Boundaries: []Boundary{{Line: Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	g, err := table21Grid(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, fig := range []struct {
		name string
		f    Figure
		w, h vg.Length
	}{
		{"plot", p, Width, AspectHeight(p, Width)},
		{"grid", g, Wide, AspectHeight(g, Wide)},
	} {
		for _, format := range Formats() {
			t.Run(fig.name+"/"+format, func(t *testing.T) {
				b, err := Render(fig.f, fig.w, fig.h, format)
				if err != nil {
					t.Fatal(err)
				}
				switch format {
				case "svg":
					if !bytes.HasPrefix(b, []byte("<?xml")) || !bytes.Contains(b, []byte("<svg")) {
						t.Errorf("svg starts %q", b[:min(len(b), 40)])
					}
					if !bytes.Contains(b, []byte("font-family:'Liberation Serif','Times New Roman',Times,serif;")) {
						t.Error("svg lacks the font fallbacks")
					}
					if fig.name == "plot" && !bytes.Contains(b, []byte("α")) {
						t.Error("svg lacks the title's α as text")
					}
				case "png":
					img, err := png.Decode(bytes.NewReader(b))
					if err != nil {
						t.Fatal(err)
					}
					// Width × DPI pixels, rounded by the rasterizer.
					wantW := int(math.Ceil(float64(fig.w/vg.Inch) * DPI))
					wantH := int(math.Ceil(float64(fig.h/vg.Inch) * DPI))
					if r := img.Bounds(); abs(r.Dx()-wantW) > 1 || abs(r.Dy()-wantH) > 1 {
						t.Errorf("png %v×%v, want %v×%v", r.Dx(), r.Dy(), wantW, wantH)
					}
				case "pdf":
					if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
						t.Errorf("pdf starts %q", b[:min(len(b), 10)])
					}
					// Text is outlined, so no font is embedded and no string
					// is written in code page 1252.
					if bytes.Contains(b, []byte("/FontFile")) || bytes.Contains(b, []byte("Liberation")) {
						t.Error("pdf embeds or names a font; want outlined text")
					}
				}
			})
		}
	}
	if _, err := Render(p, Width, Height, "eps"); !errors.Is(err, ErrFormat) {
		t.Errorf("eps: got %v, want ErrFormat", err)
	}
	if _, err := Render(p, 0, Height, "png"); !errors.Is(err, ErrSize) {
		t.Errorf("zero width: got %v, want ErrSize", err)
	}
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func TestGlyphOutlines(t *testing.T) {
	_ = plot.New() // registers the Liberation fonts
	f := font.DefaultCache.Lookup(plot.DefaultFont, 12)
	var buf sfnt.Buffer
	for _, tc := range []struct {
		name string
		s    string
	}{
		{"ascii", "Loss"},
		{"greek and signs", "α ≥ γ − ‖w‖²"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := glyphOutlines(&buf, f, vg.Point{X: 10, Y: 20}, tc.s)
			if len(path) == 0 {
				t.Fatal("no outline")
			}
			// The outlines span the string's advance width from the start
			// point, and lie within the font's ascent and descent.
			xmin, xmax := vg.Length(math.Inf(1)), vg.Length(math.Inf(-1))
			ymin, ymax := vg.Length(math.Inf(1)), vg.Length(math.Inf(-1))
			for _, c := range path {
				if c.Type == vg.CloseComp {
					continue
				}
				xmin, xmax = min(xmin, c.Pos.X), max(xmax, c.Pos.X)
				ymin, ymax = min(ymin, c.Pos.Y), max(ymax, c.Pos.Y)
			}
			width := f.Width(tc.s)
			ext := f.Extents()
			if xmin < 10-1 || xmax > 10+width+1 {
				t.Errorf("outline spans x %v…%v, want within 10…%v", xmin, xmax, 10+width)
			}
			if ymin < 20-ext.Descent-1 || ymax > 20+ext.Ascent+1 {
				t.Errorf("outline spans y %v…%v, want within %v…%v", ymin, ymax, 20-ext.Descent, 20+ext.Ascent)
			}
		})
	}
}

// The golden images are checked tolerantly: see pixelDifference. Run
// go test -run Golden -regen to rewrite them after an intended change.
func TestGolden(t *testing.T) {
	x, y := bookData()
	dist, err := Plane{Title: "Example 2.1: distances to x⁽¹⁾ + x⁽²⁾ − 3 = 0", X: x, Y: y, Names: PointNames(3),
		Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}, B: -3}, Normal: true, Distances: []int{0, 1, 2}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	steps, err := table21Grid(8, 4)
	if err != nil {
		t.Fatal(err)
	}
	contour, err := Contour{Title: "Example 7.2: s(α₁, α₂) over α ≥ 0", F: sExample72, FName: "s",
		View:       Rect{XMin: -0.5, XMax: 2, YMin: -1.5, YMax: 1},
		Candidates: []Candidate{{"(3/2, −1)", 1.5, -1}, {"(0, 2/13)", 0, 2.0 / 13}, {"(1/4, 0)", 0.25, 0}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	// Example 7.1 in the Chinese edition: WenQuanYi Micro Hei beside
	// Liberation.
	needChinese(t)
	zh, err := Plane{Title: "例 7.1：最大间隔分离超平面", X: x, Y: y, Names: PointNames(3), FreeIndices: []int{0, 2}, Lang: lang.Chinese,
		Boundaries: []Boundary{{Line: Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true, Normal: true, Label: "分离超平面 ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0"}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		f    Figure
		w, h vg.Length
	}{
		{"example71_margin_zh", zh, PlaneWidth, AspectHeight(zh, PlaneWidth)},
		{"example21_distances", dist, PlaneWidth, AspectHeight(dist, PlaneWidth)},
		{"table21_steps", steps, Wide, AspectHeight(steps, Wide)},
		{"example72_contour", contour, PlaneWidth, AspectHeight(contour, PlaneWidth)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, tc.f, tc.w, tc.h)
		})
	}
}

func TestStraightAlpha(t *testing.T) {
	// A translucent white must reach the PDF backend as white, not grey.
	r, g, b, a := straightAlpha{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xB0}.RGBA()
	if r != 0xFFFF || g != 0xFFFF || b != 0xFFFF || a != 0xB0B0 {
		t.Errorf("RGBA() = %#x %#x %#x %#x, want 0xffff 0xffff 0xffff 0xb0b0", r, g, b, a)
	}
}

// TestSVGTextLengths: every string of an SVG figure carries the width the
// figure measured it with, so that a browser whose fonts differ (Debian's
// Liberation 1.07 has no ‖) still sets the raised 2 of ‖w‖² after the ‖,
// not on it.
func TestSVGTextLengths(t *testing.T) {
	p, err := NewPlot(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	p.Title.Text = "½‖w‖² + CΣξᵢ"
	p.X.Label.Text = "x⁽¹⁾"
	b, err := Render(p, Width, Height, "svg")
	if err != nil {
		t.Fatal(err)
	}
	texts, lengths := bytes.Count(b, []byte("<text ")), bytes.Count(b, []byte(`<text textLength="`))
	if texts == 0 || lengths != texts {
		t.Fatalf("%d of %d text elements carry their width", lengths, texts)
	}
	// The title's first run, ½‖w‖, at the width its face gives it.
	face := p.Title.TextStyle.Handler.Cache().Lookup(p.Title.TextStyle.Font, p.Title.TextStyle.Font.Size)
	want := fmt.Sprintf(`<text textLength="%.4g" lengthAdjust="spacingAndGlyphs" x=`, face.Width("½‖w‖").Points())
	if !bytes.Contains(b, []byte(want)) {
		t.Errorf("no text element %s", want)
	}
	// Elements and widths that do not pair up are left alone.
	if got := svgTextLengths([]byte(`<text x="1">a</text>`), nil); string(got) != `<text x="1">a</text>` {
		t.Errorf("unpaired: %s", got)
	}
}
