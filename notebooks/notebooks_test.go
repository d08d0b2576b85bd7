package notebooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// keyNumber is a number a notebook exists to reproduce: its outputs must
// match pattern (a regular expression) somewhere.
type keyNumber struct {
	what    string // what the number is, with its source
	pattern string
}

// keyNumbers lists the book's key numbers per notebook, by the notebook's
// two-digit prefix. A listed notebook that does not exist is a failure. Notebook authors add finer checks to their own
// sources with "<!-- expect: TEXT -->" markers (see README.md); this table
// holds what must not go missing whatever the notebook's wording.
var keyNumbers = map[string][]keyNumber{
	"01": {
		// Book reference sheet: L(w,b) along Table 2.1 is 0, 7, 4, 1, 4, 5, 2, 0.
		{"loss L along Table 2.1", seq(0, 7, 4, 1, 4, 5, 2, 0)},
		// Definition 2.1 (2.2): sign(0) = +1.
		{"sign(0) = +1 (Definition 2.1)", `sign\(0\) = 1\b`},
		// With w = (1, 1): at b = −7 two points are misclassified and L = 1;
		// at b = −13/2 one point, L = 1/2 (|M| jumps, L does not).
		{"|M| and L as b varies", `b = −7\s+\|M\| = 2\s+L = 1\b`},
	},
	"02": {
		// Table 2.1: the final model x⁽¹⁾+x⁽²⁾−3 and the book's other order's 2x⁽¹⁾+x⁽²⁾−5,
		// written by package notation (spaced operators, true minus).
		{"Table 2.1 final hyperplane x(1)+x(2)−3", `(^|[^\d])x⁽¹⁾ \+ x⁽²⁾ − 3\b`},
		{"alternative order 2x(1)+x(2)−5", `2x⁽¹⁾ \+ x⁽²⁾ − 5 = 0`},
		// Every run of Algorithm 2.1 on Example 2.1 ends at one of four
		// hyperplanes; x⁽¹⁾ − 2 = 0 (n = (0, 1, 3)) with probability 1/2.
		{"most likely answer x(1) − 2 = 0, P = 1/2", `x⁽¹⁾ − 2 = 0 \| \(0, 1, 3\) \| 4 \| 2 \| 1/2`},
		// XOR's four corners: the Farkas certificate weighs each ¼.
		{"XOR certificate λ = (1/4, 1/4, 1/4, 1/4)", `λ = \(1/4, 1/4, 1/4, 1/4\)`},
	},
	"03": {
		// Example 2.2: G = [[18,21,6],[21,25,7],[6,7,2]], in any layout
		// (fmt of [][]float64, mat.Formatted, a Markdown table).
		{"Gram matrix of Example 2.2 (book ../shared/reference/book.md)", seq(18, 21, 6, 21, 25, 7, 6, 7, 2)},
		// Table 2.2: the final α = (2, 0, 5).
		{"final α of Table 2.2", seq(2, 0, 5)},
		// The misprinted column k = 4 of Table 2.2: the reachable states are
		// α = (1, 0, 3), b = −2 (the book's run) and α = (0, 1, 3).
		{"column k = 4 of Table 2.2: α = (1, 0, 3), b = −2", `α=\(1, 0, 3\)\s+w=\(0, 0\)\s+b=−2`},
		// Issue 10, 1.1: on x⁽¹⁾ − 2 = 0 the unused x1 is as close (1) as x3,
		// used three times, and x2 (used once) is the farthest (2).
		{"distances 1, 2, 1 to x(1) − 2 = 0", `\| x⁽¹⁾ − 2 = 0 \| \(0, 1, 3\) \| 1 \| 2 \| 1 \|`},
	},
	"04": {
		// Example 2.1: R² = ‖(4,3,1)‖² = 26, best γ = 1/‖(1/2,1/2,−2)‖, so
		// (R/γ)² = 26 × 9/2 = 117 (against k = 7 actual mistakes).
		{"Novikoff bound (R/γ)² = 117 for Example 2.1", `\b117\b`},
		// The best γ is the distance from the origin to the hull of the yᵢx̂ᵢ:
		// the nearest point is γ·ŵ_opt = (1, 1, −4)/9 = 5/18·y1x̂1 + 13/18·y3x̂3.
		{"nearest point p* = (1/9, 1/9, −4/9) of the hull of the yᵢx̂ᵢ", `\(1/9, 1/9, −4/9\)`},
		// Exercise 1: 2x⁽¹⁾ + x⁽²⁾ − 5 = 0 has γ = 2/√30, (R/γ)² = 26·30/4 = 195.
		{"bound 195 of 2x(1) + x(2) − 5", `\b195\b`},
		// Definition 2.1: sign(0) = +1 for both the book and CS229; at w = 0 the
		// model classifies x1 correctly, yet y1(w·x1 + b) = 0 ≤ 0.
		{"sign(0) = 1 at w = 0", `f\(x1\) = sign\(0\) = 1 = y1`},
	},
	"05": {
		// Cauchy–Schwarz: B² − AC ≤ 0, with equality for collinear vectors.
		{"discriminant B² − AC", `B² ?− ?AC`},
		// a = (1, 2, 3), b = (4, 5, 6): AC − B² = 14·77 − 32² = 54 (Lagrange's
		// identity), the minimum of q is (AC − B²)/A = 27/7 at x = −16/7.
		{"AC − B² = 54", `\b54\b`},
		{"minimum 27/7 of the quadratic", `27/7`},
	},
	"06": {
		// Example 7.1 solved as the primal problem (7.13)–(7.14): w* = (1/2, 1/2),
		// b* = −2, support vectors x1 and x3, margin 2/‖w*‖ = 2√2.
		{"w*, b* of Example 7.1", `w\* = \(1/2, 1/2\), b\* = −2`},
		{"margin 2√2 of Example 7.1", `2/‖w\*‖ = 2√2`},
		// Definitions 7.2, 7.3 on Example 2.1: with (w, b) = ((1/2, 1/2), −2) the
		// functional margins are (1, 3/2, 1), the geometric ones (√2, 3√2/2, √2).
		{"margins of x2", `\| x2 \| \(4, 3\) \| 1 \| 3/2 \| 3√2/2 \|`},
		// The perceptron's x⁽¹⁾ + x⁽²⁾ − 3 = 0 has geometric margin √2/2.
		{"geometric margin of x(1) + x(2) − 3", `x⁽¹⁾ \+ x⁽²⁾ − 3 = 0 \| 1 \| √2/2`},
	},
	"07": {
		// min x² s.t. x ≥ 1: θ_D(α) = α − α²/4, α* = 2, d* = p* = 1.
		{"α* = 2, d* = p* = 1", `x\* = 1, p\* = 1, α\* = 2, d\* = θ_D\(α\*\) = 1`},
		// Weak duality on Example 7.2: 200 random feasible α, none above p* = 1/4.
		{"weak duality on 200 samples", `(200 of 200|有 200 个满足)`},
		// min x s.t. x² ≤ 0: θ_D(α) = −1/(4α), p* = 0 not attained.
		{"θ_D(1) = −1/4 without Slater", `θ_D\(1\) = −0\.25`},
		// Strong duality on Example 7.2: p* = d* = L(w*, b*, α*) = 1/4.
		{"p* = d* = 1/4", `p\* = 1/4, d\* = 1/4, L\(w\*, b\*, α\*\) = 1/4`},
	},
	"08": {
		// Example 7.2: the boundary minima s(0, 2/13) = −2/13 and s(1/4, 0) = −1/4,
		// α* = (1/4, 0, 1/4), b* = −2.
		{"s(0, 2/13) = −2/13 of Example 7.2", `2/13`},
		{"dual objective −1/4 of Example 7.2", `f\(α\*\) = −1/4`},
		{"b* = −2 from a support vector", `x1: b\* = −2`},
		// Theorem 7.1: the hard margin's b* is unique; with C = 0.1 the
		// optimal b fill [−0.4, −0.2].
		{"b* unique for the hard margin", `b\* ∈ \[−2, −2\]`},
		{"interval of optimal b at C = 0.1", `b\* ∈ \[−0\.4, −0\.2\]`},
		// Exercise 3: det G = 0 for Example 2.1 (N = 3 > d = 2).
		{"det G = 0", `det G = 0\b`},
		// Exercise 4: x4 = (3.5, 3), −1 on the segment x1x2; certificate.
		{"inseparability certificate of exercise 4", `λ = \(1/4, 1/4, 0, 1/2\)`},
	},
	"09": {
		// Book data with C = 0.1: b* is not unique, every b in [−0.4, −0.2] is optimal.
		{"interval of optimal b", `\[−0\.4, −0\.2\]`},
		// At b = −0.4, x3 = (1, 1) lies on the hyperplane: y3(w*·x3 + b) = 0.
		{"x3 on the hyperplane at b = −0.4", `y3\(w\*·x3 \+ b\) = 0\b`},
		// Figure 7.5 on Example 2.1 and x4 = (3.5, 3), C = 1: x4 has ξ = 24/13.
		{"slack 24/13 of the misclassified x4", `\| x4 \| 1 \| −11/13 \| 24/13 \|`},
		// Theorem 7.4 with C = 0.1, λ = 5: (7.63) = primal/C = 1.6 at the optimum.
		{"Theorem 7.4: (7.63) = primal/C", `\(7\.63\) = 1\.6, \(7\.32\)/C = 1\.6`},
	},
	"10": {
		// The kernel trick on exercise 2.1's XOR corners with (x·z + 1)²: the
		// kernel and the explicit map into R⁶ both give α* = (10/3, 8/3, 8/3, 2),
		// b* = −1 (by hand: Gβ + b = y for β = αᵢyᵢ, pkg/svm's test).
		{"XOR corners with (x·z + 1)²: α* = (10/3, 8/3, 8/3, 2)", `α\* = \(10/3, 8/3, 8/3, 2\)`},
		// Example 7.3: the map into R⁴ gives (x·z)² = 121 on x = (1, 2), z = (3, 4).
		{"Example 7.3, φ₃ into R⁴: 121", `φ₃\(x\)·φ₃\(z\) = 121\b`},
		// Theorem 7.5 fails: −‖x − z‖² on (0, 0), (1, 0) has eigenvalues ±1; the
		// sigmoid tanh(x·z − 1) on (2, 0), (−2, 0) has tanh 3 − tanh 5 < 0.
		{"−‖x − z‖²: eigenvalues (−1, 1)", `\(−1, 1\)`},
		{"tanh(x·z − 1): eigenvalue −0.004854", `\(−0\.004854, 1\.995\)`},
		// Algorithm 7.4, C = 1: (x·z + 1)² fits the 40 XOR points with 4 support vectors.
		{"XOR with (x·z + 1)²: 40/40, 4 support vectors", `\| 40/40 \| 4 \| 4 \| 0 \|`},
	},
	"11": {
		// Theorem 7.6 on Example 7.2 at α = 0, pair (x1, x3): W(α3) =
		// 4α3² − 2α3, minimal at 1/4 (notebook 08's step); with C = 0.1
		// clipped to 0.1.
		{"Example 7.2's step: α₃ = 1/4", `(minimiser|极小点) α₃ = 1/4`},
		// Example 2.1's data, C = 0.1: b1 = −0.2, b2 = −1.4, the book's
		// midpoint −0.8 outside the optimal [−0.4, −0.2].
		{"b₁, b₂ and their midpoint at C = 0.1", `b₁ = −0\.2[,，]\s*b₂ = −1\.4[,，]\s*\(b₁ \+ b₂\)/2 = −0\.8[;；]\s*b\* ∈ \[−0\.4, −0\.2\]`},
		// The textbook SMO takes the steps of svm.PlattSMO and ends at the
		// optimum on every problem.
		{"textbook SMO = svm.PlattSMO, svm.SMO, svm.Exact", `(same steps as svm\.PlattSMO: yes; f, support vectors, w, b: yes|与 svm\.PlattSMO 的步骤相同：是；f、支持向量、w、b：是)`},
	},
	"12": {
		// Iris setosa vs versicolor: Novikoff bound 150.5.
		{"Novikoff bound on iris", `150\.5`},
		// Issue 10, 1.9: all 569 tumours, scaled with the whole set's range:
		// γ = 3.842·10⁻⁴, (R/γ)² = 1.565·10⁸.
		{"bound on the whole breast-cancer set", `N = 569[:：] ?R = 4\.806[,，] ?γ = 0\.0003842[,，] ?\(R/γ\)² = 1\.565×10⁸`},
	},
	"13": {
		// Exercise 2.1: the Farkas certificate of XOR weighs each corner ¼,
		// and the hulls meet at (½, ½).
		{"XOR certificate λ = (1/4, 1/4, 1/4, 1/4)", `λ = \(1/4, 1/4, 1/4, 1/4\)`},
		{"XOR hulls meet at (1/2, 1/2)", `\(1/2, 1/2\)`},
		// Exercise 2.2 (notebook's own data): Algorithm 2.1 ends at
		// 3x⁽¹⁾ − 6x⁽²⁾ + 1 = 0, the dual form with α = (4, 0, 2, 1).
		{"exercise 2.2 hyperplane 3x(1) − 6x(2) + 1", `3x⁽¹⁾ − 6x⁽²⁾ \+ 1`},
		{"exercise 2.2 dual α = (4, 0, 2, 1)", seq(4, 0, 2, 1)},
		// Exercise 2.3 on Example 2.1: hulls 2√2 apart, margin √2 = 1/‖(½, ½)‖.
		{"hull distance 2√2 of Example 2.1", `2\.828 = 2√2`},
	},
	"14": {
		// Exercise 7.2: w* = (−1, 2), b* = −2, α* = (1/2, 0, 2, 0, 5/2),
		// support vectors x1, x3, x5 (solutions of the book's exercise).
		{"exercise 7.2 hyperplane −x(1) + 2x(2) − 2", `−x⁽¹⁾ \+ 2x⁽²⁾ − 2 = 0`},
		{"exercise 7.2 α* = (1/2, 0, 2, 0, 5/2)", `\(1/2, 0, 2, 0, 5/2\)`},
		// Exercise 7.1: perceptron α = (2, 0, 5) against the SVM's (1/4, 0, 1/4).
		{"exercise 7.1 SVM α* = (1/4, 0, 1/4)", `\(1/4, 0, 1/4\)`},
		// Exercise 7.3 on Example 2.1, C = 1: α = 2C/(8C+1) on x1 and x3.
		{"exercise 7.3 squared-slack α = (2/9, 0, 2/9)", `α = \(2/9, 0, 2/9\)`},
	},
}

