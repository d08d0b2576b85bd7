package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// The frames of the notebooks' sliders (package notebook's Slider): a run of
// an algorithm step by step, or a sweep over a parameter, one figure per
// state, built from the same data and solvers as the static figures.

// BookOtherOrder is the book's other choice of misclassified points on
// Example 2.1 (0-based), x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3, which
// ends at 2x⁽¹⁾ + x⁽²⁾ − 5 = 0.
func BookOtherOrder() []int { return []int{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2} }

// PrimalFrames steps through Algorithm 2.1 on Example 2.1, one frame per
// update k: the point examined, the weights it was examined under and the
// update, with the rows of Table 2.1 up to k. The sequences are the runs in
// the book's cyclic order x1, x2, x3 (Table 2.1), in the book's other order
// (BookOtherOrder) and in the five other cyclic orders, each named with the
// hyperplane it ends at. Every frame shows the square around the points
// and the origin. A print shows every update of the run of Table 2.1.
func PrimalFrames(l lang.Lang) (_ []figures.Sequence, err error) {
	defer wrapErr("PrimalFrames", &err)
	x, y := dataset.Example21().XY()
	view, err := figures.SharedView(x, y, true)
	if err != nil {
		return nil, err
	}
	type order struct {
		p    perceptron.Primal
		name string
	}
	orders := []order{
		{perceptron.Primal{}, l.Pick("cyclic x1, x2, x3 (Table 2.1)", "循环 x1, x2, x3（表 2.1）")},
		{perceptron.Primal{Settings: perceptron.Settings{Order: perceptron.Choices, Sequence: BookOtherOrder()}},
			l.Pick("the book's other order ", "书中的另一选取顺序 ") + report.Points(BookOtherOrder(), l)},
	}
	for _, perm := range [][]int{{0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		orders = append(orders, order{perceptron.Primal{Settings: perceptron.Settings{Sequence: perm}}, l.Pick("cyclic ", "循环 ") + report.Points(perm, l)})
	}
	seqs := make([]figures.Sequence, len(orders))
	for i, o := range orders {
		o.p.Record = true
		run, err := o.p.Fit(x, y)
		if err != nil {
			return nil, errtext.Errorf("gallery: primal frames, %s: %w", o.name, err)
		}
		frames, err := primalFrames(l, x, y, run, view)
		if err != nil {
			return nil, err
		}
		seqs[i] = figures.Sequence{
			Name:   fmt.Sprintf(l.Pick("%s → %s (k = %d)", "%s → %s（k = %d）"), o.name, notation.Equation(run.W, run.B), run.Updates),
			Frames: frames,
			// The slider opens on the first update: at k = 0 the weights
			// are 0 and draw no line, and the frame would show a legend
			// of nothing (review zh-4, L9).
			Initial: min(1, len(frames)-1),
		}
	}
	seqs[0].Print = every(len(seqs[0].Frames), 1)
	return seqs, nil
}

// primalFrames draws each step of a recorded run of Algorithm 2.1.
func primalFrames(l lang.Lang, x *mat.Dense, y []float64, run *perceptron.Result, view figures.Rect) ([]figures.Frame, error) {
	header, rows := report.PrimalTable(run, l)
	last := len(run.Trace) - 1
	frames := make([]figures.Frame, len(run.Trace))
	for k, s := range run.Trace {
		pl := figures.Plane{
			Title: fmt.Sprintf(l.Pick("k = %d: w = %s, b = %s", "k = %d：w = %s，b = %s"), k, notation.Vector(s.W), notation.Number(s.B)),
			X:     x, Y: y, Names: figures.PointNames(len(y)), View: view,
			Boundaries: []figures.Boundary{{Line: figures.Line{W: s.W, B: s.B}, Shade: true}},
			Lang:       l,
		}
		state := fmt.Sprintf(l.Pick("k = 0: start, w = %s, b = %s", "k = 0：初值 w = %s，b = %s"), notation.Vector(s.W), notation.Number(s.B))
		if k > 0 {
			prev, i := run.Trace[k-1], s.Point
			xi := x.RawRowView(i)
			margin := y[i] * (mat.Dot(mat.NewVecDense(2, prev.W), mat.NewVecDense(2, xi)) + prev.B)
			pl.Boundaries[0].Label = l.Pick("after: ", "更新后：") + notation.Equation(s.W, s.B)
			pl.Boundaries = append(pl.Boundaries, figures.Boundary{Line: figures.Line{W: prev.W, B: prev.B},
				Label: l.Pick("before: ", "更新前：") + notation.Equation(prev.W, prev.B)})
			pl.Highlight = []int{i}
			pl.HighlightLabel = l.Pick("examined: misclassified", "所取的误分类点")
			state = fmt.Sprintf(l.Pick(
				"k = %d: x%d = %s, y = %s, examined under w = %s, b = %s: y(w·x + b) = %s ≤ 0, misclassified → w = %s, b = %s",
				"k = %d：x%d = %s，y = %s，在 w = %s，b = %s 下 y(w·x + b) = %s ≤ 0，误分类 → w = %s，b = %s"),
				k, i+1, notation.Vector(xi), notation.Number(y[i]), notation.Vector(prev.W), notation.Number(prev.B),
				notation.Number(margin), notation.Vector(s.W), notation.Number(s.B))
		}
		upto := k + 1
		if k == last && run.Converged {
			state += l.Pick("; now no point is misclassified", "；此时没有误分类点")
			upto = len(rows)
		}
		p, err := pl.Plot()
		if err != nil {
			return nil, errtext.Errorf("gallery: primal frame k=%d: %w", k, err)
		}
		frames[k] = figures.Frame{State: state, Figure: p, Table: append([][]string{header}, rows[:upto]...)}
	}
	return frames, nil
}

// DualFrames steps through Algorithm 2.2 on Example 2.2 (the data of
// Example 2.1) in the cyclic order, one frame per update k: the check
// yᵢ(Σⱼ αⱼyⱼG(j, i) + b) ≤ 0 with the Gram entries G(j, i) = xⱼ·xᵢ it used,
// and the update αᵢ ← αᵢ + 1, b ← b + yᵢ. The figure shows the hyperplane
// w = Σⱼ αⱼyⱼxⱼ, b beside the multipliers α after the update. A print shows
// every update.
func DualFrames(l lang.Lang) (_ []figures.Sequence, err error) {
	defer wrapErr("DualFrames", &err)
	x, y := dataset.Example21().XY()
	run, err := perceptron.Dual{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		return nil, errtext.Errorf("gallery: dual frames: %w", err)
	}
	view, err := figures.SharedView(x, y, true)
	if err != nil {
		return nil, err
	}
	g := kernel.Gram(kernel.Linear{}, x)
	n := len(y)
	names := figures.PointNames(n)
	alphaMax := 0.0
	for _, a := range run.Alpha {
		alphaMax = math.Max(alphaMax, a)
	}
	frames := make([]figures.Frame, len(run.Trace))
	for k, s := range run.Trace {
		alpha, _ := run.AlphaAt(k) // k is in the trace
		w := s.W                   // Σⱼ αⱼyⱼxⱼ, kept by the dual form
		pl := figures.Plane{
			Title: fmt.Sprintf(l.Pick("w = Σ αⱼyⱼxⱼ = %s, b = %s", "w = Σ αⱼyⱼxⱼ = %s，b = %s"), notation.Vector(w), notation.Number(s.B)),
			X:     x, Y: y, Names: names, View: view, NoLegend: true,
			Boundaries: []figures.Boundary{{Line: figures.Line{W: w, B: s.B}, Shade: true}},
			Lang:       l,
		}
		state := fmt.Sprintf(l.Pick("k = 0: start, α = %s, b = %s", "k = 0：初值 α = %s，b = %s"), notation.Vector(alpha), notation.Number(s.B))
		var table [][]string
		if k > 0 {
			prev, i := run.Trace[k-1], s.Point
			prevAlpha, _ := run.AlphaAt(k - 1)
			pl.Highlight = []int{i}
			table = [][]string{{"j", "αⱼ", "yⱼ", fmt.Sprintf("G(j, %d) = xⱼ·x%d", i+1, i+1), fmt.Sprintf("αⱼyⱼG(j, %d)", i+1)}}
			sum := prev.B
			for j := range n {
				t := prevAlpha[j] * y[j] * g.At(j, i)
				sum += t
				table = append(table, []string{fmt.Sprint(j + 1), notation.Number(prevAlpha[j]), notation.Number(y[j]),
					notation.Number(g.At(j, i)), notation.Number(t)})
			}
			table = append(table, []string{"", "b = " + notation.Number(prev.B), "", "", "Σ + b = " + notation.Number(sum)})
			sub := notation.Subscript(strconv.Itoa(i + 1)) // the index of αᵢ, yᵢ
			state = fmt.Sprintf(l.Pick(
				"k = %d: x%d examined under α = %s, b = %s: y%s(Σⱼ αⱼyⱼG(j, %d) + b) = %s ≤ 0 → α%s ← α%s + 1, b ← b + y%s: α = %s, b = %s",
				"k = %[1]d：在 α = %[3]s，b = %[4]s 下检查 x%[2]d：y%[5]s(Σⱼ αⱼyⱼG(j, %[6]d) + b) = %[7]s ≤ 0 → α%[8]s ← α%[9]s + 1，b ← b + y%[10]s：α = %[11]s，b = %[12]s"),
				k, i+1, notation.Vector(prevAlpha), notation.Number(prev.B), sub, i+1, notation.Number(y[i]*sum),
				sub, sub, sub, notation.Vector(alpha), notation.Number(s.B))
		}
		if k == len(run.Trace)-1 && run.Converged {
			state += l.Pick("; now no point is misclassified", "；此时没有误分类点")
		}
		left, err := pl.Plot()
		if err != nil {
			return nil, errtext.Errorf("gallery: dual frame k=%d: %w", k, err)
		}
		right, err := figures.Bars{Title: fmt.Sprintf(l.Pick("α after k = %d", "k = %d 后的 α"), k), YLabel: "αᵢ", Names: names, Values: alpha, Lang: l}.Plot()
		if err != nil {
			return nil, errtext.Errorf("gallery: dual frame k=%d: %w", k, err)
		}
		right.Y.Min, right.Y.Max = 0, 1.15*alphaMax
		frames[k] = figures.Frame{State: state, Table: table,
			Figure: figures.NewGrid(fmt.Sprintf(l.Pick("Algorithm 2.2, k = %d", "算法 2.2，k = %d"), k), 2, left, right)}
	}
	return []figures.Sequence{{Frames: frames, Print: every(len(frames), 1)}}, nil
}

// every returns the indices 0, step, 2·step, … below n.
func every(n, step int) []int {
	var k []int
	for i := 0; i < n; i += step {
		k = append(k, i)
	}
	return k
}

// MarginFrameGammas returns the planted margins of MarginFrames: from 0.4
// down to 0.0125 in steps of 1/√2, so that the bound (R/γ)² doubles from
// one frame to the next.
func MarginFrameGammas() []float64 {
	gs := make([]float64, 11)
	for i := range gs {
		gs[i] = 0.4 * math.Pow(0.5, float64(i)/2)
	}
	return gs
}

// The data of MarginFrames: MarginFrameN points in the plane with augmented
// vectors of norm at most MarginRadius.
const MarginFrameN = 200

// MarginFrames runs Algorithm 2.1 (η = 1, w₀ = 0, b₀ = 0, the cyclic order)
// on data in the plane drawn by dataset.Separable with a planted margin γ
// for each γ of MarginFrameGammas (all from the source rand.NewPCG(4, 2),
// in order), one frame per γ: the data with the planted hyperplane, its
// margin band ŵ_opt·x̂ = ±γ and the perceptron's final hyperplane, beside
// the mistakes k of every run against its bound (R/γ)² for the best γ of
// its data (perceptron.NovikoffBound), the current run ringed. A print
// shows every other γ: 0.4 halved down to 0.0125, the bound growing
// fourfold from one to the next.
func MarginFrames(l lang.Lang) (_ []figures.Sequence, err error) {
	defer wrapErr("MarginFrames", &err)
	src := rand.NewPCG(4, 2)
	gammas := MarginFrameGammas()
	type trial struct {
		set      *dataset.Set
		wopt     []float64
		run      *perceptron.Result
		best     *perceptron.Bound
		mistakes float64
	}
	trials := make([]trial, len(gammas))
	bounds, mistakes := make([]float64, len(gammas)), make([]float64, len(gammas))
	for i, g := range gammas {
		set, wopt := dataset.Separable(src, MarginFrameN, 2, g, MarginRadius)
		limit := int(math.Pow(MarginRadius/g, 2)) + 2 // the theorem's bound for the planted γ
		run, err := perceptron.Primal{Settings: perceptron.Settings{MaxEpochs: limit}}.Fit(set.X, set.Y)
		if err != nil {
			return nil, errtext.Errorf("gallery: margin frames, γ = %g: %w", g, err)
		}
		best, err := perceptron.NovikoffBound(set.X, set.Y)
		if err != nil {
			return nil, errtext.Errorf("gallery: margin frames, γ = %g: %w", g, err)
		}
		trials[i] = trial{set, wopt, run, best, float64(run.Updates)}
		bounds[i], mistakes[i] = best.Bound, float64(run.Updates)
	}
	const side = 2.1 // the points lie within √(R² − 1) ≈ 1.73 of the origin
	view := figures.Rect{XMin: -side, XMax: side, YMin: -side, YMax: side}
	frames := make([]figures.Frame, len(gammas))
	for i, t := range trials {
		g := gammas[i]
		left, err := figures.Plane{
			Title: fmt.Sprintf(l.Pick("γ = %s: k = %d ≤ (R/γ)² = %s", "γ = %s：k = %d ≤ (R/γ)² = %s"), notation.Number(g), t.run.Updates, notation.Number(t.best.Bound)),
			X:     t.set.X, Y: t.set.Y, View: view,
			Lang: l,
			Boundaries: []figures.Boundary{
				{Line: figures.Line{W: t.run.W, B: t.run.B}, Shade: true, Label: l.Pick("the perceptron's hyperplane", "感知机的分离超平面")},
				// Scaled by 1/γ, the planted ŵ_opt·x̂ = ±γ become the margins ±1.
				{Line: figures.Line{W: []float64{t.wopt[0] / g, t.wopt[1] / g}, B: t.wopt[2] / g}, Margins: true,
					// x̂ = (x, 1) written out: x̂ has no precomposed
					// letter, and the PNG's font sets the combining
					// hat beside the x, not over it.
					Label:       l.Pick("planted hyperplane ŵₒₚₜ·(x, 1) = 0", "生成时的分离超平面 ŵₒₚₜ·(x, 1) = 0"),
					MarginLabel: l.Pick("its margin band ŵₒₚₜ·(x, 1) = ±γ", "生成时的间隔带 ŵₒₚₜ·(x, 1) = ±γ")},
			},
		}.Plot()
		if err != nil {
			return nil, errtext.Errorf("gallery: margin frame γ = %g: %w", g, err)
		}
		right, err := mistakeBound(bounds, mistakes, i, l)
		if err != nil {
			return nil, errtext.Errorf("gallery: margin frame γ = %g: %w", g, err)
		}
		frames[i] = figures.Frame{
			State: fmt.Sprintf(l.Pick(
				"γ = %s (planted): R = %s, best γ = %s, bound (R/γ)² = %s; the perceptron made k = %d mistakes (%s of the bound)",
				"γ = %s（生成时的间隔）：R = %s，最优 γ = %s，上界 (R/γ)² = %s；感知机误分类次数 k = %d（上界的 %s）"),
				notation.Number(g), notation.Number(t.best.R), notation.Number(t.best.Gamma), notation.Number(t.best.Bound), t.run.Updates, report.Percent(mistakes[i]/t.best.Bound, l)),
			Figure: figures.NewGrid(l.Pick("Novikoff's bound on data of margin γ", "数据间隔为 γ 时的 Novikoff 上界"), 2, left, right),
		}
	}
	return []figures.Sequence{{Frames: frames, Print: every(len(frames), 2)}}, nil
}

// SoftMarginFrameCs returns the values of C of SoftMarginFrames: 29 values
// from 0.01 to 100, seven a decade on a log scale, the decades included
// exactly.
func SoftMarginFrameCs() []float64 {
	cs := make([]float64, 29)
	for i := range cs {
		cs[i] = math.Pow(10, float64(i-14)/7)
	}
	return cs
}

// SoftMarginFrames solves the soft-margin SVM (SMO with Eps = SweepEps) for
// each C of SoftMarginFrameCs on the book's data (Example 2.1) and on the
// overlapping clouds of SoftMarginData, one frame per C: the hyperplane w*·x
// + b* = 0 with its margins, the points ringed by KKT class (αᵢ = 0
// unmarked, 0 < αᵢ < C ringed, αᵢ = C boxed), and when b* is not unique
// the hyperplanes at both ends of its interval. The state gives w*, b* or
// its interval, the count of each KKT class and the primal and dual
// objectives. Each sequence starts at C = 0.1, SoftMarginC. A print shows
// the decades, C = 0.01, 0.1, 1, 10 and 100, of both data sets.
func SoftMarginFrames(l lang.Lang) (_ []figures.Sequence, err error) {
	defer wrapErr("SoftMarginFrames", &err)
	bx, by := dataset.Example21().XY()
	bookView, err := figures.SharedView(bx, by, true)
	if err != nil {
		return nil, err
	}
	blobs, _ := SoftMarginData()
	cs := SoftMarginFrameCs()
	initial := 7 // C = 0.1
	var seqs []figures.Sequence
	for _, d := range []struct {
		name  string
		x     mat.Matrix
		y     []float64
		names []string
		view  figures.Rect // zero: around the points
	}{
		{l.Pick("book data (Example 2.1)", "书中数据（例 2.1）"), bx, by, figures.PointNames(len(by)), bookView},
		{l.Pick("two overlapping clouds (40 points)", "两团重叠的点（40 个）"), blobs.X, blobs.Y, nil, figures.Rect{}},
	} {
		sweep, err := svm.SMO{Eps: SweepEps}.Sweep(d.x, d.y, cs)
		if err != nil {
			return nil, errtext.Errorf("gallery: soft-margin frames, %s: %w", d.name, err)
		}
		frames := make([]figures.Frame, len(cs))
		for i, r := range sweep {
			c := cs[i]
			hs := []figures.Boundary{{Line: figures.Line{W: r.W, B: r.B}, Margins: true, Label: "w·x + b = 0"}}
			b := "b = " + notation.Number(r.B)
			if r.BHigh-r.BLow > 1e-9*math.Max(1, math.Abs(r.B)) {
				b = fmt.Sprintf(l.Pick("b ∈ [%s, %s] (not unique; drawn at %s)", "b ∈ [%s, %s]（不唯一，图中取 %s）"), notation.Number(r.BLow), notation.Number(r.BHigh), notation.Number(r.B))
				for _, e := range []float64{r.BLow, r.BHigh} {
					if !math.IsInf(e, 0) {
						hs = append(hs, figures.Boundary{Line: figures.Line{W: r.W, B: e}, Label: fmt.Sprintf(l.Pick("end of b*'s interval: b = %s", "b* 区间端点：b = %s"), notation.Number(e))})
					}
				}
			}
			zero := len(d.y) - len(r.SupportIndices)
			p, err := figures.Plane{
				Title: fmt.Sprintf(l.Pick("C = %s, margin 2/‖w‖ = %s", "C = %s，间隔 2/‖w‖ = %s"), notation.Number(c), notation.Number(2/math.Hypot(r.W[0], r.W[1]))),
				X:     d.x, Y: d.y, Names: d.names, Boundaries: hs, FreeIndices: r.FreeIndices, BoundedIndices: r.BoundedIndices, SoftMargin: true, View: d.view, Lang: l,
			}.Plot()
			if err != nil {
				return nil, errtext.Errorf("gallery: soft-margin frame C = %g: %w", c, err)
			}
			frames[i] = figures.Frame{
				State: fmt.Sprintf(l.Pick(
					"C = %s: w = %s, %s; αᵢ = 0: %d, 0 < αᵢ < C: %d, αᵢ = C: %d; primal ½‖w‖² + CΣξᵢ = %s, dual ½αᵀQα − Σαᵢ = %s",
					"C = %s：w = %s，%s；αᵢ = 0 的点 %d 个，0 < αᵢ < C 的 %d 个，αᵢ = C 的 %d 个；原始问题的目标函数 ½‖w‖² + CΣξᵢ = %s，对偶问题的目标函数 ½αᵀQα − Σαᵢ = %s"),
					notation.Number(c), notation.Vector(r.W), b, zero, len(r.FreeIndices), len(r.BoundedIndices), notation.Number(r.PrimalObjective), notation.Number(r.DualObjective)),
				Figure: p,
				Table: [][]string{
					{"C", "w", "b", "αᵢ = 0", "0 < αᵢ < C", "αᵢ = C", l.Pick("primal", "原始问题的目标函数"), l.Pick("dual", "对偶问题的目标函数")},
					{notation.Number(c), notation.Vector(r.W), strings.TrimPrefix(b, "b = "), fmt.Sprint(zero), fmt.Sprint(len(r.FreeIndices)), fmt.Sprint(len(r.BoundedIndices)),
						notation.Number(r.PrimalObjective), notation.Number(r.DualObjective)},
				},
			}
		}
		seqs = append(seqs, figures.Sequence{Name: d.name, Frames: frames, Initial: initial, Print: every(len(cs), 7)})
	}
	return seqs, nil
}
