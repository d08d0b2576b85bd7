package figures

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-fonts/liberation/liberationserifregular"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// unalignedCollection returns a TrueType collection of the fonts, each
// table moved to an offset that is not a multiple of four, as in
// wqy-microhei.ttc.
func unalignedCollection(t *testing.T, fonts ...[]byte) []byte {
	t.Helper()
	be := binary.BigEndian
	head := 12 + 4*len(fonts)
	dirs := 0
	for _, f := range fonts {
		dirs += 12 + 16*int(be.Uint16(f[4:]))
	}
	out := make([]byte, head+dirs)
	copy(out, "ttcf")
	be.PutUint32(out[4:], 0x00010000)
	be.PutUint32(out[8:], uint32(len(fonts)))
	dir := head
	for i, f := range fonts {
		be.PutUint32(out[12+4*i:], uint32(dir))
		n := int(be.Uint16(f[4:]))
		copy(out[dir:], f[:12])
		for k := range n {
			rec := f[12+16*k : 28+16*k]
			at, size := be.Uint32(rec[8:]), be.Uint32(rec[12:])
			out = append(out, 0) // one byte of padding: misaligns the table
			o := out[dir+12+16*k:]
			copy(o[:8], rec[:8])
			be.PutUint32(o[8:], uint32(len(out)))
			be.PutUint32(o[12:], size)
			out = append(out, f[at:at+size]...)
		}
		dir += 12 + 16*n
	}
	return out
}

func TestCollectionFont(t *testing.T) {
	ttc := unalignedCollection(t, liberationsansregular.TTF, liberationserifregular.TTF)
	if _, err := sfnt.ParseCollection(ttc); err == nil {
		// If x/image learns to read misaligned tables, collectionFont
		// is no longer needed.
		t.Log("sfnt.ParseCollection reads misaligned tables now")
	}
	for i, want := range []string{"Liberation Sans", "Liberation Serif"} {
		b, err := collectionFont(ttc, i)
		if err != nil {
			t.Fatal(err)
		}
		f, err := sfnt.Parse(b)
		if err != nil {
			t.Fatalf("font %d: %v", i, err)
		}
		var buf sfnt.Buffer
		if name, _ := f.Name(&buf, sfnt.NameIDFamily); name != want {
			t.Errorf("font %d is %q, want %q", i, name, want)
		}
		// The same glyphs as the original: the advance of a string.
		orig, err := sfnt.Parse([][]byte{liberationsansregular.TTF, liberationserifregular.TTF}[i])
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range "Wαx" {
			g1, _ := f.GlyphIndex(&buf, r)
			g2, _ := orig.GlyphIndex(&buf, r)
			a1, _ := f.GlyphAdvance(&buf, g1, 2048, 0)
			a2, _ := orig.GlyphAdvance(&buf, g2, 2048, 0)
			if g1 != g2 || a1 != a2 {
				t.Errorf("font %d, %q: glyph %d advance %v, want %d and %v", i, r, g1, a1, g2, a2)
			}
		}
	}
	for _, bad := range [][]byte{nil, []byte("ttcf"), ttc[:40]} {
		if _, err := collectionFont(bad, 0); err == nil {
			t.Errorf("collection of %d bytes: no error", len(bad))
		}
	}
	if _, err := collectionFont(ttc, 2); err == nil {
		t.Error("third font of two: no error")
	}
}

func TestFindFont(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.ttc")
	_, err := findFont([]string{missing})
	if !errors.Is(err, ErrFont) {
		t.Fatalf("no font: got %v, want ErrFont", err)
	}
	for _, s := range []string{"fonts-wqy-microhei", CJKFontEnv, missing} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not name %s", err, s)
		}
	}
	// A font without Chinese glyphs is no substitute.
	latin := filepath.Join(dir, "latin.ttf")
	writeFile(t, latin, liberationsansregular.TTF)
	if _, err := findFont([]string{missing, latin}); !errors.Is(err, ErrFont) || !strings.Contains(err.Error(), "no Chinese glyphs") {
		t.Errorf("Latin font: got %v, want ErrFont for missing Chinese glyphs", err)
	}
}

// needChinese ends the test (a skip; a failure under MARGINNOTES_REQUIRE=1)
// when the Chinese font is not installed.
func needChinese(t testing.TB) {
	t.Helper()
	_, err := loadCJK()
	testenv.MissingIf(t, err, ErrFont)
}

