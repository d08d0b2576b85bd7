package e2e

import (
	"fmt"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/marginnotes/marginnotes/internal/outline"
)

// markdownHeading matches a Markdown heading of level 1 or 2.
var markdownHeading = regexp.MustCompile(`(?m)^(#{1,2})[ \t]+(.+?)[ \t]*$`)

// headingText is a Markdown heading as a reader reads it, without its
// markup; ok is false for one with a formula, which a PDF draws and does
// not hold as text.
func headingText(md string) (string, bool) {
	if strings.Contains(md, "$") {
		return "", false
	}
	md = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(md, "$1")
	return strings.NewReplacer("`", "", "**", "", "*", "").Replace(md), true
}

// title returns the notebook's title: its first heading.
func (nb savedNotebook) title() string {
	for _, c := range nb.Cells {
		if m := markdownHeading.FindStringSubmatch(c.Source); !c.Code && m != nil && m[1] == "#" {
			return m[2]
		}
	}
	return ""
}

// contents returns the entries the book's contents list for the notebook,
// in order: its title, then its sections (level-2 headings), "" for a
// heading with a formula.
func (nb savedNotebook) contents() []string {
	var out []string
	for _, c := range nb.Cells {
		if c.Code {
			continue
		}
		for _, m := range markdownHeading.FindAllStringSubmatch(fence.ReplaceAllString(c.Source, ""), -1) {
			if m[1] == "#" && len(out) > 0 {
				continue
			}
			t, _ := headingText(m[2])
			out = append(out, t)
		}
	}
	return out
}

// fence matches a fenced block of Markdown, whose lines are not headings
// or list items.
var fence = regexp.MustCompile("(?s)(```|~~~).*?(```|~~~)")

// numberedItem matches an item of an ordered list: its number and the
// start of its text.
var numberedItem = regexp.MustCompile(`(?m)^(\d+)\.[ \t]+(.*)$`)

// exerciseItems returns the items of ordered lists that start a list at a
// number above 1, as "N. first words": the items that printed as "1." when
// lists lost their numbers. The words are those before the first formula
// or markup, which the PDF holds as text.
func (nb savedNotebook) exerciseItems() []string {
	var out []string
	for _, c := range nb.Cells {
		if c.Code {
			continue
		}
		prev := ""
		for _, line := range strings.Split(fence.ReplaceAllString(c.Source, ""), "\n") {
			if m := numberedItem.FindStringSubmatch(line); m != nil {
				n, _ := strconv.Atoi(m[1])
				first := numberedItem.MatchString(prev)
				if n > 1 && !first {
					// The words before the first formula or markup.
					text := m[2]
					if i := strings.IndexAny(text, "$`*[(（"); i >= 0 {
						text = text[:i]
					}
					if w := []rune(strings.TrimSpace(text)); len(w) > 0 {
						out = append(out, fmt.Sprintf("%d. %s", n, string(w[:min(len(w), 8)])))
					}
				}
			}
			if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, " ") {
				prev = line
			}
		}
	}
	return out
}

// itemPattern matches an item of exerciseItems on a line of pdftotext
// -layout's text: its number at the start of the line, then its words.
func itemPattern(item string) *regexp.Regexp {
	n, words, _ := strings.Cut(item, ". ")
	return regexp.MustCompile(`(?m)^\s*` + n + `\.\s+` + strings.Join(strings.Fields(regexp.QuoteMeta(words)), `\s+`))
}

// trailingPage matches the page number that ends a line of the contents.
var trailingPage = regexp.MustCompile(`(\d+)\s*$`)

