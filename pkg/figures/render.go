package figures

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/internal/safefile"
)

// Figure is anything that draws itself on a canvas. Both *plot.Plot and
// *Grid are Figures, so a single plot and a row of small multiples are
// rendered, shown and saved the same way.
type Figure interface {
	Draw(c draw.Canvas)
}

// Formats returns the formats Render writes: "svg", "png" and "pdf".
func Formats() []string { return []string{"svg", "png", "pdf"} }

// Render draws f on a w×h canvas and returns the encoded bytes in format,
// one of Formats. It is the only place in the project that turns a figure
// into bytes: Save, the notebook display package and the command line all
// call it.
//
// PNG is rasterized at DPI dots per inch and compressed for speed. SVG
// keeps text as text: it names the fonts (Liberation, and WenQuanYi Micro
// Hei for Chinese) with metric-compatible and generic fallbacks, and does
// not embed them (see svgFontFamilies). PDF draws every string as glyph
// outlines, Chinese included, because gonum's PDF backend encodes text in
// code page 1252, which has no Greek letters, minus sign, ‖ or Chinese; the
// PDF is therefore self-contained.
//
// Render returns ErrFormat for an unknown format and ErrSize for a size that
// is not positive.
func Render(f Figure, w, h vg.Length, format string) ([]byte, error) {
	if !(w > 0 && h > 0) || !finite(float64(w), float64(h)) {
		return nil, errtext.Errorf("figures: %w: %v×%v", ErrSize, w, h)
	}
	var buf bytes.Buffer
	var err error
	switch format {
	case "svg":
		c := &svgCanvas{Canvas: vgsvg.New(w, h)}
		f.Draw(draw.New(c))
		if _, err = c.WriteTo(&buf); err == nil {
			return svgFontFamilies(svgTextLengths(buf.Bytes(), c.widths)), nil
		}
	case "png":
		// Fast deflate: a tenth of the default level's time for a file a
		// few per cent larger, on the notebook's latency path.
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))
		f.Draw(draw.New(c))
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err = enc.Encode(&buf, c.Image())
	case "pdf":
		c := &pdfCanvas{Canvas: vgpdf.New(w, h)}
		f.Draw(draw.New(c))
		_, err = c.WriteTo(&buf)
	default:
		return nil, errtext.Errorf("figures: %w: %q (want svg, png or pdf)", ErrFormat, format)
	}
	if err != nil {
		return nil, errtext.Errorf("figures: encoding %s: %w", format, err)
	}
	return buf.Bytes(), nil
}

