package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 11-smo: SMO as the book states it (§7.4, Algorithm 7.5), step by
// step, against the library's.

func smoEntries() []Entry {
	const nb = "11-smo"
	return []Entry{
		entry("11-smo-figure78-boxes", nb, "Figure 7.8: the box [0, C]², the line of the pair for y₁ ≠ y₂ and for y₁ = y₂, the segment [L, H] and a clipped step",
			SMOBoxes),
		entry("11-smo-dcd-fit-times", nb, "Fit time against n of SMO (linear kernel) and dual coordinate descent, from the committed run of bench/dcd/series.sh",
			DCDFitTimes),
	}
}

// SMOProblem is a problem of notebook 11-smo: a data set and the box bound
// C (0 for a hard margin).
type SMOProblem struct {
	Name string
	Set  *dataset.Set
	C    float64
}

// SMOSliderC is the box bound of the slider's data (SMOSliderData).
const SMOSliderC = 1

// SMOSliderData returns the ten points on which the slider of notebook
// 11-smo steps through the book's SMO with C = SMOSliderC: two Gaussian
// clouds whose centres are 2 apart (dataset.Blobs, seed (6, 6)), which
// overlap; the run takes 15 steps and has pairs of both kinds, clipped
// ones and a long zigzag near the end.
func SMOSliderData() *dataset.Set { return dataset.Blobs(rand.NewPCG(6, 6), 10, 2) }

// SMOProblems returns the problems on which notebook 11-smo checks its
// textbook SMO against the library and compares the pair selections, each
// named in the language l: Example 7.2 (hard margin), the same data with C
// = 0.1 (where b* is an interval), 30 points of two overlapping clouds with
// C = 1 (dataset.Blobs, seed (30, 30), centres 2 apart, not separable), the
// slider's ten points (SMOSliderData) and 500 points like the 30 (seed
// (500, 500)), where the two pair selections part.
func SMOProblems(l lang.Lang) []SMOProblem {
	return []SMOProblem{
		{l.Pick("Example 7.2", "例 7.2"), dataset.Example21(), 0},
		{l.Pick("Example 2.1's data, C = 0.1", "例 2.1 的数据，C = 0.1"), dataset.Example21(), 0.1},
		{l.Pick("30 overlapping points, C = 1", "30 个重叠的点，C = 1"), dataset.Blobs(rand.NewPCG(30, 30), 30, 2), 1},
		{l.Pick("the slider's 10 points, C = 1", "滑块的 10 个点，C = 1"), SMOSliderData(), SMOSliderC},
		{l.Pick("500 overlapping points, C = 1", "500 个重叠的点，C = 1"), dataset.Blobs(rand.NewPCG(500, 500), 500, 2), 1},
	}
}

// SMOBoxSteps returns the two steps of the book's Figure 7.8 that SMOBoxes
// draws, each in the box [0, C]² with C = 1 (PairBox): y₁ ≠ y₂,
// where the pair moves on α₁ − α₂ = −0.3 from (0.2, 0.5) and the unclipped
// α₂ = 1.25 is clipped down to H = 1; and y₁ = y₂, on α₁ + α₂ = 1.3 from
// (0.8, 0.5), where the unclipped α₂ = 0.1 is clipped up to L = 0.3. L and
// H are the book's, for the two cases; the words are in the language l.
func SMOBoxSteps(l lang.Lang) []PairBox {
	const c = 1.0
	// The book's bounds, §7.4.1.
	differ := func(a1, a2 float64) (lo, hi float64) { return math.Max(0, a2-a1), math.Min(c, c+a2-a1) }
	same := func(a1, a2 float64) (lo, hi float64) { return math.Max(0, a2+a1-c), math.Min(c, a2+a1) }
	var boxes []PairBox
	for _, b := range []struct {
		sameLabel bool
		old       [2]float64
		unc       float64
	}{{false, [2]float64{0.2, 0.5}, 1.25}, {true, [2]float64{0.8, 0.5}, 0.1}} {
		lo, hi := differ(b.old[0], b.old[1])
		title := l.Pick("y₁ ≠ y₂: L = max(0, α₂ − α₁),\nH = min(C, C + α₂ − α₁)", "y₁ ≠ y₂：L = max(0, α₂ − α₁)，\nH = min(C, C + α₂ − α₁)")
		s := -1.0 // y₁y₂
		if b.sameLabel {
			lo, hi = same(b.old[0], b.old[1])
			title = l.Pick("y₁ = y₂: L = max(0, α₂ + α₁ − C),\nH = min(C, α₂ + α₁)", "y₁ = y₂：L = max(0, α₂ + α₁ − C)，\nH = min(C, α₂ + α₁)")
			s = 1
		}
		a2 := math.Min(hi, math.Max(lo, b.unc)) // (7.108)
		a1 := b.old[0] + s*(b.old[1]-a2)        // (7.109)
		boxes = append(boxes, PairBox{Title: title, C: c, SameLabel: b.sameLabel, Old: b.old, Unclipped: b.unc,
			New: [2]float64{a1, a2}, L: lo, H: hi, Lang: l})
	}
	return boxes
}