// seq matches the numbers in order, separated by anything but digits and
// points (spaces, commas, brackets, table bars), in at most 12 characters.
func seq(nums ...int) string {
	parts := make([]string, len(nums))
	for i, n := range nums {
		parts[i] = strconv.Itoa(n)
	}
	return `(^|[^\d.])` + strings.Join(parts, `[^\d.]{1,12}`) + `($|[^\d.])`
}

// plotMIMEs are the representations notebook.Show sends: SVG for Jupyter
// and HTML exports, PNG for GitHub's viewer.
var plotMIMEs = []string{"image/svg+xml", "image/png"}

// failurePattern finds a Go compile error, a panic or a failed cell program
// in a cell's standard error.
var failurePattern = regexp.MustCompile(`(?m)^panic: |^fatal error: |goroutine \d+ \[|\.go:\d+:\d+: |^exit status \d+|GoNB Error`)

// TestSources checks that every notebook of both editions is generated from
// its source in src/ (cells, tags, expect markers, kernel), and that every
// Markdown cell of every source has its Chinese text (nbgen -check
// -require-zh).
func TestSources(t *testing.T) {
	root := repoRoot(t)
	cmd := exec.Command(goCommand(), "run", "./tools/nbgen", "-check", "-require-zh")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbgen -check: %v\n%s", err, out)
	}
}

