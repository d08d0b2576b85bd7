package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/browser"
	"github.com/marginnotes/marginnotes/internal/cjk"
	"github.com/marginnotes/marginnotes/internal/outline"
)

// printNotebook is a notebook of the Chinese edition as nbgen writes it:
// its setup cell tagged, exercises numbered 1 to 4 across code cells,
// prose where inline formulas meet full-width punctuation, and a Go cell
// with a long indented line.
func printNotebook() map[string]any {
	md := func(s string) map[string]any {
		return map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": s}
	}
	code := func(s string, tags ...string) map[string]any {
		m := map[string]any{}
		if len(tags) > 0 {
			m["tags"] = tags
		}
		return map[string]any{"cell_type": "code", "metadata": m, "source": s, "outputs": []any{}, "execution_count": nil}
	}
	var prose strings.Builder
	prose.WriteString("设")
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&prose, "第 %d 个点为 $x_{%d}$，它的标签为 $y_{%d}$；（$w_{%d}$）的分量", i, i, i, i)
	}
	prose.WriteString("都是 **$b$**。")
	return map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{
			"kernelspec":    map[string]any{"name": "gonb", "language": "go", "display_name": "Go (gonb)"},
			"language_info": map[string]any{"name": "go", "pygments_lexer": "go", "codemirror_mode": "go"},
			"title":         "3. 对偶形式",
			"marginnotes":   map[string]any{"lang": "zh-CN"},
		},
		"cells": []any{
			md("# 3. 对偶形式\n\n概述。"),
			code("!*\"${GONB_DIR%/notebooks*}/scripts/gonb-workspace.sh\"  # use this repository's pkg/ in the notebook\n%noautoget\n\nimport \"fmt\"", "setup"),
			md(prose.String()),
			md("## 从误分类点的距离到 $L(w,b)$\n\n（定义 7.2 与定义 7.3）\n\n### 阈值 $b$ 与差值 $E_i$ (7.115)～(7.117)"),
			md("## 习题\n\n1. 第一题：设 $x$。"),
			code("%%\nfunc f(xs []float64) {\n\tfor i, x := range xs {\n\t\tfmt.Printf(\"a very long line that has to wrap on a page: i = %d, x = %g, and some more words to make it long enough to wrap twice or more %s\\n\", i, x, \"it's an apostrophe\")\n\t}\n}"),
			md("第二题的说明。\n\n2. 第二题。\n3. 第三题。"),
			code("%%\nfmt.Println(3)"),
			md("4. On the 40 XOR points, which pocket errors?"),
		},
	}
}

// lineStartJS lists the closing punctuation of the Markdown cells that the
// page, as laid out now, puts at the start of a line: its box starts at
// the left edge of the paragraph or list item that holds it.
const lineStartJS = `(() => {
  const CLOSE = '，。；：、）」』”’！？';
  const out = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, p = n.parentElement;
    if (!p.closest('.jp-RenderedMarkdown') || p.closest('.MathJax_SVG, script')) continue;
    const block = p.closest('p, li, td, th, h1, h2, h3');
    if (!block) continue;
    const left = block.getBoundingClientRect().left + parseFloat(getComputedStyle(block).paddingLeft);
    for (let i = 0; i < n.data.length; i++) {
      if (!CLOSE.includes(n.data[i])) continue;
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 1);
      const b = r.getClientRects()[0];
      if (b && Math.abs(b.left - left) < 1) out.push(n.data.slice(Math.max(0, i - 6), i + 6));
    }
  }
  return out;
})()`

// hangJS measures the long line of code: where its text starts after its
// indentation, where its continuation lines start, and the width of a
// character.
const hangJS = `(() => {
  const line = [...document.querySelectorAll('.mn-line')].find(l => l.textContent.includes('a very long line'));
  if (!line) return {found: false};
  const r = document.createRange();
  r.selectNodeContents(line);
  const rects = [...r.getClientRects()].filter(b => b.width > 0);
  const first = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  let start = null;
  while (first.nextNode() && start === null) {
    const n = first.currentNode, i = n.data.search(/\S/);
    if (i < 0) continue;
    const q = document.createRange();
    q.setStart(n, i); q.setEnd(n, i + 1);
    start = q.getClientRects()[0];
  }
  const top = Math.min(...rects.map(b => b.top));
  const cont = rects.filter(b => b.top > top + 2);
  return {found: true, textLeft: start.left, lines: new Set(rects.map(b => Math.round(b.top))).size,
    contLeft: cont.length ? Math.min(...cont.map(b => b.left)) : -1, ch: start.width};
})()`

