package e2e

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	mnbrowser "github.com/marginnotes/marginnotes/internal/browser"
)

// Bounds of the browser steps.
const (
	defaultRunTimeout = 10 * time.Minute // Restart & Run All of one notebook
	pageLoadTimeout   = 90 * time.Second // page, kernel connected and idle
	clickTimeout      = 30 * time.Second
	htmlBuildTimeout  = 20 * time.Minute // make html, when no export exists
	pollInterval      = time.Second
	mathTimeout       = 20 * time.Second // MathJax typesetting before a screenshot
)

// gonbKernel is the kernel name `make setup` registers.
const gonbKernel = "gonb"

// goTrouble matches stderr text that reports a Go failure: a panic, a fatal
// runtime error, a compiler message, or the exit status GoNB reports.
var goTrouble = regexp.MustCompile(`(?m)^panic: |^fatal error: |goroutine \d+ \[|\.go:\d+:\d+: |exit status \d+`)

func TestNotebooksInBrowser(t *testing.T) {
	if os.Getenv("MARGINNOTES_E2E") != "1" {
		t.Skip("set MARGINNOTES_E2E=1 (make test-e2e) to run the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	start := time.Now()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	outDir := os.Getenv("MARGINNOTES_E2E_OUT")
	if outDir == "" {
		outDir = filepath.Join(repo, "build", "e2e")
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	runTimeout := defaultRunTimeout
	if v := os.Getenv("MARGINNOTES_E2E_NOTEBOOK_TIMEOUT"); v != "" {
		if runTimeout, err = time.ParseDuration(v); err != nil {
			t.Fatalf("MARGINNOTES_E2E_NOTEBOOK_TIMEOUT: %v", err)
		}
	}
	nbDir := filepath.Join(repo, "notebooks")
	if v := os.Getenv("MARGINNOTES_E2E_NOTEBOOK_DIR"); v != "" {
		// Only for checking the test itself on notebooks that must fail.
		if nbDir, err = filepath.Abs(v); err != nil {
			t.Fatal(err)
		}
	}
	notebooks, err := discoverEditions(nbDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(notebooks) == 0 {
		t.Fatal("no notebooks/*.ipynb or notebooks/zh/*.ipynb to test")
	}

	// MARGINNOTES_E2E_RUN: the notebooks (a regexp of their names, as
	// zh/02-primal-form) that run with Restart & Run All; the others are
	// opened and checked as saved, with every check but the run's. Default:
	// all run.
	var execute *regexp.Regexp
	if v := os.Getenv("MARGINNOTES_E2E_RUN"); v != "" {
		if execute, err = regexp.Compile(v); err != nil {
			t.Fatalf("MARGINNOTES_E2E_RUN: %v", err)
		}
	}

	tabs := defaultTabs
	if v := os.Getenv("MARGINNOTES_E2E_TABS"); v != "" {
		if tabs, err = strconv.Atoi(v); err != nil || tabs < 1 {
			t.Fatalf("MARGINNOTES_E2E_TABS=%q: want a positive number", v)
		}
	}

	srv := startServer(t, repo, nbDir, outDir)
	browser := startBrowser(t, outDir)

	// The notebooks run in up to `tabs` tabs at once, each with its kernel,
	// the two editions of a notebook side by side; the group ends when all
	// have run.
	sem := make(chan struct{}, tabs)
	turns := newTurns()
	t.Run("run", func(t *testing.T) {
		for _, nb := range interleave(notebooks) {
			t.Run(nb.Name, func(t *testing.T) {
				t.Parallel()
				sem <- struct{}{}
				defer func() { <-sem }()
				run := runTimeout
				if execute != nil && !execute.MatchString(nb.Name) {
					run = 0
				}
				runNotebook(t, browser, srv, nb, outDir, run, turns)
			})
		}
	})
	t.Run("html-export", func(t *testing.T) {
		checkHTMLExports(t, browser, repo, notebooks, outDir)
	})
	t.Logf("browser test took %v (%d notebooks, %d tabs at once; slider drives waited %v in all for runs to end)",
		time.Since(start).Round(time.Second), len(notebooks), tabs, turns.waitedUp.Round(time.Second))
}

// defaultTabs is how many notebooks the browser test runs at once: two, one
// per core of the machines it runs on, as the headless notebook test does.
const defaultTabs = 2

// turns keeps the tabs' slider drives apart from each other and from the
// notebook runs: the redraw time of a slider must measure the slider, not
// a kernel of another tab compiling Go on the same two cores. Runs may
// overlap each other; a drive waits until no run is going and no other
// drive, and a run waits until no drive is going or waiting.
type turns struct {
	mu       sync.Mutex
	cond     *sync.Cond
	running  int           // notebooks in Restart & Run All
	waiting  int           // drives waiting for their turn
	driving  bool          // a drive is going
	waitedUp time.Duration // the drives' waits, summed
}

func newTurns() *turns {
	q := &turns{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// run runs f (a Restart & Run All) when no slider drive is going or waiting.
func (q *turns) run(f func()) {
	q.mu.Lock()
	for q.driving || q.waiting > 0 {
		q.cond.Wait()
	}
	q.running++
	q.mu.Unlock()
	defer func() {
		q.mu.Lock()
		q.running--
		q.cond.Broadcast()
		q.mu.Unlock()
	}()
	f()
}

// drive runs f (the slider drives of a page) alone: no run, no other drive.
// It returns how long it waited for its turn.
func (q *turns) drive(f func()) time.Duration {
	start := time.Now()
	q.mu.Lock()
	q.waiting++
	for q.driving || q.running > 0 {
		q.cond.Wait()
	}
	q.waiting--
	q.driving = true
	q.mu.Unlock()
	waited := time.Since(start)
	defer func() {
		q.mu.Lock()
		q.driving = false
		q.waitedUp += waited
		q.cond.Broadcast()
		q.mu.Unlock()
	}()
	f()
	return waited
}

// interleave orders the notebooks of both editions so that the two
// editions of a notebook come one after the other: run two at a time, they
// take about as long.
func interleave(nbs []savedNotebook) []savedNotebook {
	out := slices.Clone(nbs)
	slices.SortStableFunc(out, func(a, b savedNotebook) int {
		return strings.Compare(strings.TrimPrefix(a.Name, zhPrefix), strings.TrimPrefix(b.Name, zhPrefix))
	})
	return out
}

// outPath is where the notebook's screenshot file or folder named
// prefix+NAME goes: under outDir, in zh/ for the Chinese edition. It makes
// the folder that holds it.
func (nb savedNotebook) outPath(outDir, prefix string) string {
	p := filepath.Join(outDir, filepath.Dir(nb.Name), prefix+filepath.Base(nb.Name))
	os.MkdirAll(filepath.Dir(p), 0o755)
	return p
}

// newTab opens a tab and returns its context; cancel closes the tab. The
// tab behaves as the focused one even when another tab is, so that tabs
// side by side each get their key presses and focus events.
func newTab(t *testing.T, browser context.Context) (context.Context, context.CancelFunc) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	err := chromedp.Do(ctx)
	if err == nil {
		_, err = chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
	}
	if err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx, cancel
}

// do runs the actions with a timeout.
func do(ctx context.Context, d time.Duration, steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return chromedp.Do(ctx, steps...)
}

// eval evaluates a JavaScript expression with a timeout and decodes its value.
func eval[T any](ctx context.Context, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

// pageState is what the notebook page says about itself.
type pageState struct {
	Loaded    bool   `json:"loaded"`
	Connected bool   `json:"connected"`
	Idle      bool   `json:"idle"`
	Kernel    string `json:"kernel"`
	Indicator string `json:"indicator"`
	Spec      string `json:"spec"`
	Session   string `json:"session"`
	Dialog    string `json:"dialog"`
	Started   int    `json:"started"`
	Finished  int    `json:"finished"`
	Running   int    `json:"running"`
	Queued    int    `json:"queued"`
}

const pageStateJS = `(() => {
  const J = window.Jupyter, nb = J && J.notebook;
  const dialog = document.querySelector('.modal.in .modal-title');
  if (!nb || !nb._fully_loaded) return {loaded: false, dialog: dialog ? dialog.textContent : ''};
  const k = nb.kernel, e = window.__e2e || {started: 0, finished: 0};
  const cells = nb.get_cells().filter(c => c.cell_type === 'code');
  return {
    loaded: true,
    connected: !!(k && k.is_connected()),
    idle: !!document.querySelector('#kernel_indicator_icon.kernel_idle_icon'),
    kernel: k ? k.name : '',
    indicator: (document.querySelector('.kernel_indicator_name') || {}).textContent || '',
    spec: ((nb.metadata || {}).kernelspec || {}).name || '',
    session: (nb.session && nb.session.id) || '',
    dialog: dialog ? dialog.textContent : '',
    started: e.started, finished: e.finished,
    running: cells.filter(c => c.element[0].classList.contains('running')).length,
    queued: cells.filter(c => c.input_prompt_number === '*').length,
  };
})()`

// prepareJS stops autosave, so that the run never writes the notebook, and
// counts the cells that start and finish executing.
const prepareJS = `(() => {
  const nb = Jupyter.notebook;
  nb.set_autosave_interval(0);
  window.__e2e = {started: 0, finished: 0};
  nb.events.on('execute.CodeCell', () => window.__e2e.started++);
  nb.events.on('finished_execute.CodeCell', () => window.__e2e.finished++);
  return true;
})()`

// imageVerdictJS is a JavaScript function that tells whether an <img> or
// <svg> element in an output area shows a picture: 'ok', 'blank', or 'skip'
// for an element that is not a figure (an <svg> inside another, MathJax, a
// slider's print strip).
// An <img> must have decoded with a size; an <svg> must hold drawing
// elements whose bounding box has an area. Box size alone is not enough:
// nbconvert 6.5's HTML sanitizer keeps the <svg> tag with its size but strips
// everything inside it (jupyter/nbconvert#1849).
const imageVerdictJS = `((m) => {
  if (m.closest('.mn-strip')) return 'skip'; // a slider's key frames, shown in print only
  const svg = m.tagName.toLowerCase() === 'svg';
  if (svg && (m.parentElement.closest('svg') || m.closest('.MathJax, .MathJax_SVG, mjx-container'))) return 'skip';
  const r = m.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0)) return 'blank';
  if (!svg) return m.complete && m.naturalWidth > 0 && m.naturalHeight > 0 ? 'ok' : 'blank';
  if (!m.querySelector('path, line, polyline, polygon, rect, circle, ellipse, text, image, use')) return 'blank';
  let b;
  try { b = m.getBBox(); } catch (e) { return 'blank'; }
  return b.width > 0 && b.height > 0 ? 'ok' : 'blank';
})`

// textLayoutJS is a JavaScript function that looks at the text of a figure
// drawn as inline SVG, as the browser lays it out with the fonts it has. It
// returns the labels that stick out of the figure (the SVG clips them) and
// the pairs of labels that cover each other. The PNG copy cannot be checked
// this way; Notebook 6 shows the SVG when a figure has both. It counts the
// labels made of Chinese characters alone and measures their glyphs: in
// WenQuanYi Micro Hei, the font the figures name, each is one em wide, so
// a label whose advance is not one font size per character is listed in
// cjkOdd (drawn in another font, or as boxes): the boxes the checks measure
// would not be the reader's.
const textLayoutJS = `((m) => {
  const out = {clipped: [], overlaps: [], cjk: 0, cjkOdd: []};
  if (m.tagName.toLowerCase() !== 'svg') return out;
  const box = m.getBoundingClientRect();
  const label = t => t.textContent.trim().slice(0, 60);
  const texts = [...m.querySelectorAll('text')]
    .map(t => ({t: t, r: t.getBoundingClientRect(), fs: parseFloat(getComputedStyle(t).fontSize)}))
    .filter(x => x.r.width > 0 && x.r.height > 0 && x.t.textContent.trim() !== '');
  // A label's box is its advance along the line of text, and the font's
  // ascent and descent across it, which can pass the edge with no ink
  // there: so only the extent along the line counts.
  texts.forEach(x => {
    const r = x.r, ctm = x.t.getScreenCTM();
    const vertical = ctm && Math.abs(ctm.b) > Math.abs(ctm.a); // e.g. a y-axis label
    const over = vertical
      ? Math.max(box.top - r.top, r.bottom - box.bottom)
      : Math.max(box.left - r.left, r.right - box.right);
    if (over > 2) out.clipped.push(label(x.t) + ' (' + Math.round(over) + ' px)');
    const chars = [...x.t.textContent.trim()];
    if (chars.length > 0 && chars.every(c => /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(c))) {
      out.cjk++;
      const em = x.t.getComputedTextLength() / chars.length / parseFloat(getComputedStyle(x.t).fontSize);
      if (!(em > 0.95 && em < 1.05)) out.cjkOdd.push(label(x.t) + ' (' + em.toFixed(2) + ' em per character)');
    }
  });
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i].r, b = texts[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w <= 0 || h <= 0) continue;
      const small = Math.min(a.width * a.height, b.width * b.height);
      // A script (the figures draw x⁽¹⁾, αⱼ and ² as strings of their
      // own, at 0.65 of the size) sits against its base: the hook of a
      // lowered j reaches under the α before it, a lowered index dips into
      // the ascent of the line below, about a quarter to two fifths of the
      // script's box. A script on its base, as a ² set over a ‖, covers
      // most of it.
      const script = Math.min(texts[i].fs, texts[j].fs) <= 0.7 * Math.max(texts[i].fs, texts[j].fs);
      if (w * h > (script ? 0.5 : 0.25) * small) out.overlaps.push(label(texts[i].t) + ' / ' + label(texts[j].t));
    }
  }
  return out;
})`

// textLayout is what textLayoutJS reports on one figure.
type textLayout struct {
	Clipped  []string `json:"clipped"`
	Overlaps []string `json:"overlaps"`
	CJK      int      `json:"cjk"`
	CJKOdd   []string `json:"cjkOdd"`
}

// cellReport is what one code cell shows after the run.
type cellReport struct {
	Index    int      `json:"index"`
	Prompt   string   `json:"prompt"`
	Empty    bool     `json:"empty"`
	Images   int      `json:"images"`
	Rendered int      `json:"rendered"`
	SVGs     int      `json:"svgs"` // rendered figures drawn as inline SVG
	Errors   []string `json:"errors"`
	Stderr   []string `json:"stderr"`
	Clipped  []string `json:"clipped"`  // labels cut off at a figure's edge
	Overlaps []string `json:"overlaps"` // pairs of labels that cover each other
	CJK      int      `json:"cjk"`      // labels in Chinese characters alone
	CJKOdd   []string `json:"cjkOdd"`   // of those, the ones not one em per character
}

// cellsJS reports every code cell. An image counts when it is an <img> that
// decoded with a width, or an outermost <svg> with a box, in an output area
// and not part of MathJax. It also marks each output area with
// data-e2e-cell for the screenshots.
const cellsJS = `(() => {
  const out = [];
  Jupyter.notebook.get_cells().forEach((c, i) => {
    if (c.cell_type !== 'code') return;
    const el = c.element[0];
    const wrap = el.querySelector('.output_wrapper');
    if (wrap) wrap.setAttribute('data-e2e-cell', String(i));
    let images = 0, rendered = 0, svgs = 0, clipped = [], overlaps = [], cjk = 0, cjkOdd = [];
    el.querySelectorAll('.output_area img, .output_area svg').forEach(m => {
      const v = ` + imageVerdictJS + `(m);
      if (v === 'skip') return;
      images++;
      if (v !== 'ok') return;
      rendered++;
      if (m.tagName.toLowerCase() === 'svg') svgs++;
      const l = ` + textLayoutJS + `(m);
      clipped.push(...l.clipped);
      overlaps.push(...l.overlaps);
      cjk += l.cjk;
      cjkOdd.push(...l.cjkOdd);
    });
    const text = sel => [...el.querySelectorAll(sel)].map(e => e.innerText.slice(0, 1500));
    const p = c.input_prompt_number;
    out.push({
      index: i,
      prompt: p === null || p === undefined ? '' : String(p),
      empty: c.get_text().trim() === '',
      images: images, rendered: rendered, svgs: svgs,
      errors: [...el.querySelectorAll('.output_area')]
        .filter(a => a.querySelector('.output_error, .gonb-err-location, .gonb-err-line'))
        .map(a => a.innerText.slice(0, 1500)),
      stderr: text('.output_area .output_stderr'),
      clipped: clipped, overlaps: overlaps, cjk: cjk, cjkOdd: cjkOdd,
    });
  });
  return out;
})()`

// flowCSS lets the page grow with its content (Notebook 6 scrolls inside
// #site), so that a full-page screenshot holds the whole notebook.
const flowCSS = `(() => {
  const s = document.createElement('style');
  s.textContent = 'html, body { height: auto !important; overflow: visible !important; position: static !important; }' +
    ' #site { height: auto !important; overflow: visible !important; }' +
    ' .output_scroll { height: auto !important; max-height: none !important; overflow: visible !important; box-shadow: none !important; }';
  document.head.appendChild(s);
  window.scrollTo(0, 0);
  return document.documentElement.scrollHeight;
})()`

// runNotebook opens one notebook, restarts its kernel and runs all cells
// through the menu, bounded by runTimeout, and checks what the page shows.
// With runTimeout 0 it checks the page as saved, without running it.
func runNotebook(t *testing.T, browser context.Context, srv *server, nb savedNotebook, outDir string, runTimeout time.Duration, turns *turns) {
	start := time.Now()
	before, err := fileSum(nb.Path)
	if err != nil {
		t.Fatal(err)
	}
	// Read the file again: it may have changed since the test started.
	data, err := os.ReadFile(nb.Path)
	if err != nil {
		t.Fatal(err)
	}
	path := nb.Path
	if nb, err = parseNotebook(nb.Name, data); err != nil {
		t.Fatal(err)
	}
	nb.Path = path
	if nb.Kernel != gonbKernel {
		t.Errorf("%s.ipynb: kernelspec %q in the saved metadata, want %q", nb.Name, nb.Kernel, gonbKernel)
	}
	rel, err := srv.notebookPath(nb.Path)
	if err != nil {
		t.Fatal(err)
	}
	tab, closeTab := newTab(t, browser)
	defer closeTab()

	if err := do(tab, pageLoadTimeout, chromedp.Navigate(srv.notebookURL(rel))); err != nil {
		t.Fatalf("opening %s: %v", rel, err)
	}
	st, err := waitFor(tab, pageLoadTimeout, func(s pageState) bool { return s.Loaded && s.Connected && s.Idle })
	if err != nil {
		t.Fatalf("%s: page or kernel not ready within %v: %v (state %+v)", rel, pageLoadTimeout, err, st)
	}
	session := st.Session
	defer func() {
		if session == "" {
			return
		}
		if err := srv.deleteSession(session); err != nil {
			t.Logf("shutting down the kernel of %s: %v", rel, err)
		}
	}()
	if st.Kernel != gonbKernel {
		t.Fatalf("%s runs kernel %q (indicator %q), want %q", rel, st.Kernel, st.Indicator, gonbKernel)
	}
	if !strings.Contains(strings.ToLower(st.Indicator), "go") {
		t.Errorf("%s: kernel indicator says %q, want GoNB's display name", rel, st.Indicator)
	}
	if _, err := eval[bool](tab, prepareJS); err != nil {
		t.Fatal(err)
	}
	// The saved outputs, before the run: a slider's HTML shows its figure
	// only if Jupyter trusts the notebook (scripts/notebook.sh trusts them).
	if nb.Sliders > 0 {
		if got, err := eval[int](tab, savedSlidersJS); err != nil || got != nb.Sliders {
			t.Errorf("%s: %d of the %d saved sliders show their figure before the run (err %v); is the notebook trusted?", nb.Name, got, nb.Sliders, err)
		}
	}

	// Kernel → Restart & Run All, and accept the confirmation, as a reader
	// does; in its turn (no slider of another tab being driven).
	var runTime time.Duration
	if runTimeout == 0 {
		t.Logf("%s: checked as saved, not run (MARGINNOTES_E2E_RUN)", nb.Name)
	} else {
		turns.run(func() {
			if err = do(tab, clickTimeout,
				chromedp.Click(chromedp.CSS("#kernellink")),
				chromedp.Click(chromedp.CSS("#restart_run_all > a")),
				chromedp.Click(chromedp.CSS(".modal.in .modal-footer button.btn-danger")),
			); err != nil {
				err = fmt.Errorf("Kernel → Restart & Run All: %w", err)
				return
			}
			runStart := time.Now()
			lastLog := runStart
			st, err = waitFor(tab, runTimeout, func(s pageState) bool {
				if time.Since(lastLog) > time.Minute {
					t.Logf("%s: %d of %d started cells finished after %v", rel, s.Finished, s.Started, time.Since(runStart).Round(time.Second))
					lastLog = time.Now()
				}
				return s.Started > 0 && s.Running == 0 && s.Queued == 0 && s.Idle && s.Connected
			})
			runTime = time.Since(runStart)
		})
	}
	if err != nil && runTime == 0 {
		t.Fatalf("%s: %v", rel, err)
	}
	if err != nil {
		saveScreenshots(t, tab, nb, outDir)
		t.Fatalf("%s: Restart & Run All did not finish within %v: %v (state %+v)", rel, runTimeout, err, st)
	}
	// The idle status can come just before the last output: let it settle.
	time.Sleep(2 * time.Second)

	cells, err := eval[[]cellReport](tab, cellsJS)
	if err != nil {
		t.Fatal(err)
	}
	byIndex := map[int]cellReport{}
	images, executed := 0, 0
	for _, c := range cells {
		byIndex[c.Index] = c
		images += c.Rendered
		if c.Empty {
			continue
		}
		n := c.Index + 1 // 1-based, as a reader counts cells
		if c.Prompt == "" || c.Prompt == "*" {
			t.Errorf("%s cell %d: not executed (prompt In [%s])", nb.Name, n, c.Prompt)
		} else {
			executed++
		}
		for _, e := range c.Errors {
			t.Errorf("%s cell %d: error output:\n%s", nb.Name, n, e)
		}
		for _, e := range c.Stderr {
			if goTrouble.MatchString(e) {
				t.Errorf("%s cell %d: Go error on stderr:\n%s", nb.Name, n, e)
			} else {
				t.Logf("%s cell %d: stderr: %s", nb.Name, n, e)
			}
		}
	}
	for _, c := range cells {
		n := c.Index + 1
		if len(c.Clipped) > 0 {
			t.Errorf("%s cell %d: figure text cut off at the figure's edge, as this browser lays it out: %q",
				nb.Name, n, c.Clipped)
		}
		if len(c.Overlaps) > 0 {
			t.Errorf("%s cell %d: figure labels cover each other: %q", nb.Name, n, c.Overlaps)
		}
	}
	plots := nb.plotCells()
	for _, p := range plots {
		c, ok := byIndex[p.Index]
		switch {
		case !ok:
			t.Errorf("%s cell %d: plot cell not found in the page", nb.Name, p.Index+1)
		case c.Rendered == 0:
			t.Errorf("%s cell %d: plot cell shows no rendered image (%d img/svg elements, none rendered)", nb.Name, p.Index+1, c.Images)
		case c.Rendered < c.Images:
			t.Errorf("%s cell %d: %d of %d images did not render", nb.Name, p.Index+1, c.Images-c.Rendered, c.Images)
		}
	}
	if images < len(plots) {
		t.Errorf("%s: %d rendered images in output areas, fewer than its %d plot cells", nb.Name, images, len(plots))
	}
	if nb.chinese() {
		checkChineseFigures(t, tab, nb, cells)
	}
	saveScreenshots(t, tab, nb, outDir)
	if nb.Sliders > 0 {
		var got int
		if waited := turns.drive(func() { got = driveSliders(t, tab, nb.Name, nb.outPath(outDir, "")) }); waited > time.Second {
			t.Logf("%s: waited %v for the other tabs' runs to end before driving the sliders", nb.Name, waited.Round(time.Second))
		}
		if got != nb.Sliders {
			t.Errorf("%s: %d sliders after the run, %d in the saved notebook", nb.Name, got, nb.Sliders)
		}
	} else if got := driveSliders(t, tab, nb.Name, nb.outPath(outDir, "")); got != 0 {
		t.Errorf("%s: %d sliders after the run, none in the saved notebook", nb.Name, got)
	}

	// The run must not have written the notebook (autosave is off).
	closeTab()
	if after, err := fileSum(nb.Path); err == nil && after != before {
		t.Errorf("%s.ipynb changed on disk during the browser run", nb.Name)
	}
	t.Logf("%s: %d code cells executed, %d plot cells, %d rendered images; Restart & Run All %.1fs, total %.1fs",
		nb.Name, executed, len(plots), images, runTime.Seconds(), time.Since(start).Seconds())
}

// checkChineseFigures checks a Chinese notebook's page after the run: the
// layout checks of cellsJS measured labels in Chinese characters, each
// glyph one em wide; its Markdown and its figures' Chinese labels are drawn
// in a font with Chinese glyphs, the figures' in WenQuanYi Micro Hei
// (checkCJKFonts).
func checkChineseFigures(t *testing.T, tab context.Context, nb savedNotebook, cells []cellReport) {
	t.Helper()
	cjk, svgs := 0, 0
	for _, c := range cells {
		cjk += c.CJK
		svgs += c.SVGs
		if len(c.CJKOdd) > 0 {
			t.Errorf("%s cell %d: Chinese labels whose glyphs are not one em wide (not WenQuanYi Micro Hei, or boxes): %q", nb.Name, c.Index+1, c.CJKOdd)
		}
	}
	if svgs > 0 && cjk == 0 {
		t.Errorf("%s: the label checks measured no label in Chinese characters in its %d figures", nb.Name, svgs)
	}
	checkCJKFonts(t, tab, nb.Name, svgs > 0)
	t.Logf("%s: the label checks measured %d labels in Chinese characters in %d figures", nb.Name, cjk, svgs)
}

// waitFor polls the page state until ok holds or d passes. A dialog other
// than the restart confirmation fails at once: it means the page asks the
// reader something (a missing kernel, a failed save).
func waitFor(tab context.Context, d time.Duration, ok func(pageState) bool) (pageState, error) {
	deadline := time.Now().Add(d)
	var st pageState
	for {
		var err error
		st, err = eval[pageState](tab, pageStateJS)
		if err == nil {
			if st.Dialog != "" {
				return st, fmt.Errorf("the page shows a dialog: %q", st.Dialog)
			}
			if ok(st) {
				return st, nil
			}
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = fmt.Errorf("timed out")
			}
			return st, err
		}
		time.Sleep(pollInterval)
	}
}

// mathIdleJS reports whether MathJax (2.x, in Notebook 6 and in nbconvert
// exports) has nothing left to typeset; true when the page has no MathJax.
const mathIdleJS = `(() => {
  const msg = document.getElementById('MathJax_Message');
  const shown = msg && msg.style.display !== 'none' && msg.textContent.trim() !== '';
  const hub = window.MathJax && window.MathJax.Hub;
  const busy = hub && hub.queue && (hub.queue.pending > 0 || hub.queue.running > 0);
  return !shown && !busy;
})()`

// waitMath waits, bounded, for MathJax to finish, so that screenshots show
// typeset formulas. It reports whether it did.
func waitMath(tab context.Context, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if idle, err := eval[bool](tab, mathIdleJS); err == nil && idle {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// saveScreenshots writes build/e2e/NAME.png (the whole notebook) and
// build/e2e/NAME/cell-NN.png (each plot cell's output); build/e2e/zh/… for
// the Chinese edition.
func saveScreenshots(t *testing.T, tab context.Context, nb savedNotebook, outDir string) {
	t.Helper()
	if !waitMath(tab, mathTimeout) {
		t.Logf("%s: MathJax still busy after %v; the screenshot may show raw LaTeX", nb.Name, mathTimeout)
	}
	if _, err := eval[int](tab, flowCSS); err != nil {
		t.Errorf("%s: preparing the screenshot: %v", nb.Name, err)
		return
	}
	time.Sleep(500 * time.Millisecond) // layout after the style change
	ctx, cancel := context.WithTimeout(tab, 2*time.Minute)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("%s: full-page screenshot: %v", nb.Name, err)
		return
	}
	full := nb.outPath(outDir, "") + ".png"
	if err := os.WriteFile(full, png, 0o644); err != nil {
		t.Error(err)
		return
	}
	cellDir := nb.outPath(outDir, "")
	os.RemoveAll(cellDir)
	plots := nb.plotCells()
	if len(plots) > 0 {
		if err := os.MkdirAll(cellDir, 0o755); err != nil {
			t.Error(err)
			return
		}
	}
	for _, p := range plots {
		sel := chromedp.CSS(fmt.Sprintf(`[data-e2e-cell="%d"]`, p.Index))
		sctx, scancel := context.WithTimeout(tab, 20*time.Second)
		img, err := chromedp.Run(sctx, chromedp.Screenshot(sel))
		scancel()
		if err != nil {
			t.Logf("%s cell %d: output screenshot: %v", nb.Name, p.Index+1, err)
			continue
		}
		os.WriteFile(filepath.Join(cellDir, fmt.Sprintf("cell-%02d.png", p.Index+1)), img, 0o644)
	}
	t.Logf("%s: screenshot %s", nb.Name, full)
}

// fileSum returns the SHA-256 of a file.
func fileSum(path string) ([32]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(data), nil
}

// exportJS counts the images in the output areas of an nbconvert HTML export
// (lab or classic template) and how many rendered.
const exportJS = `(() => {
  const seen = new Set();
  let images = 0, rendered = 0;
  document.querySelectorAll('.jp-OutputArea-output, .output_area').forEach(a => {
    a.querySelectorAll('img, svg').forEach(m => {
      if (seen.has(m)) return;
      seen.add(m);
      const v = ` + imageVerdictJS + `(m);
      if (v === 'skip') return;
      images++;
      if (v === 'ok') rendered++;
    });
  });
  const errors = document.querySelectorAll('.output_error, [data-mime-type="application/vnd.jupyter.stderr"], .gonb-err-location').length;
  return {images: images, rendered: rendered, errors: errors, ready: document.readyState};
})()`

type exportState struct {
	Images   int    `json:"images"`
	Rendered int    `json:"rendered"`
	Errors   int    `json:"errors"`
	Ready    string `json:"ready"`
}

// savedSlidersJS counts the sliders whose figure shows.
const savedSlidersJS = `[...document.querySelectorAll('.mn-slider img.mn-figure')].filter(i => i.complete && i.naturalWidth > 0).length`

// exportMathJS reports on the formulas of an export: how many MathJax
// typeset, and the Markdown text that still holds raw LaTeX.
const exportMathJS = `(() => {
  const raw = [...document.querySelectorAll('.jp-RenderedMarkdown, .rendered_html')]
    .map(e => e.innerText).filter(t => /\$\$|\\frac|\\begin\{|\\alpha|\\mathbb/.test(t)).map(t => t.slice(0, 120));
  return {typeset: document.querySelectorAll('.MathJax_SVG').length, raw: raw, scripts: document.querySelectorAll('script[src]').length};
})()`

type exportMath struct {
	Typeset int      `json:"typeset"`
	Raw     []string `json:"raw"`
	Scripts int      `json:"scripts"`
}

// checkHTMLExports checks the `make html` exports, in both editions, of the
// notebooks with sliders or equation numbers and of the notebook with the
// most plot cells. Each is copied into an empty folder and opened from
// there, so that nothing next to it helps: it must request no file but
// itself (MathJax's Debian path, require.js, any CDN), show every image,
// have its formulas typeset with no raw LaTeX left and every equation
// number inside the page, and its sliders must work as in the notebook; a
// Chinese export must draw its Chinese text in a font with Chinese glyphs.
func checkHTMLExports(t *testing.T, browser context.Context, repo string, notebooks []savedNotebook, outDir string) {
	most := map[bool]savedNotebook{} // per edition
	for _, n := range notebooks {
		if len(n.plotCells()) > len(most[n.chinese()].plotCells()) {
			most[n.chinese()] = n
		}
	}
	var check []savedNotebook
	for _, n := range notebooks {
		if n.Sliders > 0 || len(n.tags()) > 0 || n.Name == most[n.chinese()].Name {
			check = append(check, n)
		}
	}
	if len(check) == 0 {
		t.Skip("no notebook has plot cells")
	}
	htmlDir := filepath.Join(repo, "build", "html")
	for _, nb := range check {
		t.Run(nb.Name, func(t *testing.T) {
			page := filepath.Join(htmlDir, nb.Name+".html")
			if _, err := os.Stat(page); err != nil {
				t.Logf("no export %s: running make html", page)
				if err := makeHTML(t, repo, outDir); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(page)
			if err != nil {
				t.Fatalf("make html wrote no %s: %v", page, err)
			}
			copied := filepath.Join(t.TempDir(), filepath.Base(nb.Name)+".html")
			if err := os.WriteFile(copied, data, 0o644); err != nil {
				t.Fatal(err)
			}
			checkHTMLExport(t, browser, nb, copied, outDir)
		})
	}
}

// checkHTMLExport opens one export from file:// and checks it; see
// checkHTMLExports.
func checkHTMLExport(t *testing.T, browser context.Context, nb savedNotebook, page, outDir string) {
	tab, closeTab := newTab(t, browser)
	defer closeTab()
	u := "file://" + page
	requests, err := mnbrowser.WatchRequests(tab, u)
	if err != nil {
		t.Fatal(err)
	}
	if err := do(tab, pageLoadTimeout, chromedp.Navigate(u)); err != nil {
		t.Errorf("loading %s: %v", page, err)
	}
	var st exportState
	deadline := time.Now().Add(pageLoadTimeout)
	for settled := 0; settled < 3; {
		var err error
		st, err = eval[exportState](tab, exportJS)
		switch {
		case err == nil && st.Ready != "loading" && st.Rendered >= len(nb.plotCells()):
			settled = 3
		case time.Now().After(deadline):
			settled = 3
		case err == nil && st.Ready == "complete":
			settled++ // loaded and still short of images: look twice more
		}
		if settled < 3 {
			time.Sleep(pollInterval)
		}
	}
	if st.Rendered < len(nb.plotCells()) || st.Rendered < st.Images {
		t.Errorf("%s: %d of %d images rendered, for %d plot cells", nb.Name, st.Rendered, st.Images, len(nb.plotCells()))
	}
	if st.Errors > 0 {
		t.Errorf("%s: %d error or stderr outputs in the export", nb.Name, st.Errors)
	}
	m, err := eval[exportMath](tab, exportMathJS)
	switch {
	case err != nil:
		t.Errorf("%s: reading the formulas: %v", nb.Name, err)
	case m.Typeset == 0:
		t.Errorf("%s: no typeset formula in the export", nb.Name)
	case len(m.Raw) > 0:
		t.Errorf("%s: raw LaTeX in the export: %q", nb.Name, m.Raw)
	case m.Scripts > 0:
		t.Errorf("%s: %d scripts that load a file", nb.Name, m.Scripts)
	}
	checkTags(t, tab, nb)
	if nb.chinese() {
		// The folded solutions (details.mn-solution) draw nothing until the
		// reader opens them: open them, as a reader does, so that their
		// Chinese is measured too.
		if _, err := eval[int](tab, `document.querySelectorAll('details').forEach(d => { d.open = true; }); 0`); err != nil {
			t.Errorf("%s: opening the folded solutions: %v", nb.Name, err)
		}
		checkCJKFonts(t, tab, "export of "+nb.Name, st.Images > nb.Sliders)
	}
	if got := driveSliders(t, tab, nb.Name, nb.outPath(outDir, "html-")); got != nb.Sliders {
		t.Errorf("%s: %d sliders in the export, %d in the notebook", nb.Name, got, nb.Sliders)
	}
	if other := requests(); len(other) > 0 {
		t.Errorf("%s: the export requested %d files besides itself: %q", nb.Name, len(other), other)
	}
	ctx, cancel := context.WithTimeout(tab, 2*time.Minute)
	defer cancel()
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err != nil {
		t.Errorf("export screenshot: %v", err)
	} else {
		os.WriteFile(nb.outPath(outDir, "html-")+".png", png, 0o644)
	}
	t.Logf("%s: %d images rendered, %d formulas typeset, %d plot cells, %d sliders; opened from %s",
		nb.Name, st.Rendered, m.Typeset, len(nb.plotCells()), nb.Sliders, filepath.Dir(page))
}

// exportTagsJS lists the equation numbers of an export with their place:
// those set as text beside their formula (span.mn-tag, tools/export) and
// any left in a formula's SVG (its group mjx-eqn-LABEL).
const exportTagsJS = `(() => {
  const width = document.documentElement.clientWidth;
  const box = (text, e) => { const r = e.getBoundingClientRect(); return {text: text, left: r.left, right: r.right, width: width}; };
  return [...document.querySelectorAll('.mn-tag')].map(t => box(t.textContent.trim(), t)).concat(
    [...document.querySelectorAll('svg g[id^="mjx-eqn-"]')].map(g => box('(' + g.id.slice(8) + ')', g)));
})()`

type tagPlace struct {
	Text  string  `json:"text"`
	Left  float64 `json:"left"`
	Right float64 `json:"right"`
	Width float64 `json:"width"`
}

// checkTags checks that every equation number of the notebook's Markdown
// (\tag) shows in the export in tab, inside the page.
func checkTags(t *testing.T, tab context.Context, nb savedNotebook) {
	want := nb.tags()
	got, err := eval[[]tagPlace](tab, exportTagsJS)
	if err != nil {
		t.Errorf("%s: reading the equation numbers: %v", nb.Name, err)
		return
	}
	shown := map[string]int{}
	for _, g := range got {
		if g.Left < 0 || g.Right > g.Width {
			t.Errorf("%s: equation number %s at [%.0f, %.0f] px, outside the page (%.0f px wide)", nb.Name, g.Text, g.Left, g.Right, g.Width)
			continue
		}
		shown[g.Text]++
	}
	for _, w := range want {
		if shown[w] == 0 {
			t.Errorf("%s: equation number %s (\\tag in its Markdown) does not show in the export; shown: %v", nb.Name, w, shown)
			continue
		}
		shown[w]--
	}
	if len(want) > 0 {
		t.Logf("%s: equation numbers %s shown beside their formulas", nb.Name, strings.Join(want, " "))
	}
}

// makeHTML runs `make html` as its own process group, bounded.
func makeHTML(t *testing.T, repo, outDir string) error {
	logPath := filepath.Join(outDir, "make-html.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer logFile.Close()
	cmd := exec.Command("make", "--no-print-directory", "html")
	cmd.Dir = repo
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	exited := make(chan struct{})
	go func() { done <- cmd.Wait(); close(exited) }()
	select {
	case err := <-done:
		if err != nil {
			out, _ := os.ReadFile(logPath)
			return fmt.Errorf("make html: %v\n%s", err, tail(string(out), 30))
		}
		return nil
	case <-time.After(htmlBuildTimeout):
		stopGroup(cmd.Process.Pid, exited, 10*time.Second)
		return fmt.Errorf("make html did not finish within %v (log %s)", htmlBuildTimeout, logPath)
	}
}