// TestTextHandler checks the Chinese handler: Chinese characters in the
// Chinese font, the rest in Liberation, the spaces between runs advanced
// over, and the widths of the runs adding up to the string's.
func TestTextHandler(t *testing.T) {
	needChinese(t)
	h, err := textHandlerFor(lang.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	fnt := font.From(plot.DefaultFont, 10)
	rs, width := h.runs("正例 (y = +1)，αᵢ > 0", fnt)
	var got []string
	for _, r := range rs {
		got = append(got, r.text+"/"+r.face.Name())
	}
	want := []string{"正例/WenQuanYi Micro HeiSans-Regular", "(y = +1)/LiberationSerif-Regular", "，/WenQuanYi Micro HeiSans-Regular",
		"α/LiberationSerif-Regular", "i/LiberationSerif-Regular", "> 0/LiberationSerif-Regular"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("runs\n%q\nwant\n%q", got, want)
	}
	lib := h.fonts.Lookup(fnt, fnt.Size)
	small := h.fonts.Lookup(fnt, scriptScale*fnt.Size)
	cjk := h.fonts.Lookup(cjkFont, fnt.Size)
	// The second run starts after "正例" and the space that ends its run.
	if x := cjk.Width("正例 "); !scalar.EqualWithinAbs(float64(rs[1].x), float64(x), rangeTol) {
		t.Errorf("second run at %v, want %v", rs[1].x, x)
	}
	// ᵢ is i, smaller and lowered; the space after it is a full one.
	if len(rs) == 6 && (rs[4].face.Font.Size != small.Font.Size || rs[4].y >= 0 || rs[3].y != 0 || rs[5].y != 0) {
		t.Errorf("subscript run of size %v at y = %v, want %v below the baseline", rs[4].face.Font.Size, rs[4].y, small.Font.Size)
	}
	if w := cjk.Width("正例 ") + lib.Width("(y = +1)") + cjk.Width("，") + lib.Width("α") + small.Width("i") + lib.Width(" > 0"); !scalar.EqualWithinAbs(float64(width), float64(w), rangeTol) {
		t.Errorf("width %v, want %v", width, w)
	}
	// The English handler sets a string in one run, as gonum's does.
	en, err := textHandlerFor(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if rs, w := en.runs("positive (y = +1)", fnt); len(rs) != 1 || w != lib.Width("positive (y = +1)") {
		t.Errorf("English: %d runs of width %v", len(rs), w)
	}
}

// TestScripts checks that figures draw the superscripts and subscripts of
// package notation, which neither Liberation nor WenQuanYi Micro Hei has
// all of (x⁽¹⁾, αⱼ), with glyphs, raised or lowered, in both editions.
func TestScripts(t *testing.T) {
	needChinese(t)
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		p, err := NewPlot(l)
		if err != nil {
			t.Fatal(err)
		}
		p.Title.Text = l.Pick("w = Σ αⱼyⱼxⱼ", "w = Σ αⱼyⱼxⱼ，分离超平面")
		p.X.Label.Text = "x⁽¹⁾ + x⁽²⁾ − 3 = 0"
		p.Y.Label.Text = "(x·z + 1)²"
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
		var drawn []string
		for _, tx := range figtest.Texts(p, Width, Height) {
			if len(tx.Missing) > 0 {
				t.Errorf("%v: %q: no glyph for %q", l, tx.String, tx.Missing)
			}
			drawn = append(drawn, tx.String)
		}
		for _, want := range []string{p.Title.Text, p.X.Label.Text, p.Y.Label.Text} {
			if !slices.Contains(drawn, want) {
				t.Errorf("%v: %q not drawn; drew %q", l, want, drawn)
			}
		}
	}
	// The title sets α and y on the baseline, j below it.
	h, _ := textHandlerFor(lang.English)
	fnt := font.From(plot.DefaultFont, 10)
	rs, _ := h.runs("αⱼyⱼ", fnt)
	if len(rs) != 4 || rs[0].y != 0 || rs[1].y >= 0 || rs[1].text != "j" || rs[2].y != 0 {
		t.Errorf("runs of αⱼyⱼ: %+v", rs)
	}
	rs, _ = h.runs("x⁽¹⁾", fnt)
	if len(rs) != 2 || rs[1].y <= 0 || rs[1].text != "(1)" {
		t.Errorf("runs of x⁽¹⁾: %+v", rs)
	}
}

// TestMarkedSubscript checks a subscript Unicode has no character for, the
// D of θ_D (Subscript marks it _{D}): drawn as D, smaller and lowered, in
// both editions, the marks not drawn, and read back by figtest as written.
func TestMarkedSubscript(t *testing.T) {
	if got := Subscript("j"); got != "ⱼ" {
		t.Errorf("Subscript(j) = %q, want ⱼ", got)
	}
	thetaD := "θ" + Subscript("D")
	if thetaD != "θ_{D}" {
		t.Fatalf("θ + Subscript(D) = %q, want θ_{D}", thetaD)
	}
	fnt := font.From(plot.DefaultFont, 10)
	eachHandler(t, func(l lang.Lang, h textHandler) {
		rs, width := h.runs(thetaD+"(α) ≤ p*", fnt)
		if len(rs) != 3 || rs[0].text != "θ" || rs[1].text != "D" || !(rs[1].y < 0) || rs[1].face.Font.Size >= fnt.Size ||
			rs[2].text != "(α) ≤ p*" || rs[2].y != 0 {
			t.Errorf("%v: runs of θ_{D}(α) ≤ p*: %+v, want θ, D smaller and lowered, (α) ≤ p* on the baseline", l, rs)
		}
		lib, small := h.fonts.Lookup(fnt, fnt.Size), h.fonts.Lookup(fnt, scriptScale*fnt.Size)
		if w := lib.Width("θ") + small.Width("D") + lib.Width("(α) ≤ p*"); !scalar.EqualWithinAbs(float64(width), float64(w), rangeTol) {
			t.Errorf("%v: width %v, want %v (the marks take no room)", l, width, w)
		}
		p, err := NewPlot(l)
		if err != nil {
			t.Fatal(err)
		}
		p.Title.Text = thetaD + "(α) = minₓ L(x, α)"
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
		var drawn []string
		for _, tx := range figtest.Texts(p, Width, Height) {
			drawn = append(drawn, tx.String)
		}
		if !slices.Contains(drawn, p.Title.Text) {
			t.Errorf("%v: %q not drawn; drew %q", l, p.Title.Text, drawn)
		}
	})
}

// eachHandler calls f with the text handler of each edition, English
// first; it skips the Chinese one where the Chinese font is missing.
func eachHandler(t *testing.T, f func(l lang.Lang, h textHandler)) {
	t.Helper()
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		if l == lang.Chinese {
			needChinese(t)
		}
		h, err := textHandlerFor(l)
		if err != nil {
			t.Fatal(err)
		}
		f(l, h)
	}
}

