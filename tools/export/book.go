package main

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/outline"
)

// A book is one edition of the notes as one PDF (make book): a title page
// (title, edition, the commit and date it was built from), a preface, a
// table of contents, every notebook's self-contained page (make html) as a
// chapter, and the glossary as an appendix. It is laid out as one HTML
// document (written next to the PDF) and printed once by Chromium, with
// the document outline of its headings; the outline of that print gives
// the page each chapter and section landed on, which fill the table of
// contents, and the book is printed again (and checked: the pages must
// not move). Running headers (the chapter's title) and page numbers are
// the page's own margin boxes (CSS @page, a named page per chapter).
//
// Each chapter's ids get the chapter's prefix ("c03-", "glossary-"; an id
// that is long or holds characters a URL escapes becomes the prefix and a
// hash of it), and so do the references to them (href="#…", xlink:href, url(#…)): the
// MathJax glyphs of one notebook do not stand in for another's. Links
// between notebooks (NN-name.ipynb[#section]) and to the glossary lead to
// the chapter (or section) in the book, the words "notebook 3" (笔记本 3)
// become links to chapter 3, and links to the repository's files, which a
// PDF cannot follow, become plain text.

// bookEdition holds the words of one edition's book.
type bookEdition struct {
	Lang, Name, Subtitle, Edition, Built, Preface, Contents, Appendix string
	// PrefaceHTML is the preface after its heading: what the notes cover,
	// how to run them, the reading order; Optional introduces the list of
	// optional sections, Missing the numbers no chapter has.
	PrefaceHTML, Optional, Missing string
	// Notebook matches a mention of notebook N in prose.
	Notebook string
}

var bookEditions = map[string]bookEdition{
	"en": {
		Lang: "en", Name: "Margin Notes",
		Subtitle: "The perceptron and the support vector machine of Li Hang’s <i>Statistical Learning Methods</i> (chapters 2 and 7), derived step by step and computed in Go",
		Edition:  "English edition", Built: "Built on %s from commit %s",
		Preface: "Preface", Contents: "Contents", Appendix: "Appendix",
		PrefaceHTML: `<p>These notes work through the perceptron (chapter 2) and the linear support vector machine (chapter 7) of Li Hang’s <i>Statistical Learning Methods</i> (2nd edition), with the perceptron’s mistake bound as Stanford’s CS229 notes prove it. Every number of the book’s worked examples — Tables 2.1 and 2.2, the Gram matrix, Novikoff’s bound, the dual of Example 7.2 — is computed by the Go library of the repository (<code>pkg/</code>), checked by its tests, and derived with figures in the chapters that follow. Where the lecture notes or the book slip, a chapter shows the number that settles it, in a section at its end.</p>
<p><b>How to run them.</b> Each chapter is a Jupyter notebook that runs Go on the GoNB kernel. In the repository, <code>make notebook</code> installs what is missing and opens the notebooks (<code>notebooks/</code>; the Chinese edition in <code>notebooks/zh/</code>); choose <i>Kernel → Restart &amp; Run All</i>. A notebook’s first code cell sets up the Go workspace and imports the packages; this print leaves it out. The sliders of the notebooks print as strips of their key frames. <code>go run ./cmd/marginnotes</code> computes the same numbers on the command line, and <code>make book</code> builds this book again.</p>
<p><b>Reading order.</b> Read the chapters in the order of their numbers: each uses what the earlier ones derived.%s The glossary at the end gives every term in English and in the book’s Chinese, with its symbol, where the book defines it and the chapter that introduces it.</p>`,
		Optional: `<p><b>Optional sections.</b> Sections marked 选读 (optional) go beyond the syllabus; each comes after the core path of its chapter and can be skipped on a first reading:</p>`,
		Missing:  ` Numbers missing from the sequence (%s) belong to notebooks that are not in this edition yet.`,
		Notebook: `\b[Nn]otebook (\d{1,2})\b`,
	},
	"zh": {
		Lang: "zh-CN", Name: "页边笔记",
		Subtitle: "李航《统计学习方法》第 2 章感知机与第 7 章支持向量机：逐步推导，用 Go 计算",
		Edition:  "中文版", Built: "构建于 %s，提交 %s",
		Preface: "前言", Contents: "目录", Appendix: "附录",
		PrefaceHTML: `<p>本笔记逐节推导李航《统计学习方法》（第 2 版）第 2 章的感知机与第 7 章的线性支持向量机，并附斯坦福 CS229 讲义中感知机误分类次数上界的证明。书中例题的每一个数——表 2.1 与表 2.2、Gram 矩阵、Novikoff 定理的上界、例 7.2 的对偶问题——都由本仓库的 Go 库（<code>pkg/</code>）计算、由测试核对，并在后面各章中配图逐步推导。课堂笔记或书中有疏漏之处，相应的章在末尾的一节中给出判定它的数。</p>
<p><b>如何运行。</b>每一章都是一个在 GoNB 内核上运行 Go 的 Jupyter 笔记本。在仓库中执行 <code>make notebook</code>，它会安装缺少的软件并打开笔记本（中文版在 <code>notebooks/zh/</code>）；选择 <i>Kernel → Restart &amp; Run All</i>。每个笔记本的第一个代码单元建立 Go 工作区并导入所需的包，本书略去了它。笔记本中的滑块在书中印成若干关键帧并排的图。<code>go run ./cmd/marginnotes</code> 在命令行上计算同样的数，<code>make book</code> 重新生成本书。</p>
<p><b>阅读顺序。</b>按编号顺序阅读各章：每一章都用到前面各章推导的结果。%s书末的术语表列出每个术语的中文与英文、符号、书中的出处以及引入它的章。</p>`,
		Optional: `<p><b>选读内容。</b>标有“选读”的小节超出课程要求，放在所在章的主线之后，初读时可以跳过：</p>`,
		Missing:  `编号中缺少的（%s）是尚未收入本版的笔记本。`,
		Notebook: `笔记本 ?(\d{1,2})`,
	},
}

