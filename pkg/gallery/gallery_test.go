package gallery

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/inequality"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// namePattern is the form of a stable file name.
var namePattern = regexp.MustCompile(`^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$`)

// notebookSources is the folder of the notebooks' Markdown sources.
const notebookSources = "../../notebooks/src"

func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			if !namePattern.MatchString(e.Name) {
				t.Errorf("name %q is not NN-words-with-hyphens", e.Name)
			}
			if seen[e.Name] {
				t.Errorf("name %q is used twice", e.Name)
			}
			seen[e.Name] = true
			if e.Notebook[:3] != e.Name[:3] {
				t.Errorf("notebook %q does not have the number of the name %q", e.Notebook, e.Name)
			}
			if _, err := os.Stat(filepath.Join(notebookSources, e.Notebook+".md")); err != nil {
				t.Errorf("notebook %s has no source: %v", e.Notebook, err)
			}
			if e.Title == "" {
				t.Error("no title")
			}
		})
	}
}

// Tolerances of the text layout, in points: text may touch the figure's
// edge or another text by a hair (rounding of font metrics), no more.
const textTol = 0.5

// TestText draws every figure of the catalogue in both languages at its
// house size and checks its text as a reader meets it: every label inside
// the figure, no two labels overlapping, every character drawn with a font
// that has it; and the Chinese figure labelled in Chinese wherever the
// English one has words, label for label.
func TestText(t *testing.T) {
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			var texts [2][]figtest.Text
			for i, l := range []lang.Lang{lang.English, lang.Chinese} {
				f, err := e.Build(l)
				if err != nil {
					testenv.MissingIf(t, err, figures.ErrFont) // the Chinese one, after the English
					t.Fatalf("%v: %v", l, err)
				}
				w, h := figures.Size(f)
				ts := figtest.Texts(f, w, h)
				texts[i] = ts
				for _, tx := range ts {
					if !figtest.Inside(tx.Box, w, h, textTol) {
						t.Errorf("%v: %q at %v leaves the %v×%v figure", l, tx.String, tx.Box, w, h)
					}
					if len(tx.Missing) > 0 {
						t.Errorf("%v: %q: no glyph for %q in %v", l, tx.String, tx.Missing, tx.Families)
					}
				}
				for _, o := range figtest.Overlaps(ts, textTol) {
					t.Errorf("%v: %q and %q overlap", l, ts[o[0]].String, ts[o[1]].String)
				}
			}
			en, zh := texts[0], texts[1]
			if len(en) != len(zh) {
				t.Fatalf("%d texts in English, %d in Chinese", len(en), len(zh))
			}
			for i := range en {
				if hasWords(en[i].String) && !figtest.HasHan(zh[i].String) {
					t.Errorf("Chinese %q for English %q", zh[i].String, en[i].String)
				}
			}
		})
	}
}

// mathNames are the Latin names a formula uses, which are not English words.
var mathNames = map[string]bool{"opt": true, "max": true, "min": true, "sign": true, "exp": true, "log": true, "cm": true}

// latinWord matches a run of three or more Latin letters (two, as Ax in
// Ax², are a product).
var latinWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// hasWords reports whether s has an English word: a run of three or more
// Latin letters that is not a mathematical name.
func hasWords(s string) bool {
	for _, w := range latinWord.FindAllString(s, -1) {
		if !mathNames[w] {
			return true
		}
	}
	return false
}