// TestNotebooks executes every notebook headless with jupyter nbconvert, on a
// GoNB kernel installed by scripts/setup.sh into a temporary Jupyter data
// directory, and checks the fresh outputs. It logs each notebook's wall time
// and the time of each plot cell.
func TestNotebooks(t *testing.T) {
	if testing.Short() {
		t.Skip("executes the notebooks in Jupyter; skipped under -short")
	}
	root := repoRoot(t)
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebooks in %s (err %v)", filepath.Join(root, "notebooks"), err)
	}
	// The Chinese edition, generated from the same sources.
	zh, err := filepath.Glob(filepath.Join(root, "notebooks", "zh", "*.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, zh...)
	env := installKernel(t, root)
	for _, prefix := range slices.Sorted(maps.Keys(keyNumbers)) {
		if !slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(filepath.Base(p), prefix+"-") }) {
			t.Errorf("no notebook %s-*.ipynb: its key numbers cannot be checked", prefix)
		}
	}

	jobs := 2
	if s := os.Getenv("MN_NOTEBOOK_JOBS"); s != "" {
		if jobs, err = strconv.Atoi(s); err != nil || jobs < 1 {
			t.Fatalf("MN_NOTEBOOK_JOBS=%q: want a positive integer", s)
		}
	}
	sem := make(chan struct{}, jobs)
	outDir := t.TempDir()
	var (
		mu      sync.Mutex
		timings []timing
	)
	t.Run("run", func(t *testing.T) {
		for _, p := range paths {
			name, _ := filepath.Rel(filepath.Join(root, "notebooks"), p)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				sem <- struct{}{}
				defer func() { <-sem }()
				tm := checkNotebook(t, root, env, p, outDir)
				mu.Lock()
				timings = append(timings, tm)
				mu.Unlock()
			})
			// The English edition's exercises, answered: only the setup,
			// answer and check cells run again (the Chinese verdicts are
			// pkg/exercise's unit tests).
			if filepath.Dir(name) == "." && len(answerCells(readNotebook(t, p))) > 0 {
				t.Run("answers-"+name, func(t *testing.T) {
					t.Parallel()
					sem <- struct{}{}
					defer func() { <-sem }()
					checkAnswers(t, root, env, p, filepath.Join(outDir, "answers"))
				})
			}
		}
	})

	// Summary over all notebooks.
	slices.SortFunc(timings, func(a, b timing) int { return strings.Compare(a.name, b.name) })
	var all []float64
	for _, tm := range timings {
		all = append(all, tm.plots...)
		t.Logf("timing: %-28s wall %6.1f s  cells %6.1f s  plot cells %d  median plot cell %s",
			tm.name, tm.wall.Seconds(), tm.cells, len(tm.plots), medianString(tm.plots))
	}
	t.Logf("timing: all notebooks: %d plot cells, median %s per plot cell", len(all), medianString(all))
}