// bookChapter is one chapter as chapterJS returns it.
type bookChapter struct {
	ID       string        `json:"-"`
	Number   int           `json:"-"`
	Title    string        `json:"title"`    // the first heading, as text
	Head     string        `json:"head"`     // the page's <style> elements
	Body     string        `json:"body"`     // the page's body, ids prefixed
	Class    string        `json:"class"`    // the body's class attribute
	Sections []bookSection `json:"sections"` // the first heading and the h2, for the contents
	Optional []bookSection `json:"optional"` // the headings marked optional (选读)
	Links    int           `json:"links"`    // links made between chapters
}

// bookSection is a heading of a chapter: its (prefixed) id, level, text
// and markup (typeset formulas included, ids removed).
type bookSection struct {
	ID    string `json:"id"`
	Level int    `json:"level"`
	Text  string `json:"text"`
	HTML  string `json:"html"`
}

// chapterJS turns the page loaded in the tab into a chapter of the book.
// Arguments: the chapter's id, the ids of every chapter by notebook name
// (NN-name) and by number, the glossary's id, and the pattern of a
// mention of a notebook in the edition's prose.
const chapterJS = `((id, byName, byNumber, glossary, mention) => {
  const body = document.body;
  // An id of chapter c in the book: c-id, or for a long one or one with
  // characters a URL would escape (a heading's text, formulas and all)
  // c-s and a hash of it: the PDF names its link targets by these, and a
  // name must stay short.
  const key = (c, t) => {
    if ((c + '-' + t).length <= 64 && /^[A-Za-z0-9._-]+$/.test(t)) return c + '-' + t;
    let h = 0x811c9dc5;
    for (const ch of t) { h ^= ch.codePointAt(0); h = Math.imul(h, 0x01000193) >>> 0; }
    return c + '-s' + h.toString(16);
  };
  // Ids and the references to them, both percent-decoded: nbconvert
  // escapes a heading's id (学生笔记勘误 is %E5%AD%A6…), a link in the prose
  // (#学生笔记勘误) and a link from another chapter may not.
  const local = v => { try { return decodeURIComponent(v); } catch (e) { return v; } };
  const ids = new Set();
  body.querySelectorAll('[id]').forEach(e => { const t = local(e.id); ids.add(t); e.id = key(id, t); });
  body.querySelectorAll('*').forEach(e => {
    for (const a of [...e.attributes]) {
      const v = a.value;
      if ((a.name === 'href' || a.name === 'xlink:href') && v.startsWith('#')) {
        const t = local(v.slice(1));
        if (ids.has(t)) e.setAttribute(a.name, '#' + key(id, t));
        else if (t === '') e.setAttribute(a.name, '#' + id);
      } else if (v.includes('url(#')) {
        e.setAttribute(a.name, v.replace(/url\(#([^)]+)\)/g, (m, t) => ids.has(local(t)) ? 'url(#' + key(id, local(t)) + ')' : m));
      }
    }
  });
  // Links out of the page.
  let links = 0;
  const unlink = a => {
    const s = document.createElement('span');
    s.className = 'mn-unlinked';
    while (a.firstChild) s.appendChild(a.firstChild);
    a.replaceWith(s);
  };
  body.querySelectorAll('a[href]').forEach(a => {
    const h = a.getAttribute('href');
    if (h.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(h)) return;
    const nb = h.match(/^(?:\.\.?\/)*(?:zh\/)?(\d\d-[^/#?]*)\.ipynb(?:#(.*))?$/);
    if (nb && byName[nb[1]]) {
      a.setAttribute('href', '#' + (nb[2] ? key(byName[nb[1]], local(nb[2])) : byName[nb[1]]));
      links++;
    } else if (/^(?:\.\.?\/)*glossary\.md(?:#.*)?$/.test(h) && glossary) {
      a.setAttribute('href', '#' + glossary);
      links++;
    } else {
      unlink(a);
    }
  });
  // "notebook 3" in the prose: a link to chapter 3.
  const re = new RegExp(mention, 'g');
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT, {acceptNode: n =>
    n.parentElement.closest('a, code, pre, script, style, svg, .MathJax_SVG, .jp-OutputArea, .jp-InputArea-editor, h1, h2, h3, h4, h5, h6') ||
    !n.parentElement.closest('.jp-RenderedMarkdown') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  texts.forEach(n => {
    const parts = [];
    let last = 0, m;
    re.lastIndex = 0;
    while ((m = re.exec(n.data)) !== null) {
      const target = byNumber[String(parseInt(m[1], 10))];
      if (!target || target === id) continue;
      parts.push(document.createTextNode(n.data.slice(last, m.index)));
      const a = document.createElement('a');
      a.className = 'mn-xref';
      a.href = '#' + target;
      a.textContent = m[0];
      parts.push(a);
      last = m.index + m[0].length;
      links++;
    }
    if (parts.length === 0) return;
    parts.push(document.createTextNode(n.data.slice(last)));
    n.replaceWith(...parts);
  });
  // Headings: as text (a formula by its MathML's text) and as markup.
  const text = h => {
    const c = h.cloneNode(true);
    c.querySelectorAll('.anchor-link, script, .MathJax_Preview').forEach(e => e.remove());
    c.querySelectorAll('.MathJax_SVG').forEach(m => {
      const mml = m.querySelector('.MJX_Assistive_MathML');
      m.replaceWith(document.createTextNode(mml ? mml.textContent : ''));
    });
    return c.textContent.replace(/\s+/g, ' ').trim();
  };
  const markup = h => {
    const c = h.cloneNode(true);
    c.querySelectorAll('.anchor-link, script, .MathJax_Preview').forEach(e => e.remove());
    c.querySelectorAll('[id]').forEach(e => e.removeAttribute('id'));
    return c.innerHTML.trim();
  };
  const heads = [...body.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(h => h.getClientRects().length > 0);
  const first = heads.find(h => h.tagName === 'H1') || heads[0];
  const section = h => ({id: h.id, level: +h.tagName[1], text: text(h), html: markup(h)});
  const sections = heads.filter(h => h === first || h.tagName === 'H2').map(section);
  const optional = heads.filter(h => h !== first && /选读|\boptional\b/i.test(text(h))).map(section);
  const head = [...document.head.querySelectorAll('style')].map(s => s.outerHTML).join('\n');
  return {title: first ? text(first) : document.title, head: head, body: body.innerHTML, class: body.className || '',
    sections: sections, optional: optional, links: links};
})`

