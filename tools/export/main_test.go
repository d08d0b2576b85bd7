package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/browser"
	"github.com/marginnotes/marginnotes/internal/testenv"
)

// A Markdown cell as the notebooks write them: a numbered formula as the
// book numbers it, a formula with a number per row, and Chinese prose.
const testMarkdown = `# 感知机

感知机是二类分类的线性分类模型，其输入为实例的特征向量。

$$f(x)=\operatorname{sign}(w\cdot x+b)\tag{2.1}$$

$$\begin{align} w &\leftarrow w+\eta y_i x_i \tag{A}\\ b &\leftarrow b+\eta y_i \tag{B}\end{align}$$
`

// tagLayoutJS measures, in the page as laid out now, each equation number
// set as text (span.mn-tag) against its formula's drawing, and each
// formula with numbers left in its SVG against the page.
const tagLayoutJS = `(() => {
  const width = document.documentElement.clientWidth;
  const text = [...document.querySelectorAll('.mn-tag')].map(t => {
    const r = t.getBoundingClientRect();
    const f = t.parentElement.querySelector('.MathJax_SVG > svg').getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, formulaRight: f.right, width: width};
  });
  const svg = [...document.querySelectorAll('svg g[id^="mjx-eqn-"]')].map(g => {
    const r = g.getBoundingClientRect(), s = g.closest('svg').getBoundingClientRect();
    return {text: g.id, left: r.left, right: r.right, formulaRight: s.right, width: width};
  });
  return {text: text, svg: svg};
})()`

type tagLayout struct {
	Text []tagBox `json:"text"`
	SVG  []tagBox `json:"svg"`
}

type tagBox struct {
	Text         string  `json:"text"`
	Left         float64 `json:"left"`
	Right        float64 `json:"right"`
	FormulaRight float64 `json:"formulaRight"`
	Width        float64 `json:"width"`
}

// nbconvert exports the notebook ipynb into dir with the exporter and
// template of scripts/export.sh, without executing it, and returns the
// HTML file.
func nbconvert(t *testing.T, ipynb, dir string) string {
	t.Helper()
	cmd := exec.Command("jupyter", "nbconvert", "--to", "marginnotes_html.HTMLExporter", "--template", "marginnotes",
		"--TemplateExporter.extra_template_basedirs=nbconvert",
		"--HTMLExporter.mathjax_url=file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS-MML_SVG-full,Safe",
		"--output-dir", dir, ipynb)
	cmd.Env = append(os.Environ(), "PYTHONPATH=nbconvert")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert: %v\n%s", err, out)
	}
	return filepath.Join(dir, strings.TrimSuffix(filepath.Base(ipynb), ".ipynb")+".html")
}

// markdownNotebook writes a notebook of one Markdown cell to path and
// returns path.
func markdownNotebook(t *testing.T, path, markdown string) string {
	t.Helper()
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"language_info": map[string]any{"name": "go"}},
		"cells":    []any{map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": markdown}},
	}
	data, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// exportNotebook writes the notebook nb as dir/name.ipynb and runs it
// through the whole pipeline (nbconvert, -html into dir/html, -pdf into
// dir/pdf); it returns the self-contained page and its HTML.
func exportNotebook(t *testing.T, dir, name string, nb map[string]any) (page, html string) {
	t.Helper()
	data, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	ipynb := filepath.Join(dir, name+".ipynb")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ipynb, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{nbconvert(t, ipynb, filepath.Join(dir, "raw"))}, filepath.Join(dir, "html"), filepath.Join(dir, "pdf"), 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	page = filepath.Join(dir, "html", name+".html")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	return page, string(b)
}

// needExport skips the test under -short or without what the export
// needs: Jupyter's nbconvert, Chromium, Debian's libjs-mathjax and
// poppler-utils.
func needExport(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts Chromium; skipped under -short")
	}
	for _, need := range []string{"jupyter", "pdftotext", "pdffonts", browser.Path()} {
		testenv.LookPath(t, need, "make pdf installs what it needs")
	}
	for _, need := range []string{"/usr/share/javascript/mathjax/MathJax.js", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"} {
		testenv.File(t, need, "make pdf installs what it needs")
	}
}

// TestEquationNumbers exports a small notebook through the whole pipeline
// (nbconvert with the template, MathJax in Chromium, the PDF) and checks
// that the equation numbers of \tag show: in the HTML at a wide and a
// narrow width, inside the page and clear of their formula, and in the PDF
// as text beside the formula. It also checks that Chinese prose comes out
// of the PDF as text in an embedded WenQuanYi Micro Hei. It needs Jupyter's
// nbconvert, Chromium, Debian's libjs-mathjax and poppler-utils, and is
// skipped without them or under -short.
func TestEquationNumbers(t *testing.T) {
	needExport(t)
	dir := t.TempDir()
	ipynb := markdownNotebook(t, filepath.Join(dir, "tags.ipynb"), testMarkdown)
	if err := run([]string{nbconvert(t, ipynb, filepath.Join(dir, "raw"))}, filepath.Join(dir, "html"), filepath.Join(dir, "pdf"), time.Minute); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "html", "tags.html")

	// The HTML, wide as a screen and narrow as a phone.
	opts := browser.Options(browser.Path(), t.TempDir())
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelTime()
	for _, width := range []int64{1280, 480} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800), chromedp.Navigate("file://"+page)); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[tagLayout](tagLayoutJS))
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Text) != 1 || got.Text[0].Text != "(2.1)" {
			t.Errorf("width %d: equation numbers as text %+v, want one, (2.1)", width, got.Text)
		}
		if len(got.SVG) != 2 {
			t.Errorf("width %d: %d numbers left in the SVG of the aligned rows, want 2 (A, B): %+v", width, len(got.SVG), got.SVG)
		}
		for _, b := range append(got.Text, got.SVG...) {
			if b.Right > b.Width || b.Left < 0 {
				t.Errorf("width %d: equation number %s at [%.0f, %.0f] px, outside the page", width, b.Text, b.Left, b.Right)
			}
		}
		for _, b := range got.Text {
			if b.Left < b.FormulaRight {
				t.Errorf("width %d: equation number %s starts at %.0f px, inside its formula (which ends at %.0f px)", width, b.Text, b.Left, b.FormulaRight)
			}
		}
	}

	// The PDF: the number as text on the formula's line, the Chinese prose
	// as text, its font embedded.
	pdf := filepath.Join(dir, "pdf", "tags.pdf")
	text, err := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s*\(2\.1\)\s*$`).Match(text) {
		t.Errorf("the PDF's text has no line with the equation number (2.1) alone:\n%s", text)
	}
	if !strings.Contains(string(text), "感知机是二类分类的线性分类模型") {
		t.Errorf("the PDF's text lacks the Chinese sentence:\n%s", text)
	}
	fonts, err := exec.Command("pdffonts", pdf).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\S+\+WenQuanYiMicroHei\s.*\byes\s+yes\s+yes\b`).Match(fonts) {
		t.Errorf("WenQuanYi Micro Hei is not embedded in the PDF:\n%s", fonts)
	}
}