// timing is what one notebook's run took.
type timing struct {
	name  string
	wall  time.Duration // nbconvert, kernel start and stop included
	cells float64       // sum of the cells' execution times, seconds
	plots []float64     // execution time of each plot cell, seconds
}

// checkNotebook executes the notebook at path and checks it; see TestNotebooks.
func checkNotebook(t *testing.T, root string, env []string, path, outDir string) timing {
	name := filepath.Base(path)
	chinese := filepath.Base(filepath.Dir(path)) == "zh"
	if chinese {
		outDir = filepath.Join(outDir, "zh")
	}
	saved := readNotebook(t, path)

	start := time.Now()
	fresh := execute(t, root, env, path, outDir)
	wall := time.Since(start)

	tm := timing{name: name, wall: wall}
	if chinese {
		tm.name = "zh/" + name
		checkChinese(t, fresh)
	}
	var text strings.Builder // all text outputs, for the key numbers
	for i, c := range fresh.Cells {
		if c.CellType != "code" {
			continue
		}
		where := fmt.Sprintf("cell %d (%s)", i+1, firstLine(c.Source))
		tm.cells += c.Metadata.Seconds
		if c.isPlot() {
			tm.plots = append(tm.plots, c.Metadata.Seconds)
		}
		for _, o := range c.Outputs {
			switch {
			case o.OutputType == "error":
				t.Errorf("%s: error %s: %s\n%s", where, o.EName, o.EValue, strings.Join(o.Traceback, "\n"))
			case o.OutputType == "stream" && o.Name == "stderr":
				if failurePattern.MatchString(string(o.Text)) {
					t.Errorf("%s: failed:\n%s", where, o.Text)
				} else {
					t.Logf("%s: standard error:\n%s", where, o.Text)
				}
			}
		}
		if c.isPlot() && !c.hasPlot() {
			t.Errorf("%s: a plot cell (tagged plot or calling notebook.Show) shows no image with both %v", where, plotMIMEs)
		}
		out := c.textOutputs()
		if strings.TrimSpace(out.all()) != "" && len(c.Metadata.MarginNotes.Expect) == 0 {
			// A number the text relies on must not change unnoticed when
			// the library changes and the notebook is regenerated.
			t.Errorf("%s: prints text but carries no <!-- expect: … --> marker", where)
		}
		for _, want := range c.Metadata.MarginNotes.Expect {
			if !strings.Contains(out.all(), want) {
				t.Errorf("%s: outputs lack the expected %q; they are:\n%s", where, want, out.all())
			}
		}
		text.WriteString(out.all())
		text.WriteByte('\n')
	}
	if prefix, _, ok := strings.Cut(name, "-"); ok {
		for _, k := range keyNumbers[prefix] {
			if !regexp.MustCompile(k.pattern).MatchString(text.String()) {
				t.Errorf("key number missing: %s (pattern %s)", k.what, k.pattern)
			}
		}
	}
	compareSaved(t, saved, fresh)

	t.Logf("wall %.1f s; plot cells %s; median %s", wall.Seconds(), secondsList(tm.plots), medianString(tm.plots))
	return tm
}