// bookOutlineJS lists the headings of the book as Chromium's document
// outline holds them: every h1–h6 that is laid out, in document order,
// with its id and its text as the outline gives it: its formulas as the
// text of their span.mn-outline (typographyJS).
const bookOutlineJS = `[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
  .filter(h => h.getClientRects().length > 0)
  .map(h => {
    const c = h.cloneNode(true);
    c.querySelectorAll('.MathJax_SVG').forEach(m => {
      const o = m.querySelector('.mn-outline');
      m.replaceWith(document.createTextNode(o ? o.textContent : ''));
    });
    c.querySelectorAll('.MathJax_Preview, script, .anchor-link').forEach(e => e.remove());
    return {id: h.id, text: c.textContent.replace(/\s+/g, ' ').trim()};
  })`

type bookHeading struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// setPagesJS writes the page of each entry of the contents (the pages by
// target id) and reports the targets it found no page for.
const setPagesJS = `((pages) => {
  const missing = [];
  document.querySelectorAll('.mn-toc-page[data-target]').forEach(e => {
    const p = pages[e.getAttribute('data-target')];
    if (p === undefined) { missing.push(e.getAttribute('data-target')); return; }
    e.textContent = String(p);
    e.classList.add('mn-toc-page-set');
  });
  return missing;
})`

