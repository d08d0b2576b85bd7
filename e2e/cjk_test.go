package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// The figures of the Chinese edition name WenQuanYi Micro Hei (Debian's
// fonts-wqy-microhei, which scripts/setup.sh installs) for their Chinese
// labels; the page's own text falls back to whatever CJK font the system
// has, which on Debian with only that package is the same one.
const figureCJKFont = "WenQuanYi Micro Hei"

// cjkFamily matches the families of fonts that hold Chinese glyphs. A
// character that no font holds is drawn as the .notdef box of the first
// font of the list, which is a Latin font: counted against that font, it
// does not count here.
var cjkFamily = regexp.MustCompile(`(?i)WenQuanYi|CJK|Source Han|Droid Sans Fallback|AR PL|Noto Sans SC|Noto Serif SC|YaHei|PingFang|SimHei|SimSun`)

// cjkMark is an element of the page whose own text holds Chinese, marked
// with data-e2e-cjk for the font check.
type cjkMark struct {
	ID   int    `json:"id"`
	Kind string `json:"kind"` // "markdown" or "figure"
	Text string `json:"text"`
	Han  int    `json:"han"` // Han characters in its own text nodes
}

// markCJKJS marks, with data-e2e-cjk, the three Markdown paragraphs (list
// items, headings, table cells) with the most Han characters in their own
// text, and every label of an inline SVG figure in an output area that has
// Han characters; it works on the Notebook page and on the HTML export.
const markCJKJS = `(() => {
  const han = /[\u3400-\u9fff\uf900-\ufaff]/g;
  const own = e => [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join('');
  const count = e => (own(e).match(han) || []).length;
  document.querySelectorAll('[data-e2e-cjk]').forEach(e => e.removeAttribute('data-e2e-cjk'));
  const out = [];
  const mark = (e, kind) => {
    e.setAttribute('data-e2e-cjk', String(out.length));
    out.push({id: out.length, kind: kind, text: own(e).trim().slice(0, 40), han: count(e)});
  };
  const md = ['p', 'li', 'h1', 'h2', 'h3', 'td', 'th'].map(t => '.text_cell_render ' + t + ', .jp-RenderedMarkdown ' + t).join(', ');
  [...document.querySelectorAll(md)].filter(e => count(e) > 0)
    .sort((a, b) => count(b) - count(a)).slice(0, 3).forEach(e => mark(e, 'markdown'));
  document.querySelectorAll('.output_area svg text, .jp-OutputArea-output svg text').forEach(e => {
    if (!e.closest('.MathJax_SVG, .MathJax_SVG_Display') && count(e) > 0) mark(e, 'figure');
  });
  return out;
})()`

// checkCJKFonts marks the Chinese text of the page in tab (markCJKJS) and
// asks the browser which fonts drew it (CSS.getPlatformFontsForNode): every
// Han character must have been drawn by a font with Chinese glyphs — not
// as a box — and in a figure by figureCJKFont, which the figures name. It
// fails when the page shows no Chinese Markdown, and, with figures set,
// when no figure label is Chinese. It returns the number of marked
// Markdown elements and figure labels.
func checkCJKFonts(t *testing.T, tab context.Context, name string, figures bool) (markdown, labels int) {
	t.Helper()
	marks, err := eval[[]cjkMark](tab, markCJKJS)
	if err != nil {
		t.Errorf("%s: marking the Chinese text: %v", name, err)
		return 0, 0
	}
	ctx, cancel := context.WithTimeout(tab, time.Minute)
	defer cancel()
	// The nodes come from chromedp's own queries: a DOM.getDocument of
	// our own would renumber the page's nodes under chromedp, whose later
	// queries (screenshots of a cell, the sliders' keys) would then wait
	// for nodes that no longer exist.
	if _, err := chromedp.Call(ctx, css.Enable, struct{}{}); err != nil {
		t.Errorf("%s: the CSS domain: %v", name, err)
		return 0, 0
	}
	glyphs := map[string]float64{} // font family → glyphs drawn, over all marks
	defer func() {
		var all []string
		for f, n := range glyphs {
			all = append(all, fmt.Sprintf("%s ×%g", f, n))
		}
		slices.Sort(all)
		t.Logf("%s: Chinese text in %d Markdown elements and %d figure labels, drawn in %s", name, markdown, labels, strings.Join(all, ", "))
	}()
	for _, m := range marks {
		if m.Kind == "markdown" {
			markdown++
		} else {
			labels++
		}
		ids, err := chromedp.Run(ctx, chromedp.QueryNodeIDs(chromedp.CSS(fmt.Sprintf(`[data-e2e-cjk="%d"]`, m.ID))))
		if err != nil || len(ids) != 1 {
			t.Errorf("%s: finding the %s text %q again: %v (%d nodes)", name, m.Kind, m.Text, err, len(ids))
			continue
		}
		fonts, err := chromedp.Call(ctx, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: ids[0]})
		if err != nil {
			t.Errorf("%s: the fonts of %q: %v", name, m.Text, err)
			continue
		}
		var cjk, named float64
		var used []string
		for _, f := range fonts.Fonts {
			used = append(used, fmt.Sprintf("%s ×%g", f.FamilyName, f.GlyphCount))
			glyphs[f.FamilyName] += f.GlyphCount
			if cjkFamily.MatchString(f.FamilyName) {
				cjk += f.GlyphCount
			}
			if strings.EqualFold(f.FamilyName, figureCJKFont) {
				named += f.GlyphCount
			}
		}
		switch {
		case cjk < float64(m.Han):
			t.Errorf("%s: %s text %q has %d Chinese characters, but only %g glyphs came from a font with Chinese glyphs (boxes?): fonts %s",
				name, m.Kind, m.Text, m.Han, cjk, strings.Join(used, ", "))
		case m.Kind == "figure" && named < float64(m.Han):
			t.Errorf("%s: figure label %q not drawn in %s, which the figure names: fonts %s", name, m.Text, figureCJKFont, strings.Join(used, ", "))
		}
	}
	if markdown == 0 {
		t.Errorf("%s: no Markdown text with Chinese characters on the page", name)
	}
	if figures && labels == 0 {
		t.Errorf("%s: its figures show no Chinese label", name)
	}
	return markdown, labels
}