// execute runs the notebook at path with jupyter nbconvert and returns the
// executed notebook, written to outDir.
func execute(t *testing.T, root string, env []string, path, outDir string) *notebook {
	t.Helper()
	name := filepath.Base(path)
	cmd := exec.Command("jupyter", "nbconvert",
		"--config", filepath.Join(root, "scripts", "nbtiming.py"),
		"--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.kernel_name=gonb",
		"--ExecutePreprocessor.timeout=600",
		"--output-dir", outDir, "--output", name,
		path)
	cmd.Dir = filepath.Dir(path)
	cmd.Env = env
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		t.Fatalf("jupyter nbconvert --execute %s: %v\n%s", name, err, tail(log.String(), 40))
	}
	return readNotebook(t, filepath.Join(outDir, name))
}

// answerCells returns the indices of the answer cells (tag "answer") of nb.
func answerCells(nb *notebook) []int {
	var idx []int
	for i, c := range nb.Cells {
		if c.CellType == "code" && slices.Contains(c.Metadata.Tags, "answer") {
			idx = append(idx, i)
		}
	}
	return idx
}

// checkAnswers executes a copy of the notebook at path made of its setup
// cell, its answer cells with the solution's value in place of
// exercise.Placeholder (metadata.marginnotes.answer, which nbgen writes
// from the source) and its check cells, and checks that every check cell
// prints ✓: every solution passes its own check. The rest of the notebook
// (its derivations and figures, which the check cells do not use) is not
// run again.
func checkAnswers(t *testing.T, root string, env []string, path, outDir string) {
	var raw map[string]any
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	nb := readNotebook(t, path)
	var cells []any
	checks := 0
	for i, c := range nb.Cells {
		tags := c.Metadata.Tags
		src := string(c.Source)
		switch {
		case slices.Contains(tags, "setup"):
			// The copy lives outside notebooks/: point the workspace
			// script at this repository.
			src = strings.Replace(src, `${GONB_DIR%/notebooks*}`, root, 1)
		case slices.Contains(tags, "answer"):
			if c.Metadata.MarginNotes.Answer == "" || strings.Count(src, "exercise.Placeholder") != 1 {
				t.Errorf("cell %d (%s): an answer cell needs exercise.Placeholder once and its answer", i+1, firstLine(c.Source))
				continue
			}
			src = strings.Replace(src, "exercise.Placeholder", c.Metadata.MarginNotes.Answer, 1)
		case slices.Contains(tags, "check"):
			checks++
		default:
			continue
		}
		cell := raw["cells"].([]any)[i].(map[string]any)
		cell["source"] = src
		cell["outputs"] = []any{}
		cells = append(cells, cell)
	}
	raw["cells"] = cells
	data, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(outDir, "answered-"+filepath.Base(path))
	if err := os.WriteFile(copyPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := execute(t, root, env, copyPath, filepath.Join(outDir, "run"))
	passed := 0
	for i, c := range fresh.Cells {
		out := c.textOutputs().all()
		for _, o := range c.Outputs {
			if o.OutputType == "error" || (o.OutputType == "stream" && o.Name == "stderr" && failurePattern.MatchString(string(o.Text))) {
				t.Errorf("cell %d (%s) with the solution's answer fails: %s %s%s", i+1, firstLine(c.Source), o.EName, o.EValue, o.Text)
			}
		}
		if !slices.Contains(c.Metadata.Tags, "check") {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(out), "✓ ") {
			passed++
		} else {
			t.Errorf("cell %d (%s): the solution's answer does not pass its check: %q", i+1, firstLine(c.Source), out)
		}
	}
	if passed != checks || checks == 0 {
		t.Errorf("%d of %d check cells print ✓ with the solutions' answers", passed, checks)
	}
	t.Logf("%d of %d exercises answered with their solutions' values print ✓", passed, checks)
}

// compareSaved checks that the saved notebook shows what a fresh run
// printed: the same text outputs cell by cell, and images on plot cells.
func compareSaved(t *testing.T, saved, fresh *notebook) {
	t.Helper()
	if len(saved.Cells) != len(fresh.Cells) {
		t.Errorf("saved notebook has %d cells, the fresh run %d", len(saved.Cells), len(fresh.Cells))
		return
	}
	for i, c := range saved.Cells {
		if c.CellType != "code" {
			continue
		}
		where := fmt.Sprintf("cell %d (%s)", i+1, firstLine(c.Source))
		if c.isPlot() && !c.hasPlot() {
			t.Errorf("%s: the saved notebook has no image on this plot cell; run make notebooks", where)
		}
		got, want := fresh.Cells[i].textOutputs(), c.textOutputs()
		if d := got.diff(want); d != "" {
			t.Errorf("%s: the fresh run's text outputs differ from the saved notebook's (run make notebooks, or fix what is not reproducible):\n%s", where, d)
		}
	}
}

// installKernel registers GoNB in a temporary Jupyter data directory with
// scripts/setup.sh and returns the environment that makes Jupyter use it.
func installKernel(t *testing.T, root string) []string {
	t.Helper()
	testenv.LookPath(t, "jupyter", "make setup")
	testenv.File(t, filepath.Join(root, "bin", "gonb"), "make setup builds GoNB")
	data := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "setup.sh"), "kernel")
	cmd.Env = append(os.Environ(),
		"JUPYTER_DATA_DIR="+data,
		// Compile errors as plain text, readable in the test log.
		"MN_GONB_FLAGS=--raw_error",
	)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/setup.sh kernel: %v\n%s\n(run make setup first)", err, out)
	}
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "JUPYTER_DATA_DIR", "JUPYTER_PATH", "JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR":
			// Only the temporary installation is seen.
		default:
			env = append(env, kv)
		}
	}
	return append(env,
		"JUPYTER_DATA_DIR="+data,
		"JUPYTER_RUNTIME_DIR="+filepath.Join(data, "runtime"),
		"JUPYTER_CONFIG_DIR="+filepath.Join(data, "config"),
	)
}