// chapterID is the id of notebook NN-name's chapter: cNN.
func chapterID(name string) (string, int, error) {
	n, err := strconv.Atoi(strings.SplitN(name, "-", 2)[0])
	if err != nil || len(name) < 3 || name[2] != '-' {
		return "", 0, fmt.Errorf("%s: not a notebook NN-name", name)
	}
	return fmt.Sprintf("c%02d", n), n, nil
}

// buildInfo returns the date and the commit the book is built from: the
// date from $SOURCE_DATE_EPOCH when set, else today's; the commit from git
// (marked when the work tree has changes), else a word saying there is
// none.
func buildInfo(zh bool) (date, commit string) {
	t := time.Now()
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if sec, err := strconv.ParseInt(s, 10, 64); err == nil {
			t = time.Unix(sec, 0).UTC()
		}
	}
	date = t.Format("2006-01-02")
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil || len(bytes.TrimSpace(out)) == 0 {
		if zh {
			return date, "（不在 git 仓库中，无提交）"
		}
		return date, "(none: not a git checkout)"
	}
	commit = string(bytes.TrimSpace(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		if zh {
			commit += "（含未提交的修改）"
		} else {
			commit += " (with uncommitted changes)"
		}
	}
	return date, commit
}

// cssString writes s as a CSS string.
func cssString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ")
	return `"` + r.Replace(s) + `"`
}

// bookCSS lays out the book on A4: the named pages with their running
// header (the chapter's title, the book's name) and page number, the
// title page, the preface and the contents.
const bookCSS = `
@page { size: A4; margin: 18mm 12mm 16mm 12mm;
  @top-left { font: 8pt 'Liberation Sans', 'WenQuanYi Micro Hei', sans-serif; color: #555; vertical-align: bottom; padding-bottom: 2mm; }
  @top-right { font: 8pt 'Liberation Sans', 'WenQuanYi Micro Hei', sans-serif; color: #555; vertical-align: bottom; padding-bottom: 2mm; }
  @bottom-center { content: counter(page); font: 9pt 'Liberation Sans', sans-serif; color: #333; } }
@page front { @bottom-center { content: none; } @top-right { content: none; } }
.mn-book-front { page: front; }
.mn-book-matter { page: matter; }
.mn-chapter { break-before: page; }
/* The glossary is one long table. Printed as tables are (never broken
   inside), it would leave its first page blank under the heading; it breaks
   between rows instead, repeats its header row on every page, and keeps
   each header on one line (not 笔记 / 本). */
#glossary table { break-inside: auto; page-break-inside: auto; }
#glossary tr { break-inside: avoid; page-break-inside: avoid; }
#glossary thead { display: table-header-group; }
#glossary th { white-space: nowrap; }
body.mn-book { padding: 0 !important; }
.mn-book-title { height: 240mm; display: flex; flex-direction: column; justify-content: center; text-align: center;
  font-family: 'Liberation Serif', 'WenQuanYi Micro Hei', serif; }
.mn-book-title h1 { font-size: 42pt; margin: 0 0 0.4em; }
.mn-book-title .mn-book-subtitle { font-size: 15pt; margin: 0 10% 2.5em; line-height: 1.4; text-wrap: balance; }
.mn-book-title .mn-book-edition { font-size: 14pt; font-weight: bold; }
.mn-book-title .mn-book-build { font-size: 10pt; color: #444; margin-top: 0.6em; }
.mn-book-matter { font-size: 14px; line-height: 1.55; }
.mn-book-matter h1 { font-size: 22px; margin: 0 0 0.8em; }
.mn-preface { break-before: page; }
.mn-toc { break-before: page; }
.mn-toc ol { list-style: none; margin: 0; padding: 0; }
.mn-toc li.mn-toc-l1 { margin-top: 0.55em; font-weight: bold; }
.mn-toc li.mn-toc-l2 { margin-left: 1.6em; font-weight: normal; font-size: 13px; }
.mn-toc a, .mn-optional a { display: flex; align-items: baseline; color: inherit; text-decoration: none; }
.mn-toc-title { flex: 0 1 auto; }
.mn-toc-dots { flex: 1 1 2em; border-bottom: 1px dotted #999; margin: 0 0.4em; min-width: 1.5em; }
.mn-toc-page { flex: none; min-width: 3ch; text-align: right; font-variant-numeric: tabular-nums; }
.mn-toc-page:not(.mn-toc-page-set) { visibility: hidden; }
.mn-toc li, .mn-optional li { break-inside: avoid; }
.mn-optional ul { list-style: none; padding-left: 1.2em; }
.mn-unlinked { color: inherit; }
a.mn-xref { color: inherit; text-decoration: underline dotted; }
.mn-toc .MathJax_SVG svg, .mn-optional .MathJax_SVG svg { vertical-align: middle; }
`

