// Command export turns nbconvert's HTML exports of the notebooks into
// self-contained HTML files, and prints them as PDF, in Debian's headless
// Chromium. It is the second half of `make html` and `make pdf`
// (scripts/export.sh), after `jupyter nbconvert --execute --to html
// --template marginnotes` (the template in nbconvert/ here).
//
//	go run ./tools/export -html DIR [-pdf DIR] [-timeout D] EXPORT.html ...
//	go run ./tools/export -pdf DIR [-timeout D] PAGE.html ...
//	go run ./tools/export -book FILE.pdf [-edition en|zh] [-appendix GLOSSARY.html] NN-name.html ...
//	go run ./tools/export -glossary notebooks/glossary.md [-edition en|zh] -o GLOSSARY.ipynb
//
// Every page is opened with its notebook Markdown sanitized as Jupyter's
// renderer does (no scripts, event handlers or javascript: URLs; see
// sanitize.go), so that none runs while it is typeset or printed, and
// none is in the pages, PDFs and books written.
//
// With -html, for each nbconvert export it opens the file in the browser, waits until
// MathJax (Debian's libjs-mathjax, loaded from its local path with SVG
// output) has typeset every formula, removes every script that loads a file
// or configures MathJax and MathJax's own messages, and writes the page as
// the browser holds it to DIR/NAME.html: formulas as inline SVG, figures as
// inline SVG (the sliders as SVG data URIs with their own script, and the
// key frames of their print strips set), nothing fetched from anywhere, so
// the file reads the same from any folder on any machine without network.
// Before it writes the page it sets it for print (typographyJS): inline
// formulas glued to the punctuation around them, lines of code that wrap
// under their own indentation. With -pdf it then opens that file (without
// -html: each PAGE.html, a page -html wrote), checks that the page
// requests nothing but itself, and prints it on A4 with page numbers
// and an outline of the headings to DIR/NAME.pdf; the page's print style
// (the template's) keeps figures, tables and code blocks whole.
//
// With -book it lays out self-contained pages (and the glossary's, as
// the appendix) as one book and prints it (book.go; make book). With
// -glossary it writes the edition's glossary as a notebook for nbconvert
// (glossary.go).
//
// The browser is $MARGINNOTES_CHROMIUM or /usr/bin/chromium.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/marginnotes/marginnotes/internal/browser"
	"github.com/marginnotes/marginnotes/internal/cjk"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("export: ")
	htmlDir := flag.String("html", "", "write the self-contained HTML of each nbconvert export to `DIR`")
	pdfDir := flag.String("pdf", "", "print each self-contained page as PDF to `DIR`")
	timeout := flag.Duration("timeout", 3*time.Minute, "limit for one notebook")
	book := flag.String("book", "", "lay out the pages as one book and print it to `FILE.pdf` (and FILE.html)")
	edition := flag.String("edition", "en", "the book's edition, en or zh (-book, -glossary)")
	appendix := flag.String("appendix", "", "with -book: the glossary's self-contained `PAGE.html`, as the appendix")
	glossary := flag.String("glossary", "", "write the edition's glossary from `SOURCE.md` as a notebook of one cell to -o")
	output := flag.String("o", "", "with -glossary: the notebook to write")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: export -html DIR [-pdf DIR] [-timeout D] EXPORT.html ...\n"+
			"       export -pdf DIR [-timeout D] PAGE.html ...\n"+
			"       export -book FILE.pdf [-edition en|zh] [-appendix GLOSSARY.html] [-timeout D] NN-name.html ...\n"+
			"       export -glossary SOURCE.md [-edition en|zh] -o GLOSSARY.ipynb\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	var err error
	switch {
	case *glossary != "" && *output != "":
		err = writeGlossaryNotebook(*glossary, *output, *edition == "zh")
	case *book != "" && flag.NArg() > 0:
		err = withBrowser(func(ctx context.Context) error {
			return makeBook(ctx, flag.Args(), *appendix, *book, *edition, *timeout)
		})
	case flag.NArg() > 0 && (*htmlDir != "" || *pdfDir != ""):
		err = run(flag.Args(), *htmlDir, *pdfDir, *timeout)
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		log.Fatal(err)
	}
}

