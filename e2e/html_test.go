package e2e

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// keyFigure matches the image of a key frame in a slider's print strip,
// and keyFigureSet one whose picture is set.
var (
	keyFigure    = regexp.MustCompile(`<img class="mn-key-figure"[^>]*>`)
	keyFigureSet = regexp.MustCompile(`\ssrc="data:image/svg\+xml;base64,[A-Za-z0-9+/=]{100,}"`)
)

// TestHTMLExports checks the `make html` exports that the PDFs and the
// books are printed from (build/html/[zh/]NAME.html) for what a print
// needs: the page's language is the edition's; its title is the
// notebook's; code is highlighted as Go (Pygments' Go lexer: hl-go, func a
// keyword), not as Python; the setup cell is left out, one note
// (div.mn-setup-note) in its place; each ordered list that starts above 1
// keeps its number (<ol start="N">); and every key frame of a slider's
// print strip has its picture. It runs when MARGINNOTES_PDF=1 (make
// test-pdf).
func TestHTMLExports(t *testing.T) {
	repo, notebooks := printedNotebooks(t)
	for _, nb := range notebooks {
		t.Run(nb.Name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(repo, "build", "html", nb.Name+".html"))
			if err != nil {
				t.Fatalf("no HTML export: %v (make html)", err)
			}
			page := string(b)
			lang := "en"
			if nb.chinese() {
				lang = "zh-CN"
			}
			if m := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(page); m == nil || html.UnescapeString(m[1]) != nb.title() {
				t.Errorf("the page's title is not the notebook's, %q: %q", nb.title(), m)
			}
			want := []string{`<html lang="` + lang + `">`, `hl-go`}
			code, setup := "", false
			for _, c := range nb.Cells {
				if c.Code && !c.Setup {
					code += c.Source
				}
				setup = setup || c.Setup
			}
			if strings.Contains(code, "func ") {
				want = append(want, `<span class="kd">func</span>`)
			}
			if setup {
				if n := strings.Count(page, `<div class="mn-setup-note"`); n != 1 {
					t.Errorf("%d setup notes, want 1", n)
				}
			}
			for _, item := range nb.exerciseItems() {
				n, _, _ := strings.Cut(item, ".")
				want = append(want, `<ol start="`+n+`">`)
			}
			for _, w := range want {
				if !strings.Contains(page, w) {
					t.Errorf("lacks %s", w)
				}
			}
			for _, bad := range []string{"hl-ipython", "gonb-workspace.sh", "%noautoget"} {
				if strings.Contains(page, bad) {
					t.Errorf("holds %s", bad)
				}
			}
			keys := keyFigure.FindAllString(page, -1)
			for _, k := range keys {
				if !keyFigureSet.MatchString(k) {
					t.Errorf("a key frame of a slider's strip has no picture: %.200s", k)
				}
			}
			if nb.Sliders > 0 {
				t.Logf("%d sliders, %d key frames printed", nb.Sliders, len(keys))
			}
		})
	}
}