// bookTemplate is the book's HTML: the styles of the pages, the book's
// own, the front matter and the chapters.
var bookTemplate = template.Must(template.New("book").Parse(`<!DOCTYPE html>
<html lang="{{.Ed.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Ed.Name}} · {{.Ed.Edition}}</title>
{{.Head}}
<style type="text/css">{{.CSS}}</style>
</head>
<body class="{{.Class}} mn-book" data-jp-theme-light="true" data-jp-theme-name="JupyterLab Light">
<section class="mn-book-front mn-book-title" id="title">
<h1>{{.Ed.Name}}</h1>
<p class="mn-book-subtitle">{{.Subtitle}}</p>
<p class="mn-book-edition">{{.Ed.Edition}}</p>
<p class="mn-book-build">{{.Built}}</p>
</section>
<section class="mn-book-matter mn-preface" id="preface">
<h1>{{.Ed.Preface}}</h1>
{{.Preface}}
{{- if .Optional}}
{{.OptionalIntro}}
<div class="mn-optional"><ul>
{{- range .Optional}}
<li><a href="#{{.ID}}"><span class="mn-toc-title">{{.Chapter}} · {{.HTML}}</span><span class="mn-toc-dots"></span><span class="mn-toc-page" data-target="{{.ID}}">000</span></a></li>
{{- end}}
</ul></div>
{{- end}}
</section>
<nav class="mn-book-matter mn-toc" id="contents">
<h1>{{.Ed.Contents}}</h1>
<ol>
{{- range .Chapters}}
{{- range $i, $s := .Sections}}
<li class="mn-toc-l{{if eq $i 0}}1{{else}}2{{end}}"><a href="#{{$s.ID}}"><span class="mn-toc-title">{{$s.HTML}}</span><span class="mn-toc-dots"></span><span class="mn-toc-page" data-target="{{$s.ID}}">000</span></a></li>
{{- end}}
{{- end}}
</ol>
</nav>
{{- range .Chapters}}
<section class="mn-chapter" id="{{.ID}}" style="page: {{.ID}}">
{{.Body}}
</section>
{{- end}}
</body>
</html>
`))

// bookOptional is an optional section as the preface lists it.
type bookOptional struct {
	ID      string
	Chapter int
	HTML    template.HTML
}

// bookChapterView is a chapter as the template writes it.
type bookChapterView struct {
	ID       string
	Body     template.HTML
	Sections []struct {
		ID   string
		HTML template.HTML
	}
}

