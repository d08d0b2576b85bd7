package e2e

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestSite checks the site that `make site` wrote to build/site (make
// test-site sets MARGINNOTES_SITE=1). It copies the site into an empty
// folder and opens index.html from there in headless Chromium, with every
// request outside that folder blocked and recorded (network interception:
// the Fetch domain fails every request but the folder's files, the Network
// domain lists them all); any such request fails the test. In each edition
// it walks every page by the top bar's "next" link, from the index through
// every notebook in reading order to the glossary, and checks each page:
// its title, its formulas typeset, its figures drawn, the bar's links. On
// a few pages it follows the language switch to the same page of the other
// edition and back. It moves the first slider of each edition with the
// arrow keys (the export's slider, with the checks of the notebook test:
// every frame, the book's numbers, redraw time), checks that the search
// script splits every section's text into the terms the index holds for
// it, types a Chinese and an English term into the search box, and follows
// a result to its section, and opens the playground page of each edition
// from its index. Screenshots go to build/e2e/site/.
func TestSite(t *testing.T) {
	if os.Getenv("MARGINNOTES_SITE") != "1" {
		t.Skip("set MARGINNOTES_SITE=1 (make test-site) to check the site in a browser")
	}
	start := time.Now()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	built := filepath.Join(repo, "build", "site")
	if _, err := os.Stat(filepath.Join(built, "index.html")); err != nil {
		t.Fatalf("no site in %s (make site): %v", built, err)
	}
	outDir := filepath.Join(repo, "build", "e2e", "site")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	notebooks, err := discoverEditions(filepath.Join(repo, "notebooks"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "copied site")
	if err := os.CopyFS(dir, os.DirFS(built)); err != nil {
		t.Fatal(err)
	}
	browser := startBrowser(t, outDir)

	t.Run("guard", func(t *testing.T) { checkGuard(t, browser) })

	tab, closeTab := newTab(t, browser)
	defer closeTab()
	g, err := guard(tab, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ed := range []string{"", zhPrefix} {
		name := cmp.Or(strings.TrimSuffix(ed, "/"), "en")
		t.Run(name, func(t *testing.T) {
			walkEdition(t, tab, dir, ed, notebooks, outDir)
		})
	}
	t.Run("slider", func(t *testing.T) {
		for _, ed := range []string{"", zhPrefix} {
			i := slices.IndexFunc(notebooks, func(n savedNotebook) bool {
				return n.Sliders > 0 && strings.HasPrefix(n.Name, ed) && (ed != "" || !n.chinese())
			})
			if i < 0 {
				t.Errorf("no notebook with a slider in edition %q", ed)
				continue
			}
			nb := notebooks[i]
			if err := open(tab, dir, nb.Name+".html"); err != nil {
				t.Fatal(err)
			}
			if got := driveSliders(t, tab, nb.Name, nb.outPath(outDir, "site-")); got != nb.Sliders {
				t.Errorf("%s: %d sliders on the site's page, %d in the notebook", nb.Name, got, nb.Sliders)
			}
		}
	})
	t.Run("search", func(t *testing.T) {
		checkSearch(t, tab, dir, outDir)
	})
	t.Run("playground", func(t *testing.T) {
		checkSitePlayground(t, tab, dir)
	})
	if other := g.outside(); len(other) > 0 {
		t.Errorf("the site requested %d URLs outside its folder: %q", len(other), other)
	}
	files, size := siteFiles(dir)
	t.Logf("site of %d files (%.1f MB) checked in %v: %d requests, all inside %s",
		files, float64(size)/1e6, time.Since(start).Round(time.Second), g.count(), dir)
}

// checkSitePlayground opens the playground page of each edition from the
// index's link, waits for its first result and follows its bar back to the
// index (e2e/playground_test.go drives the page itself).
func checkSitePlayground(t *testing.T, tab context.Context, dir string) {
	for _, ed := range []string{"", zhPrefix} {
		if err := open(tab, dir, ed+"index.html"); err != nil {
			t.Fatal(err)
		}
		href, err := eval[string](tab, `(document.querySelector('.mn-site-toc a[href="playground.html"]') || {}).href || ''`)
		if err != nil || !strings.HasSuffix(href, "/"+ed+"playground.html") {
			t.Errorf("%sindex.html lists no playground (%q, %v)", ed, href, err)
			continue
		}
		if err := open(tab, dir, ed+"playground.html"); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(tab, 20*time.Second)
		status, err := chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.ready === '1' && JSON.parse(document.getElementById('result').dataset.result).status`))
		cancel()
		if err != nil || status != "converged" {
			t.Errorf("%splayground.html: %q, %v", ed, status, err)
		}
		bar, err := eval[string](tab, `(document.querySelector('.mn-site-nav .mn-site-contents') || {}).href || ''`)
		if err != nil || !strings.HasSuffix(bar, ed+"index.html") {
			t.Errorf("%splayground.html: the bar's contents link is %q (%v)", ed, bar, err)
		}
	}
}

// requestGuard blocks and records the requests of a tab that leave a
// folder.
type requestGuard struct {
	mu      sync.Mutex
	prefix  string // file URL of the folder, with a slash at the end
	other   []string
	allowed int
}

// guard starts guarding tab: every request for a URL outside dir (a
// file:// URL elsewhere, http, https, anything but data:) is recorded, and
// failed if the browser lets the Fetch domain pause it.
func guard(tab context.Context, dir string) (*requestGuard, error) {
	g := &requestGuard{prefix: (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir) + "/"}).String()}
	inside := func(u string) bool {
		return strings.HasPrefix(u, g.prefix) || strings.HasPrefix(u, "data:") || u == "about:blank"
	}
	chromedp.Listen(tab, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			g.mu.Lock()
			if inside(e.Request.URL) {
				g.allowed++
			} else {
				g.other = append(g.other, e.Request.URL)
			}
			g.mu.Unlock()
		case *fetch.EventRequestPaused:
			// The listener must not wait for the browser: answer in a goroutine.
			go func() {
				if inside(e.Request.URL) {
					chromedp.Call(tab, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
					return
				}
				g.mu.Lock()
				g.other = append(g.other, e.Request.URL)
				g.mu.Unlock()
				chromedp.Call(tab, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
			}()
		}
	})
	if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(tab, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}); err != nil {
		return nil, err
	}
	return g, nil
}

// outside returns the URLs outside the folder that were requested, each
// once.
func (g *requestGuard) outside() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := slices.Clone(g.other)
	slices.Sort(out)
	return slices.Compact(out)
}

func (g *requestGuard) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.allowed + len(g.other)
}

// checkGuard checks the guard itself: a page that loads an image from the
// web and one from beside its folder must show both as requests outside,
// and neither may load (the Fetch domain pauses file:// requests too).
func checkGuard(t *testing.T, browser context.Context) {
	root := t.TempDir()
	dir := filepath.Join(root, "site")
	page := `<!DOCTYPE html><html><body><img id="web" src="https://example.com/mn-e2e.png">` +
		`<img id="beside" src="../beside.svg"><img id="inside" src="inside.svg"></body></html>`
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>`
	for name, content := range map[string]string{"site/index.html": page, "site/inside.svg": svg, "beside.svg": svg} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tab, closeTab := newTab(t, browser)
	defer closeTab()
	g, err := guard(tab, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := open(tab, dir, "index.html"); err != nil {
		t.Fatal(err)
	}
	loaded, err := eval[map[string]bool](tab, `Object.fromEntries([...document.images].map(i => [i.id, i.complete && i.naturalWidth > 0]))`)
	if err != nil {
		t.Fatal(err)
	}
	other := g.outside()
	want := []string{"https://example.com/mn-e2e.png", (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(root, "beside.svg"))}).String()}
	for _, w := range want {
		if !slices.Contains(other, w) {
			t.Errorf("the guard did not report %s; it reported %q", w, other)
		}
	}
	if loaded["web"] || loaded["beside"] || !loaded["inside"] {
		t.Errorf("the guard let an image from outside the folder load, or blocked the folder's own: %v", loaded)
	}
}

// open navigates tab to the file name (slash-separated) in dir and waits
// until it has loaded.
func open(tab context.Context, dir, name string) error {
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(name)))}).String()
	if err := do(tab, pageLoadTimeout, chromedp.Navigate(u)); err != nil {
		return fmt.Errorf("opening %s: %w", name, err)
	}
	return waitLoaded(tab, u)
}

