package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// math is a formula as tools/export leaves it: MathJax's SVG, which draws
// a glyph defined at the top of the page, and its MathML.
const math = `<span class="MathJax_SVG" id="MathJax-Element-%d-Frame" tabindex="0"><svg><use xlink:href="#MJX-glyph"></use></svg>` +
	`<span class="MJX_Assistive_MathML"><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>w</mi><mo>⋅</mo><mi>x</mi></math></span></span>`

// slider is the part of a slider that the site must keep byte for byte:
// its data and its script.
const slider = `<div class="mn-slider"><input type="range" class="mn-range" min="0" max="3"><img class="mn-figure" src="data:image/svg+xml;base64,PHN2Zy8+"></div>` +
	`<script type="application/json" class="mn-data">{"frames":["a < b","c"]}</script><script>document.querySelectorAll('.mn-slider').forEach(s => { s.mnReady = true; });</script>`

// solution is an exercise's solution as the export folds it (the
// template of tools/export).
const solution = `<p>4. Find φ.</p><details class="mn-solution" data-exercise="4"><summary>Solution to exercise 4</summary>` +
	`<div class="jp-Cell jp-MarkdownCell"><div class="jp-RenderedMarkdown"><p>φ(x) = (x², √2x, 1).</p></div></div></details>`

// export is an export as `make html` writes it, in the shape of
// nbconvert's lab template after tools/export.
// sliderOutput is a slider where the notebooks have it, in a code cell's
// output, which the site leaves as it is (sanitize.Notebook).
const sliderOutput = `<div class="jp-RenderedHTMLCommon jp-RenderedHTML jp-OutputArea-output">` + slider + `</div>`