// SMOBoxes draws the book's Figure 7.8 in two panels, the steps of
// SMOBoxSteps, under one legend; each panel's title gives its L, H and
// unclipped α₂. The words are in the language l.
func SMOBoxes(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("SMOBoxes", &err)
	return pairBoxes(l.Pick("Figure 7.8: the two variables of a step of SMO, C = 1", "图 7.8：SMO 一步中的两个变量，C = 1"), SMOBoxSteps(l)...)
}

// SMOFrames steps through the book's SMO (svm.PlattSMO) one step a frame:
// the data with the hyperplane g(x) = 0 after the step and its margins,
// the support vectors ringed by KKT class and the pair highlighted, beside
// the step in the box of its two variables (PairBox); the state
// says how the pair was chosen, what Theorem 7.6 and the clipping give,
// b and f(α); the table lists αᵢ and yᵢg(xᵢ) with each point's KKT
// condition (7.111)–(7.113). A first frame shows α = 0 and the first pair,
// a last one the result, whose b the final α determines. The sequences are
// the slider's ten points (SMOSliderData, C = SMOSliderC), Example 7.2 and
// Example 2.1's data with C = 0.1, where the step's b = −0.8 lies outside
// the interval [−0.4, −0.2] of optimal b. The words are in the language l.
func SMOFrames(l lang.Lang) (_ []figures.Sequence, err error) {
	defer wrapErr("SMOFrames", &err)
	ps := SMOProblems(l)
	var seqs []figures.Sequence
	for i, p := range []SMOProblem{ps[3], ps[0], ps[1]} {
		frames, err := smoFrames(p, i > 0, l)
		if err != nil {
			return nil, errtext.Errorf("gallery: SMO frames, %s: %w", p.Name, err)
		}
		seqs = append(seqs, figures.Sequence{Name: p.Name, Frames: frames, Print: SMOKeyFrames(len(frames))})
	}
	return seqs, nil
}

// SMOKeyFrames returns the frames of an SMOFrames sequence of n frames
// that a printed page shows: every frame of a short run; of a long one the
// start, the first four steps, every fourth step from the seventh, and the
// last step and the result (of the ten points: k = 0…4, 7, 11, 15 and the
// result, the steps notebook 11 discusses).
func SMOKeyFrames(n int) []int {
	if n <= 7 {
		keys := make([]int, n)
		for i := range keys {
			keys[i] = i
		}
		return keys
	}
	keys := []int{0, 1, 2, 3, 4}
	for k := 7; k < n-2; k += 4 {
		keys = append(keys, k)
	}
	return append(keys, n-2, n-1)
}

