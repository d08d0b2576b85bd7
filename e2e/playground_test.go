package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"gonum.org/v1/gonum/mat"

	mnbrowser "github.com/marginnotes/marginnotes/internal/browser"
	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/playground"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Bounds of the playground's measurements (issue 25).
const (
	playgroundReadyTimeout = 20 * time.Second
	maxPlaygroundReady     = 2 * time.Second        // median of 5 openings
	maxRedraw100           = 30 * time.Millisecond  // median, 100 points
	maxRedraw1000          = 150 * time.Millisecond // median, 1000 points
)

// pgResult is the page's data-result, read with the type that writes it.
type pgResult = playground.Result

// TestPlayground drives the playground page (make playground) of both
// editions in headless Chromium, from file://: every preset under every
// algorithm, compared with the library's own Fit in Go (to 1e-12); primal
// stepped through Example 2.1 as Table 2.1; points clicked on, dragged,
// deleted, and the deletion undone; bad fragments; the exports read back by
// marginnotes svm and predict; the ready time and the redraw medians at 100
// and 1000 points, printed, and checked against the bounds under
// MARGINNOTES_E2E_SPEED=1. Screenshots go to build/e2e/playground/.
func TestPlayground(t *testing.T) {
	if os.Getenv("MARGINNOTES_E2E") != "1" {
		t.Skip("set MARGINNOTES_E2E=1 (make test-playground, make test-e2e) to run the browser test")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{
		"en": filepath.Join(repo, "build", "playground", "playground.html"),
		"zh": filepath.Join(repo, "build", "playground", "zh", "playground.html"),
	}
	for _, p := range pages {
		testenv.File(t, p, "make playground builds the playground page")
	}
	bin := os.Getenv("MARGINNOTES_E2E_CHROMIUM")
	if bin == "" {
		bin = mnbrowser.Path()
	}
	testenv.File(t, bin, "the browser; make test-e2e installs Debian's chromium")
	outDir := filepath.Join(repo, "build", "e2e", "playground")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, ed := range []string{"en", "zh"} {
		t.Run(ed, func(t *testing.T) {
			// A copy in a folder of its own: the page needs nothing else.
			dir := t.TempDir()
			src, err := os.ReadFile(pages[ed])
			if err != nil {
				t.Fatal(err)
			}
			fi, _ := os.Stat(pages[ed])
			t.Logf("%s: page weight %d bytes (%.2f MB), everything it loads", ed, fi.Size(), float64(fi.Size())/1e6)
			if fi.Size() > 2e6 {
				t.Errorf("the page weighs %d bytes, more than 2 MB", fi.Size())
			}
			page := filepath.Join(dir, "playground.html")
			if err := os.WriteFile(page, src, 0o644); err != nil {
				t.Fatal(err)
			}
			tab, cancel, cancelAlloc, err := startChromium(t, mnbrowser.Options(bin, t.TempDir()))
			if err != nil {
				t.Fatal(err)
			}
			defer cancelAlloc()
			defer cancel()
			requests, err := mnbrowser.WatchRequests(tab, "file://"+page)
			if err != nil {
				t.Fatal(err)
			}
			pg := &pgPage{t: t, tab: tab, url: "file://" + page, lang: ed, out: outDir}
			pg.ready(t)
			pg.presets(t)
			pg.presetMenu(t)
			pg.table21(t)
			pg.clicks(t)
			pg.notebookLinks(t, repo)
			pg.offerC(t)
			pg.badFragments(t)
			pg.exports(t, repo)
			pg.speed(t)
			if r := requests(); len(r) > 0 {
				t.Errorf("the page requested %v", r)
			}
		})
	}
}

// pgPage is the playground page open in a tab.
type pgPage struct {
	t    *testing.T
	tab  context.Context
	url  string
	lang string
	out  string
}

func pgEval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	v, err := eval[T](tab, js)
	if err != nil {
		t.Fatalf("%.80s: %v", js, err)
	}
	return v
}