type hang struct {
	Found    bool    `json:"found"`
	TextLeft float64 `json:"textLeft"`
	Lines    int     `json:"lines"`
	ContLeft float64 `json:"contLeft"`
	Ch       float64 `json:"ch"`
}

// TestPrintLayout exports a small notebook of the Chinese edition through
// the whole pipeline and checks the print fixes: the page's language; the
// setup cell left out, one line saying how the notebook runs in its place;
// Go highlighted as Go; ordered lists that keep their numbers across code
// cells (<ol start>, and "4." in the PDF); no closing punctuation at the
// start of a line after an inline formula, at every page width from 320 to
// 900 px; and a long line of code that wraps under its own indentation.
func TestPrintLayout(t *testing.T) {
	needExport(t)
	dir := t.TempDir()
	page, html := exportNotebook(t, dir, "03-print", printNotebook())
	for _, want := range []string{
		`<html lang="zh-CN">`,
		`<title>3. 对偶形式</title>`,
		`<ol start="2">`,
		`<ol start="4">`,
		`class="mn-setup-note"`,
		`运行方法：`,
		`hl-go`,
		`<span class="kd">func</span>`,
		`<span class="k">range</span>`,
		`<span class="mn-nobr">定义 7.3</span>`,
		`class="mn-outline"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the HTML lacks %s", want)
		}
	}
	for _, bad := range []string{"gonb-workspace", "noautoget", "hl-ipython"} {
		if strings.Contains(html, bad) {
			t.Errorf("the HTML holds %q", bad)
		}
	}

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), browser.Options(browser.Path(), t.TempDir())...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTime()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	starts := map[string]int{}
	for width := int64(320); width <= 900; width += 4 {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](lineStartJS))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range got {
			starts[s]++
		}
		if width == 480 {
			h, err := chromedp.Run(ctx, chromedp.Evaluate[hang](hangJS))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case !h.Found:
				t.Errorf("no span.mn-line holds the long line of code")
			case h.Lines < 2:
				t.Errorf("at %d px the long line of code does not wrap (%d line)", width, h.Lines)
			case h.ContLeft < h.TextLeft+2*h.Ch:
				t.Errorf("at %d px the long line's continuation starts at %.0f px, not beyond its text at %.0f px (a character is %.1f px)",
					width, h.ContLeft, h.TextLeft, h.Ch)
			}
		}
	}
	for s, n := range starts {
		t.Errorf("closing punctuation starts a line at %d widths: …%s…", n, s)
	}

	// The PDF: the exercises as numbered, no line starting with closing
	// punctuation, the setup cell's note and not its code.
	text, err := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", filepath.Join(dir, "pdf", "03-print.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`(?m)^\s*1\.\s+第一题`, `(?m)^\s*2\.\s+第二题`, `(?m)^\s*3\.\s+第三题`, `(?m)^\s*4\.\s+On the 40 XOR`, `运行方法`} {
		if !regexp.MustCompile(want).Match(text) {
			t.Errorf("the PDF's text has no match for %s:\n%s", want, text)
		}
	}
	if strings.Contains(string(text), "gonb-workspace") {
		t.Errorf("the PDF prints the setup cell")
	}
	// The outline keeps the headings' formulas, as text (review zh-4, M9:
	// "从误分类点的距离到 " without its L).
	entries, err := outline.Read(filepath.Join(dir, "pdf", "03-print.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, e := range entries {
		titles = append(titles, e.Title)
	}
	for _, want := range []string{"从误分类点的距离到 L(w,b)", "阈值 b 与差值 Eᵢ (7.115)～(7.117)"} {
		if !slices.Contains(titles, want) {
			t.Errorf("the outline has no entry %q: %q", want, titles)
		}
	}
	bbox, err := exec.Command("pdftotext", "-bbox-layout", "-enc", "UTF-8", filepath.Join(dir, "pdf", "03-print.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	bad, err := cjk.BadLineStarts(string(bbox))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range bad {
		t.Errorf("a line of the PDF starts with closing punctuation: %q", l)
	}
}