// waitLoaded waits until the tab shows the page u (any fragment), loaded.
func waitLoaded(tab context.Context, u string) error {
	base, _, _ := strings.Cut(u, "#")
	deadline := time.Now().Add(pageLoadTimeout)
	for {
		st, err := eval[[2]string](tab, `[location.href, document.readyState]`)
		if err == nil {
			at, _, _ := strings.Cut(st[0], "#")
			if at == base && st[1] == "complete" {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not load within %v (at %v, %v)", u, pageLoadTimeout, st, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// follow clicks the element sel of the page in tab, a link, and waits for
// the page it leads to. It returns that page's URL.
func follow(tab context.Context, sel string) (string, error) {
	href, err := eval[string](tab, fmt.Sprintf(`(document.querySelector(%q) || {}).href || ''`, sel))
	if err != nil || href == "" {
		return "", fmt.Errorf("no link %s on the page (%v)", sel, err)
	}
	if err := do(tab, clickTimeout, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err != nil {
		return "", fmt.Errorf("clicking %s: %w", sel, err)
	}
	return href, waitLoaded(tab, href)
}

// sitePageJS reads a page of the site: its title, language, the links of
// its bar, its formulas and figures.
const sitePageJS = `(() => {
  const nav = document.querySelector('.mn-site-nav');
  const link = s => { const a = nav && nav.querySelector(s); return a ? a.href : ''; };
  const h1 = document.querySelector('h1');
  const imgs = [...document.querySelectorAll('.jp-OutputArea-output img, .jp-OutputArea-output svg')];
  return {
    url: location.href,
    title: h1 ? h1.textContent.replace('¶', '').trim() : '',
    lang: document.documentElement.lang,
    next: link('a[rel=next]'), prev: link('a[rel=prev]'), other: link('.mn-site-lang'),
    math: document.querySelectorAll('.MathJax_SVG').length,
    raw: [...document.querySelectorAll('.jp-RenderedMarkdown')].map(e => e.innerText).filter(t => /\$\$|\\frac|\\begin\{/.test(t)).length,
    images: imgs.length,
    drawn: imgs.filter(m => m.tagName === 'svg' ? m.getBoundingClientRect().width > 0 : m.complete && m.naturalWidth > 0).length,
    search: !!(nav && nav.querySelector('.mn-site-search input')),
    foot: !!document.querySelector('.mn-site-foot'),
  };
})()`

type sitePage struct {
	URL    string `json:"url"`
	Title  string `json:"title"`
	Lang   string `json:"lang"`
	Next   string `json:"next"`
	Prev   string `json:"prev"`
	Other  string `json:"other"`
	Math   int    `json:"math"`
	Raw    int    `json:"raw"`
	Images int    `json:"images"`
	Drawn  int    `json:"drawn"`
	Search bool   `json:"search"`
	Foot   bool   `json:"foot"`
}

// number is a notebook's number, NN of NN-name.
func number(name string) int {
	n, _ := strconv.Atoi(strings.SplitN(filepath.Base(name), "-", 2)[0])
	return n
}

// walkEdition walks the edition ed ("" or "zh/") from its index by the next
// links and checks each page; see TestSite.
func walkEdition(t *testing.T, tab context.Context, dir, ed string, notebooks []savedNotebook, outDir string) {
	var nbs []savedNotebook
	for _, n := range notebooks {
		if strings.HasPrefix(n.Name, ed) && (ed != "" || !n.chinese()) {
			nbs = append(nbs, n)
		}
	}
	slices.SortStableFunc(nbs, func(a, b savedNotebook) int { return cmp.Compare(number(a.Name), number(b.Name)) })
	want := []string{ed + "index.html"}
	for _, n := range nbs {
		want = append(want, n.Name+".html")
	}
	want = append(want, ed+"glossary.html")

	if err := open(tab, dir, want[0]); err != nil {
		t.Fatal(err)
	}
	shot(t, tab, filepath.Join(outDir, strings.ReplaceAll(ed, "/", "-")+"index.png"), false)
	prefix := (&url.URL{Scheme: "file", Path: filepath.ToSlash(dir) + "/"}).String()
	rel := func(u string) string {
		u, _, _ = strings.Cut(u, "#")
		if p, err := url.PathUnescape(strings.TrimPrefix(u, prefix)); err == nil {
			return p
		}
		return u
	}
	wantLang := map[string]string{"": "en", zhPrefix: "zh-CN"}[ed]
	var walked []string
	for step := 0; ; step++ {
		p, err := eval[sitePage](tab, sitePageJS)
		if err != nil {
			t.Fatalf("reading %s: %v", rel(p.URL), err)
		}
		name := rel(p.URL)
		walked = append(walked, name)
		switch {
		case p.Title == "":
			t.Errorf("%s: no title (h1)", name)
		case p.Lang != wantLang:
			t.Errorf("%s: lang %q, want %q", name, p.Lang, wantLang)
		case !p.Search || !p.Foot:
			t.Errorf("%s: no search box or no previous/next at the bottom", name)
		case step > 0 && rel(p.Prev) != walked[len(walked)-2]:
			t.Errorf("%s: previous leads to %s, want %s", name, rel(p.Prev), walked[len(walked)-2])
		}
		if nb := slices.IndexFunc(nbs, func(n savedNotebook) bool { return n.Name+".html" == name }); nb >= 0 {
			if p.Math == 0 || p.Raw > 0 {
				t.Errorf("%s: %d formulas typeset, %d Markdown cells with raw LaTeX", name, p.Math, p.Raw)
			}
			if p.Drawn < p.Images || p.Images < len(nbs[nb].plotCells()) {
				t.Errorf("%s: %d of %d figures drawn, for %d plot cells", name, p.Drawn, p.Images, len(nbs[nb].plotCells()))
			}
		}
		if name == want[1] {
			shot(t, tab, filepath.Join(outDir, strings.ReplaceAll(ed, "/", "-")+"notebook.png"), false)
		}
		if step == len(want)-2 { // the last notebook's end: previous and next at the bottom
			if _, err := eval[bool](tab, `(window.scrollTo(0, document.documentElement.scrollHeight), true)`); err == nil {
				shot(t, tab, filepath.Join(outDir, strings.ReplaceAll(ed, "/", "-")+"notebook-end.png"), false)
			}
		}
		// The language switch on the index, the second notebook, the last
		// one and the glossary: to the same page of the other edition.
		if step == 0 || step == 2 || step == len(want)-2 || step == len(want)-1 {
			checkSwitch(t, tab, p, name, ed, rel)
		}
		if p.Next == "" || len(walked) > len(want)+2 {
			break
		}
		if _, err := follow(tab, ".mn-site-nav a[rel=next]"); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if !slices.Equal(walked, want) {
		t.Errorf("the next links walk\n%q\nwant\n%q", walked, want)
	}
	t.Logf("edition %q: %d pages walked by the next links", cmp.Or(ed, "en"), len(walked))
}

// checkSwitch follows the language switch of page p (name) and comes back.
func checkSwitch(t *testing.T, tab context.Context, p sitePage, name, ed string, rel func(string) string) {
	t.Helper()
	other := zhPrefix + name
	if ed != "" {
		other = strings.TrimPrefix(name, zhPrefix)
	}
	if _, err := follow(tab, ".mn-site-nav .mn-site-lang"); err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	q, err := eval[sitePage](tab, sitePageJS)
	switch {
	case err != nil:
		t.Errorf("%s: reading its other edition: %v", name, err)
	case rel(q.URL) != other:
		t.Errorf("%s: the language switch leads to %s, want %s", name, rel(q.URL), other)
	case rel(q.Other) != name:
		t.Errorf("%s: the switch back on %s leads to %s", name, other, rel(q.Other))
	case q.Title == "":
		t.Errorf("%s: no title", other)
	}
	if err := do(tab, pageLoadTimeout, chromedp.NavigateBack()); err != nil {
		t.Fatalf("back to %s: %v", name, err)
	}
	if err := waitLoaded(tab, p.URL); err != nil {
		t.Fatal(err)
	}
}

// shot saves a screenshot of the tab's viewport (full: the whole page).
func shot(t *testing.T, tab context.Context, file string, full bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, time.Minute)
	defer cancel()
	var png []byte
	var err error
	if full {
		png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	} else {
		png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	}
	if err != nil {
		t.Logf("screenshot %s: %v", file, err)
		return
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Log(err)
	}
}

// termsAgreeJS splits the text of every section of the search index with
// the search script's terms and compares the counts with the index's,
// which tools/site made: it returns the first disagreements.
const termsAgreeJS = `window.mnSiteSearch.load().then(idx => {
  const fromIndex = idx.docs.map(() => new Map());
  for (const [t, p] of Object.entries(idx.terms))
    for (let i = 0; i < p.length; i += 2) fromIndex[p[i]].set(t, p[i + 1]);
  const bad = [];
  idx.docs.forEach((d, i) => {
    const js = new Map();
    for (const q of window.mnSiteSearch.terms(d[3])) js.set(q.t, (js.get(q.t) || 0) + 1);
    const keys = new Set([...js.keys(), ...fromIndex[i].keys()]);
    for (const k of keys) if (js.get(k) !== fromIndex[i].get(k) && bad.length < 10)
      bad.push(idx.pages[d[0]].u + '#' + d[1] + ': ' + JSON.stringify(k) + ' ' + js.get(k) + ' in JS, ' + fromIndex[i].get(k) + ' in the index');
  });
  return {docs: idx.docs.length, terms: Object.keys(idx.terms).length, bad: bad};
})`

type termsAgree struct {
	Docs  int      `json:"docs"`
	Terms int      `json:"terms"`
	Bad   []string `json:"bad"`
}

// searchResultsJS reads the search results shown.
const searchResultsJS = `[...document.querySelectorAll('.mn-site-results a')].map(a => ({href: a.href, where: a.querySelector('.mn-site-where').textContent, snippet: a.querySelector('.mn-site-snippet').textContent, mark: (a.querySelector('mark') || {}).textContent || ''}))`

type searchResult struct {
	Href    string `json:"href"`
	Where   string `json:"where"`
	Snippet string `json:"snippet"`
	Mark    string `json:"mark"`
}

// sectionTextJS returns the text of the section that the page's fragment
// names: from its heading to the next heading of the same or a higher
// level.
const sectionTextJS = `(() => {
  const id = decodeURIComponent(location.hash.slice(1));
  const h = document.getElementById(location.hash.slice(1)) || document.getElementById(id);
  if (!h) return '';
  const level = +h.tagName.slice(1) || 6;
  const all = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const next = all.slice(all.indexOf(h) + 1).find(e => +e.tagName.slice(1) <= level);
  const r = document.createRange();
  r.setStartBefore(h);
  if (next) r.setEndBefore(next); else r.setEndAfter(document.body.lastChild);
  return r.cloneContents().textContent;
})()`

// checkSearch types a Chinese and an English term into the search box and
// follows a result of each to its section.
func checkSearch(t *testing.T, tab context.Context, dir, outDir string) {
	if err := open(tab, dir, "index.html"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(tab, time.Minute)
	agree, err := chromedp.Run(ctx, chromedp.Evaluate[termsAgree](termsAgreeJS, chromedp.EvalAwaitPromise))
	cancel()
	switch {
	case err != nil:
		t.Errorf("comparing the search script's terms with the index's: %v", err)
	case len(agree.Bad) > 0:
		t.Errorf("search.js splits the sections' text otherwise than the index (tools/site): %q", agree.Bad)
	default:
		t.Logf("search.js splits the %d sections into the %d terms of the index", agree.Docs, agree.Terms)
	}
	for _, tc := range []struct {
		page, query, edition, shot string
		enter                      bool // follow the first result with Enter, not a click
	}{
		{"index.html", "对偶形式", "zh/", "search-zh.png", false},
		{"zh/index.html", "hinge loss", "", "search-en.png", true},
	} {
		if err := open(tab, dir, tc.page); err != nil {
			t.Fatal(err)
		}
		input := chromedp.CSS(".mn-site-search input")
		if err := do(tab, clickTimeout, chromedp.Click(input, chromedp.NodeVisible), chromedp.SendKeys(input, tc.query)); err != nil {
			t.Fatalf("typing %q: %v", tc.query, err)
		}
		var results []searchResult
		for deadline := time.Now().Add(10 * time.Second); len(results) == 0 && time.Now().Before(deadline); {
			time.Sleep(100 * time.Millisecond)
			results, _ = eval[[]searchResult](tab, searchResultsJS)
		}
		shot(t, tab, filepath.Join(outDir, tc.shot), false)
		i := slices.IndexFunc(results, func(r searchResult) bool {
			return strings.Contains(r.Href, "/"+tc.edition) && !strings.Contains(r.Href, "glossary")
		})
		if tc.edition == "" {
			i = slices.IndexFunc(results, func(r searchResult) bool {
				return !strings.Contains(r.Href, "/zh/") && !strings.Contains(r.Href, "glossary")
			})
		}
		if i < 0 {
			t.Errorf("%q: no result in edition %q among %d: %+v", tc.query, tc.edition, len(results), results)
			continue
		}
		words := strings.Fields(tc.query)
		for _, r := range results[:min(len(results), 5)] {
			if r.Mark == "" || !strings.Contains(strings.ToLower(r.Snippet), strings.ToLower(words[0])) {
				t.Errorf("%q: the result %s shows no match of %q: %q", tc.query, r.Where, words[0], r.Snippet)
			}
		}
		r := results[i]
		if tc.enter {
			for range i + 1 {
				if err := do(tab, clickTimeout, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
					t.Fatal(err)
				}
			}
			if err := do(tab, clickTimeout, chromedp.KeyEvent(kb.Enter)); err != nil {
				t.Fatal(err)
			}
			if err := waitLoaded(tab, r.Href); err != nil {
				t.Fatal(err)
			}
		} else if _, err := follow(tab, fmt.Sprintf(".mn-site-results a:nth-of-type(%d)", i+1)); err != nil {
			t.Fatal(err)
		}
		at, err := eval[string](tab, `location.href`)
		if err != nil || at != r.Href {
			t.Errorf("%q: following the result %s led to %s (%v)", tc.query, r.Href, at, err)
		}
		section, err := eval[string](tab, sectionTextJS)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range words {
			if !strings.Contains(strings.ToLower(section), strings.ToLower(w)) {
				t.Errorf("%q: the section %s does not hold %q: %.200q", tc.query, r.Href, w, section)
			}
		}
		top, err := eval[float64](tab, `(() => { const h = document.getElementById(location.hash.slice(1)); return h ? h.getBoundingClientRect().top : -1; })()`)
		if err != nil || top < 0 || top > 200 {
			t.Errorf("%q: the section's heading is at %v px from the top of the window, want it in sight below the bar (%v)", tc.query, top, err)
		}
		t.Logf("%q: %d results; followed %q to %s", tc.query, len(results), r.Where, r.Href)
	}
}

// siteFiles lists the site's files, for the log.
func siteFiles(dir string) (n int, size int64) {
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				n++
				size += fi.Size()
			}
		}
		return nil
	})
	return n, size
}
