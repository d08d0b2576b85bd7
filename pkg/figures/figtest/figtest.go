// Package figtest records what a figure draws, for tests that can fail:
// every string with the box it covers on the canvas and the characters its
// font lacks, so that a test can ask whether labels overlap, leave the
// figure, or show empty boxes instead of glyphs, and which language they
// are in. It serves the tests of pkg/figures and pkg/gallery as
// net/http/httptest serves those of HTTP handlers.
//
//	ts := figtest.Texts(p, w, h) // every string drawn, with its box
//	if pairs := figtest.Overlaps(ts, 0); len(pairs) > 0 {
//		t.Errorf("labels %q and %q overlap", ts[pairs[0][0]].String, ts[pairs[0][1]].String)
//	}
//
// Texts records a figure (a Drawer: a *plot.Plot or a *figures.Grid) drawn
// w×h; Overlaps, Inside and HasHan ask the questions.
package figtest

import (
	"image"
	"image/color"
	"math"
	"unicode"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/notation"
)

// Drawer is a figure: a *plot.Plot or a *figures.Grid.
type Drawer interface {
	Draw(c draw.Canvas)
}

// Text is a string a figure draws. Text that a text handler draws in
// several runs, one per font (Latin and Chinese), is one Text.
type Text struct {
	String string
	// At is where the baseline of its first run starts on the canvas, in
	// points from the bottom left.
	At vg.Point
	// Box is the rectangle the string's glyphs cover on the canvas (their
	// ink), in points from the bottom left.
	Box vg.Rectangle
	// Families are the font families of the runs; Missing the characters
	// that the font of their run has no glyph for.
	Families []string
	Missing  []rune
}

// Texts draws f on a w×h canvas that records text instead of drawing it,
// and returns every string drawn, in drawing order.
func Texts(f Drawer, w, h vg.Length) []Text {
	c := &canvas{m: identity}
	f.Draw(draw.NewCanvas(c, w, h))
	return c.texts
}

// Overlaps returns the pairs of indices of texts whose boxes overlap by
// more than tol in both directions.
func Overlaps(ts []Text, tol vg.Length) [][2]int {
	var out [][2]int
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			a, b := ts[i].Box, ts[j].Box
			w := min(a.Max.X, b.Max.X) - max(a.Min.X, b.Min.X)
			h := min(a.Max.Y, b.Max.Y) - max(a.Min.Y, b.Min.Y)
			if w > tol && h > tol {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// Inside reports whether r lies within the w×h canvas, with tol to spare.
func Inside(r vg.Rectangle, w, h, tol vg.Length) bool {
	return r.Min.X >= -tol && r.Min.Y >= -tol && r.Max.X <= w+tol && r.Max.Y <= h+tol
}

// HasHan reports whether s has a Chinese character.
func HasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// affine is the transform x' = a·x + b·y + e, y' = c·x + d·y + f.
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

func (m affine) apply(p vg.Point) vg.Point {
	x, y := float64(p.X), float64(p.Y)
	return vg.Point{X: vg.Length(m.a*x + m.b*y + m.e), Y: vg.Length(m.c*x + m.d*y + m.f)}
}

// then returns m followed by the local transform n (n applied first).
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.b*n.c, b: m.a*n.b + m.b*n.d,
		c: m.c*n.a + m.d*n.c, d: m.c*n.b + m.d*n.d,
		e: m.a*n.e + m.b*n.f + m.e, f: m.c*n.e + m.d*n.f + m.f,
	}
}

// run is one FillString call: the text, where its baseline starts in local
// coordinates, its advance and the transform then in force.
type run struct {
	s       string
	family  string
	at      vg.Point
	advance vg.Length
	em      vg.Length
	m       affine
}

// canvas is a vg.Canvas that records text and draws nothing.
type canvas struct {
	m     affine
	stack []affine
	texts []Text
	// last is the run drawn last, base the first run of the last Text.
	last, base *run
}

func (c *canvas) SetLineWidth(vg.Length)              {}
func (c *canvas) SetLineDash([]vg.Length, vg.Length)  {}
func (c *canvas) SetColor(color.Color)                {}
func (c *canvas) Stroke(vg.Path)                      {}
func (c *canvas) Fill(vg.Path)                        {}
func (c *canvas) DrawImage(vg.Rectangle, image.Image) {}