// makeBook lays out the pages (self-contained notebook pages, NN-name.html)
// and the appendix (the glossary's page, or "") as the edition's book and
// prints it to pdf, writing the book's HTML beside it.
func makeBook(parent context.Context, pages []string, appendix, pdf, edition string, timeout time.Duration) error {
	ed, ok := bookEditions[edition]
	if !ok {
		return fmt.Errorf("unknown edition %q (want en or zh)", edition)
	}
	zh := edition == "zh"
	start := time.Now()
	// The chapters in the order of their numbers.
	type source struct {
		path, name, id string
		n              int
	}
	var srcs []source
	byName, byNumber := map[string]string{}, map[string]string{}
	for _, p := range pages {
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		id, n, err := chapterID(name)
		if err != nil {
			return err
		}
		if _, dup := byNumber[strconv.Itoa(n)]; dup {
			return fmt.Errorf("two notebooks numbered %d", n)
		}
		srcs = append(srcs, source{p, name, id, n})
		byName[name], byNumber[strconv.Itoa(n)] = id, id
	}
	if len(srcs) == 0 {
		return fmt.Errorf("no notebooks for the book")
	}
	slices.SortFunc(srcs, func(a, b source) int { return a.n - b.n })
	glossaryID := ""
	if appendix != "" {
		glossaryID = "glossary"
		srcs = append(srcs, source{path: appendix, name: "glossary", id: glossaryID})
	}

	var chapters []bookChapter
	for _, s := range srcs {
		c, err := loadChapter(parent, s.path, s.id, byName, byNumber, glossaryID, ed.Notebook, timeout)
		if err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		c.ID, c.Number = s.id, s.n
		chapters = append(chapters, c)
	}

	// The preface: the numbers no chapter has, the optional sections.
	missing := []string{}
	last := srcs[len(srcs)-1].n
	if glossaryID != "" && len(srcs) > 1 {
		last = srcs[len(srcs)-2].n
	}
	for n := 1; n < last; n++ {
		if _, ok := byNumber[strconv.Itoa(n)]; !ok {
			missing = append(missing, strconv.Itoa(n))
		}
	}
	gaps := ""
	if len(missing) > 0 {
		sep := ", "
		if zh {
			sep = "、"
		}
		gaps = fmt.Sprintf(ed.Missing, strings.Join(missing, sep))
	}
	var optional []bookOptional
	for _, c := range chapters {
		for _, o := range c.Optional {
			optional = append(optional, bookOptional{o.ID, c.Number, template.HTML(o.HTML)})
		}
	}
	var views []bookChapterView
	css := bookCSS
	for _, c := range chapters {
		v := bookChapterView{ID: c.ID, Body: template.HTML(c.Body)}
		for _, s := range c.Sections {
			v.Sections = append(v.Sections, struct {
				ID   string
				HTML template.HTML
			}{s.ID, template.HTML(s.HTML)})
		}
		views = append(views, v)
		css += fmt.Sprintf("@page %s { @top-left { content: %s; } @top-right { content: %s; } }\n", c.ID, cssString(c.Title), cssString(ed.Name))
	}
	css += fmt.Sprintf("@page matter { @top-right { content: %s; } }\n", cssString(ed.Name))
	date, commit := buildInfo(zh)
	var page bytes.Buffer
	err := bookTemplate.Execute(&page, map[string]any{
		"Ed":            ed,
		"Head":          template.HTML(chapters[0].Head),
		"CSS":           template.CSS(css),
		"Class":         chapters[0].Class,
		"Subtitle":      template.HTML(ed.Subtitle),
		"Built":         fmt.Sprintf(ed.Built, date, commit),
		"Preface":       template.HTML(fmt.Sprintf(ed.PrefaceHTML, gaps)),
		"OptionalIntro": template.HTML(ed.Optional),
		"Optional":      optional,
		"Chapters":      views,
	})
	if err != nil {
		return err
	}
	html := strings.TrimSuffix(pdf, filepath.Ext(pdf)) + ".html"
	if err := os.MkdirAll(filepath.Dir(pdf), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(html, page.Bytes(), 0o644); err != nil {
		return err
	}
	log.Printf("%s: %d chapters laid out (%s) in %.1fs", html, len(chapters), size(html), time.Since(start).Seconds())
	return printBook(parent, html, pdf, timeout)
}

// loadChapter opens a self-contained page and returns it as the chapter id
// of the book (chapterJS).
func loadChapter(parent context.Context, path, id string, byName, byNumber map[string]string, glossary, mention string, timeout time.Duration) (bookChapter, error) {
	path, removeCopy, err := sanitized(path)
	if err != nil {
		return bookChapter{}, err
	}
	defer removeCopy()
	ctx, u, done, err := newTab(parent, path, timeout)
	if err != nil {
		return bookChapter{}, err
	}
	defer done()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return bookChapter{}, fmt.Errorf("opening: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](solutionsJS)); err != nil {
		return bookChapter{}, fmt.Errorf("moving the solutions: %w", err)
	}
	c, err := chromedp.Run(ctx, chromedp.Evaluate[bookChapter](
		fmt.Sprintf("%s(%s, %s, %s, %s, %s)", chapterJS, jsValue(id), jsValue(byName), jsValue(byNumber), jsValue(glossary), jsValue(mention))))
	if err != nil {
		return bookChapter{}, fmt.Errorf("reading the chapter: %w", err)
	}
	if len(c.Sections) == 0 {
		return bookChapter{}, fmt.Errorf("no heading")
	}
	return c, nil
}

// printBook prints the book's page to pdf: a first print for the pages of
// the contents, a second with them, which must land every heading on the
// page the first one did.
//
// The book of one edition is some 15 chapters of 20 MB; on a loaded 2-core
// machine one print took 6 minutes (December 2026, load 25), so the tab has
// 4× the notebook limit to load and lay out the page and as much again for
// each of at most three prints.
func printBook(parent context.Context, html, pdf string, timeout time.Duration) error {
	ctx, u, done, err := newTab(parent, html, 16*timeout)
	if err != nil {
		return err
	}
	defer done()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return fmt.Errorf("opening %s: %w", html, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](readyJS, chromedp.EvalAwaitPromise)); err != nil {
		return fmt.Errorf("waiting for images and fonts: %w", err)
	}
	heads, err := chromedp.Run(ctx, chromedp.Evaluate[[]bookHeading](bookOutlineJS))
	if err != nil {
		return err
	}
	var pages map[string]int
	for pass := 1; pass <= 3; pass++ {
		start := time.Now()
		data, err := chromedp.Run(ctx, chromedp.PrintToPDF(
			chromedp.PDFPreferCSSPageSize(),
			chromedp.PDFPaper(chromedp.PaperA4),
			chromedp.PDFScale(0.8),
			chromedp.PDFPrintBackground(),
			chromedp.PDFOutlineAndTagged(),
			chromedp.PDFStream(),
		))
		if err != nil {
			return fmt.Errorf("printing: %w", err)
		}
		if err := os.WriteFile(pdf, data, 0o644); err != nil {
			return err
		}
		landed, err := headingPages(pdf, heads)
		if err != nil {
			return err
		}
		log.Printf("%s: pass %d printed (%s) in %.1fs", pdf, pass, size(pdf), time.Since(start).Seconds())
		if pages != nil && equalPages(pages, landed) {
			return nil
		}
		pages = landed
		missing, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf("%s(%s)", setPagesJS, jsValue(pages))))
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			return fmt.Errorf("no page in the outline for the contents' entries %q", missing)
		}
	}
	return fmt.Errorf("%s: the contents' page numbers do not settle after 3 prints", pdf)
}

func equalPages(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// headingPages returns the page of each heading of the book by its id,
// read from the outline of the printed pdf (outline.Read), which holds the
// headings the page lays out (heads), in the same order.
func headingPages(pdf string, heads []bookHeading) (map[string]int, error) {
	items, err := outline.Read(pdf)
	if err != nil {
		return nil, err
	}
	if len(items) != len(heads) {
		return nil, fmt.Errorf("%s: the outline has %d entries, the book %d headings", pdf, len(items), len(heads))
	}
	pages := map[string]int{}
	squeeze := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "¶", "")), "") }
	for i, h := range heads {
		// The outline's title is the heading's text, its formulas as the
		// text of span.mn-outline; only the first letters are compared.
		a, b := []rune(squeeze(items[i].Title)), []rune(squeeze(h.Text))
		n := min(len(a), len(b), 6)
		if string(a[:n]) != string(b[:n]) {
			return nil, fmt.Errorf("%s: outline entry %d is %q, the heading %q", pdf, i+1, items[i].Title, h.Text)
		}
		if h.ID != "" {
			pages[h.ID] = items[i].Page
		}
	}
	return pages, nil
}