// smoFrames draws the run of the book's SMO on one problem, with the
// origin in view if origin is set.
func smoFrames(p SMOProblem, origin bool, l lang.Lang) ([]figures.Frame, error) {
	x, y := p.Set.XY()
	res, steps, err := svm.PlattSMO{C: p.C}.FitSteps(x, y)
	if err != nil {
		return nil, err
	}
	if len(steps) == 0 {
		return nil, errtext.Errorf("no step")
	}
	d, err := svm.NewDualProblem(x, y, nil, p.C)
	if err != nil {
		return nil, err
	}
	view, err := figures.SharedView(x, y, origin)
	if err != nil {
		return nil, err
	}
	n := len(y)
	names := figures.PointNames(n)
	c := d.C
	hard := math.IsInf(c, 1)
	num, vec := notation.Number, notation.Vector
	segment := func(lo, hi float64) string { // [L, H], or [L, +∞)
		if math.IsInf(hi, 1) {
			return "[" + num(lo) + ", +∞)"
		}
		return "[" + num(lo) + ", " + num(hi) + "]"
	}
	// The plane at α and b, the pair highlighted.
	plane := func(alpha []float64, b float64, label string, pair []int) figures.Plane {
		w := make([]float64, 2)
		for i, a := range alpha {
			floats.AddScaled(w, a*y[i], x.RawRowView(i))
		}
		pl := figures.Plane{X: x, Y: y, Names: names, View: view, SoftMargin: !hard, Lang: l,
			Boundaries: []figures.Boundary{{Line: figures.Line{W: w, B: b}, Margins: true, Label: label}}}
		for i, a := range alpha {
			switch {
			case a > 0 && a < c:
				pl.FreeIndices = append(pl.FreeIndices, i)
			case a > 0:
				pl.BoundedIndices = append(pl.BoundedIndices, i)
			}
		}
		if pair != nil {
			pl.Highlight = pair
			pl.HighlightLabel = l.Pick("the pair of this step", "本步的两个变量")
		}
		return pl
	}
	// The table of αᵢ, yᵢg(xᵢ) and the KKT conditions at α and b.
	table := func(alpha []float64, b float64) [][]string {
		g := d.Gradient(nil, alpha) // Gᵢ = yᵢg(xᵢ) − 1 − yᵢb
		rows := [][]string{{"", "yᵢ", "αᵢ", "yᵢg(xᵢ)", l.Pick("KKT condition", "KKT 条件")}}
		for i := range y {
			m := g[i] + 1 + y[i]*b
			want, ok := "≥ 1", m >= 1-svm.DefaultEps
			switch {
			case alpha[i] > 0 && alpha[i] < c:
				want, ok = "= 1", math.Abs(m-1) <= svm.DefaultEps
			case alpha[i] > 0:
				want, ok = "≤ 1", m <= 1+svm.DefaultEps
			}
			verdict := l.Pick("holds", "满足")
			if !ok {
				verdict = l.Pick("violated", "违反")
			}
			rows = append(rows, []string{names[i], num(y[i]), num(alpha[i]), num(m), want + l.Pick(": ", "：") + verdict})
		}
		return rows
	}
	box := func(s svm.PlattStep, k int, done bool) PairBox {
		bx := PairBox{
			Title:  fmt.Sprintf(l.Pick("step %d: α₁ = %s, α₂ = %s, η = %s", "第 %d 步：α₁ = %s，α₂ = %s，η = %s"), k, alphaOf(s.I1), alphaOf(s.I2), num(s.Eta)),
			XLabel: fmt.Sprintf("α₁ (x%d)", s.I1+1), YLabel: fmt.Sprintf("α₂ (x%d)", s.I2+1),
			C: c, SameLabel: y[s.I1] == y[s.I2], Old: [2]float64{s.Old1, s.Old2}, Unclipped: math.NaN(),
			New: [2]float64{math.NaN(), math.NaN()}, L: s.L, H: s.H, Lang: l,
		}
		if done {
			bx.Unclipped, bx.New = s.Unclipped, [2]float64{s.New1, s.New2}
		} else {
			bx.Title = fmt.Sprintf(l.Pick("the first pair: α₁ = %s, α₂ = %s", "第一对变量：α₁ = %s，α₂ = %s"), alphaOf(s.I1), alphaOf(s.I2))
		}
		return bx
	}
	how := func(s svm.PlattStep) string {
		switch s.Second {
		case svm.MaxErrorGap:
			return l.Pick("the largest |E₁ − E₂|", "使 |E₁ − E₂| 最大")
		case svm.FreeScan:
			return l.Pick("found among 0 < αᵢ < C", "在 0 < αᵢ < C 的点中找到")
		}
		return l.Pick("found among all points", "在全部点中找到")
	}
	var frames []figures.Frame
	zero := make([]float64, n)
	first := steps[0]
	fig, err := smoStep{
		Title: l.Pick("k = 0: α = 0, b = 0", "k = 0：α = 0，b = 0"),
		Plane: plane(zero, 0, "g(x) = 0", nil),
		Box:   box(first, 0, false),
	}.plot()
	if err != nil {
		return nil, err
	}
	frames = append(frames, figures.Frame{
		State: fmt.Sprintf(l.Pick("k = 0: α = 0, b = 0, so g(x) = 0 and every point violates yᵢg(xᵢ) ≥ 1; the first pair is (x%d, x%d)",
			"k = 0：α = 0，b = 0，于是 g(x) = 0，每个点都违反 yᵢg(xᵢ) ≥ 1；第一对变量是 (x%d, x%d)"), first.I1+1, first.I2+1),
		Figure: fig, Table: table(zero, 0)})
	for k, s := range steps {
		unc := l.Pick("η ≤ 0, an end of the segment", "η ≤ 0，取线段的端点")
		if !math.IsNaN(s.Unclipped) {
			unc = l.Pick("unclipped ", "未经剪辑 ") + num(s.Unclipped)
		}
		label := fmt.Sprintf(l.Pick("after step %d: g(x) = 0", "第 %d 步后：g(x) = 0"), k+1)
		fig, err := smoStep{
			Title: fmt.Sprintf(l.Pick("k = %d: b = %s, f(α) = %s", "k = %d：b = %s，f(α) = %s"), k+1, num(s.B), num(s.DualObjective)),
			Plane: plane(s.Alpha, s.B, label, []int{s.I1, s.I2}),
			Box:   box(s, k+1, true),
		}.plot()
		if err != nil {
			return nil, errtext.Errorf("step %d: %w", k+1, err)
		}
		frames = append(frames, figures.Frame{
			State: fmt.Sprintf(l.Pick(
				"k = %d: α₁ = α%s (x%d violates its KKT condition by %s), α₂ = α%s (%s); E₁ = %s, E₂ = %s, η = %s; α₂: %s → %s → %s in %s; α₁: %s → %s; b = %s; f(α) = %s",
				"k = %d：α₁ = α%s（x%d 违反 KKT 条件的程度为 %s），α₂ = α%s（%s）；E₁ = %s，E₂ = %s，η = %s；α₂：%s → %s → %s，在 %s 内；α₁：%s → %s；b = %s；f(α) = %s"),
				k+1, notation.Subscript(strconv.Itoa(s.I1+1)), s.I1+1, num(s.Violation), notation.Subscript(strconv.Itoa(s.I2+1)), how(s), num(s.E1), num(s.E2), num(s.Eta),
				num(s.Old2), unc, num(s.New2), segment(s.L, s.H), num(s.Old1), num(s.New1), num(s.B), num(s.DualObjective)),
			Figure: fig, Table: table(s.Alpha, s.B)})
	}
	last := steps[len(steps)-1]
	bText := "b = " + num(res.B)
	bTitle := bText // the figure's fonts have no ∈
	if res.BHigh > res.BLow {
		bText = fmt.Sprintf(l.Pick("b ∈ [%s, %s], b = %s", "b ∈ [%s, %s]，b = %s"), num(res.BLow), num(res.BHigh), num(res.B))
		bTitle = fmt.Sprintf(l.Pick("%s ≤ b ≤ %s, b = %s", "%s ≤ b ≤ %s，b = %s"), num(res.BLow), num(res.BHigh), num(res.B))
	}
	// The last step's b: inside the interval of optimal b, or within the
	// precision of the one b*, or not.
	stepB := l.Pick("as the last step's", "与最后一步的相同")
	switch {
	case res.BHigh > res.BLow && (last.B < res.BLow || last.B > res.BHigh):
		stepB = fmt.Sprintf(l.Pick("the last step's b = %s lies outside", "最后一步的 b = %s 在区间之外"), num(last.B))
	case res.BHigh > res.BLow:
		stepB = fmt.Sprintf(l.Pick("the last step's b = %s lies inside", "最后一步的 b = %s 在区间之内"), num(last.B))
	case res.B != last.B:
		stepB = fmt.Sprintf(l.Pick("the last step's b = %s, within the precision", "最后一步的 b = %s，在精度之内"), num(last.B))
	}
	fig, err = smoStep{
		Title: fmt.Sprintf(l.Pick("result after %d step%s: %s, f(α) = %s", "%d 步后的结果%[2]s：%[3]s，f(α) = %[4]s"), len(steps), plural(len(steps), l), bTitle, num(res.DualObjective)),
		Plane: plane(res.Alpha, res.B, l.Pick("result: ", "结果：")+notation.Equation(res.W, res.B), nil),
		Box:   box(last, len(steps), true),
	}.plot()
	if err != nil {
		return nil, errtext.Errorf("result: %w", err)
	}
	frames = append(frames, figures.Frame{
		State: fmt.Sprintf(l.Pick(
			"result: α = %s, w = %s, %s from the final α (%s); f(α) = %s",
			"结果：α = %s，w = %s，由最终的 α 得 %s（%s）；f(α) = %s"),
			vec(res.Alpha), vec(res.W), bText, stepB, num(res.DualObjective)),
		Figure: fig, Table: table(res.Alpha, res.B)})
	return frames, nil
}