// bookTexts lists, for figures of the book's examples, texts that must be
// drawn, alone or within a longer text: the book's numbers, which a wrong
// computation would change.
var bookTexts = map[string][]string{
	// §2.2: the distances of x1, x2, x3 to x⁽¹⁾ + x⁽²⁾ − 3 = 0 are
	// 3/√2, 4/√2 and 1/√2.
	"01-distance-example21-distances": {"x⁽¹⁾ + x⁽²⁾ − 3 = 0", "2.121", "2.828", "0.7071"},
	// Table 2.1, k = 1: 3x⁽¹⁾ + 3x⁽²⁾ + 1 = 0 misclassifies x3 only.
	"01-distance-table21-k1-misclassified": {"3x⁽¹⁾ + 3x⁽²⁾ + 1 = 0", "Table 2.1, k = 1: x3 is misclassified"},
	// Example 2.1: the book's answer and the other order's, 2x⁽¹⁾ + x⁽²⁾ − 5 = 0.
	"02-primal-example21-outcomes": {"x⁽¹⁾ + x⁽²⁾ − 3 = 0", "2x⁽¹⁾ + x⁽²⁾ − 5 = 0"},
	// Table 2.1 ends at w = (1, 1), b = −3 after seven updates.
	"02-primal-table21-steps": {"k = 7: x3 misclassified", "w = (1, 1), b = −3"},
	// Definitions 7.2, 7.3: on Example 2.1, (w, b) = ((1/2, 1/2), −2) has
	// functional margins (1, 3/2, 1) and (2w, 2b) twice those; the
	// geometric margins (√2, 3√2/2, √2) are the same for both.
	"06-max-margin-rescaling": {"γ̂ᵢ = (1, 3/2, 1)", "γ̂ᵢ = (2, 3, 2)", "γᵢ = (√2, 3√2/2, √2)", "w = (1, 1), b = −4"},
	// Example 7.1 by the primal solver: ½x(1) + ½x(2) − 2 = 0, margin 2√2.
	"06-max-margin-example71": {"separating hyperplane ½x(1) + ½x(2) − 2 = 0", "margin 2/‖w*‖ = 2√2"},
	// The perceptron's four answers (notebook 02) have geometric margins
	// 1, √2/2, 2√5/5, √10/10; the maximum margin √2.
	"06-max-margin-perceptron": {"½x(1) + ½x(2) − 2 = 0: γ = √2", "x(1) − 2 = 0: γ = 1", "x(1) + x(2) − 3 = 0: γ = √2/2",
		"2x(1) + x(2) − 5 = 0: γ = 2√5/5", "3x(1) + x(2) − 5 = 0: γ = √10/10"},
	// min x² s.t. x ≥ 1: θ_D(α) = α − α²/4, θ_D(1) = θ_D(3) = 3/4, d* = p* = 1 at α* = 2.
	"07-lagrange-duality-square": {"α* = 2: θ_D(α*) = d* = 1", "θ_D(1) = 3/4", "θ_D(3) = 3/4", "x* = 1, p* = 1", "p* = 1"},
	// min x s.t. x² ≤ 0: θ_D(α) = −1/(4α), p* = 0.
	"07-lagrange-duality-no-slater": {"θ_D(1/2) = −1/2", "θ_D(1) = −1/4", "θ_D(2) = −1/8", "x* = 0, p* = 0"},
	// Example 7.2: p* = 1/4 = θ_D(α*) at α* = (1/4, 0, 1/4).
	"07-lagrange-duality-weak-example72": {"p* = ½‖w*‖² = 1/4", "θ_D(α*) = 1/4", "α* = (1/4, 0, 1/4)", "200 random feasible α"},
	// Example 7.2: s(0, 2/13) = −2/13 and s(1/4, 0) = −1/4, the stationary
	// point (3/2, −1) with s = −1/2.
	"08-svm-dual-s-contour": {"α₁ = 0: s = −2/13", "α₂ = 0: s = −1/4", "stationary point: s = −1/2"},
	// Example 7.1: ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0.
	"08-svm-dual-max-margin": {"separating hyperplane ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0"},
	// Figure 7.6: the points (0, 1) and (1, 0) where the losses meet the axes.
	"09-soft-margin-figure76-losses": {"(0, 1)", "(1, 0)"},
}

