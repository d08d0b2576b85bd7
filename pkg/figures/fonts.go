package figures

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// CJKFontEnv names the environment variable that points to a font file
// (TrueType or a TrueType collection) for Chinese text, in place of
// WenQuanYi Micro Hei at its usual paths.
const CJKFontEnv = "MN_CJK_FONT"

// cjkFontPaths are where Debian (fonts-wqy-microhei), Fedora and Arch
// install WenQuanYi Micro Hei.
var cjkFontPaths = []string{
	"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
	"/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
	"/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
}

// cjkTypeface is the name under which the Chinese font is cached.
var cjkFont = font.Font{Typeface: "WenQuanYi Micro Hei", Variant: "Sans"}

// cjk holds the Chinese font, loaded on first use.
var cjk struct {
	once sync.Once
	face *opentype.Font
	err  error
}

// loadCJK returns the Chinese font, read once from CJKFontEnv or the first
// of cjkFontPaths that exists, or ErrFont.
func loadCJK() (*opentype.Font, error) {
	cjk.once.Do(func() {
		paths := cjkFontPaths
		if p := os.Getenv(CJKFontEnv); p != "" {
			paths = []string{p}
		}
		cjk.face, cjk.err = findFont(paths)
	})
	return cjk.face, cjk.err
}

// findFont parses the first of paths that exists. It returns an error
// wrapping ErrFont, which names the Debian package and CJKFontEnv, when
// none exists or the file found is not a font with Chinese glyphs.
func findFont(paths []string) (*opentype.Font, error) {
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		var f *opentype.Font
		if err == nil {
			f, err = parseFont(b)
		}
		if err != nil {
			return nil, errtext.Errorf("figures: %w: %s: %v", ErrFont, p, err)
		}
		return f, nil
	}
	return nil, errtext.Errorf("figures: %w: Chinese labels need WenQuanYi Micro Hei: install the Debian package fonts-wqy-microhei "+
		"(scripts/setup.sh does) or set %s to a TrueType font with Chinese glyphs; looked in %s",
		ErrFont, CJKFontEnv, strings.Join(paths, ", "))
}

// parseFont parses a TrueType font, or the first font of a TrueType
// collection (.ttc).
func parseFont(b []byte) (*opentype.Font, error) {
	if len(b) >= 4 && string(b[:4]) == "ttcf" {
		var err error
		if b, err = collectionFont(b, 0); err != nil {
			return nil, err
		}
	}
	f, err := opentype.Parse(b)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	if i, err := f.GlyphIndex(&buf, '中'); err != nil || i == 0 {
		return nil, errors.New("the font has no Chinese glyphs")
	}
	return f, nil
}

// collectionFont returns font i of a TrueType collection as a font file of
// its own, its tables copied to offsets that are multiples of four.
//
// golang.org/x/image/font/sfnt (and so opentype.ParseCollection) rejects
// tables that do not start on a four-byte boundary, as the OpenType
// specification asks; wqy-microhei.ttc has such tables. The copy has the
// same tables in the same order, so it is the same font.
func collectionFont(b []byte, i int) ([]byte, error) {
	be := binary.BigEndian
	bad := errors.New("malformed TrueType collection")
	if len(b) < 12 || string(b[:4]) != "ttcf" {
		return nil, bad
	}
	n := int(be.Uint32(b[8:]))
	if i < 0 || i >= n || len(b) < 12+4*n {
		return nil, bad
	}
	off := int(be.Uint32(b[12+4*i:]))
	if off < 0 || off+12 > len(b) {
		return nil, bad
	}
	tables := int(be.Uint16(b[off+4:]))
	dir := off + 12
	if dir+16*tables > len(b) {
		return nil, bad
	}
	out := make([]byte, 12+16*tables, len(b))
	copy(out, b[off:off+12])
	for t := range tables {
		rec := b[dir+16*t : dir+16*t+16]
		at, size := int(be.Uint32(rec[8:])), int(be.Uint32(rec[12:]))
		if at < 0 || size < 0 || at+size > len(b) {
			return nil, bad
		}
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		o := out[12+16*t:]
		copy(o[:8], rec[:8]) // tag and checksum
		be.PutUint32(o[8:], uint32(len(out)))
		be.PutUint32(o[12:], uint32(size))
		out = append(out, b[at:at+size]...)
	}
	return out, nil
}

// textHandler is a text.Handler that sets text in the Liberation fonts gonum
// embeds and every character they lack in a fallback font, when there is
// one: WenQuanYi Micro Hei for Chinese. gonum's text.Plain sets a string in
// one font, so a Chinese label drawn with it would show empty boxes, and one
// drawn in the Chinese font alone would lack ᵢ and ‖.
//
// Each line is split into runs of one font, drawn one after the other; the
// spaces around a run are advanced over, not drawn, so that an SVG viewer,
// which collapses a string's leading spaces, puts the run where it was
// measured.
type textHandler struct {
	fonts    *font.Cache
	fallback bool // whether fonts holds cjkFont
}

var _ text.Handler = textHandler{}