// alphaOf names the multiplier of the i-th point (0-based) as a figure
// draws it: α₃ for the third.
func alphaOf(i int) string { return "α" + notation.Subscript(strconv.Itoa(i+1)) }

// plural is the English plural ending of a count, and nothing in Chinese.
func plural(n int, l lang.Lang) string {
	if n == 1 || l == lang.Chinese {
		return ""
	}
	return "s"
}

// DCDFitTimes draws the committed benchmark run of bench/dcd/series.sh
// (experiment.SMODCDSeries): the CPU time of a fit against n, log–log, for
// svm.SMO with the linear kernel and for svm.DCD at LIBLINEAR's tolerances
// 0.1 and 0.01, on the same generated sets of 20 features. The two solve
// different problems (DCD regularises b); the figure compares what each
// takes to fit a linear SVM. Nothing is timed when it is drawn. The words
// are in the language l.
func DCDFitTimes(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("DCDFitTimes", &err)
	rows, _, err := experiment.SMODCDSeries()
	if err != nil {
		return nil, err
	}
	type key struct {
		solver string
		eps    float64
	}
	series := map[key]*figures.Series{}
	var order []key
	for _, r := range rows {
		k := key{r.Solver, r.Eps}
		s, ok := series[k]
		if !ok {
			name := fmt.Sprintf(l.Pick("DCD, ε = %s", "对偶坐标下降法，ε = %s"), notation.Decimal(r.Eps))
			if r.Solver == "smo" {
				name = fmt.Sprintf(l.Pick("SMO, linear kernel, ε = %s", "SMO，线性核，ε = %s"), notation.Decimal(r.Eps))
			}
			s = &figures.Series{Name: name}
			series[k], order = s, append(order, k)
		}
		s.X, s.Y = append(s.X, float64(r.N)), append(s.Y, r.FitCPU)
	}
	lines := figures.Lines{
		Title:  l.Pick("Fit time against n: SMO and dual coordinate descent, 20 features", "训练时间随 n 的变化：SMO 与对偶坐标下降法，20 个特征"),
		XLabel: l.Pick("n (points)", "n（样本点数）"), YLabel: l.Pick("CPU time of the fit (s)", "训练的 CPU 时间（秒）"),
		LogX: true, LogY: true, Lang: l,
	}
	for _, k := range order {
		lines.Series = append(lines.Series, *series[k])
	}
	p, err := lines.Plot()
	if err != nil {
		return nil, err
	}
	p.X.Tick.Marker = powerTicks{p.X.Tick.Marker} // 10³ … 10⁶: 1e+06 and 100000 would run into each other
	return p, nil
}

// powerTicks labels the powers of ten of a logarithmic axis as 10ⁿ.
type powerTicks struct{ plot.Ticker }

// Ticks implements plot.Ticker.
func (t powerTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := t.Ticker.Ticks(lo, hi)
	for i, tk := range ts {
		if tk.Label != "" {
			ts[i].Label = figures.PowerOfTen(int(math.Round(math.Log10(tk.Value))))
		}
	}
	return ts
}

// DCDC is the C with which notebook 11-smo trains svm.DCD on DCDSplit:
// the points have ‖x‖² of about 21, and C = 1 would take hundreds of
// passes where LIBLINEAR's scaled data take tens.
const DCDC = 0.01

// DCDSplit returns the large set of notebook 11-smo's section on dual
// coordinate descent, split 80/20 into a training and a test set
// (Set.Split, seed (19, 5)): 10⁵ points of 20 features from two Gaussian
// clouds whose centres are 2 apart (dataset.Gaussian, seed (19, 4)), on
// which the best linear rule is right with probability Φ(1) = 0.8413.
func DCDSplit() (train, test *dataset.Set) {
	return dataset.Gaussian(rand.NewPCG(19, 4), 100_000, 20, 2).Split(rand.NewPCG(19, 5), 0.2)
}