func TestBookTexts(t *testing.T) {
	for _, e := range All() {
		want, ok := bookTexts[e.Name]
		if !ok {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			f, err := e.Build(lang.English)
			if err != nil {
				t.Fatal(err)
			}
			w, h := figures.Size(f)
			var drawn []string
			for _, tx := range figtest.Texts(f, w, h) {
				drawn = append(drawn, tx.String)
			}
			for _, s := range want {
				if !slices.ContainsFunc(drawn, func(d string) bool { return strings.Contains(d, s) }) {
					t.Errorf("%q not drawn", s)
				}
			}
		})
	}
}

func TestMatch(t *testing.T) {
	cases := []struct {
		pattern string
		want    []string
		err     error
	}{
		{"08-*", []string{"08-svm-dual-s-contour", "08-svm-dual-max-margin"}, nil},
		{"*-figure76-*", []string{"09-soft-margin-figure76-losses"}, nil},
		{"02-primal-table21-steps", []string{"02-primal-table21-steps"}, nil},
		{"99-*", nil, ErrNoMatch},
		{"[", nil, ErrPattern},
	}
	for _, c := range cases {
		t.Run(c.pattern, func(t *testing.T) {
			got, err := Match(c.pattern)
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			var names []string
			for _, e := range got {
				names = append(names, e.Name)
			}
			if strings.Join(names, " ") != strings.Join(c.want, " ") {
				t.Errorf("names %v, want %v", names, c.want)
			}
		})
	}
}