// open opens the page afresh at a fragment and waits for it to be ready;
// it returns the time from the navigation to the first result drawn.
func (p *pgPage) open(t *testing.T, frag string) time.Duration {
	t.Helper()
	if err := do(p.tab, pageLoadTimeout, chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"#"+frag)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(p.tab, playgroundReadyTimeout)
	defer cancel()
	var ms string
	var err error
	for {
		ms, err = chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.ready === '1' && document.body.dataset.readyMs`))
		// The poll may start in the blank page's context, which the
		// navigation then destroys: poll again.
		if err == nil || ctx.Err() != nil || !strings.Contains(err.Error(), "context") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		msg, _ := eval[string](p.tab, `document.getElementById('message').textContent`)
		t.Fatalf("the page was not ready within %v: %v (it says %q)", playgroundReadyTimeout, err, msg)
	}
	var f float64
	fmt.Sscan(ms, &f)
	return time.Duration(f * float64(time.Millisecond))
}

// result returns the data-result of #result.
func (p *pgPage) result(t *testing.T) pgResult {
	t.Helper()
	s := pgEval[string](t, p.tab, `document.getElementById('result').dataset.result`)
	var r pgResult
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatalf("data-result %q: %v", s, err)
	}
	return r
}

// hash sets the fragment as a reader following a link within the page
// would, and returns the result once the page has fitted it.
func (p *pgPage) hash(t *testing.T, frag string) pgResult {
	t.Helper()
	pgEval[bool](t, p.tab, fmt.Sprintf(`location.hash = %q, true`, frag))
	ctx, cancel := context.WithTimeout(p.tab, 10*time.Second)
	defer cancel()
	js := fmt.Sprintf(`!!window.playground && playground.output().fragment === %q`, stateOf(t, frag).Fragment())
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js)); err != nil {
		t.Fatalf("%s: %v", frag, err)
	}
	return p.result(t)
}

func (p *pgPage) screenshot(t *testing.T, name string) {
	t.Helper()
	png, err := chromedp.Run(p.tab, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(p.out, p.lang+"-"+name+".png"), png, 0o644); err != nil {
		t.Error(err)
	}
}

func (p *pgPage) ready(t *testing.T) {
	p.open(t, "")
	r := p.result(t)
	// Without a fragment: Example 2.1 under primal, x⁽¹⁾ + x⁽²⁾ − 3 = 0.
	if r.Algo != "primal" || r.N != 3 || !slices.Equal(r.W, []float64{1, 1}) || *r.B != -3 {
		t.Errorf("the opening state: %+v", r)
	}
	lang := pgEval[string](t, p.tab, `document.documentElement.lang`)
	if (p.lang == "zh") != strings.HasPrefix(lang, "zh") {
		t.Errorf("lang %q", lang)
	}
	p.screenshot(t, "example21")
}

// stateOf reads a fragment in Go, as the page does.
func stateOf(t *testing.T, frag string) playground.State {
	t.Helper()
	st, err := playground.ParseFragment(frag)
	if err != nil {
		t.Fatalf("%s: %v", frag, err)
	}
	return st
}

// libraryFit fits st with the library's solvers directly, as the page's
// settings say: w (linear), b, α.
func libraryFit(t *testing.T, st playground.State) (w []float64, b float64, alpha []float64) {
	t.Helper()
	x := mat.NewDense(len(st.X), 2, nil)
	for i, p := range st.X {
		x.SetRow(i, p[:])
	}
	set := perceptron.Settings{Eta: st.Eta, MaxEpochs: playground.MaxEpochs}
	if st.Order == playground.Random {
		set.Order, set.Src = perceptron.RandomMistake, rand.NewPCG(max(st.Seed, 1), 0)
	}
	k := playground.KernelOf(st)
	switch st.Algo {
	case playground.Primal, "":
		res, _ := perceptron.Primal{Settings: set}.Fit(x, st.Y)
		return res.W, res.B, res.Alpha
	case playground.Dual:
		res, _ := perceptron.Dual{Settings: set}.Fit(x, st.Y)
		return res.W, res.B, res.Alpha
	case playground.SVM:
		res, err := svm.SMO{C: st.C, Kernel: k, MaxIter: playground.MaxSVMIter}.Fit(x, st.Y)
		if res == nil {
			t.Fatalf("svm: %v", err)
		}
		return res.W, res.B, res.Alpha
	default:
		res, err := svm.PlattSMO{C: st.C, Kernel: k, MaxIter: playground.MaxSMOSteps}.Fit(x, st.Y)
		if res == nil {
			t.Fatalf("smo: %v", err)
		}
		return res.W, res.B, res.Alpha
	}
}

func close12(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func close12All(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !close12(a[i], b[i]) {
			return false
		}
	}
	return true
}

// compare checks the page's result on the state of fragment frag against
// the library's Fit.
func compare(t *testing.T, what, frag string, r pgResult) {
	t.Helper()
	st := stateOf(t, frag)
	w, b, alpha := libraryFit(t, st)
	if r.B == nil || !close12All(r.W, w) || !close12(*r.B, b) || !close12All(r.Alpha, alpha) {
		t.Errorf("%s: the page's w %v b %v α %v; the library's w %v b %v α %v", what, r.W, r.B, r.Alpha, w, b, alpha)
	}
}

// presets opens every preset under every algorithm.
func (p *pgPage) presets(t *testing.T) {
	for _, name := range playground.Presets {
		for _, algo := range []string{"primal", "dual", "svm", "smo"} {
			st, _ := playground.Preset(name, 3)
			st.Algo = algo
			if algo == "primal" || algo == "dual" {
				st.Kernel = ""
			}
			frag := st.Fragment()
			r := p.hash(t, frag)
			if r.Algo != algo || r.N != len(st.X) || r.Status == "error" {
				t.Errorf("%s %s: %+v", name, algo, r)
				continue
			}
			compare(t, name+" "+algo, frag, r)
			if algo == "svm" || name == "xor" && algo == "primal" {
				p.screenshot(t, name+"-"+algo)
			}
		}
	}
	// The preset menu: the page asks the WebAssembly for the preset.
	pgEval[bool](t, p.tab, `(() => { const s = document.getElementById('preset'); s.value = 'rings'; s.dispatchEvent(new Event('change')); return true; })()`)
	if r := p.result(t); r.N != 60 || r.Status != "converged" {
		t.Errorf("the menu's two rings: %+v", r)
	}
}

// pgMenuWords are the texts the preset menu shows (tools/playground's
// words): Example 2.1, two rings, and the student's own points.
var pgMenuWords = map[string]map[string]string{
	"en": {"example21": "Example 2.1 (perceptron)", "example71": "Examples 7.1, 7.2 (SVM)", "rings": "two rings (Gaussian kernel)", "": "your own points"},
	"zh": {"example21": "例 2.1（感知机）", "example71": "例 7.1、7.2（支持向量机）", "rings": "两个同心圆环（高斯核函数）", "": "你自己的点"},
}

// menu returns the text the preset menu shows and whether "new seed" can
// be pressed.
func (p *pgPage) menu(t *testing.T) (shown string, reseed bool) {
	t.Helper()
	m := pgEval[[]string](t, p.tab, `(() => { const s = document.getElementById('preset');
		return [s.options[s.selectedIndex].text, String(!document.getElementById('reseed').disabled)]; })()`)
	return m[0], m[1] == "true"
}

// presetMenu: the preset menu shows the preset of the points fitted, after
// the menu, a fragment opened afresh or followed, an edit, undo and redo;
// with the student's own points it shows so and has no seed to renew.
func (p *pgPage) presetMenu(t *testing.T) {
	words := pgMenuWords[p.lang]
	want := func(what, name string) {
		t.Helper()
		if shown, reseed := p.menu(t); shown != words[name] || reseed != (name != "") {
			t.Errorf("%s: the preset menu shows %q (new seed enabled: %v), want %q", what, shown, reseed, words[name])
		}
	}
	choose := func(name string) {
		t.Helper()
		pgEval[bool](t, p.tab, fmt.Sprintf(`(() => { const s = document.getElementById('preset'); s.value = %q; s.dispatchEvent(new Event('change')); return true; })()`, name))
	}
	// The two rings from the menu, then Example 2.1's points in the fragment:
	// followed within the page, and opened afresh.
	choose("rings")
	want("two rings from the menu", "rings")
	p.hash(t, "points=3,3,1;4,3,1;1,1,-1")
	want("Example 2.1's fragment after the two rings", "example21")
	rings, _ := playground.Preset("rings", 4)
	p.open(t, rings.Fragment())
	want("a link to the rings of seed 4", "rings")
	p.open(t, "points=3,3,1;4,3,1;1,1,-1")
	want("a link to Example 2.1 opened after the rings", "example21")
	p.screenshot(t, "menu-example21")
	p.hash(t, "algo=svm&points=3,3,1;4,3,1;1,1,-1")
	want("Example 2.1's points under svm", "example71")
	// "new seed" on the rings: the rings of the next seed.
	p.hash(t, rings.Fragment())
	if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("reseed"), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	next, _ := playground.Preset("rings", 5)
	if got := p.pageFragment(t); got != next.Fragment() {
		t.Errorf("new seed on the rings of seed 4 gave #%.80s…, want #%.80s…", got, next.Fragment())
	}
	want("new seed on the rings", "rings")
	// An edit: a point clicked onto Example 2.1 makes the points the student's.
	p.hash(t, "points=3,3,1;4,3,1;1,1,-1")
	b := p.plane(t)
	x, y := b.px(2, 3.5)
	if err := do(p.tab, 5*time.Second, chromedp.MouseClickXY(x, y)); err != nil {
		t.Fatal(err)
	}
	if r := p.result(t); r.N != 4 {
		t.Fatalf("a click on Example 2.1 gave %+v", r)
	}
	want("a point added to Example 2.1", "")
	p.screenshot(t, "menu-own")
	// "new seed" then renews nothing, and choosing the entry opens nothing.
	edited := p.pageFragment(t)
	pgEval[bool](t, p.tab, `document.getElementById('reseed').click(), true`)
	choose("")
	if got := p.pageFragment(t); got != edited {
		t.Errorf("new seed and the menu's own entry on the student's points changed #%s to #%s", edited, got)
	}
	want("the menu's own entry chosen", "")
	for _, c := range []struct{ button, name string }{{"undo", "example21"}, {"redo", ""}, {"undo", "example21"}} {
		if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID(c.button), chromedp.NodeVisible)); err != nil {
			t.Fatal(err)
		}
		want(c.button+" after the added point", c.name)
	}
	// The menu's own entry chosen on a preset's points: the menu shows the preset again.
	choose("")
	want("the own entry chosen on Example 2.1", "example21")
}

// table21 steps primal through Example 2.1 with the page's buttons: each
// step is a row of Table 2.1.
func (p *pgPage) table21(t *testing.T) {
	p.hash(t, "points=3,3,1;4,3,1;1,1,-1")
	rows := []struct {
		mis string
		w   []float64
		b   float64
	}{{"", []float64{0, 0}, 0}, {"x₁", []float64{3, 3}, 1}, {"x₃", []float64{2, 2}, 0}, {"x₃", []float64{1, 1}, -1},
		{"x₃", []float64{0, 0}, -2}, {"x₁", []float64{3, 3}, -1}, {"x₃", []float64{2, 2}, -2}, {"x₃", []float64{1, 1}, -3}}
	if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("first"), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	for k, row := range rows {
		if k > 0 {
			if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("next"), chromedp.NodeVisible)); err != nil {
				t.Fatal(err)
			}
		}
		r := p.result(t)
		last := pgEval[[]string](t, p.tab, `[...document.querySelector('#details table').rows].at(-1).cells.length ? [...[...document.querySelector('#details table').rows].at(-1).cells].map(c => c.textContent) : []`)
		if *r.Step != k || !slices.Equal(r.W, row.w) || *r.B != row.b || len(last) != 4 || last[0] != fmt.Sprint(k) || last[1] != row.mis {
			t.Errorf("step %d: result %+v, table row %q; Table 2.1: %s, w = %v, b = %v", k, r, last, row.mis, row.w, row.b)
		}
		if k == 4 {
			p.screenshot(t, "table21-step4")
		}
	}
	r := p.result(t)
	if !close12(*r.R, math.Sqrt(26)) || !close12(*r.Gamma, math.Sqrt2/3) || math.Abs(*r.Bound-117) > 1e-9 {
		t.Errorf("Novikoff: R %v γ %v (R/γ)² %v", *r.R, *r.Gamma, *r.Bound)
	}
}

// plane returns the canvas's box and the view, to click at points.
type planeBox struct {
	Left, Top, Width, Height float64
	View                     [4]float64
}

func (p *pgPage) plane(t *testing.T) planeBox {
	return pgEval[planeBox](t, p.tab, `(() => { const r = document.getElementById('plane').getBoundingClientRect();
		return {Left: r.left, Top: r.top, Width: r.width, Height: r.height, View: playground.view()}; })()`)
}

func (b planeBox) px(x, y float64) (float64, float64) {
	return b.Left + (x-b.View[0])/(b.View[1]-b.View[0])*b.Width, b.Top + (b.View[3]-y)/(b.View[3]-b.View[2])*b.Height
}

// pageFragment is the state the page holds now.
func (p *pgPage) pageFragment(t *testing.T) string {
	return pgEval[string](t, p.tab, `location.hash.slice(1)`)
}

// clicks builds a data set with the mouse: three clicks (one with Shift for
// the other class), a drag, an Alt+click that deletes, and undo.
func (p *pgPage) clicks(t *testing.T) {
	p.hash(t, "algo=svm&points=3,3,1;4,3,1;1,1,-1")
	if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("clear"), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if r := p.result(t); r.N != 0 || r.Status != "error" {
		t.Errorf("after clear: %+v", r)
	}
	b := p.plane(t)
	click := func(x, y float64, mods ...chromedp.Modifier) {
		px, py := b.px(x, y)
		if err := do(p.tab, 5*time.Second, chromedp.MouseClickXY(px, py, chromedp.ButtonModifiers(mods...))); err != nil {
			t.Fatal(err)
		}
	}
	click(3, 3)
	click(4, 3)
	click(1, 1, chromedp.ModifierShift)
	click(2, 0.5, chromedp.ModifierShift)
	r := p.result(t)
	frag := p.pageFragment(t)
	st := stateOf(t, frag)
	if r.N != 4 || !slices.Equal(st.Y, []float64{1, 1, -1, -1}) || r.Status != "converged" {
		t.Fatalf("four clicks gave %+v (%s)", r, frag)
	}
	compare(t, "clicked", frag, r)
	// Drag x₂ from (4, 3) to (4, 1.5).
	x0, y0 := b.px(st.X[1][0], st.X[1][1])
	_, y1 := b.px(4, 1.5)
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.Button("left"))}
	for i := 1; i <= 5; i++ {
		steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x0, y0+(y1-y0)*float64(i)/5, chromedp.Button("left")))
	}
	steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x0, y1, chromedp.Button("left")))
	if err := do(p.tab, 10*time.Second, steps...); err != nil {
		t.Fatal(err)
	}
	frag = p.pageFragment(t)
	st = stateOf(t, frag)
	if len(st.X) != 4 || math.Abs(st.X[1][1]-1.5) > 0.1 || math.Abs(st.X[1][0]-4) > 0.1 {
		t.Errorf("after the drag: %s", frag)
	}
	compare(t, "dragged", frag, p.result(t))
	p.screenshot(t, "clicked")
	// Alt+click deletes x₁; undo brings it back.
	click(st.X[0][0], st.X[0][1], chromedp.ModifierAlt)
	if r := p.result(t); r.N != 3 {
		t.Errorf("after Alt+click: n = %d", r.N)
	}
	compare(t, "deleted", p.pageFragment(t), p.result(t))
	if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("undo"), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if got := p.pageFragment(t); got != frag {
		t.Errorf("undo gave %s, want %s", got, frag)
	}
	if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("redo"), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if r := p.result(t); r.N != 3 {
		t.Errorf("after redo: n = %d", r.N)
	}
}

// notebookLinks opens every state that a notebook links to ("open in the
// playground"): each one fits, as the library does.
func (p *pgPage) notebookLinks(t *testing.T, repo string) {
	srcs, err := filepath.Glob(filepath.Join(repo, "notebooks", "src", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(playground\.html#([^)\s]+)\)`)
	n := 0
	for _, src := range srcs {
		for _, m := range link.FindAllStringSubmatch(string(mustRead(t, src)), -1) {
			r := p.hash(t, m[1])
			if r.Status != "converged" {
				t.Errorf("%s links to #%s: %s %q", filepath.Base(src), m[1], r.Status, r.Message)
				continue
			}
			compare(t, filepath.Base(src), m[1], r)
			n++
		}
	}
	if n < 16 {
		t.Errorf("%d links to the playground in the notebooks' sources, want 16 (8 notebooks × 2 editions)", n)
	}
}