// TestChinesePlane draws a Chinese figure of the plane and checks that its
// Chinese labels are drawn with glyphs, inside the figure, apart.
func TestChinesePlane(t *testing.T) {
	needChinese(t)
	x, y := bookData()
	p, err := Plane{Title: "例 7.1：最大间隔", X: x, Y: y, Names: PointNames(3), FreeIndices: []int{0, 2}, Lang: lang.Chinese,
		Boundaries: []Boundary{{Line: Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true, Normal: true, Distances: []int{0, 1, 2}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	w, h := Size(p)
	ts := figtest.Texts(p, w, h)
	han := 0
	for _, tx := range ts {
		if len(tx.Missing) > 0 {
			t.Errorf("%q: no glyph for %q", tx.String, tx.Missing)
		}
		if !figtest.Inside(tx.Box, w, h, 0.5) {
			t.Errorf("%q at %v leaves the %v×%v figure", tx.String, tx.Box, w, h)
		}
		if figtest.HasHan(tx.String) {
			han++
		}
	}
	for _, o := range figtest.Overlaps(ts, 0.5) {
		t.Errorf("%q and %q overlap", ts[o[0]].String, ts[o[1]].String)
	}
	// The title and the legend: 正例, 负例, 间隔边界, 法向量, 距离, 支持向量.
	if han != 7 {
		t.Errorf("%d texts with Chinese, want 7", han)
	}
}

func TestNewPlot(t *testing.T) {
	needChinese(t)
	p, err := NewPlot(lang.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	p.Title.Text = "损失"
	p.X.Label.Text = "函数间隔"
	p.Y.Label.Text = "损失"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	for _, tx := range figtest.Texts(p, Width, Height) {
		if len(tx.Missing) > 0 {
			t.Errorf("%q: no glyph for %q", tx.String, tx.Missing)
		}
	}
	// gonum's own plot lacks the glyphs: the test above can fail.
	q := plot.New()
	q.Title.Text = "损失"
	if ts := figtest.Texts(q, Width, Height); len(ts) == 0 || len(ts[0].Missing) != 2 {
		t.Errorf("plot.New draws %q with glyphs; want two missing", "损失")
	}
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRaisedSuperscripts checks that a superscript no font has (⁻, ⁰, ⁹ in
// 10⁻⁵, 10⁻¹⁰, the labels of a log axis) is drawn as its base character,
// smaller and raised, with the other superscripts of its line.
func TestRaisedSuperscripts(t *testing.T) {
	fnt := font.From(plot.DefaultFont, 10)
	eachHandler(t, func(l lang.Lang, h textHandler) {
		rs, _ := h.runs("10⁻¹⁶ 处", fnt)
		if len(rs) < 2 || rs[0].text != "10" || rs[0].y != 0 || rs[1].text != "−16" || !(rs[1].y > 0) || rs[1].face.Font.Size >= fnt.Size {
			t.Errorf("%v: runs of 10⁻¹⁶: %+v, want 10 on the baseline, −16 smaller and raised", l, rs)
		}
		// Drawn, every character has a glyph.
		p, err := NewPlot(l)
		if err != nil {
			t.Fatal(err)
		}
		p.Title.Text = "10⁻⁵ 10⁰ 10⁹"
		for _, tx := range figtest.Texts(p, Width, Height) {
			if len(tx.Missing) > 0 {
				t.Errorf("%v: %q: no glyph for %q", l, tx.String, tx.Missing)
			}
		}
	})
}