// TestPlots checks what the figures that draw data show: every point of
// every series inside the axes, which hold the book's values.
func TestPlots(t *testing.T) {
	plots := []struct {
		name  string
		build func() (*plot.Plot, error)
		// x and y are values the axes must hold.
		x, y []float64
	}{
		// L(w, b) along Table 2.1 reaches 18 at k = 2 (w = (3, 3), b = 1 on x3, notebook 01).
		{"Table21Loss", func() (*plot.Plot, error) { return Table21Loss(lang.English) }, []float64{0, 7}, []float64{0, 3}},
		// b* is any value in [−0.4, −0.2] (notebook 09), inside the sweep [−0.7, 0.1].
		{"SoftMarginBInterval", func() (*plot.Plot, error) { return SoftMarginBInterval(lang.English) }, []float64{-0.7, -0.4, -0.2, 0.1}, nil},
		{"PocketErrors", func() (*plot.Plot, error) { return PocketErrors(CancerSplit().Train, EpochLimits(), lang.English) }, EpochLimits(), []float64{0}},
		{"CancerAccuracy", func() (*plot.Plot, error) {
			return CancerAccuracy(CancerSplit(), CancerC(), CancerKernels(), lang.English)
		}, CancerC(), nil},
	}
	for _, c := range plots {
		t.Run(c.name, func(t *testing.T) {
			p, err := c.build()
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range c.x {
				if x < p.X.Min || x > p.X.Max {
					t.Errorf("x = %v outside [%v, %v]", x, p.X.Min, p.X.Max)
				}
			}
			for _, y := range c.y {
				if y < p.Y.Min || y > p.Y.Max {
					t.Errorf("y = %v outside [%v, %v]", y, p.Y.Min, p.Y.Max)
				}
			}
		})
	}
	// Accuracies are fractions: the axis stays within [0, 1] give or take
	// its padding, and the test set has 171 points.
	p, err := CancerAccuracy(CancerSplit(), CancerC(), CancerKernels(), lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Min < -0.1 || p.Y.Max > 1.1 {
		t.Errorf("accuracy axis [%v, %v] is not around [0, 1]", p.Y.Min, p.Y.Max)
	}

	grids := []struct {
		name       string
		build      func() (*figures.Grid, error)
		rows, cols int
	}{
		{"Table21Steps", func() (*figures.Grid, error) { return Table21Steps(lang.English) }, 2, 4}, // k = 1…7 and the end
		{"KernelRegions", func() (*figures.Grid, error) { return KernelRegions(XORData(), RingsData(), lang.English) }, 1, 2},
		{"NovikoffProof", func() (*figures.Grid, error) { return NovikoffProof(lang.English) }, 1, 2},
		{"SoftMarginSweep", func() (*figures.Grid, error) {
			set, cs := SoftMarginData()
			return SoftMarginSweep(set, cs, lang.English)
		}, 2, 2},
	}
	for _, c := range grids {
		t.Run(c.name, func(t *testing.T) {
			g, err := c.build()
			if err != nil {
				t.Fatal(err)
			}
			if r, k := g.Dims(); r != c.rows || k != c.cols {
				t.Errorf("grid %d×%d, want %d×%d", r, k, c.rows, c.cols)
			}
		})
	}
}

func TestFormCosts(t *testing.T) {
	ts, err := FormSweep(1)
	if err != nil {
		t.Fatal(err)
	}
	g, err := FormCosts(ts, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	// Panel 1: N = 25…800 at d = 1000; panel 2: d = 10…3000 at N = 100.
	for i, want := range []struct{ min, max float64 }{{25, 800}, {10, 3000}} {
		p := g.Panels[0][i]
		if p.X.Min > want.min || p.X.Max < want.max {
			t.Errorf("panel %d: x from %g to %g, want it to cover %g…%g", i, p.X.Min, p.X.Max, want.min, want.max)
		}
	}
	// Notebook 03's table: N = 100, d = 1000 costs 12134000 multiply–adds in
	// the primal form and 7407400 in the dual form.
	for _, s := range ts {
		if s.N == FormN && s.D == FormD && (s.PrimalCost.Total() != 12134000 || s.DualCost.Total() != 7407400) {
			t.Errorf("N=100, d=1000: costs %d and %d, want 12134000 and 7407400", s.PrimalCost.Total(), s.DualCost.Total())
		}
	}
}

func TestMarginTrials(t *testing.T) {
	trials, err := MarginTrials()
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != len(MarginGammas())*MarginSets {
		t.Fatalf("%d trials, want %d", len(trials), len(MarginGammas())*MarginSets)
	}
	for _, tr := range trials {
		// Theorem 2.1: k ≤ (R/γ)² for the best γ, which is at least the planted one.
		if float64(tr.Mistakes) > tr.Best.Bound || tr.Best.Bound > tr.Planted.Bound*(1+1e-9) {
			t.Errorf("γ=%g set %d: %d mistakes, best bound %g, planted bound %g", tr.Gamma, tr.Set, tr.Mistakes, tr.Best.Bound, tr.Planted.Bound)
		}
	}
}

func TestCauchySchwarzPairs(t *testing.T) {
	want := []bool{false, false, true} // collinear?
	for i, p := range CauchySchwarzPairs(lang.English) {
		if got := inequality.Quadratic(p.A, p.B).Collinear; got != want[i] {
			t.Errorf("%s: collinear %v, want %v", p.Name, got, want[i])
		}
	}
}

func TestCancerSplit(t *testing.T) {
	s := CancerSplit()
	n, d := s.Train.Dims()
	if n != 398 || d != 30 || len(s.Test.Y) != 171 {
		t.Fatalf("train %d×%d, test %d, want 398×30 and 171 (notebook 12)", n, d, len(s.Test.Y))
	}
	for i := range n {
		for _, v := range s.Train.X.RawRowView(i) {
			if v < -1 || v > 1 {
				t.Fatalf("scaled training value %g outside [−1, 1]", v)
			}
		}
	}
}

// TestNotebookCells checks that every plot cell of the notebooks' sources
// calls a gallery builder, so that no figure is defined in a notebook alone.
func TestNotebookCells(t *testing.T) {
	srcs, err := filepath.Glob(filepath.Join(notebookSources, "[0-9][0-9]-*.md"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no notebook sources in %s (%v)", notebookSources, err)
	}
	for _, src := range srcs {
		base := filepath.Base(src)
		for _, cell := range plotCells(t, src) {
			if strings.Contains(cell.code, "gallery.") {
				continue
			}
			t.Errorf("%s:%d: plot cell does not call a gallery builder", base, cell.line)
		}
	}
}

type codeCell struct {
	line int
	code string
}

// plotCells returns the ```go plot cells of a notebook source, and the
// cells that call notebook.Show.
func plotCells(t *testing.T, path string) []codeCell {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cells []codeCell
	var cur *codeCell
	tagged := false
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```go"):
			cur, tagged = &codeCell{line: n}, strings.Contains(line, "plot")
		case cur != nil && line == "```":
			if tagged || strings.Contains(cur.code, "notebook.Show(") {
				cells = append(cells, *cur)
			}
			cur = nil
		case cur != nil:
			cur.code += line + "\n"
		}
	}
	return cells
}

// zhPunctuation returns what in a text of a Chinese figure or slider frame
// is Western punctuation between clauses: an ASCII colon or semicolon
// before a space, a comma and space outside parentheses other than
// between the points of a list (x1, x3), or ASCII parentheses around a
// remark (k = 11) or next to Chinese; "" if none. Inside formulas, vectors
// (1, 1) and lists ASCII stays, as the book writes them.
func zhPunctuation(s string) string {
	if m := zhColon.FindString(s); m != "" {
		return m
	}
	if m := zhParen.FindString(s); m != "" {
		return m
	}
	depth := 0
	rs := []rune(s)
	for i, r := range rs {
		switch r {
		case '(', '[', '{', '⟨':
			depth++
		case ')', ']', '}', '⟩':
			depth--
		case ',':
			if depth == 0 && i+1 < len(rs) && rs[i+1] == ' ' && !pointList.MatchString(string(rs[max(i-3, 0):min(i+4, len(rs))])) {
				return string(rs[max(i-8, 0):min(i+8, len(rs))])
			}
		}
	}
	return ""
}

var (
	zhColon   = regexp.MustCompile(`[:;] `)
	zhParen   = regexp.MustCompile(`\s\([^()]* = [^()]*\)|\([ \t]*\p{Han}|\p{Han}[ \t]*\)`)
	pointList = regexp.MustCompile(`x\d+, x\d`)
)

// TestChinesePunctuation checks the chapter 2 figures and sliders of the
// Chinese edition: titles, legends, labels, slider states and menu names
// are punctuated as Chinese (，：；（）), as the notebooks' prose is.
func TestChinesePunctuation(t *testing.T) {
	chapter2 := regexp.MustCompile(`^(0[1-5]|13)-`)
	check := func(where, s string) {
		t.Helper()
		if m := zhPunctuation(s); m != "" {
			t.Errorf("%s: %q: Western punctuation %q", where, s, m)
		}
	}
	for _, e := range All() {
		if !chapter2.MatchString(e.Name) {
			continue
		}
		f, err := e.Build(lang.Chinese)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont)
			t.Fatalf("%s: %v", e.Name, err)
		}
		w, h := figures.Size(f)
		for _, tx := range figtest.Texts(f, w, h) {
			check(e.Name, tx.String)
		}
	}
	for name, frames := range map[string]func(lang.Lang) ([]figures.Sequence, error){
		"PrimalFrames": PrimalFrames, "DualFrames": DualFrames, "MarginFrames": MarginFrames,
	} {
		seqs, err := frames(lang.Chinese)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont)
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range seqs {
			check(name, s.Name)
			for k, f := range s.Frames {
				check(fmt.Sprintf("%s, frame %d", name, k), f.State)
				for _, tx := range figtest.Texts(f.Figure, figures.Wide, figures.Height) {
					check(fmt.Sprintf("%s, frame %d", name, k), tx.String)
				}
			}
		}
	}
	// The rule can fail: an English title passes through it as Western.
	if zhPunctuation("k = 3: w = (1, 1), b = −1") == "" || zhPunctuation("正例 (y = +1)") == "" || zhPunctuation("循环 x1, x2, x3（表 2.1）") != "" {
		t.Error("zhPunctuation does not tell Western from Chinese punctuation")
	}
}