func run(inputs []string, htmlDir, pdfDir string, timeout time.Duration) error {
	for _, d := range []string{htmlDir, pdfDir} {
		if d == "" {
			continue
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	return withBrowser(func(ctx context.Context) error { return export(ctx, inputs, htmlDir, pdfDir, timeout) })
}

// withBrowser starts the headless browser, calls f with its context, and
// stops the browser and what it started.
func withBrowser(f func(ctx context.Context) error) error {
	profile, err := os.MkdirTemp("", "marginnotes-export-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	bin := browser.Path()
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("no browser at %s (install Debian's chromium, or set MARGINNOTES_CHROMIUM): %w", bin, err)
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), browser.Options(bin, profile)...)
	defer allocCancel()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // starts the browser; no timeout here
		return fmt.Errorf("starting %s: %w", bin, err)
	}
	pgid := chromedp.FromContext(ctx).Browser.Process().Pid
	defer func() {
		cctx, ccancel := context.WithTimeout(ctx, 10*time.Second)
		chromedp.Cancel(cctx)
		ccancel()
		syscall.Kill(-pgid, syscall.SIGKILL) // what is left of the group
	}()
	return f(ctx)
}

// export makes each nbconvert export self-contained into htmlDir (if set)
// and prints it, or each page given, into pdfDir (if set).
func export(ctx context.Context, inputs []string, htmlDir, pdfDir string, timeout time.Duration) error {
	var errs []error
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
		start := time.Now()
		out, msg := in, ""
		if htmlDir != "" {
			out = filepath.Join(htmlDir, name+".html")
			if err := selfContained(ctx, in, out, timeout); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", in, err))
				continue
			}
			msg = fmt.Sprintf("%s (%s)", out, size(out))
		}
		if pdfDir != "" {
			pdf := filepath.Join(pdfDir, name+".pdf")
			if err := printPDF(ctx, out, pdf, timeout); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", out, err))
				continue
			}
			msg = strings.TrimPrefix(msg+fmt.Sprintf(", %s (%s)", pdf, size(pdf)), ", ")
		}
		log.Printf("%s in %.1fs", msg, time.Since(start).Seconds())
	}
	return errors.Join(errs...)
}

// size writes a file's size in kB.
func size(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%d kB", (fi.Size()+512)/1024)
}

// newTab opens a tab of the browser parent for the local file path, its
// actions bounded by timeout, and returns it with the file's URL; done
// closes it.
func newTab(parent context.Context, path string, timeout time.Duration) (ctx context.Context, u string, done func(), err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, "", nil, err
	}
	tab, closeTab := chromedp.NewContext(parent)
	ctx, cancel := context.WithTimeout(tab, timeout)
	return ctx, (&url.URL{Scheme: "file", Path: abs}).String(), func() { cancel(); closeTab() }, nil
}

// typesetJS resolves once MathJax has typeset the page: when its startup
// is over, after every typeset queued so far (its own of the page and the
// template's). It rejects at once when MathJax did not load.
const typesetJS = `new Promise((resolve, reject) => {
  const hub = window.MathJax && window.MathJax.Hub;
  if (!hub) {
    const s = document.querySelector('script[src*="MathJax"]');
    reject(new Error('MathJax did not load from ' + (s ? s.src : 'anywhere') + ' (Debian: apt-get install libjs-mathjax)'));
    return;
  }
  const done = () => resolve(document.querySelectorAll('.MathJax_SVG').length);
  const wait = () => window.MathJax.isReady ? hub.Queue(done) : setTimeout(wait, 50);
  wait();
})`

