package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/cjk"
)

// pdfKeyNumbers lists, per notebook, text its PDF must hold (pdftotext
// -layout, a table row on a line): the book's key numbers as the notebook
// prints them, in either edition (the few words between them in both
// languages). Formulas are drawn as vector graphics and hold no text. A
// Chinese notebook (zh/NAME) must hold the same numbers: its own entry if it
// has one, else the one of its English twin.
var pdfKeyNumbers = map[string][]struct{ what, pattern string }{
	"01-distance-loss": {
		// The table of L(w, b) along Table 2.1 (0, 7, 4, 1, 4, 5, 2, 0): rows k = 1 and 7.
		{"L = 7 at k = 1 of Table 2.1", `(?m)^\s*1\s+\(3, 3\)\s+1\s+x3\s+1\s+7\s`},
		{"L = 0 at k = 7 of Table 2.1", `(?m)^\s*7\s+\(1, 1\)\s+[-−]3\s+(none|无)\s+0\s+0\s`},
	},
	"02-primal-form": {
		// Table 2.1's last row: no point misclassified, w = (1, 1), b = −3.
		{"Table 2.1 final w = (1, 1), b = −3", `(?m)^\s*8\s+(none|无)\s+\(1, 1\)\s+[-−]3\s+x⁽¹⁾ \+ x⁽²⁾ − 3`},
		{"the book's other order 2x⁽¹⁾ + x⁽²⁾ − 5", `2x⁽¹⁾ \+ x⁽²⁾ − 5`},
	},
	"03-dual-form-gram": {
		{"Gram matrix of Example 2.2 (notation.Matrix: ⎡18  21   6⎤ …)", `18\s+21\s+6\s*⎤[\s\S]{1,80}?21\s+25\s+7\s*⎥[\s\S]{1,80}?6\s+7\s+2\s*⎦`},
		{"Table 2.2 final α = (2, 0, 5), b = −3", `α = \(2, 0, 5\)[,，]\s*b = [-−]3`},
	},
	"04-novikoff":       {{"Novikoff bound (R/γ)² = 117", `\b117\b`}},
	"05-cauchy-schwarz": {{"B² − AC", `B²\s*−\s*AC`}},
	"06-max-margin": {
		{"w*, b* of Example 7.1 by the primal solver", `w\* = \(1/2, 1/2\), b\* = −2`},
		{"margin 2/‖w*‖ = 2√2", `2/‖w\*‖ = 2√2`},
	},
	"07-lagrange-duality": {
		{"α* = 2, d* = p* = 1 of min x² s.t. x ≥ 1", `x\* = 1, p\* = 1, α\* = 2, d\* = θ_D\(α\*\) = 1`},
		{"p* = d* = 1/4 on Example 7.2", `p\* = 1/4, d\* = 1/4`},
	},
	"08-svm-dual-example": {
		{"s(0, 2/13) = −2/13 of Example 7.2", `s\(0, 2/13\) = −2/13`},
		{"b* = −2 from x1", `x1: b\* = −2\b`},
	},
	"09-soft-margin-hinge": {
		{"b* ∈ [−0.4, −0.2] for C = 0.1", `b\* ∈ \[[-−]0\.4, [-−]0\.2\]`},
		{"the slider's initial state, C = 0.1", `C = 0\.1[:：]\s*w = \(0\.2, 0\.2\)[,，]\s*b ∈ \[−0\.4, −0\.2\]`},
	},
	"10-kernels": {
		{"the kernel trick on XOR: α* = (10/3, 8/3, 8/3, 2)", `α\* = \(10/3, 8/3, 8/3, 2\)[,，]\s*b\* = [-−]1`},
		{"tanh(x·z − 1): eigenvalue −0.004854", `\(−0\.004854, 1\.995\)`},
	},
	"11-smo": {
		{"C = 0.1: b₁, b₂ and the midpoint −0.8 outside [−0.4, −0.2]", `b₁ = −0\.2[,，]\s*b₂ = −1\.4[,，]\s*\(b₁ \+ b₂\)/2 = −0\.8[;；]\s*b\* ∈ \[−0\.4, −0\.2\]`},
		{"500 points: 4900 steps of the book's rule, 517 of the library's", `4900\s+517`},
	},
	"12-real-data": {{"Novikoff bound on iris 150.5", `150\.5`}},
}