// TestBook checks `make book`: both books exist on A4 with every font
// embedded; the outline has an entry for every notebook (its title, top
// level) and the glossary; the contents list every notebook and its
// sections with page numbers that lead to the page where each begins (a
// chapter's title is on its page and not on the page before); every
// exercise whose list a code cell interrupts prints its own number ("4.",
// not "1."); no line of either book starts with full-width closing
// punctuation (badLineStarts: a line that starts with a formula is not
// counted); no code cell or figure is cut across a page break; the links
// of the book's HTML all lead inside it; and the Chinese book's text is
// Chinese, in an embedded WenQuanYi Micro Hei. It runs when
// MARGINNOTES_PDF=1 (make test-pdf, which runs make book first).
func TestBook(t *testing.T) {
	repo, all := printedNotebooks(t)
	for _, ed := range []struct{ name, file, glossary string }{
		{"en", "margin-notes", "Glossary"},
		{"zh", "margin-notes-zh", "术语表"},
	} {
		t.Run(ed.name, func(t *testing.T) {
			var nbs []savedNotebook
			for _, nb := range all {
				if nb.chinese() == (ed.name == "zh") {
					nbs = append(nbs, nb)
				}
			}
			pdf := filepath.Join(repo, "build", "book", ed.file+".pdf")
			fi, err := os.Stat(pdf)
			if err != nil {
				t.Fatalf("no book: %v (make book)", err)
			}
			info := poppler(t, "pdfinfo", pdf)
			if !strings.Contains(info, "(A4)") {
				t.Errorf("%s is not printed on A4:\n%s", pdf, info)
			}
			fonts := poppler(t, "pdffonts", pdf)
			for _, l := range strings.Split(fonts, "\n")[2:] {
				if f := strings.Fields(l); len(f) >= 5 && !strings.Contains(l, " yes ") {
					t.Errorf("font not embedded: %s", l)
				}
			}
			pages := pdfPages(t, pdf)
			layout := poppler(t, "pdftotext", "-layout", "-enc", "UTF-8", pdf, "-")
			layoutPages := strings.Split(layout, "\f")

			// The outline: every notebook's title at the top level, in order,
			// then the glossary.
			entries, err := outline.Read(pdf)
			if err != nil {
				t.Fatal(err)
			}
			var top []outline.Entry
			for _, e := range entries {
				if e.Depth == 1 {
					top = append(top, e)
				}
			}
			want := []string{}
			for _, nb := range nbs {
				want = append(want, nb.title())
			}
			want = append(want, ed.glossary)
			at := 0
			for _, w := range want {
				for at < len(top) && squeeze(top[at].Title) != squeeze(w) {
					at++
				}
				if at == len(top) {
					t.Errorf("the outline has no top-level entry %q (after the ones before it): %+v", w, top)
					break
				}
			}

			// The glossary's first page holds its table, not only its
			// heading (review zh-4, L35: a table that may not break left
			// the page blank): its first term, the perceptron, is there.
			for _, e := range top {
				if squeeze(e.Title) == squeeze(ed.glossary) && e.Page >= 1 && e.Page <= len(layoutPages) {
					if p := layoutPages[e.Page-1]; !strings.Contains(p, "感知机") || !strings.Contains(p, "perceptron") {
						t.Errorf("the glossary's first page (%d) lacks its first term, 感知机 · perceptron:\n%s", e.Page, p)
					}
				}
			}

			// The contents: the page whose heading the first notebook's
			// title follows, and the pages after it whose lines mostly end
			// with a page number.
			word := map[string]string{"en": "Contents", "zh": "目录"}[ed.name]
			contentsAt := -1
			for i, p := range pages {
				if strings.Contains(p, word+squeeze(nbs[0].title())) {
					contentsAt = i
					break
				}
			}
			if contentsAt < 0 {
				t.Fatalf("no page of contents (%s, then %q)", word, nbs[0].title())
			}
			var toc []string
			for i := contentsAt; i < len(layoutPages); i++ {
				lines, numbered := 0, 0
				for _, l := range strings.Split(layoutPages[i], "\n") {
					if strings.TrimSpace(l) != "" {
						lines++
						if trailingPage.MatchString(l) {
							numbered++
						}
					}
				}
				if i > contentsAt && 2*numbered < lines {
					break
				}
				toc = append(toc, strings.Split(layoutPages[i], "\n")...)
			}
			first := 0
			line := 0
			starts := map[string]int{} // notebook → its first page (from 1)
			for _, nb := range nbs {
				for k, entry := range nb.contents() {
					if entry == "" {
						continue
					}
					prefix := []rune(squeeze(entry))
					prefix = prefix[:min(len(prefix), 14)]
					found := false
					for ; line < len(toc); line++ {
						if strings.HasPrefix(squeeze(toc[line]), string(prefix)) {
							found = true
							break
						}
					}
					if !found {
						t.Errorf("%s: the contents lack %q", nb.Name, entry)
						line = 0
						continue
					}
					page := 0
					for j := line; j < len(toc) && j < line+3; j++ {
						if m := trailingPage.FindStringSubmatch(toc[j]); m != nil {
							page, _ = strconv.Atoi(m[1])
							break
						}
					}
					line++
					if page < 1 || page > len(pages) {
						t.Errorf("%s: the contents give %q no page (%d)", nb.Name, entry, page)
						continue
					}
					if !strings.Contains(pages[page-1], squeeze(entry)) {
						t.Errorf("%s: the contents send %q to page %d, which does not hold it", nb.Name, entry, page)
					}
					if k == 0 {
						starts[nb.Name] = page
						if page > 1 && strings.Contains(pages[page-2], squeeze(entry)) {
							t.Errorf("%s: the contents send %q to page %d, but page %d holds it already", nb.Name, entry, page, page-1)
						}
					}
				}
			}
			if first = starts[nbs[0].Name]; first == 0 {
				t.Fatalf("no first chapter in the contents")
			}

			// Per chapter: exercise numbers, and nothing cut across a page.
			for i, nb := range nbs {
				from, to := starts[nb.Name], len(pages)+1
				if i+1 < len(nbs) && starts[nbs[i+1].Name] > 0 {
					to = starts[nbs[i+1].Name]
				}
				if from == 0 {
					continue
				}
				text := strings.Join(layoutPages[from-1:to-1], "\n")
				for _, item := range nb.exerciseItems() {
					if !itemPattern(item).MatchString(text) {
						t.Errorf("%s: no line of the book starts %q (pages %d–%d)", nb.Name, item, from, to-1)
					}
				}
				for _, cut := range pageCuts(nb, pages[from-1:to-1]) {
					t.Errorf("%s (from page %d): %s", nb.Name, from, cut)
				}
			}

			for _, l := range badLineStarts(t, pdf) {
				t.Errorf("a line starts with closing punctuation: %q", l)
			}

			// The links of the book's HTML lead inside it.
			page, err := os.ReadFile(strings.TrimSuffix(pdf, ".pdf") + ".html")
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]bool{}
			for _, m := range regexp.MustCompile(` id="([^"]*)"`).FindAllStringSubmatch(string(page), -1) {
				ids[html.UnescapeString(m[1])] = true
			}
			broken := map[string]bool{}
			for _, m := range regexp.MustCompile(`<a [^>]*href="([^"]*)"`).FindAllStringSubmatch(string(page), -1) {
				h := m[1]
				switch {
				case strings.HasPrefix(h, "#"):
					// The browser looks the fragment up as written, then
					// percent-decoded.
					f := html.UnescapeString(strings.TrimPrefix(h, "#"))
					d, err := url.PathUnescape(f)
					if !ids[f] && (err != nil || !ids[d]) {
						broken[h] = true
					}
				case !regexp.MustCompile(`^(https?|mailto):`).MatchString(h):
					broken[h] = true
				}
			}
			for h := range broken {
				t.Errorf("a link of the book leads nowhere in it: %s", h)
			}
			if n := strings.Count(string(page), `class="mn-xref"`); n == 0 {
				t.Errorf("no mention of a notebook became a link")
			}

			if ed.name == "zh" {
				if !regexp.MustCompile(`(?m)^\S+\+WenQuanYiMicroHei\s.*\byes\s+yes\s+yes\b`).MatchString(fonts) {
					t.Errorf("WenQuanYi Micro Hei is not embedded:\n%s", fonts)
				}
				han, letters := 0, 0
				for _, r := range layout {
					if unicode.Is(unicode.Han, r) {
						han++
					}
					if unicode.IsLetter(r) {
						letters++
					}
				}
				if float64(han) < 0.3*float64(letters) {
					t.Errorf("%d Chinese characters among %d letters of the text", han, letters)
				}
			}
			shot := filepath.Join(repo, "build", "e2e", "book", ed.file)
			if err := os.MkdirAll(filepath.Dir(shot), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, p := range []int{1, contentsAt + 1, first} {
				poppler(t, "pdftoppm", "-png", "-r", "60", "-f", strconv.Itoa(p), "-l", strconv.Itoa(p), "-singlefile", pdf, fmt.Sprintf("%s-%03d", shot, p))
			}
			t.Logf("%s: %d pages, %d kB, %d outline entries; pages %d (title), %d (contents), %d (chapter 1) in %s-*.png",
				pdf, len(pages), (fi.Size()+512)/1024, len(entries), 1, contentsAt+1, first, shot)
		})
	}
}