// tagsJS lays out the equation numbers of the display formulas (\tag{…}).
// MathJax 2's SVG output draws a numbered formula as one SVG as wide as the
// page was when it typeset, the number at its right end: on a narrower
// screen or on paper the number falls off the edge (the PDF lost every
// one). So each numbered formula is cropped to its own drawing, and its
// number becomes text in a grid beside it (span.mn-tag; the template's
// style puts the formula in the middle and the number at the right margin),
// text that a reader can select and pdftotext extracts. A formula with
// several numbers (an align with a \tag per row) keeps them in its SVG,
// moved to one em right of the formula. It returns how many numbers became
// text and how many stayed in an SVG.
const tagsJS = `(() => {
  const out = {text: 0, svg: 0};
  document.querySelectorAll('.MathJax_SVG_Display').forEach(display => {
    const frame = display.querySelector('.MathJax_SVG');
    const svg = frame && frame.querySelector(':scope > svg');
    const root = svg && svg.querySelector(':scope > g');
    if (!root) return;
    const tags = [...svg.querySelectorAll('g[id^="mjx-eqn-"]')];
    if (tags.length === 0) return;
    const vb = svg.viewBox.baseVal;
    const perEx = vb.width / parseFloat(svg.getAttribute('width')); // MathJax units per ex
    // The children of the root group that hold numbers, and the formula.
    const holders = [...root.children].filter(g => tags.some(t => g.contains(t)));
    const labels = [...frame.querySelectorAll('mlabeledtr > mtd:first-child')].map(m => m.textContent.trim());
    const crop = (x0, x1) => {
      const pad = 60;
      svg.setAttribute('viewBox', [x0 - pad, vb.y, x1 - x0 + 2 * pad, vb.height].join(' '));
      svg.setAttribute('width', ((x1 - x0 + 2 * pad) / perEx).toFixed(3) + 'ex');
      svg.style.removeProperty('max-width');
    };
    if (tags.length === 1 && holders.length === 1 && labels.length === 1 && labels[0] !== '') {
      holders[0].remove();
      const b = svg.getBBox();
      crop(b.x, b.x + b.width);
      const tag = document.createElement('span');
      tag.className = 'mn-tag';
      tag.textContent = labels[0];
      display.appendChild(tag);
      display.classList.add('mn-tagged');
      out.text++;
      return;
    }
    holders.forEach(h => h.style.display = 'none');
    const b = svg.getBBox();
    holders.forEach(h => h.style.removeProperty('display'));
    let right = b.x + b.width + 1000;
    holders.forEach(h => {
      const hb = h.getBBox();
      h.setAttribute('transform', 'translate(' + (b.x + b.width + 1000 - hb.x) + ',0)');
      right = Math.max(right, b.x + b.width + 1000 + hb.width);
    });
    crop(b.x, right);
    out.svg += tags.length;
  });
  return out;
})()`

// slidersJS resolves once every slider of the page (pkg/notebook's
// Slider) has unpacked its frames and set the images of its print strip
// (root.mnReady), with the number of sliders; it rejects after 30 s.
const slidersJS = `new Promise((resolve, reject) => {
  const all = [...document.querySelectorAll('.mn-slider')];
  const t0 = Date.now();
  const wait = () => {
    const left = all.filter(s => !s.mnReady);
    if (left.length === 0) return resolve(all.length);
    if (Date.now() - t0 > 30000) return reject(new Error(left.length + ' of ' + all.length + ' sliders did not unpack their frames'));
    setTimeout(wait, 50);
  };
  wait();
})`