// repoRoot is the parent of the test's directory, notebooks/.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s: %v", root, err)
	}
	return root
}

// goCommand is the go command that runs this test.
func goCommand() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(os.Getenv("GOROOT"), "bin", "go")
}

// The parts of an .ipynb file the test reads.
type notebook struct {
	Cells []cell `json:"cells"`
}

type cell struct {
	CellType string    `json:"cell_type"`
	Source   multiline `json:"source"`
	Metadata struct {
		Tags        []string `json:"tags"`
		MarginNotes struct {
			Expect []string `json:"expect"`
			Answer string   `json:"answer"`
		} `json:"marginnotes"`
		// Seconds is written by scripts/nbtiming.py in fresh runs.
		Seconds float64 `json:"marginnotes_seconds"`
	} `json:"metadata"`
	Outputs []output `json:"outputs"`
}

type output struct {
	OutputType string               `json:"output_type"`
	Name       string               `json:"name"` // stream: stdout or stderr
	Text       multiline            `json:"text"`
	Data       map[string]multiline `json:"data"`
	EName      string               `json:"ename"`
	EValue     string               `json:"evalue"`
	Traceback  []string             `json:"traceback"`
}

// multiline is a string that nbformat stores as a string or a list of lines.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err == nil {
		*m = multiline(strings.Join(lines, ""))
		return nil
	}
	// Other JSON (application/json data): keep it as text.
	*m = multiline(b)
	return nil
}