// handlers holds the text handler of each language, each made once, the
// Chinese one (which reads a 5 MB font) only when a Chinese figure asks.
var handlers struct {
	enOnce, zhOnce   sync.Once
	english, chinese textHandler
	err              error
}

// textHandlerFor returns the text handler of the edition l: the Liberation
// fonts for English, and WenQuanYi Micro Hei as their fallback for Chinese.
// It returns an error wrapping ErrFont when the Chinese font is missing.
func textHandlerFor(l lang.Lang) (textHandler, error) {
	if l != lang.Chinese {
		handlers.enOnce.Do(func() {
			handlers.english = textHandler{fonts: font.NewCache(liberation.Collection())}
		})
		return handlers.english, nil
	}
	handlers.zhOnce.Do(func() {
		f, err := loadCJK()
		if err != nil {
			handlers.err = err
			return
		}
		c := font.NewCache(liberation.Collection())
		c.Add(font.Collection{{Font: cjkFont, Face: f}})
		handlers.chinese = textHandler{fonts: c, fallback: true}
	})
	return handlers.chinese, handlers.err
}

// Cache implements text.Handler.
func (h textHandler) Cache() *font.Cache { return h.fonts }

// Extents implements text.Handler: those of fnt, enlarged to hold the
// fallback font's ascent and descent, so that every line has one height.
func (h textHandler) Extents(fnt font.Font) font.Extents {
	face := h.fonts.Lookup(fnt, fnt.Size)
	e := face.Extents()
	if h.fallback {
		fb := h.fonts.Lookup(cjkFont, fnt.Size)
		f := fb.Extents()
		e.Ascent, e.Descent = max(e.Ascent, f.Ascent), max(e.Descent, f.Descent)
		e.Height = max(e.Height, f.Height, e.Ascent+e.Descent)
	}
	return e
}

// Lines implements text.Handler.
func (h textHandler) Lines(txt string) []string {
	return strings.Split(strings.TrimRight(txt, "\n"), "\n")
}

// Box implements text.Handler.
func (h textHandler) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, width = h.runs(txt, fnt)
	e := h.Extents(fnt)
	return width, e.Ascent, e.Descent
}