// typographyJS sets the page for print, in its DOM, once MathJax has
// typeset it. It returns how many formulas it glued to punctuation and how
// many lines of code it laid out.
//
// Punctuation: the browser may break a line between an inline formula (an
// SVG, which line breaking treats as a picture) and the punctuation after
// it, and a Chinese line then starts with "，" or "；". Each inline formula
// is wrapped, with the closing punctuation right after it and the opening
// punctuation right before it (package cjk) (also across the end of an element it
// closes, such as <strong>), in span.mn-nobr, which the template keeps on
// one line.
//
// Code: each line of a <pre> (code cells and text outputs) becomes a
// span.mn-line, its leading tabs expanded to spaces (tab-size) and its
// indentation set as --mn-indent, from which the template's style makes a
// hanging indent: a line too long for the page goes on under its own
// indentation, a step further, not at the left margin. Highlighting spans
// that run across lines are split with them.
var typographyJS = strings.NewReplacer("CLOSING", jsValue(cjk.Closing), "OPENING", jsValue(cjk.Opening)).Replace(`(() => {
  const CLOSE = CLOSING, OPEN = OPENING;
  const skip = n => n && (n.nodeType === 8 || (n.nodeType === 1 && (n.tagName === 'SCRIPT' || n.classList.contains('MathJax_Preview'))) ||
    (n.nodeType === 3 && n.data === ''));
  const next = n => { let x = n.nextSibling; while (skip(x)) x = x.nextSibling; return x; };
  const prev = n => { let x = n.previousSibling; while (skip(x)) x = x.previousSibling; return x; };
  const inline = e => e && e.nodeType === 1 && /^(STRONG|EM|B|I|A|SPAN|CODE|SUB|SUP)$/.test(e.tagName) && !e.classList.contains('mn-nobr');
  let glued = 0, lines = 0;
  document.querySelectorAll('.MathJax_SVG').forEach(m => {
    if (m.closest('.MathJax_SVG_Display') || m.closest('.mn-nobr') || m.closest('pre')) return;
    // The outermost inline element that the formula ends (or starts), so
    // that punctuation after </strong> still glues.
    let last = m, first = m;
    while (!next(last) && inline(last.parentElement)) last = last.parentElement;
    while (!prev(first) && inline(first.parentElement)) first = first.parentElement;
    const after = next(last), before = prev(first);
    let tail = '', head = '';
    if (after && after.nodeType === 3) {
      let i = 0;
      while (i < after.data.length && CLOSE.includes(after.data[i])) i++;
      tail = after.data.slice(0, i);
    }
    if (before && before.nodeType === 3) {
      let i = before.data.length;
      while (i > 0 && OPEN.includes(before.data[i - 1])) i--;
      head = before.data.slice(i);
    }
    if (!tail && !head) return;
    // Both ends must share a parent to be wrapped together.
    if (first.parentNode !== last.parentNode) return;
    const span = document.createElement('span');
    span.className = 'mn-nobr';
    first.parentNode.insertBefore(span, first);
    if (head) {
      before.data = before.data.slice(0, before.data.length - head.length);
      span.appendChild(document.createTextNode(head));
    }
    let n = first;
    while (n) {
      const following = n.nextSibling;
      span.appendChild(n);
      if (n === last) break;
      n = following;
    }
    if (tail) {
      after.data = after.data.slice(tail.length);
      span.appendChild(document.createTextNode(tail));
    }
    glued++;
  });
  document.querySelectorAll('.jp-InputArea-editor pre, .jp-OutputArea-output pre').forEach(pre => {
    if (pre.querySelector('.mn-line')) return;
    const tab = parseInt(getComputedStyle(pre).tabSize, 10) || 8;
    const out = [[]];
    const walk = (node, chain) => {
      for (const c of [...node.childNodes]) {
        if (c.nodeType === 3) {
          c.data.split('\n').forEach((p, i) => {
            if (i > 0) out.push([]);
            if (p) out[out.length - 1].push({text: p, chain: chain});
          });
        } else if (c.nodeType === 1 && c.tagName === 'BR') {
          out.push([]);
        } else if (c.nodeType === 1) {
          walk(c, chain.concat([c]));
        }
      }
    };
    walk(pre, []);
    if (out.length > 1 && out[out.length - 1].length === 0) out.pop();
    const frag = document.createDocumentFragment();
    for (const segs of out) {
      const line = document.createElement('span');
      line.className = 'mn-line';
      let col = 0, lead = true;
      for (const seg of segs) {
        let text = seg.text;
        if (lead) {
          let i = 0, ws = '';
          for (; i < text.length && (text[i] === ' ' || text[i] === '\t'); i++) {
            const n = text[i] === '\t' ? tab - col % tab : 1;
            ws += ' '.repeat(n);
            col += n;
          }
          if (i < text.length) lead = false;
          text = ws + text.slice(i);
        }
        let parent = line;
        for (const e of seg.chain) {
          const copy = e.cloneNode(false);
          copy.removeAttribute('id');
          parent.appendChild(copy);
          parent = copy;
        }
        parent.appendChild(document.createTextNode(text));
      }
      if (col > 0) line.style.setProperty('--mn-indent', col + 'ch');
      frag.appendChild(line);
      lines++;
    }
    pre.replaceChildren(frag);
  });
  // Headings' formulas as text for the PDF outline, which Chromium takes
  // from the text a heading paints: an SVG formula paints none, and MathJax
  // hides its MathML in print. Each gets a span.mn-outline with the
  // formula as Unicode text (x⁽¹⁾, E₁), painted transparent at 1px beside
  // it; it must not be aria-hidden, or the outline leaves it out too.
  const SUP = {'0':'⁰','1':'¹','2':'²','3':'³','4':'⁴','5':'⁵','6':'⁶','7':'⁷','8':'⁸','9':'⁹','+':'⁺','-':'⁻','−':'⁻','(':'⁽',')':'⁾','=':'⁼','n':'ⁿ','i':'ⁱ','T':'ᵀ','*':'*'};
  const SUB = {'0':'₀','1':'₁','2':'₂','3':'₃','4':'₄','5':'₅','6':'₆','7':'₇','8':'₈','9':'₉','+':'₊','-':'₋','−':'₋','(':'₍',')':'₎','=':'₌','a':'ₐ','e':'ₑ','h':'ₕ','i':'ᵢ','j':'ⱼ','k':'ₖ','l':'ₗ','m':'ₘ','n':'ₙ','o':'ₒ','p':'ₚ','r':'ᵣ','s':'ₛ','t':'ₜ','u':'ᵤ','v':'ᵥ','x':'ₓ'};
  const script = (t, map, mark) => [...t].every(c => c in map) ? [...t].map(c => map[c]).join('') : mark + t;
  const mathText = n => {
    if (n.nodeType === 3) return n.data;
    if (n.nodeType !== 1) return '';
    const kids = [...n.children];
    switch (n.localName) {
    case 'msub': return mathText(kids[0]) + script(mathText(kids[1]), SUB, '_');
    case 'msup': return mathText(kids[0]) + script(mathText(kids[1]), SUP, '^');
    case 'msubsup': return mathText(kids[0]) + script(mathText(kids[1]), SUB, '_') + script(mathText(kids[2]), SUP, '^');
    case 'mfrac': return mathText(kids[0]) + '/' + mathText(kids[1]);
    }
    return [...n.childNodes].map(mathText).join('');
  };
  let outlined = 0;
  document.querySelectorAll('h1 .MathJax_SVG, h2 .MathJax_SVG, h3 .MathJax_SVG, h4 .MathJax_SVG, h5 .MathJax_SVG, h6 .MathJax_SVG').forEach(m => {
    const mml = m.querySelector('.MJX_Assistive_MathML math');
    if (!mml || m.querySelector('.mn-outline')) return;
    const span = document.createElement('span');
    span.className = 'mn-outline';
    span.setAttribute('style', 'position:absolute;color:transparent;font-size:1px;white-space:nowrap;pointer-events:none');
    span.textContent = mathText(mml).replace(/\s+/g, '');
    m.appendChild(span);
    outlined++;
  });
  // A number never on another line than its word: 定义 7.3, 例 2.1,
  // Definition 7.3 (a span.mn-nobr, as above).
  const NUMBERED = /(定义|定理|引理|推论|算法|例|图|表|习题|练习|笔记本|Definition|Theorem|Lemma|Corollary|Algorithm|Example|Figure|Table|Exercise|notebook) (\d+(?:\.\d+)*)/g;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement.closest('pre, script, style, .MathJax_SVG, .mn-nobr, svg, title')) continue;
    NUMBERED.lastIndex = 0;
    if (NUMBERED.test(n.data)) found.push(n);
  }
  let numbered = 0;
  found.forEach(n => {
    const parts = [];
    let last = 0;
    n.data.replace(NUMBERED, (m, w, d, at) => {
      if (at > last) parts.push(document.createTextNode(n.data.slice(last, at)));
      const span = document.createElement('span');
      span.className = 'mn-nobr';
      span.textContent = m;
      parts.push(span);
      last = at + m.length;
      numbered++;
      return m;
    });
    if (last < n.data.length) parts.push(document.createTextNode(n.data.slice(last)));
    n.replaceWith(...parts);
  });
  return {glued: glued, lines: lines, outlined: outlined, numbered: numbered};
})()`)