// TestFigureTextLayout checks the figure checks themselves, in headless
// Chromium, on a figure drawn as gonum/plot draws the Chinese edition's
// (Chinese labels in WenQuanYi Micro Hei): two Chinese legend entries that
// cover each other, one that runs past the figure's edge, one that is fine.
// The layout check must report the pair and the clipped label, see each
// Chinese glyph as one em wide (the font's real glyphs, not boxes), and the
// font check must find WenQuanYi Micro Hei behind every label. The same
// figure as a slider's frame (an <img>) must give the same report through
// frameLayoutJS. It needs
// Chromium and fonts-wqy-microhei (scripts/test-e2e.sh installs them) and is
// skipped without Chromium or under -short.
func TestFigureTextLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium; skipped under -short")
	}
	testenv.File(t, "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "make setup installs fonts-wqy-microhei")
	const style = `font-family:'WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif;font-size:10px`
	label := func(x, y float64, s string) string {
		return fmt.Sprintf(`<text x="%g" y="%g" style="%s">%s</text>`, x, y, style, s)
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" viewBox="0 0 200 100">` +
		label(10, 30, "正例") + label(14, 32, "负例") + // the second covers most of the first
		label(60, 60, "间隔边界") + // clear of the others
		label(175, 80, "分离超平面") + // 50 units wide from x = 175: 25 units past the edge
		// Scripts, drawn as strings of their own at 0.65 of the size: a 2
		// set on the ‖ it should follow is a fault; a j whose box only
		// touches the end of its base is not.
		fmt.Sprintf(`<text x="100" y="20" style="%s">‖w‖</text>`, style) +
		fmt.Sprintf(`<text x="104" y="17" style="%s;font-size:6.5px">2</text>`, style) +
		fmt.Sprintf(`<text x="100" y="45" style="%s">α</text>`, style) +
		fmt.Sprintf(`<text x="105.5" y="47" style="%s;font-size:6.5px">j</text>`, style) +
		`</svg>`
	// The same figure as a slider's frame: an <img> of the SVG.
	slider := `<div class="mn-slider"><div class="mn-state">k = 0</div><img class="mn-figure" width="300" height="150" src="data:image/svg+xml;base64,` +
		base64.StdEncoding.EncodeToString([]byte(svg)) + `"></div>`
	page := `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<div class="output_area">` + svg + `</div>
<div class="text_cell_render"><p>感知机是二类分类的线性分类模型。</p></div>` + slider + `</body></html>`
	tab, _ := openPage(t, page)
	got, err := eval[textLayout](tab, `(`+textLayoutJS+`)(document.querySelector('svg'))`)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Overlaps, []string{"正例 / 负例", "‖w‖ / 2"}) {
		t.Errorf("overlaps %q, want the pairs 正例 / 负例 and ‖w‖ / 2", got.Overlaps)
	}
	// 25 user units past the edge, at 1.5 px per unit.
	if len(got.Clipped) != 1 || !strings.HasPrefix(got.Clipped[0], "分离超平面 (") {
		t.Errorf("clipped %q, want 分离超平面 only", got.Clipped)
	} else if px := got.Clipped[0]; !strings.Contains(px, "(37 px)") && !strings.Contains(px, "(38 px)") {
		t.Errorf("clipped %q, want 分离超平面 about 37.5 px past the edge", got.Clipped)
	}
	if got.CJK != 4 || len(got.CJKOdd) > 0 {
		t.Errorf("%d Chinese labels measured, want 4; with a glyph not one em wide: %q", got.CJK, got.CJKOdd)
	}
	if n, err := eval[int](tab, slidersJS); err != nil || n != 1 {
		t.Fatalf("slidersJS found %d sliders (%v), want 1", n, err)
	}
	frames, err := eval[[]frameLayout](tab, `(`+frameLayoutJS+`)(0)`)
	switch {
	case err != nil:
		t.Errorf("frameLayoutJS: %v", err)
	case len(frames) != 1 || frames[0].State != "k = 0":
		t.Errorf("frameLayoutJS measured %+v, want the one frame at state k = 0", frames)
	case !slices.Equal(frames[0].Overlaps, got.Overlaps) || !slices.Equal(frames[0].Clipped, got.Clipped) || frames[0].CJK != 4:
		t.Errorf("the frame as <img>: overlaps %q, clipped %q, %d Chinese labels; want what the inline figure gave: %q, %q, 4",
			frames[0].Overlaps, frames[0].Clipped, frames[0].CJK, got.Overlaps, got.Clipped)
	}
	md, labels := checkCJKFonts(t, tab, "page.html", true)
	if md != 1 || labels != 4 {
		t.Errorf("font check saw %d Markdown texts and %d labels, want 1 and 4", md, labels)
	}
	// The tab still answers chromedp's queries by selector, as the slider
	// drive and the screenshots of the browser test need after the font
	// check.
	ctx, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(".mn-slider"))); err != nil {
		t.Errorf("a screenshot of the slider after the font check: %v", err)
	}
}