// rawLaTeX matches LaTeX that MathJax should have typeset.
var rawLaTeX = regexp.MustCompile(`\$\$|\\frac|\\begin\{|\\left|\\mathbb|\\alpha|\\gamma`)

// TestPDF checks `make pdf`: for every notebook of both editions,
// build/pdf/NAME.pdf (build/pdf/zh/NAME.pdf) exists and has A4 pages,
// embeds all its fonts, holds the notebook's key numbers as text, its
// equation numbers beside their formulas, no raw LaTeX, and no code cell or
// figure cut across a page break (pageCuts), exercises numbered as written
// (an exercise 4 prints "4."), no line starting with closing punctuation
// (badLineStarts); a Chinese one
// embeds WenQuanYi Micro Hei and yields its Chinese text (checkChinesePDF).
// It renders each first page to build/e2e/pdf/[zh/] for a look. It needs
// poppler-utils and runs when MARGINNOTES_PDF=1 (make test-pdf, which runs
// make pdf first).
func TestPDF(t *testing.T) {
	repo, notebooks := printedNotebooks(t)
	shots := filepath.Join(repo, "build", "e2e", "pdf")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, nb := range notebooks {
		t.Run(nb.Name, func(t *testing.T) {
			pdf := filepath.Join(repo, "build", "pdf", nb.Name+".pdf")
			fi, err := os.Stat(pdf)
			if err != nil {
				t.Fatalf("no PDF: %v (make pdf)", err)
			}
			info := poppler(t, "pdfinfo", pdf)
			m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindStringSubmatch(info)
			pages := 0
			if m != nil {
				pages, _ = strconv.Atoi(m[1])
			}
			if pages < 1 {
				t.Fatalf("%s has no pages:\n%s", pdf, info)
			}
			if !strings.Contains(info, "(A4)") {
				t.Errorf("%s is not printed on A4:\n%s", pdf, info)
			}
			// Every font embedded: pdffonts prints "yes" or "no" in the emb
			// column, after the name, type and encoding.
			fonts := poppler(t, "pdffonts", pdf)
			for _, l := range strings.Split(fonts, "\n")[2:] {
				if f := strings.Fields(l); len(f) >= 5 && !strings.Contains(l, " yes ") {
					t.Errorf("%s: font not embedded: %s", pdf, l)
				}
			}
			text := poppler(t, "pdftotext", "-layout", "-enc", "UTF-8", pdf, "-")
			// The text in reading order, its white space made single
			// spaces: a slider's state printed under a key frame of its
			// strip wraps in a narrow column, which -layout interleaves
			// with the next column's.
			flow := strings.Join(strings.Fields(poppler(t, "pdftotext", "-enc", "UTF-8", pdf, "-")), " ")
			keys, ok := pdfKeyNumbers[nb.Name]
			if !ok {
				keys = pdfKeyNumbers[strings.TrimPrefix(nb.Name, zhPrefix)]
			}
			for _, k := range keys {
				if re := regexp.MustCompile(k.pattern); !re.MatchString(text) && !re.MatchString(flow) {
					t.Errorf("%s: text lacks %s (pattern %s)", pdf, k.what, k.pattern)
				}
			}
			// Equation numbers: text at the end of their formula's line,
			// far right of it (the formula is drawn, only its \text{…} is
			// text).
			for _, tag := range nb.tags() {
				if !regexp.MustCompile(`(?m)(^|\s{3})` + regexp.QuoteMeta(tag) + `\s*$`).MatchString(text) {
					t.Errorf("%s: equation number %s (\\tag in its Markdown) is not on a line of its own beside its formula", pdf, tag)
				}
			}
			if nb.chinese() {
				checkChinesePDF(t, pdf, nb, fonts, text)
			}
			for _, cut := range pageCuts(nb, pdfPages(t, pdf)) {
				t.Errorf("%s: %s", pdf, cut)
			}
			// Exercises that a code cell interrupts keep their numbers;
			// no line starts with closing punctuation.
			for _, item := range nb.exerciseItems() {
				if !itemPattern(item).MatchString(text) {
					t.Errorf("%s: no line starts %q", pdf, item)
				}
			}
			for _, l := range badLineStarts(t, pdf) {
				t.Errorf("%s: a line starts with closing punctuation: %q", pdf, l)
			}
			if raw := rawLaTeX.FindAllString(text, 5); raw != nil {
				t.Errorf("%s: raw LaTeX in the text: %q", pdf, raw)
			}
			shot := nb.outPath(shots, "")
			poppler(t, "pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, shot)
			t.Logf("%s: %d pages, %d kB; first page in %s.png", pdf, pages, (fi.Size()+512)/1024, shot)
		})
	}
}

// printedNotebooks skips the test unless MARGINNOTES_PDF=1 (make test-pdf,
// after the exports it checks) and fails it without poppler-utils; it
// returns the repository and its notebooks of both editions.
func printedNotebooks(t *testing.T) (repo string, nbs []savedNotebook) {
	t.Helper()
	if os.Getenv("MARGINNOTES_PDF") != "1" {
		t.Skip("set MARGINNOTES_PDF=1 (make test-pdf) to check the exports, PDFs and books")
	}
	for _, tool := range []string{"pdfinfo", "pdftotext", "pdffonts", "pdftoppm", "pdftohtml"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing (Debian: apt-get install poppler-utils)", tool)
		}
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	nbs, err = discoverEditions(filepath.Join(repo, "notebooks"))
	if err != nil || len(nbs) == 0 {
		t.Fatalf("no notebooks (%v)", err)
	}
	return repo, nbs
}

// pdfPages returns the text of each page of pdf in reading order
// (pdftotext; a form feed ends each page), with its white space removed.
func pdfPages(t *testing.T, pdf string) []string {
	t.Helper()
	text := poppler(t, "pdftotext", "-enc", "UTF-8", pdf, "-")
	pages := strings.Split(strings.TrimSuffix(text, "\f"), "\f")
	for i, p := range pages {
		pages[i] = squeeze(p)
	}
	return pages
}

// squeeze removes the white space of s: the PDF's text breaks lines and
// spaces words where the page did, not where the source does.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// pageCuts lists the code cells and figures of the notebook that its PDF,
// as text per page (pdfPages), shows cut across a page break: a cell's
// source lines, or a saved SVG figure's labels, that no one page holds all
// of. The browser draws each line of code and each label once, on the page
// where it falls (poppler drops the text that lies off a page), so a block
// split at a page break leaves some of its pieces on each side. Pieces the
// text does not hold at all (a line the page wraps mid-token, a rotated
// label) do not count, but a block of which fewer than half are found is
// listed too: the check could not see it.
func pageCuts(nb savedNotebook, pages []string) []string {
	var out []string
	check := func(what string, pieces []string) {
		var keep []string
		for _, p := range pieces {
			if p = squeeze(p); p != "" {
				keep = append(keep, p)
			}
		}
		if len(keep) < 2 {
			return
		}
		on := make([][]int, len(keep)) // the pages that hold each piece
		count := make([]int, len(pages))
		found := 0
		for i, p := range keep {
			for n, text := range pages {
				if strings.Contains(text, p) {
					on[i] = append(on[i], n)
					count[n]++
				}
			}
			if len(on[i]) > 0 {
				found++
			}
		}
		best := 0
		for n := range pages {
			if count[n] > count[best] {
				best = n
			}
		}
		switch {
		case 2*found < len(keep):
			out = append(out, fmt.Sprintf("%s: only %d of its %d lines or labels are in the text, too few to tell whether a page break cuts it", what, found, len(keep)))
		case count[best] < found:
			for i, p := range keep {
				if len(on[i]) > 0 && !slices.Contains(on[i], best) {
					out = append(out, fmt.Sprintf("%s is cut across a page break: %d of its %d lines or labels are on page %d, %q on page %d",
						what, count[best], found, best+1, p, on[i][0]+1))
					break
				}
			}
		}
	}
	for _, c := range nb.Cells {
		if !c.Code || c.Setup { // the print leaves the setup cell out
			continue
		}
		check(fmt.Sprintf("code cell %d", c.Index+1), strings.Split(c.Source, "\n"))
		for i, labels := range c.Figures {
			check(fmt.Sprintf("figure %d of cell %d", i+1, c.Index+1), labels)
		}
	}
	return out
}

// checkChinesePDF checks a Chinese notebook's PDF: WenQuanYi Micro Hei is
// embedded, and the Chinese text comes out of the PDF as text: the
// notebook's title (its first heading), and most of the letters of the
// whole text are Chinese characters.
func checkChinesePDF(t *testing.T, pdf string, nb savedNotebook, fonts, text string) {
	t.Helper()
	if !regexp.MustCompile(`(?m)^\S+\+WenQuanYiMicroHei\s.*\byes\s+yes\s+yes\b`).MatchString(fonts) {
		t.Errorf("%s: WenQuanYi Micro Hei is not embedded:\n%s", pdf, fonts)
	}
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
	title := ""
	for _, c := range nb.Cells {
		if m := regexp.MustCompile(`(?m)^#\s+(.+)$`).FindStringSubmatch(c.Source); !c.Code && m != nil {
			title = m[1]
			break
		}
	}
	if title == "" || !strings.Contains(squeeze(text), squeeze(title)) {
		t.Errorf("%s: the title %q is not in the PDF's text", pdf, title)
	}
	han, letters := 0, 0
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Han, r):
			han++
			letters++
		case unicode.IsLetter(r):
			letters++
		}
	}
	if letters == 0 || float64(han) < 0.3*float64(letters) {
		t.Errorf("%s: %d Chinese characters among %d letters of its text", pdf, han, letters)
	}
	t.Logf("%s: %d Chinese characters of %d letters in its text (code and formulas' text included)", pdf, han, letters)
}