// offerC: a hard margin on XOR does not exist; the page says so and its
// button switches to the soft margin C = 1, which fits.
func (p *pgPage) offerC(t *testing.T) {
	frag := "algo=svm&points=0,0,1;1,1,1;1,0,-1;0,1,-1"
	if r := p.hash(t, frag); r.Status != "not separable" {
		t.Fatalf("hard margin on XOR: %+v", r)
	}
	if err := do(p.tab, 5*time.Second, chromedp.Click(chromedp.ID("offer-c"), chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	r := p.result(t)
	if r.Status != "converged" {
		t.Errorf("after the soft-margin button: %+v", r)
	}
	compare(t, "XOR with C = 1", "algo=svm&C=1&points=0,0,1;1,1,1;1,0,-1;0,1,-1", r)
}

// badFragments opens fragments the page cannot read: a message, the page
// still working.
func (p *pgPage) badFragments(t *testing.T) {
	for _, frag := range []string{"colour=red", "points=1,x,1", "points=1,2,3", "C=NaN&algo=svm", "algo=knn"} {
		p.open(t, frag)
		r := p.result(t)
		_, err := playground.ParseFragment(frag)
		e, _ := err.(*playground.Error)
		if r.Status != "error" || e == nil || r.Message != e.Text(p.lang) {
			t.Errorf("#%s: %+v, want the message %v", frag, r, err)
		}
		shown := pgEval[string](t, p.tab, `document.getElementById('message').textContent`)
		if shown != r.Message || !pgEval[bool](t, p.tab, `!!document.getElementById('plane').getContext`) {
			t.Errorf("#%s: the page shows %q", frag, shown)
		}
	}
	p.screenshot(t, "bad-fragment")
	// And it keeps working: a click adds a point.
	b := p.plane(t)
	x, y := b.px((b.View[0]+b.View[1])/2, (b.View[2]+b.View[3])/2)
	if err := do(p.tab, 5*time.Second, chromedp.MouseClickXY(x, y)); err != nil {
		t.Fatal(err)
	}
	if r := p.result(t); r.N != 1 {
		t.Errorf("after a bad fragment a click gave %+v", r)
	}
}

// exports: the points as CSV and LIBSVM text that marginnotes svm reads,
// the model that marginnotes predict reads, SVG and PNG, and the link.
func (p *pgPage) exports(t *testing.T, repo string) {
	frag := "algo=svm&kernel=gauss&sigma=0.7&C=10&points=3,3,1;4,3,1;1,1,-1;2,3.5,-1;0.5,3,1"
	p.hash(t, frag)
	text := func(kind string) string {
		return pgEval[string](t, p.tab, fmt.Sprintf(`playground.exportText(%q)`, kind))
	}
	dir := t.TempDir()
	files := map[string]string{}
	for kind, name := range map[string]string{"csv": "points.csv", "libsvm": "points.libsvm", "model": "model.json", "svg": "playground.svg"} {
		files[kind] = filepath.Join(dir, name)
		if err := os.WriteFile(files[kind], []byte(text(kind)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	png := text("png")
	data, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(png, "data:image/png;base64,"))
	if err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
		t.Errorf("PNG export: %.40s: %v", png, err)
	}
	os.WriteFile(filepath.Join(p.out, p.lang+"-export.png"), data, 0o644)
	if svg, _ := os.ReadFile(files["svg"]); !strings.HasPrefix(string(svg), "<svg") || strings.Count(string(svg), "<circle") < 5 {
		t.Errorf("SVG export: %.80s", svg)
	}
	os.WriteFile(filepath.Join(p.out, p.lang+"-export.svg"), mustRead(t, files["svg"]), 0o644)
	if link := text("link"); !strings.HasSuffix(link, "#"+stateOf(t, frag).Fragment()) {
		t.Errorf("link %s", link)
	}
	cli := filepath.Join(dir, "marginnotes")
	build := exec.Command("go", "build", "-o", cli, "./cmd/marginnotes")
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/marginnotes: %v\n%s", err, out)
	}
	r := p.result(t)
	for _, kind := range []string{"csv", "libsvm"} {
		out, err := exec.Command(cli, "svm", "-json", "-c", "10", "-kernel", "rbf", "-gamma", fmt.Sprint(1/(2*0.7*0.7)), files[kind]).Output()
		var got struct {
			Alpha []float64 `json:"alpha"`
			B     float64   `json:"b"`
		}
		if err != nil || json.Unmarshal(out, &got) != nil {
			t.Fatalf("marginnotes svm %s: %v\n%s", kind, err, out)
		}
		if !close12All(got.Alpha, r.Alpha) || !close12(got.B, *r.B) {
			t.Errorf("marginnotes svm on the %s export: α %v b %v, the page α %v b %v", kind, got.Alpha, got.B, r.Alpha, *r.B)
		}
	}
	out, err := exec.Command(cli, "predict", "-json", "-model", files["model"], files["csv"]).Output()
	var pred struct {
		Decisions []float64 `json:"decisions"`
		Accuracy  float64   `json:"accuracy"`
	}
	if err != nil || json.Unmarshal(out, &pred) != nil {
		t.Fatalf("marginnotes predict: %v\n%s", err, out)
	}
	st := stateOf(t, frag)
	x := mat.NewDense(len(st.X), 2, nil)
	for i, q := range st.X {
		x.SetRow(i, q[:])
	}
	res, _ := svm.SMO{C: 10, Kernel: playground.KernelOf(st), MaxIter: playground.MaxSVMIter}.Fit(x, st.Y)
	for i, q := range st.X {
		if !close12(pred.Decisions[i], res.Decision(q[:])) {
			t.Errorf("marginnotes predict with the exported model: f(x%d) = %v, the library %v", i+1, pred.Decisions[i], res.Decision(q[:]))
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func median(d []float64) float64 {
	s := slices.Clone(d)
	sort.Float64s(s)
	return s[len(s)/2]
}

// speedError reports a measurement over its bound: an error under
// MARGINNOTES_E2E_SPEED=1, else a line of the log (a shared, loaded machine
// is not the measure of the page; the numbers are printed either way).
func speedError(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("MARGINNOTES_E2E_SPEED") == "1" {
		t.Errorf(format, args...)
		return
	}
	t.Logf("over the bound (an error under MARGINNOTES_E2E_SPEED=1): "+format, args...)
}

// speed measures the ready time (median of 5 openings) and the time of a
// drag's refit and redraw (median of 15 moves) at 100 and 1000 points,
// linear and Gaussian, and prints them.
func (p *pgPage) speed(t *testing.T) {
	var ready []float64
	for range 5 {
		ready = append(ready, float64(p.open(t, ""))/float64(time.Millisecond))
	}
	m := median(ready)
	t.Logf("%s: ready (wasm instantiated, first result drawn) median of 5: %.0f ms %v", p.lang, m, ready)
	if m > float64(maxPlaygroundReady/time.Millisecond) {
		speedError(t, "ready in %.0f ms, more than %v", m, maxPlaygroundReady)
	}
	for _, n := range []int{100, 1000} {
		for _, k := range []string{"", "&kernel=gauss&sigma=0.5"} {
			src := rand.New(rand.NewPCG(uint64(n), 1))
			var pts []string
			for range n {
				x1, x2 := src.NormFloat64(), src.NormFloat64()
				y := 1
				if x1+0.5*x2+0.3*src.NormFloat64() < 0 {
					y = -1
				}
				pts = append(pts, fmt.Sprintf("%.3f,%.3f,%d", x1, x2, y))
			}
			frag := "algo=svm&C=1" + k + "&points=" + strings.Join(pts, ";")
			r := p.hash(t, frag)
			if r.Status != "converged" {
				t.Errorf("%d points %s: %+v", n, k, r.Status)
			}
			// A drag: move point 0 a little, 15 times, as mousemove does.
			times := pgEval[[]float64](t, p.tab, `(() => { const out = [];
				for (let i = 0; i < 15; i++) { const s = playground.state(); s.points[0][0] += 0.01; s.step = -1;
					out.push(playground.fit()); }
				return out; })()`)
			med := median(times)
			limit := maxRedraw100
			if n > 100 {
				limit = maxRedraw1000
			}
			kind := "linear"
			if k != "" {
				kind = "Gaussian"
			}
			t.Logf("%s: %d points, %s SVM: refit + redraw median %.1f ms (of 15 drags)", p.lang, n, kind, med)
			if med > float64(limit/time.Millisecond) {
				speedError(t, "%d points %s: redraw median %.1f ms, more than %v", n, kind, med, limit)
			}
			if n == 1000 && k != "" {
				p.screenshot(t, "1000-gauss")
			}
		}
	}
}