func export(title, intro, body string) string {
	return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<title>` + strings.ToLower(strings.ReplaceAll(title, " ", "-")) + `</title>
<style type="text/css">.jp-Notebook { padding: 10px; } .x { background: url(data:image/png;base64,AAAA); }</style>
</head>
<body class="jp-Notebook"><div style="visibility: hidden"><svg><defs><path id="MJX-glyph" d="M0 0"></path></defs></svg></div>
<div class="jp-Cell jp-MarkdownCell"><div class="jp-RenderedMarkdown">
<h1 id="` + strings.ReplaceAll(title, " ", "-") + `">` + title + `<a class="anchor-link" href="#` + strings.ReplaceAll(title, " ", "-") + `">¶</a></h1>
<p>` + intro + `</p>
</div></div>
<div class="jp-Cell jp-CodeCell"><div class="jp-InputPrompt">In&nbsp;[1]:</div><pre>fmt.Println(perceptron.Primal{})</pre></div>
` + body + `
</body>
</html>
`
}

// tree writes files (path → content) under a new temporary folder and
// returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fixture is a repository with notebooks 01, 02, 08 and 10 in English and
// 01, 02 and 08 in Chinese (10 not yet translated), their exports, a stale
// export of a notebook that is gone (06), and the glossary's page.
func fixture(t *testing.T) string {
	t.Helper()
	files := map[string]string{
		"notebooks/glossary.md": "# Glossary",
		// The glossary's export says lang="en" (nbconvert's template does
		// without a language in the notebook); the site serves it to both
		// editions, each in its own language.
		"build/html/glossary.html": strings.Replace(export("Glossary · 术语表", "The terms.",
			`<table><tr><td>dual form</td><td>对偶形式</td><td><a href="02-b.ipynb">02</a> · <a href="zh/02-b.ipynb">中文</a></td></tr></table>`),
			"<html>", `<html lang="en">`, 1),
		// A notebook renumbered away: its export stays in build/html.
		"build/html/06-old.html": export("6. Old", "Gone.", ""),
	}
	type nb struct{ name, title, intro, body string }
	en := []nb{
		{"01-a", "1. The model", "The perceptron classifies a point " + fmt.Sprintf(math, 1) + " by the side of the hyperplane it falls on. More follows, e.g. this.",
			`<p>Packages: <a href="../pkg/perceptron"><code>pkg/perceptron</code></a>. Terms: <a href="glossary.md">glossary · 术语表</a>. ` +
				`Next: <a href="02-b.ipynb#Table-2.1">Table 2.1</a>. Book: <a href="https://example.com/book">the book</a>.</p>`},
		{"02-b", "2. The primal form", "Why does it stop? Algorithm 2.1 runs stochastic gradient descent, e.g. on Example 2.1. It ends.",
			`<h2 id="Table-2.1">Table 2.1</h2><p>The hyperplane moves at every misclassified point.</p>` + sliderOutput +
				`<h3 id="Exercise-(%E9%80%89%E8%AF%BB)">Exercise (选读)</h3><p>Show it for the hinge loss.</p>`},
		{"08-c", "8. The SVM dual", "Short one. The dual of the hard-margin SVM has a box constraint, as chapter 7 says.", ""},
		{"10-d", "10. Kernels", "A kernel is an inner product in a feature space that we never compute.", solution},
	}
	zh := []nb{
		{"01-a", "1. 感知机模型", "感知机根据点 " + fmt.Sprintf(math, 1) + " 落在由权值和偏置确定的超平面的哪一侧对它进行分类。之后还有。",
			`<p>术语见<a href="../glossary.md">术语表</a>，下一篇：<a href="02-b.ipynb#表-2.1">表 2.1</a>。</p>`},
		{"02-b", "2. 原始形式", "算法 2.1 对笔记本 1 中的损失函数做随机梯度下降，每次只用一个误分类点更新。它会结束。",
			`<h2 id="%E8%A1%A8-2.1">表 2.1</h2><p>对偶形式保存每个点被使用的次数；核。</p>` + sliderOutput},
		{"08-c", "8. 支持向量机的对偶问题", "书中的三个点从第 2 章又回来了：这一次要的是间隔最大的分离超平面。", ""},
	}
	for _, n := range en {
		files["notebooks/"+n.name+".ipynb"] = "{}"
		files["build/html/"+n.name+".html"] = export(n.title, n.intro, n.body)
	}
	for _, n := range zh {
		files["notebooks/zh/"+n.name+".ipynb"] = "{}"
		files["build/html/zh/"+n.name+".html"] = export(n.title, n.intro, n.body)
	}
	return tree(t, files)
}

// buildFixture builds the site of a fixture repository and returns the
// site's folder.
func buildFixture(t *testing.T, repo string) string {
	t.Helper()
	out := filepath.Join(repo, "build", "site")
	_, err := build(config{
		notebooks: filepath.Join(repo, "notebooks"),
		html:      filepath.Join(repo, "build", "html"),
		book:      filepath.Join(repo, "build", "book"),
		out:       out,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// parsed is an output page, parsed.
type parsed struct {
	raw string
	doc *html.Node
}

func readPage(t *testing.T, site, name string) parsed {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return parsed{string(data), doc}
}

// navLink returns the href of the link of the top bar that matches the
// selector class or rel, and whether there is one.
func (p parsed) navLink(which string) (string, bool) {
	for n := range p.doc.Descendants() {
		if n.Type != html.ElementNode || !hasClass(n, "mn-site-nav") {
			continue
		}
		for a := range n.Descendants() {
			if a.DataAtom == atom.A && (attr(a, "rel") == which || hasClass(a, which)) {
				return attr(a, "href"), true
			}
		}
	}
	return "", false
}

// links returns the hrefs of the page's links outside its bars, by text.
func (p parsed) links() map[string]string {
	out := map[string]string{}
	for n := range p.doc.Descendants() {
		if n.DataAtom == atom.A && !inBar(n) {
			out[squash(text(n))] = attr(n, "href")
		}
	}
	return out
}

// offsite returns the texts that were links to targets outside the site,
// with their titles.
func (p parsed) offsite() map[string]string {
	out := map[string]string{}
	for n := range p.doc.Descendants() {
		if n.DataAtom == atom.Span && hasClass(n, "mn-site-offsite") {
			out[squash(text(n))] = attr(n, "title")
		}
	}
	return out
}

func inBar(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if hasClass(n, "mn-site-nav") || hasClass(n, "mn-site-foot") {
			return true
		}
	}
	return false
}

// join resolves href against the page name, both relative to the site.
func join(name, href string) string {
	href, _, _ = strings.Cut(href, "#")
	return filepath.ToSlash(filepath.Join(filepath.Dir(name), href))
}

func TestNextLinksWalkEachEditionInOrder(t *testing.T) {
	site := buildFixture(t, fixture(t))
	for _, tc := range []struct {
		start string
		want  []string
	}{
		{"index.html", []string{"index.html", "01-a.html", "02-b.html", "08-c.html", "10-d.html", "glossary.html"}},
		{"zh/index.html", []string{"zh/index.html", "zh/01-a.html", "zh/02-b.html", "zh/08-c.html", "zh/glossary.html"}},
	} {
		t.Run(tc.start, func(t *testing.T) {
			var walked []string
			for name := tc.start; ; {
				walked = append(walked, name)
				href, ok := readPage(t, site, name).navLink("next")
				if !ok || len(walked) > 10 {
					break
				}
				name = join(name, href)
			}
			if !slices.Equal(walked, tc.want) {
				t.Errorf("next links: %q, want %q", walked, tc.want)
			}
			// And back by the previous links, to the index.
			var back []string
			for name := walked[len(walked)-1]; ; {
				back = append(back, name)
				href, ok := readPage(t, site, name).navLink("prev")
				if !ok || len(back) > 10 {
					break
				}
				name = join(name, href)
			}
			slices.Reverse(back)
			if !slices.Equal(back, tc.want) {
				t.Errorf("previous links, reversed: %q, want %q", back, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(site, "06-old.html")); err == nil {
		t.Errorf("the export of a notebook that is gone (06-old) is on the site")
	}
}

func TestLanguageSwitch(t *testing.T) {
	site := buildFixture(t, fixture(t))
	for page, want := range map[string]string{
		"index.html":       "zh/index.html",
		"zh/index.html":    "index.html",
		"02-b.html":        "zh/02-b.html",
		"zh/02-b.html":     "02-b.html",
		"10-d.html":        "zh/index.html", // no Chinese edition yet
		"glossary.html":    "zh/glossary.html",
		"zh/glossary.html": "glossary.html",
	} {
		p := readPage(t, site, page)
		href, ok := p.navLink("mn-site-lang")
		if got := join(page, href); !ok || got != want {
			t.Errorf("%s: the language switch leads to %q, want %q", page, got, want)
		}
		if lang := attr(find(p.doc, atom.Html), "lang"); lang != map[bool]string{true: "zh-CN", false: "en"}[strings.HasPrefix(page, "zh/")] {
			t.Errorf("%s: <html lang=%q>", page, lang)
		}
	}
}

func TestLinksInThePages(t *testing.T) {
	site := buildFixture(t, fixture(t))
	for _, tc := range []struct {
		page    string
		links   map[string]string // link text → href
		offsite map[string]string // text → title
	}{
		{"01-a.html",
			map[string]string{"glossary · 术语表": "glossary.html", "Table 2.1": "02-b.html#Table-2.1"},
			map[string]string{"pkg/perceptron": "../pkg/perceptron: in the repository, not on this site",
				"the book": "https://example.com/book: in the repository, not on this site"}},
		{"zh/01-a.html",
			map[string]string{"术语表": "glossary.html", "表 2.1": "02-b.html#表-2.1"},
			nil},
		{"glossary.html", map[string]string{"02": "02-b.html", "中文": "zh/02-b.html"}, nil},
		{"zh/glossary.html", map[string]string{"02": "../02-b.html", "中文": "02-b.html"}, nil},
	} {
		p := readPage(t, site, tc.page)
		got := p.links()
		for text, want := range tc.links {
			if got[text] != want {
				t.Errorf("%s: link %q leads to %q, want %q", tc.page, text, got[text], want)
			}
		}
		off := p.offsite()
		for text, want := range tc.offsite {
			if off[text] != want {
				t.Errorf("%s: %q is %q, want plain text titled %q", tc.page, text, off[text], want)
			}
		}
		if len(off) != len(tc.offsite) {
			t.Errorf("%s: links turned into text: %q, want %q", tc.page, off, tc.offsite)
		}
	}
}

func TestPagesKeepTheirExport(t *testing.T) {
	repo := fixture(t)
	site := buildFixture(t, repo)
	src, err := os.ReadFile(filepath.Join(repo, "build", "html", "02-b.html"))
	if err != nil {
		t.Fatal(err)
	}
	p := readPage(t, site, "02-b.html")
	// The slider's data and script, the glyphs of the formulas, the styles:
	// byte for byte.
	for _, part := range []string{slider, `<defs><path id="MJX-glyph" d="M0 0"></path></defs>`, `.x { background: url(data:image/png;base64,AAAA); }`} {
		if !strings.Contains(string(src), part) {
			t.Fatalf("the fixture lacks %q", part)
		}
		if !strings.Contains(p.raw, part) {
			t.Errorf("the page changed %q", part)
		}
	}
	if !strings.Contains(p.raw, "<title>2. The primal form · Margin Notes</title>") {
		t.Errorf("title: %q", squash(text(find(p.doc, atom.Title))))
	}
	// The bar comes first in the body, previous/next and the search script last.
	body := find(p.doc, atom.Body)
	first := body.FirstChild
	for first != nil && first.Type != html.ElementNode {
		first = first.NextSibling
	}
	if first == nil || !hasClass(first, "mn-site-nav") {
		t.Errorf("the body does not start with the bar")
	}
	var last *html.Node
	for c := range body.ChildNodes() {
		if c.Type == html.ElementNode {
			last = c
		}
	}
	if last == nil || last.DataAtom != atom.Script || attr(last, "src") != "assets/search.js" {
		t.Errorf("the body does not end with the search script")
	}
}

// TestSolutionsStayFolded: the site serves an exercise's solution folded,
// as the export has it, the reader opening it.
func TestSolutionsStayFolded(t *testing.T) {
	site := buildFixture(t, fixture(t))
	p := readPage(t, site, "10-d.html")
	if !strings.Contains(p.raw, solution) {
		t.Errorf("the page changed the folded solution %q", solution)
	}
	d := find(p.doc, atom.Details)
	if d == nil || !hasClass(d, "mn-solution") {
		t.Fatalf("no details.mn-solution on the page")
	}
	for _, a := range d.Attr {
		if a.Key == "open" {
			t.Errorf("the solution is open")
		}
	}
}

func TestIndexPages(t *testing.T) {
	repo := fixture(t)
	site := buildFixture(t, repo)
	for _, tc := range []struct {
		page  string
		items []string // each notebook's line: title — description
		books string
	}{
		{"index.html", []string{
			"1. The model — The perceptron classifies a point w⋅x by the side of the hyperplane it falls on.",
			"2. The primal form — Why does it stop? Algorithm 2.1 runs stochastic gradient descent, e.g. on Example 2.1.",
			"8. The SVM dual — Short one. The dual of the hard-margin SVM has a box constraint, as chapter 7 says.",
			"10. Kernels — A kernel is an inner product in a feature space that we never compute.",
			"Glossary",
		}, "The book PDFs (make book) were not built when this site was made, so the site has none."},
		{"zh/index.html", []string{
			"1. 感知机模型 — 感知机根据点 w⋅x 落在由权值和偏置确定的超平面的哪一侧对它进行分类。",
			"2. 原始形式 — 算法 2.1 对笔记本 1 中的损失函数做随机梯度下降，每次只用一个误分类点更新。",
			"8. 支持向量机的对偶问题 — 书中的三个点从第 2 章又回来了：这一次要的是间隔最大的分离超平面。",
			"术语表",
		}, "制作本站时尚未生成整本书的 PDF（make book），因此本站没有。"},
	} {
		p := readPage(t, site, tc.page)
		var items []string
		var books string
		for n := range p.doc.Descendants() {
			if n.DataAtom == atom.Li && hasClass(n.Parent, "mn-site-toc") {
				items = append(items, squash(text(n)))
			}
			if hasClass(n, "mn-site-books") {
				books = squash(text(n))
			}
		}
		if !slices.Equal(items, tc.items) {
			t.Errorf("%s lists\n%q\nwant\n%q", tc.page, items, tc.items)
		}
		if books != tc.books {
			t.Errorf("%s on the books: %q, want %q", tc.page, books, tc.books)
		}
		if strings.Contains(p.raw, "MathJax_SVG") || !strings.Contains(p.raw, "<math") {
			t.Errorf("%s: a formula of a description is not MathML", tc.page)
		}
	}

	// With the English book built, and not the Chinese one.
	if err := os.MkdirAll(filepath.Join(repo, "build", "book"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "build", "book", "margin-notes.pdf"), []byte("%PDF-1.7"), 0o644); err != nil {
		t.Fatal(err)
	}
	site = buildFixture(t, repo)
	for page, want := range map[string]string{"index.html": "book/margin-notes.pdf", "zh/index.html": "../book/margin-notes.pdf"} {
		p := readPage(t, site, page)
		var href, books string
		for n := range p.doc.Descendants() {
			if hasClass(n, "mn-site-books") {
				books = squash(text(n))
				if a := find(n, atom.A); a != nil {
					href = attr(a, "href")
				}
			}
		}
		if href != want {
			t.Errorf("%s: the book's link is %q, want %q (%q)", page, href, want, books)
		}
		if !strings.Contains(books, map[string]string{"index.html": "the other edition's book was not built", "zh/index.html": "另一版的 PDF 尚未生成"}[page]) {
			t.Errorf("%s does not say that the other book was not built: %q", page, books)
		}
	}
	if data, err := os.ReadFile(filepath.Join(site, "book", "margin-notes.pdf")); err != nil || string(data) != "%PDF-1.7" {
		t.Errorf("the book was not copied into the site: %v", err)
	}
}

func TestMissingExport(t *testing.T) {
	repo := fixture(t)
	if err := os.Remove(filepath.Join(repo, "build", "html", "zh", "08-c.html")); err != nil {
		t.Fatal(err)
	}
	_, err := build(config{notebooks: filepath.Join(repo, "notebooks"), html: filepath.Join(repo, "build", "html"),
		out: filepath.Join(repo, "build", "site")})
	if err == nil || !strings.Contains(err.Error(), "notebooks/zh/08-c.ipynb has no HTML export") {
		t.Errorf("a notebook without its export: %v", err)
	}
	if _, err := os.Stat(filepath.Join(repo, "build", "site")); err == nil {
		t.Errorf("a site was written")
	}
}

// searchIndexOf reads the search index of a site.
func searchIndexOf(t *testing.T, site string) searchIndex {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(site, "assets", "search-index.js"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	s = s[strings.Index(s, "{") : strings.LastIndex(s, "}")+1]
	var idx searchIndex
	if err := json.Unmarshal([]byte(s), &idx); err != nil {
		t.Fatal(err)
	}
	return idx
}

func TestSearchIndex(t *testing.T) {
	site := buildFixture(t, fixture(t))
	idx := searchIndexOf(t, site)
	// where lists the sections that hold term, as page#id.
	where := func(term string) []string {
		var out []string
		p := idx.Terms[term]
		for i := 0; i+1 < len(p); i += 2 {
			d := idx.Docs[p[i]]
			page := idx.Pages[int(d[0].(float64))]
			out = append(out, page.URL+"#"+d[1].(string))
		}
		return out
	}
	for term, want := range map[string][]string{
		"对偶":         {"zh/02-b.html#%E8%A1%A8-2.1", "zh/08-c.html#8.-支持向量机的对偶问题", "glossary.html#Glossary-·-术语表"},
		"核":          {"zh/02-b.html#%E8%A1%A8-2.1"}, // a character alone
		"hyperplane": {"01-a.html#1.-The-model", "02-b.html#Table-2.1"},
		"stochastic": {"02-b.html#2.-The-primal-form"},
		"2.1": {"01-a.html#1.-The-model", "02-b.html#2.-The-primal-form", "02-b.html#Table-2.1",
			"zh/01-a.html#1.-感知机模型", "zh/02-b.html#2.-原始形式", "zh/02-b.html#%E8%A1%A8-2.1"},
		"hinge":  {"02-b.html#Exercise-(%E9%80%89%E8%AF%BB)"},
		"选读":     {"02-b.html#Exercise-(%E9%80%89%E8%AF%BB)"},
		"frames": nil, // the slider's data
	} {
		if got := where(term); !slices.Equal(got, want) {
			t.Errorf("term %q in %q, want %q", term, got, want)
		}
	}
	for _, d := range idx.Docs {
		if text := d[3].(string); strings.Contains(text, "[1]:") || strings.Contains(text, "¶") || strings.Contains(text, "mnReady") {
			t.Errorf("section %q holds text no reader sees: %q", d[2], text)
		}
	}
	var glossary searchPage
	for _, p := range idx.Pages {
		if p.URL == "glossary.html" {
			glossary = p
		}
	}
	if glossary.ZH != "zh/glossary.html" || glossary.Edition != "" {
		t.Errorf("the glossary in the index: %+v", glossary)
	}
	for _, d := range idx.Docs {
		if n := int(d[4].(float64)); n == 0 {
			t.Errorf("section %v has no terms", d[:3])
		}
	}
}

func TestTerms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"对偶形式", []string{"对偶", "偶形", "形式"}},
		{"核", []string{"核"}},
		{"高斯核 σ", []string{"高斯", "斯核", "σ"}},
		{"SVM的对偶问题", []string{"svm", "的对", "对偶", "偶问", "问题"}},
		{"Table 2.1, w·x + b = 0.", []string{"table", "2.1", "w", "x", "b", "0"}},
		{"Li Hang's §2.3.2 (选读)", []string{"li", "hang", "s", "2.3.2", "选读"}},
		{"（感知机）；书中", []string{"感知", "知机", "书中"}},
		{"x⁽¹⁾ −2/13", []string{"x", "¹", "2", "13"}},
	} {
		var got []string
		terms(tc.in, func(s string) { got = append(got, s) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for _, tc := range []struct{ para, want string }{
		{`The perceptron classifies a point <span class="MathJax_SVG"><svg></svg><span class="MJX_Assistive_MathML"><math><mi>x</mi></math></span></span> by the side it falls on. Then more.`,
			`The perceptron classifies a point <math><mi>x</mi></math> by the side it falls on.`},
		{`It runs stochastic gradient descent, e.g. on the loss <em>L</em> of the notebook. Then more.`,
			`It runs stochastic gradient descent, e.g. on the loss <em>L</em> of the notebook.`},
		{`Why does it end? Theorem 2.1 says that the number of mistakes is bounded. Then more.`,
			`Why does it end? Theorem 2.1 says that the number of mistakes is bounded.`},
		{`Short. Here is what the <a href="x.ipynb">notebook</a> shows, at some length, on the page. Then more.`,
			`Short. Here is what the <span>notebook</span> shows, at some length, on the page.`},
		{`感知机根据点落在超平面的哪一侧对它进行分类：每次一个误分类点。之后还有。`, `感知机根据点落在超平面的哪一侧对它进行分类：每次一个误分类点。`},
		{`感知机根据点落在超平面的哪一侧分类。之后还有一句话，这一句也要。然后没有了。`, `感知机根据点落在超平面的哪一侧分类。之后还有一句话，这一句也要。`},
		{`算法为什么一定会结束？定理2.1 回答了这个问题：当训练数据集线性可分时。之后还有。`, `算法为什么一定会结束？定理2.1 回答了这个问题：当训练数据集线性可分时。`},
		{`Why does the perceptron stop after finitely many mistakes on data that a line separates? Theorem 2.1 says why. More.`,
			`Why does the perceptron stop after finitely many mistakes on data that a line separates? Theorem 2.1 says why.`},
		{`当训练数据集线性可分时，感知机学习算法为什么一定会在有限次更新之后停止？定理2.1 回答了。之后还有。`,
			`当训练数据集线性可分时，感知机学习算法为什么一定会在有限次更新之后停止？定理2.1 回答了。`},
		{`No full stop at all`, `No full stop at all`},
	} {
		doc, err := html.Parse(strings.NewReader("<p>" + tc.para + "</p>"))
		if err != nil {
			t.Fatal(err)
		}
		got := render(firstSentence(find(doc, atom.P)))
		if got != "<span>"+tc.want+"</span>" {
			t.Errorf("first sentence of\n%s\n= %s\nwant <span>%s</span>", tc.para, got, tc.want)
		}
	}
}

// TestDescriptionFromTheTitleCell: the description comes from the cell of
// the title; a title cell without a paragraph gives none, rather than the
// first paragraph of a later cell (such as a line on how to run the
// notebook).
func TestDescriptionFromTheTitleCell(t *testing.T) {
	for _, tc := range []struct{ cells, want string }{
		{`<div class="jp-Cell"><h1 id="t">1. Title</h1><p>What this notebook does, in a sentence of some length.</p></div>` +
			`<div class="jp-Cell"><p>Run it in Jupyter.</p></div>`, `<span>What this notebook does, in a sentence of some length.</span>`},
		{`<div class="jp-Cell"><h1 id="t">1. Title</h1></div>` +
			`<div class="jp-Cell"><p>Run it in Jupyter.</p></div>`, ``},
		// The key points come first, then the packages: the first key point
		// says what the reader learns (review zh-4, M10: ten of fourteen
		// descriptions were lists of packages).
		{`<div class="jp-Cell"><h1 id="t">1. Title</h1><ul><li>The perceptron classifies a point by the side of a hyperplane it falls on. More.</li><li>Second.</li></ul>` +
			`<p>Packages: <a href="../pkg/perceptron"><code>pkg/perceptron</code></a>.</p></div>`,
			`<span>The perceptron classifies a point by the side of a hyperplane it falls on.</span>`},
		{`<div class="jp-Cell"><h1 id="t">1. Title</h1><ul><li><p>感知机根据点落在超平面的哪一侧对它分类，它要求数据能被某个超平面分开。其余。</p></li></ul>` +
			`<p>用到的包：<a href="../../pkg/perceptron"><code>pkg/perceptron</code></a>。</p></div>`,
			`<span>感知机根据点落在超平面的哪一侧对它分类，它要求数据能被某个超平面分开。</span>`},
	} {
		p := &page{src: []byte(`<!DOCTYPE html><html><head><title>x</title></head><body>` + tc.cells + `</body></html>`)}
		if err := p.parseExport(); err != nil {
			t.Fatal(err)
		}
		if p.title != "1. Title" || p.desc != tc.want {
			t.Errorf("title %q, description %q; want %q", p.title, p.desc, tc.want)
		}
	}
	p := &page{src: []byte(`<!DOCTYPE html><html><body><div class="jp-Cell"><h1 id="t">1. Title</h1>` +
		`<p>用到的包：<a href="../../pkg/perceptron"><code>pkg/perceptron</code></a>（距离、间隔）。</p></div></body></html>`)}
	if err := p.parseExport(); err == nil || !strings.Contains(err.Error(), "packages") {
		t.Errorf("a title cell that opens with its packages: err = %v, desc %q; want an error", err, p.desc)
	}
}

// TestDescriptionSanitized: a notebook's Markdown with an image's onerror,
// a link's onclick and javascript: URL and a script reaches neither the
// index's description nor the page (issue 23 §1.4: firstSentence's
// template.HTML copied the onerror into index.html).
func TestDescriptionSanitized(t *testing.T) {
	cell := `<div class="jp-Cell"><div class="jp-RenderedHTMLCommon jp-RenderedMarkdown"><h1 id="t">1. Title</h1>` +
		`<p>What this <img src="x.png" onerror="alert(1)"> notebook <a href="javascript:alert(2)" onclick="alert(3)">does</a>, in a sentence of some length.</p>` +
		`<script>alert(4)</script></div></div>`
	p := &page{src: []byte(`<!DOCTYPE html><html><head><title>x</title><script src="own.js"></script></head><body>` + cell + `</body></html>`)}
	if err := p.parseExport(); err != nil {
		t.Fatal(err)
	}
	if want := `<span>What this <img src="x.png"/> notebook <span>does</span>, in a sentence of some length.</span>`; p.desc != want {
		t.Errorf("description %s, want %s", p.desc, want)
	}
	for _, bad := range []string{"alert", "onerror", "onclick", "javascript"} {
		if strings.Contains(string(p.src), bad) {
			t.Errorf("the page still holds %q", bad)
		}
	}
	if !strings.Contains(string(p.src), `<script src="own.js"></script>`) {
		t.Errorf("the page's own script is gone")
	}
}

// TestFirstSentenceOutsideMarkdown: a paragraph outside the Markdown cells
// is sanitized as it is copied.
func TestFirstSentenceOutsideMarkdown(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<p>A sentence <b onclick="alert(1)">of</b> some length, long enough to stand.</p>`))
	if err != nil {
		t.Fatal(err)
	}
	if got := render(firstSentence(find(doc, atom.P))); strings.Contains(got, "onclick") {
		t.Errorf("got %s", got)
	}
}