func (c *canvas) Rotate(rad float64) {
	s, co := math.Sincos(rad)
	c.m = c.m.then(affine{a: co, b: -s, c: s, d: co})
}

func (c *canvas) Translate(p vg.Point) {
	c.m = c.m.then(affine{a: 1, d: 1, e: float64(p.X), f: float64(p.Y)})
}

func (c *canvas) Scale(x, y float64) { c.m = c.m.then(affine{a: x, d: y}) }

func (c *canvas) Push() { c.stack = append(c.stack, c.m) }

func (c *canvas) Pop() {
	if n := len(c.stack); n > 0 {
		c.m, c.stack = c.stack[n-1], c.stack[:n-1]
	}
}

// FillString records s. A run that continues the previous one, within
// about two spaces, extends that one's Text: a run in another font on the
// same baseline (a text handler that sets a string in several fonts draws
// it so), and a run of another size raised or lowered by less than half
// the Text's em (a superscript or a subscript, or the text after one).
// The characters of a smaller run above the Text's baseline are recorded
// as superscripts, below it as subscripts (notation.Superscript,
// notation.Subscript): the Text of x⁽¹⁾ + x⁽²⁾ is that, however it is
// drawn. Two strings in one font and size are two Texts.
func (c *canvas) FillString(f font.Face, at vg.Point, s string) {
	if f.Face == nil || s == "" {
		return
	}
	r := &run{s: s, at: at, advance: f.Width(s), em: f.Font.Size, m: c.m}
	// Ink bounds at 72 dpi are in points, y pointing down.
	ink, _ := xfont.BoundString(f.FontFace(72), s)
	x0, x1 := vg.Length(ink.Min.X)/64, vg.Length(ink.Max.X)/64
	y0, y1 := -vg.Length(ink.Max.Y)/64, -vg.Length(ink.Min.Y)/64
	corners := []vg.Point{
		{X: at.X + x0, Y: at.Y + y0}, {X: at.X + x1, Y: at.Y + y0},
		{X: at.X + x0, Y: at.Y + y1}, {X: at.X + x1, Y: at.Y + y1},
	}
	box := vg.Rectangle{Min: vg.Point{X: vg.Length(math.Inf(1)), Y: vg.Length(math.Inf(1))},
		Max: vg.Point{X: vg.Length(math.Inf(-1)), Y: vg.Length(math.Inf(-1))}}
	for _, p := range corners {
		q := c.m.apply(p)
		box.Min.X, box.Min.Y = min(box.Min.X, q.X), min(box.Min.Y, q.Y)
		box.Max.X, box.Max.Y = max(box.Max.X, q.X), max(box.Max.Y, q.Y)
	}
	var buf sfnt.Buffer
	var missing []rune
	for _, ch := range s {
		if unicode.IsSpace(ch) {
			continue
		}
		if i, err := f.Face.GlyphIndex(&buf, ch); err != nil || i == 0 {
			missing = append(missing, ch)
		}
	}
	family, _ := f.Face.Name(&buf, sfnt.NameIDFamily)
	r.family = family
	if p := c.last; p != nil && p.m == r.m {
		font := p.family != family && p.at.Y == at.Y
		size := p.em != r.em && math.Abs(float64(at.Y-c.base.at.Y)) < 0.5*float64(c.base.em)
		gap := at.X - (p.at.X + p.advance)
		if (font || size) && gap >= -0.01 && gap <= 0.6*max(r.em, p.em) {
			t := &c.texts[len(c.texts)-1]
			if gap > 0.01 {
				t.String += " "
			}
			switch {
			case r.em < 0.95*c.base.em && at.Y > c.base.at.Y:
				s = notation.Superscript(s)
			case r.em < 0.95*c.base.em && at.Y < c.base.at.Y:
				s = notation.Subscript(s)
			}
			t.String += s
			t.Box.Min.X, t.Box.Min.Y = min(t.Box.Min.X, box.Min.X), min(t.Box.Min.Y, box.Min.Y)
			t.Box.Max.X, t.Box.Max.Y = max(t.Box.Max.X, box.Max.X), max(t.Box.Max.Y, box.Max.Y)
			t.Families = append(t.Families, family)
			t.Missing = append(t.Missing, missing...)
			c.last = r
			return
		}
	}
	c.texts = append(c.texts, Text{String: s, At: c.m.apply(at), Box: box, Families: []string{family}, Missing: missing})
	c.last, c.base = r, r
}