// jsValue writes v, a string or a map of them, as a JavaScript value.
func jsValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

type typography struct {
	Glued    int `json:"glued"`
	Lines    int `json:"lines"`
	Outlined int `json:"outlined"` // headings' formulas given text for the outline
	Numbered int `json:"numbered"` // "定义 7.3" kept on one line
}

type tagged struct {
	Text int `json:"text"`
	SVG  int `json:"svg"`
}

// freezeJS removes what the typeset page no longer needs and what would
// load files: the scripts with a src, MathJax's configuration and its TeX
// sources (type math/tex), its message box and previews. The sliders'
// inline scripts stay. It reports the references to anything but the page
// itself and data: URLs that are left, and the TeX errors.
const freezeJS = `(() => {
  document.querySelectorAll('script').forEach(s => {
    const type = (s.getAttribute('type') || '').toLowerCase();
    if (s.hasAttribute('src') || type === 'text/x-mathjax-config' || type.startsWith('math/')) s.remove();
  });
  ['MathJax_Message', 'MathJax_Font_Test'].forEach(id => { const e = document.getElementById(id); if (e) e.remove(); });
  document.querySelectorAll('.MathJax_Preview').forEach(e => e.remove());
  const refs = [];
  document.querySelectorAll('[src], link[href], [srcset]').forEach(e => {
    const u = e.getAttribute('src') || e.getAttribute('href') || e.getAttribute('srcset') || '';
    if (u && !u.startsWith('data:') && !u.startsWith('#')) refs.push(e.tagName.toLowerCase() + ' ' + u.slice(0, 120));
  });
  document.querySelectorAll('style').forEach(s => {
    for (const m of s.textContent.matchAll(/url\(\s*['"]?([^'")]+)/g)) {
      if (!m[1].startsWith('data:') && !m[1].startsWith('#')) refs.push('css ' + m[1].slice(0, 120));
    }
  });
  const errors = [...document.querySelectorAll('.MathJax_SVG [fill="red"], .MathJax_SVG .merror, .MathJax_Error')]
    .map(e => (e.textContent || '').slice(0, 80));
  return {refs: refs, errors: errors, html: '<!DOCTYPE html>\n' + document.documentElement.outerHTML};
})()`