// badLineStarts returns the lines of pdf that start with closing
// punctuation (cjk.BadLineStarts, on pdftotext -bbox-layout).
func badLineStarts(t *testing.T, pdf string) []string {
	t.Helper()
	bad, err := cjk.BadLineStarts(poppler(t, "pdftotext", "-bbox-layout", "-enc", "UTF-8", pdf, "-"))
	if err != nil {
		t.Fatal(err)
	}
	return bad
}

// poppler runs a command and returns its standard output; it fails the test on
// an error.
func poppler(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, msg)
	}
	return string(out)
}

// TestPDFPageCuts checks pageCuts on a PDF that headless Chromium prints
// from a page with a code block and a figure each taller than an A4 page,
// so that the print must cut them, and a short code block and a small
// figure that fit: it must list the two tall ones, and only them. It runs
// with TestPDF (MARGINNOTES_PDF=1, make test-pdf) and needs Chromium and
// poppler-utils.
func TestPDFPageCuts(t *testing.T) {
	if os.Getenv("MARGINNOTES_PDF") != "1" {
		t.Skip("set MARGINNOTES_PDF=1 (make test-pdf) to check the PDFs")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing (Debian: apt-get install poppler-utils)")
	}
	lines := func(n int, what string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "fmt.Println(%q, %d)\n", what, i+1)
		}
		return b.String()
	}
	figure := func(height int, labels ...string) (string, []string) {
		var b strings.Builder
		fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="%d">`, height)
		for i, l := range labels {
			y := 20 + i*(height-40)/max(1, len(labels)-1)
			fmt.Fprintf(&b, `<text x="20" y="%d" style="font-family:'WenQuanYi Micro Hei';font-size:14px">%s</text>`, y, l)
		}
		b.WriteString(`</svg>`)
		return b.String(), labels
	}
	short, long := lines(6, "short"), lines(150, "long")
	smallSVG, small := figure(300, "正例", "负例", "分离超平面")
	tallSVG, tall := figure(2400, "顶部的标签", "中间的标签", "底部的标签")
	page := `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: A4; margin: 14mm 12mm 16mm 12mm; }
pre, svg { break-inside: avoid; display: block; }
</style></head><body>
<pre>` + short + `</pre>` + smallSVG + `<pre>` + long + `</pre>` + tallSVG + `</body></html>`
	tab, file := openPage(t, page)
	ctx, cancelPrint := context.WithTimeout(tab, time.Minute)
	defer cancelPrint()
	data, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPreferCSSPageSize(), chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(filepath.Dir(file), "cuts.pdf")
	if err := os.WriteFile(pdf, data, 0o644); err != nil {
		t.Fatal(err)
	}
	nb := savedNotebook{Name: "cuts", Cells: []savedCell{
		{Index: 0, Code: true, Source: short, Figures: [][]string{small}},
		{Index: 1, Code: true, Source: long, Figures: [][]string{tall}},
	}}
	pages := pdfPages(t, pdf)
	got := pageCuts(nb, pages)
	want := []string{"code cell 2 is cut", "figure 1 of cell 2 is cut"}
	if len(got) != len(want) {
		t.Fatalf("on %d pages, pageCuts found %q, want %q", len(pages), got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("pageCuts[%d] = %q, want it to start %q", i, got[i], want[i])
		}
	}
	t.Logf("%d pages; pageCuts: %q", len(pages), got)
}