func readNotebook(t *testing.T, path string) *notebook {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &nb
}

// isPlot reports whether the cell must show a figure: it is tagged "plot"
// or calls notebook.Show.
func (c *cell) isPlot() bool {
	return slices.Contains(c.Metadata.Tags, "plot") || strings.Contains(string(c.Source), "notebook.Show(")
}

// hasPlot reports whether one of the cell's outputs carries a figure in all
// of plotMIMEs.
func (c *cell) hasPlot() bool {
	for _, o := range c.Outputs {
		if o.OutputType != "display_data" && o.OutputType != "execute_result" {
			continue
		}
		ok := true
		for _, m := range plotMIMEs {
			if strings.TrimSpace(string(o.Data[m])) == "" {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// texts is what a cell printed: its standard output (one string, in order)
// and its text/plain and text/markdown displays (in order). Standard output
// and displays reach Jupyter on different pipes, so their relative order is
// not compared.
type texts struct {
	stdout   string
	displays []string
}

func (c *cell) textOutputs() texts {
	var tx texts
	var stdout strings.Builder
	for _, o := range c.Outputs {
		switch o.OutputType {
		case "stream":
			if o.Name == "stdout" {
				stdout.WriteString(string(o.Text))
			}
		case "display_data", "execute_result":
			for _, m := range []string{"text/plain", "text/markdown"} {
				if s, ok := o.Data[m]; ok {
					tx.displays = append(tx.displays, m+": "+trimTrailing(string(s)))
				}
			}
		}
	}
	tx.stdout = trimTrailing(stdout.String())
	return tx
}

// all is the text as a reader sees it, for the expect markers and key
// numbers: Markdown with its character references decoded
// (notebook.Table writes "<" as "&#60;").
func (tx texts) all() string {
	all := []string{tx.stdout}
	for _, d := range tx.displays {
		if md, ok := strings.CutPrefix(d, "text/markdown: "); ok {
			d = "text/markdown: " + html.UnescapeString(md)
		}
		all = append(all, d)
	}
	return strings.Join(all, "\n")
}

// diff describes how tx differs from want, or returns "".
func (tx texts) diff(want texts) string {
	var b strings.Builder
	if tx.stdout != want.stdout {
		fmt.Fprintf(&b, "standard output:\n%s", lineDiff(want.stdout, tx.stdout))
	}
	if !slices.Equal(tx.displays, want.displays) {
		fmt.Fprintf(&b, "displays (text/plain, text/markdown):\n%s",
			lineDiff(strings.Join(want.displays, "\n"), strings.Join(tx.displays, "\n")))
	}
	return b.String()
}

// lineDiff shows the first differing line of saved and fresh, with context.
func lineDiff(saved, fresh string) string {
	a, b := strings.Split(saved, "\n"), strings.Split(fresh, "\n")
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	get := func(l []string) string {
		if i < len(l) {
			return strconv.Quote(l[i])
		}
		return "(end)"
	}
	return fmt.Sprintf("\tline %d: saved %s\n\t         fresh %s\n\t(saved %d lines, fresh %d)\n", i+1, get(a), get(b), len(a), len(b))
}

// trimTrailing removes trailing white space from every line and from the
// end: the only normalisation of compared outputs.
func trimTrailing(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), " \t\r\n")
}

func firstLine(s multiline) string {
	for _, l := range strings.Split(string(s), "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "%%" {
			if r := []rune(l); len(r) > 50 {
				l = string(r[:50]) + "…"
			}
			return l
		}
	}
	return ""
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func medianString(x []float64) string {
	if len(x) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f s", median(x))
}

func secondsList(x []float64) string {
	parts := make([]string, len(x))
	for i, v := range x {
		parts[i] = fmt.Sprintf("%.2f", v)
	}
	return "[" + strings.Join(parts, " ") + "] s"
}