type frozen struct {
	Refs   []string `json:"refs"`
	Errors []string `json:"errors"`
	HTML   string   `json:"html"`
}

// selfContained typesets the nbconvert export in and writes the
// self-contained page to out.
func selfContained(parent context.Context, in, out string, timeout time.Duration) error {
	page, removeCopy, err := sanitized(in)
	if err != nil {
		return err
	}
	defer removeCopy()
	ctx, u, done, err := newTab(parent, page, timeout)
	if err != nil {
		return err
	}
	defer done()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return fmt.Errorf("opening: %w", err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](typesetJS, chromedp.EvalAwaitPromise))
	if err != nil {
		return fmt.Errorf("typesetting: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[tagged](tagsJS)); err != nil {
		return fmt.Errorf("equation numbers: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](slidersJS, chromedp.EvalAwaitPromise)); err != nil {
		return fmt.Errorf("sliders: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[typography](typographyJS)); err != nil {
		return fmt.Errorf("laying out punctuation and code: %w", err)
	}
	f, err := chromedp.Run(ctx, chromedp.Evaluate[frozen](freezeJS))
	if err != nil {
		return fmt.Errorf("freezing the page: %w", err)
	}
	if len(f.Errors) > 0 {
		return fmt.Errorf("MathJax could not typeset %d formulas: %q", len(f.Errors), f.Errors)
	}
	if len(f.Refs) > 0 {
		return fmt.Errorf("the page still refers to files: %q", f.Refs)
	}
	if n == 0 && strings.Contains(f.HTML, "$") {
		log.Printf("%s: no formula typeset", in)
	}
	return os.WriteFile(out, []byte(f.HTML), 0o644)
}

// readyJS resolves when the page's images are decoded and its fonts loaded,
// so that the print shows them.
//
// It also waits for each playground the page embeds (iframe.mn-playground,
// notebook 15) to have drawn its first result (#result's data-result, set
// by the page's script once its WebAssembly has fitted the points): printed
// before, the plane would be empty. A playground that has not drawn within
// a minute fails the export; one whose document the page cannot read is
// given two seconds after it loads.
const readyJS = `Promise.all([...document.images].map(i => i.decode().catch(() => null)))
  .then(() => document.fonts.ready)
  .then(() => Promise.all([...document.querySelectorAll('iframe.mn-playground')].map(f => new Promise((ok, fail) => {
    const start = Date.now();
    const poll = () => {
      const doc = f.contentDocument;
      if (!doc) {
        return setTimeout(ok, 2000);
      }
      const r = doc.getElementById('result');
      if (r && r.dataset.result) {
        return setTimeout(ok, 200); // the frame after the result drawn
      }
      if (Date.now() - start > 60000) {
        return fail(new Error('a playground (iframe.mn-playground) drew no result within 60 s'));
      }
      setTimeout(poll, 100);
    };
    poll();
  }))))
  .then(() => document.images.length)`

// footer is the page footer of the PDF: the notebook's title and the page
// number.
const footer = `<div style="font-size:8px;width:100%;margin:0 12mm;color:#555;display:flex;justify-content:space-between">` +
	`<span class="title"></span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`

// printPDF opens the self-contained page and prints it to pdf. It fails if
// the page requests any URL but its own and data: URLs.
func printPDF(parent context.Context, page, pdf string, timeout time.Duration) error {
	page, removeCopy, err := sanitized(page)
	if err != nil {
		return err
	}
	defer removeCopy()
	ctx, u, done, err := newTab(parent, page, timeout)
	if err != nil {
		return err
	}
	defer done()
	requests, err := browser.WatchRequests(ctx, u)
	if err != nil {
		return err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return fmt.Errorf("opening: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](readyJS, chromedp.EvalAwaitPromise)); err != nil {
		return fmt.Errorf("waiting for images and fonts: %w", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](solutionsJS)); err != nil {
		return fmt.Errorf("moving the solutions: %w", err)
	}
	if ext := requests(); len(ext) > 0 {
		return fmt.Errorf("the page requested %d other files: %q", len(ext), ext)
	}
	data, err := chromedp.Run(ctx, chromedp.PrintToPDF(
		chromedp.PDFPreferCSSPageSize(), // A4 and its margins, from the template
		chromedp.PDFPaper(chromedp.PaperA4),
		chromedp.PDFScale(0.8),
		chromedp.PDFPrintBackground(),
		chromedp.PDFHeaderTemplate(`<span></span>`),
		chromedp.PDFFooterTemplate(footer),
		chromedp.PDFOutlineAndTagged(),
		chromedp.PDFStream(),
	))
	if err != nil {
		return fmt.Errorf("printing: %w", err)
	}
	return os.WriteFile(pdf, data, 0o644)
}