// Save writes f to path at its house size (Size), in the format the
// extension names: .svg, .png or .pdf, in any case. A *plot.Plot of its
// own, built by a student from this package's plotters, is saved at Width
// × Height; gonum's (*plot.Plot).Save saves at any other size.
//
// A file that exists is replaced whole or not at all (written under a
// temporary name and renamed, keeping its permissions), so that a full disk
// leaves the old figure rather than a truncated one; a device or a pipe is
// written to as it is.
//
// It returns an error wrapping ErrFormat for another extension, and the
// file system's error when path cannot be written.
func Save(f Figure, path string) error {
	format := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	w, h := Size(f)
	b, err := Render(f, w, h, format)
	if err != nil {
		return errtext.Errorf("figures: saving %s: %w", path, err)
	}
	err = safefile.Write(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
	if err != nil {
		return errtext.Errorf("figures: %w", err)
	}
	return nil
}

// svgCanvas is gonum's SVG canvas that keeps the width of every string it
// draws, as the figure's fonts measure it, in order.
type svgCanvas struct {
	*vgsvg.Canvas
	widths []float64
}

// FillString implements vg.Canvas.
func (c *svgCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.widths = append(c.widths, f.Width(s).Points())
	c.Canvas.FillString(f, pt, s)
}

// svgTextLengths gives the i-th text element of svg the width widths[i]
// (textLength, glyphs and spacing adjusted): a browser then sets each
// string in the width the figure was laid out with, whatever font it
// finds. Without it, a glyph the browser takes from another font (Debian's
// Liberation 1.07 has no ‖, so ‖ comes from DejaVu, wider) pushes the
// rest of the string over what follows it: the raised 2 of ‖w‖², drawn
// as a string of its own, lands on the ‖. It leaves svg as it is when the
// text elements and the widths do not pair up one to one.
func svgTextLengths(svg []byte, widths []float64) []byte {
	tag := []byte("<text x=")
	if bytes.Count(svg, tag) != len(widths) {
		return svg
	}
	var out bytes.Buffer
	out.Grow(len(svg) + len(widths)*48)
	rest := svg
	for _, w := range widths {
		i := bytes.Index(rest, tag)
		out.Write(rest[:i])
		fmt.Fprintf(&out, `<text textLength="%.4g" lengthAdjust="spacingAndGlyphs" x=`, w)
		rest = rest[i+len(tag):]
	}
	out.Write(rest)
	return out.Bytes()
}

// svgFamilies maps the font families gonum's SVG backend names to the
// lists a viewer tries in order: the Liberation fonts are metric-compatible
// with Times New Roman, Arial and Courier New, so text keeps its width
// where those are installed instead; Chinese falls back to the CJK fonts
// of the common systems.
var svgFamilies = map[string]string{
	"Liberation Serif":    "'Liberation Serif','Times New Roman',Times,serif",
	"Liberation Sans":     "'Liberation Sans',Arial,Helvetica,sans-serif",
	"Liberation Mono":     "'Liberation Mono','Courier New',Courier,monospace",
	"WenQuanYi Micro Hei": "'WenQuanYi Micro Hei','Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',SimHei,sans-serif",
}

// svgFontFamilies rewrites the font families of gonum's SVG output as
// svgFamilies lists them.
//
// This patches gonum's bytes because there is no supported route: vgsvg
// writes each text element's style itself, naming only the family of the
// font it was given (from the font's name table), and offers no option
// for a fallback list. Its one alternative, vgsvg.EmbedFonts, would add
// the fonts to every figure: about 0.5 MB for Liberation Sans and 5 MB for
// WenQuanYi Micro Hei, in every notebook output. The test of this function
// renders text in every family and fails when gonum changes the form it
// writes ("font-family:NAME;"), so the patch cannot silently stop working.
func svgFontFamilies(svg []byte) []byte {
	for name, list := range svgFamilies {
		svg = bytes.ReplaceAll(svg, []byte("font-family:"+name+";"), []byte("font-family:"+list+";"))
	}
	return svg
}

// pdfCanvas adapts gonum's PDF canvas: it fills glyph outlines instead of
// writing strings, so that any character the font has is drawn, and it
// passes colours with straight alpha.
type pdfCanvas struct {
	*vgpdf.Canvas
	buf sfnt.Buffer
}

// SetColor implements vg.Canvas. gonum's PDF backend sets the colour from
// the premultiplied components and the opacity from alpha, which darkens
// translucent colours (a translucent white turns grey); pass it the
// straight components instead.
func (c *pdfCanvas) SetColor(col color.Color) {
	if col == nil {
		c.Canvas.SetColor(nil)
		return
	}
	n := color.NRGBAModel.Convert(col).(color.NRGBA)
	if n.A == 0xFF {
		c.Canvas.SetColor(col)
		return
	}
	c.Canvas.SetColor(straightAlpha(n))
}

// straightAlpha reports its components without premultiplying them. It is
// not a valid color.Color for general use: only the PDF backend sees it.
type straightAlpha color.NRGBA

// RGBA returns the straight components, scaled to 16 bits.
func (s straightAlpha) RGBA() (r, g, b, a uint32) {
	return uint32(s.R) * 0x101, uint32(s.G) * 0x101, uint32(s.B) * 0x101, uint32(s.A) * 0x101
}

// FillString draws s with its baseline starting at pt, as the other
// backends do, by filling the outline of each glyph.
func (c *pdfCanvas) FillString(f font.Face, pt vg.Point, s string) {
	if f.Font.Size == 0 || f.Face == nil {
		return
	}
	path := glyphOutlines(&c.buf, f, pt, s)
	if len(path) > 0 {
		c.Canvas.Fill(path)
	}
}

// glyphOutlines returns the outlines of s set in f with the baseline
// starting at pt, with the kerning and advances font.Face.Width uses.
// Characters missing from the font are skipped.
func glyphOutlines(buf *sfnt.Buffer, f font.Face, pt vg.Point, s string) vg.Path {
	// Work at one raw 26.6 unit per font unit, then scale to points as
	// font.Face.Width does.
	ppem := fixed.Int26_6(f.Face.UnitsPerEm())
	scale := float64(f.Font.Size) / float64(ppem)
	var (
		path    vg.Path
		x       fixed.Int26_6
		prev    sfnt.GlyphIndex
		hasPrev bool
	)
	at := func(p fixed.Point26_6) vg.Point {
		return vg.Point{
			X: pt.X + vg.Length(float64(x+p.X)*scale),
			Y: pt.Y - vg.Length(float64(p.Y)*scale), // sfnt's y axis points down
		}
	}
	for _, r := range s {
		idx, err := f.Face.GlyphIndex(buf, r)
		if err != nil || idx == 0 {
			continue
		}
		if hasPrev {
			if k, err := f.Face.Kern(buf, prev, idx, ppem, 0); err == nil {
				x += k
			}
		}
		segs, err := f.Face.LoadGlyph(buf, idx, ppem, nil)
		if err != nil && !errors.Is(err, sfnt.ErrNotFound) {
			continue
		}
		open := false
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				if open {
					path.Close()
				}
				path.Move(at(sg.Args[0]))
				open = true
			case sfnt.SegmentOpLineTo:
				path.Line(at(sg.Args[0]))
			case sfnt.SegmentOpQuadTo:
				path.QuadTo(at(sg.Args[0]), at(sg.Args[1]))
			case sfnt.SegmentOpCubeTo:
				path.CubeTo(at(sg.Args[0]), at(sg.Args[1]), at(sg.Args[2]))
			}
		}
		if open {
			path.Close()
		}
		adv, err := f.Face.GlyphAdvance(buf, idx, ppem, 0)
		if err == nil {
			x += adv
		}
		prev, hasPrev = idx, true
	}
	return path
}