// Draw implements text.Handler as text.Plain does, one run at a time.
func (h textHandler) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin, cos := math.Sincos(sty.Rotation)
	pt.X, pt.Y = pt.Y*vg.Length(sin)+pt.X*vg.Length(cos), pt.Y*vg.Length(cos)-pt.X*vg.Length(sin)
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - h.Extents(sty.Font).Ascent
	for i, line := range lines {
		rs, width := h.runs(line, sty.Font)
		at := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * width, Y: vg.Length(len(lines)-i) * sty.Font.Size})
		for _, r := range rs {
			c.FillString(r.face, at.Add(vg.Point{X: r.x, Y: r.y}), r.text)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// run is a part of a line set in one font at one size, x from the line's
// start and y above its baseline (a superscript) or below (negative: a
// subscript).
type run struct {
	face font.Face
	text string
	x, y vg.Length
}

// Script sizes and shifts, in ems of the line's font, close to the
// superscript figures of the Liberation fonts (¹ spans about 0.3–0.73 em):
// a raised parenthesis ends at 0.75 em, within the ascent of a title that
// plot places at the top edge.
const (
	scriptScale = 0.65
	superShift  = 0.28
	subShift    = 0.14
)

// script is the position of a character: on the baseline, raised or
// lowered.
type script int8

const (
	baseline script = iota
	super
	sub
)

// scripts maps each superscript and subscript of package notation (the
// coordinates x⁽¹⁾, powers ², indices αⱼ, x₁) to its position and the
// character it raises or lowers. Neither Liberation nor WenQuanYi Micro
// Hei has all of them (no ⁽, ⁾, ⁰, ⁹, ⱼ), so the handler draws every one
// as its base character, smaller and shifted: one look for all, where
// mixing the fonts' own superscripts with drawn ones would not match.
var scripts = map[rune]scripted{}

// scripted is a superscript or subscript character: its position and the
// character it raises or lowers.
type scripted struct {
	pos  script
	base rune
}

func init() {
	for _, b := range "0123456789+−()aehijklmnoprstuvx" {
		for pos, f := range map[script]func(string) string{super: notation.Superscript, sub: notation.Subscript} {
			if r := []rune(f(string(b))); len(r) == 1 && r[0] != b {
				scripts[r[0]] = scripted{pos, b}
			}
		}
	}
}

// subOpen and subClose enclose a subscript that Unicode has no characters
// for, such as the D of θ_D: see Subscript.
const subOpen, subClose = "_{", "}"

// Subscript writes s as a subscript in figure text: as package notation's
// Subscript does (αⱼ, x₁₂) when Unicode has a subscript for every
// character of s, and otherwise marked as _{s}, which the text handlers of
// this package's plots draw as s, smaller and lowered: "θ" +
// Subscript("D") is drawn θ with a lowered D, the book's dual function
// θ_D. Marked text is for figures only; elsewhere it reads as TeX.
func Subscript(s string) string {
	if notation.CanSubscript(s) {
		return notation.Subscript(s)
	}
	return subOpen + s + subClose
}

// hasScript reports whether s has a character of scripts or a marked
// subscript.
func hasScript(s string) bool {
	if strings.Contains(s, subOpen) {
		return true
	}
	for _, r := range s {
		if _, ok := scripts[r]; ok {
			return true
		}
	}
	return false
}

// runs splits a line into runs of one font and one position, without
// their surrounding spaces, and returns its width. A superscript or
// subscript character is set as its base character (see scripts), and
// the text of a marked subscript, _{D} (see Subscript), as a subscript
// without its marks.
func (h textHandler) runs(line string, fnt font.Font) ([]run, vg.Length) {
	primary := h.fonts.Lookup(fnt, fnt.Size)
	if !h.fallback && !hasScript(line) {
		return []run{{face: primary, text: line}}, primary.Width(line)
	}
	var fb font.Face
	if h.fallback {
		fb = h.fonts.Lookup(cjkFont, fnt.Size)
	}
	var buf sfnt.Buffer
	// inFallback reports whether r is set in the fallback font: it has
	// the glyph and Liberation has not.
	inFallback := func(r rune) bool {
		if !h.fallback {
			return false
		}
		if i, err := primary.Face.GlyphIndex(&buf, r); err == nil && i != 0 {
			return false
		}
		i, err := fb.Face.GlyphIndex(&buf, r)
		return err == nil && i != 0
	}
	// A key is the font and position of a run.
	type key struct {
		fallback bool
		pos      script
	}
	face := func(k key) font.Face {
		f := fnt
		if k.fallback {
			f = cjkFont
		}
		size := fnt.Size
		if k.pos != baseline {
			size *= scriptScale
		}
		return h.fonts.Lookup(f, size)
	}
	var (
		rs   []run
		x    vg.Length
		text []rune // the run being collected, with its spaces
		cur  *key
	)
	flush := func() {
		if len(text) == 0 {
			return
		}
		s := string(text)
		k := key{}
		if cur != nil {
			k = *cur
		}
		f := face(k)
		trimmed := strings.TrimLeftFunc(s, unicode.IsSpace)
		lead := f.Width(s[:len(s)-len(trimmed)])
		if t := strings.TrimRightFunc(trimmed, unicode.IsSpace); t != "" {
			var y vg.Length
			switch k.pos {
			case super:
				y = superShift * fnt.Size
			case sub:
				y = -subShift * fnt.Size
			}
			rs = append(rs, run{face: f, text: t, x: x + lead, y: y})
		}
		x += f.Width(s)
		text = text[:0]
	}
	marked := false // within a marked subscript, _{…}
	rest := line
	for len(rest) > 0 {
		if !marked && strings.HasPrefix(rest, subOpen) {
			marked, rest = true, rest[len(subOpen):]
			continue
		}
		if marked && strings.HasPrefix(rest, subClose) {
			marked, rest = false, rest[len(subClose):]
			continue
		}
		r, n := utf8.DecodeRuneInString(rest)
		rest = rest[n:]
		if unicode.IsSpace(r) {
			// A space belongs to the run it is in, and one after a
			// superscript or subscript to the next run, at full size.
			if cur != nil && cur.pos != baseline {
				flush()
				cur = nil
			}
			text = append(text, r)
			continue
		}
		k := key{}
		if s, ok := scripts[r]; ok {
			k.pos, r = s.pos, s.base
		}
		if marked {
			k.pos = sub
		}
		k.fallback = inFallback(r)
		if cur == nil || *cur != k {
			if cur != nil {
				flush()
			}
			cur = &k
		}
		text = append(text, r)
	}
	flush()
	return rs, x
}

// NewPlot returns an empty plot in the house style whose text handler
// draws the script of the edition l: its title, axis labels, ticks and
// legend, and the labels of this package's plotters. A plot of gonum's
// plot.New draws English but not Chinese. NewPlot returns an error
// wrapping ErrFont when l is Chinese and no Chinese font is installed.
func NewPlot(l lang.Lang) (*plot.Plot, error) {
	h, err := textHandlerFor(l)
	if err != nil {
		return nil, err
	}
	p := plot.New()
	p.TextHandler = h
	p.Title.TextStyle.Handler = h
	p.Legend.TextStyle.Handler = h
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Handler = h
		a.Tick.Label.Handler = h
	}
	p.Title.TextStyle.Font.Size = vg.Points(titleFontSize)
	p.Title.Padding = vg.Points(6)
	p.X.Label.TextStyle.Font.Size = vg.Points(axisFontSize)
	p.Y.Label.TextStyle.Font.Size = vg.Points(axisFontSize)
	return p, nil
}

// handlerOf returns the text handler of p, or the English one for a plot
// without one.
func handlerOf(p *plot.Plot) text.Handler {
	if p != nil && p.TextHandler != nil {
		return p.TextHandler
	}
	h, _ := textHandlerFor(lang.English)
	return h
}
