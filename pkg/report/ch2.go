package report

import (
	"fmt"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// The tables of notebooks 01-distance-loss, 02-primal-form and
// 03-dual-form-gram beyond the book's own Tables 2.1 and 2.2.

// LossTable returns, for every step of a recorded run of Algorithm 2.1 on
// (x, y) (Result.Trace), the misclassified set M (yᵢ(w·xᵢ + b) ≤ 0), its
// size, the loss L(w, b) = −Σ_M yᵢ(w·xᵢ + b), the same loss as the sum of
// the perceptron loss [−yᵢ(w·xᵢ + b)]₊ over all points, and the total
// distance D = L/‖w‖ of M to the hyperplane, undefined at w = 0. Along
// Table 2.1, L is 0, 7, 4, 1, 4, 5, 2, 0. It panics if a step has no
// weights (a kernel trace).
func LossTable(x mat.Matrix, y []float64, trace []perceptron.Step, l lang.Lang) (header []string, rows [][]string) {
	header = []string{"k", "w", "b", l.Pick("M (misclassified)", "M（误分类点）"), l.Pick("size of M", "M 的点数"),
		"L(w,b)", "Σ[−yᵢ(w·xᵢ+b)]₊", "D = L/‖w‖"}
	for _, s := range trace {
		if s.W == nil {
			panic("report: LossTable: step without weights")
		}
		m := perceptron.Misclassified(x, y, s.W, s.B)
		v := perceptron.Loss(x, y, s.W, s.B)
		d := l.Pick("undefined (w = 0)", "无定义（w = 0）")
		if n := floats.Norm(s.W, 2); n > 0 {
			d = notation.Number(v / n)
		}
		rows = append(rows, []string{strconv.Itoa(s.K), notation.Vector(s.W), notation.Number(s.B), Points(m, l),
			strconv.Itoa(len(m)), notation.Number(v), notation.Number(loss.Sum(loss.Perceptron, classify.Linear{W: s.W, B: s.B}, x, y)), d})
	}
	return header, rows
}

// Outcomes returns the hyperplanes at which Algorithm 2.1 can stop
// (perceptron.Enumeration.Outcomes), one row each: the hyperplane, the
// count vector n of its updates, their number k, the number of runs that
// end there, its probability when the misclassified point is chosen at
// random, and the first of those runs in update order.
func Outcomes(outcomes []perceptron.Outcome, l lang.Lang) (header []string, rows [][]string) {
	header = []string{l.Pick("hyperplane", "分离超平面"), countsName(outcomes), l.Pick("updates k", "更新次数 k"),
		l.Pick("runs", "路径数"), l.Pick("P (random choice)", "P（随机选取）"), l.Pick("first run (in order)", "第一条路径（按更新顺序）")}
	for _, o := range outcomes {
		rows = append(rows, []string{notation.Equation(o.W, o.B), Counts(o.Counts), strconv.Itoa(o.Updates),
			notation.Number(o.Runs), notation.Number(o.Prob), Points(o.Example, l)})
	}
	return header, rows
}

// OutcomeDistances returns, for each hyperplane at which Algorithm 2.1 can
// stop on (x, y), the updates nᵢ made with each point, the distance
// |w·xᵢ + b|/‖w‖ of each point to the hyperplane, and whether the points
// used more often are strictly closer (nᵢ > nⱼ implies a smaller distance
// for xᵢ than for xⱼ), the reading of αᵢ that seeds 000 and 001 take from
// the book. On Example 2.1 it holds for two of the four hyperplanes.
func OutcomeDistances(x mat.Matrix, outcomes []perceptron.Outcome, l lang.Lang) (header []string, rows [][]string) {
	n := 0
	if len(outcomes) > 0 {
		n = len(outcomes[0].Counts)
	}
	header = []string{l.Pick("hyperplane", "分离超平面"), countsName(outcomes)}
	for i := range n {
		header = append(header, l.Pick("distance of x", "距离 x")+strconv.Itoa(i+1))
	}
	header = append(header, l.Pick("used more ⇒ closer", "更新越多 ⇒ 越近"))
	for _, o := range outcomes {
		d := make([]float64, n)
		row := []string{notation.Equation(o.W, o.B), Counts(o.Counts)}
		for i := range n {
			d[i] = perceptron.Distance(o.W, o.B, mat.Row(nil, i, x))
			row = append(row, notation.Number(d[i]))
		}
		rows = append(rows, append(row, YesNo(MoreUsedCloser(o.Counts, d), l)))
	}
	return header, rows
}

// MoreUsedCloser reports whether every point used for more updates than
// another is strictly closer to the hyperplane: counts[i] > counts[j]
// implies dist[i] < dist[j]. It panics if the lengths differ.
func MoreUsedCloser(counts []int, dist []float64) bool {
	if len(counts) != len(dist) {
		panic("report: MoreUsedCloser: lengths differ")
	}
	for i := range counts {
		for j := range counts {
			if counts[i] > counts[j] && !(dist[i] < dist[j]) {
				return false
			}
		}
	}
	return true
}

// DualAsPrimal returns, for every step k of a recorded dual run (Table 2.2)
// and of a recorded primal run (Table 2.1) on (x, y), the dual's α and b,
// the weights w = Σᵢ αᵢyᵢxᵢ they stand for, the primal's w and b, and
// whether the two states are the same: the same w, b and point updated.
// Both runs must be recorded from w₀ = 0, b₀ = 0; rows stop at the shorter
// trace.
func DualAsPrimal(x mat.Matrix, y []float64, dual *perceptron.Result, primal *perceptron.Result, l lang.Lang) (header []string, rows [][]string) {
	header = []string{"k", l.Pick("α (Table 2.2)", "α（表 2.2）"), "Σ αᵢyᵢxᵢ", l.Pick("b (Table 2.2)", "b（表 2.2）"),
		l.Pick("w (Table 2.1)", "w（表 2.1）"), l.Pick("b (Table 2.1)", "b（表 2.1）"), l.Pick("same", "相同")}
	_, d := x.Dims()
	for k := range min(len(dual.Trace), len(primal.Trace)) {
		alpha, _ := dual.AlphaAt(k) // k is in the trace
		w := make([]float64, d)
		for i, a := range alpha {
			floats.AddScaled(w, a*y[i], mat.Row(nil, i, x))
		}
		s, p := dual.Trace[k], primal.Trace[k]
		same := floats.Equal(w, p.W) && s.B == p.B && s.Point == p.Point
		rows = append(rows, []string{strconv.Itoa(k), notation.Vector(alpha), notation.Vector(w), notation.Number(s.B),
			notation.Vector(p.W), notation.Number(p.B), YesNo(same, l)})
	}
	return header, rows
}

// countsName heads the column of count vectors n = (n1, …, nN).
func countsName(outcomes []perceptron.Outcome) string {
	if len(outcomes) == 0 {
		return "n"
	}
	var names []string
	for i := range outcomes[0].Counts {
		names = append(names, "n"+strconv.Itoa(i+1))
	}
	return "n = (" + strings.Join(names, ", ") + ")"
}

// Counts writes a count vector n, such as the updates nᵢ made with each
// point (perceptron.Outcome.Counts), as the book writes vectors: (0, 1, 3).
func Counts(n []int) string {
	v := make([]float64, len(n))
	for i, c := range n {
		v[i] = float64(c)
	}
	return notation.Vector(v)
}

// FormTable returns the cost model of a sweep of the primal and dual forms
// (experiment.SweepForms), one row per problem: N, d, the examinations E
// and updates U of the run (the same in both forms), the multiply–adds of
// the primal form and of the dual form with running scores, as
// perceptron.Dual runs it, Gram matrix included, and their ratio. The
// counts are exact integers.
func FormTable(ts []*experiment.FormTiming, l lang.Lang) (header []string, rows [][]string) {
	header = []string{"N", "d", l.Pick("E (examinations)", "E（检查次数）"), l.Pick("U (updates)", "U（更新次数）"),
		l.Pick("primal form", "原始形式"), l.Pick("dual form, running scores", "对偶形式，随时更新得分"), l.Pick("dual / primal", "对偶 / 原始")}
	for _, t := range ts {
		p, d := t.PrimalCost.Total(), t.DualCost.Total()
		rows = append(rows, []string{strconv.Itoa(t.N), strconv.Itoa(t.D), strconv.Itoa(t.Examined), strconv.Itoa(t.Updates),
			strconv.FormatInt(p, 10), strconv.FormatInt(d, 10), strconv.FormatFloat(float64(d)/float64(p), 'g', 3, 64)})
	}
	return header, rows
}

// The ways of running the perceptron whose costs FormCosts returns, in its
// order.
const (
	FormPrimal          = iota // the primal form, Algorithm 2.1
	FormScores                 // the dual form with running scores (perceptron.Dual), G computed
	FormScoresGivenG           // the same, G given
	FormBookCheck              // the dual form with the book's check, G computed
	FormBookCheckGivenG        // the same, G given
)

// FormCosts returns the multiply–adds of the run t in five ways, indexed
// by FormPrimal … FormBookCheckGivenG: the primal form (experiment.PrimalCost);
// the dual form keeping every point's score sᵢ = Σⱼ αⱼyⱼGⱼᵢ up to date, as
// perceptron.Dual does (experiment.DualCost), with the Gram matrix
// computed and given; and the dual form with the book's check, which sums
// Σⱼ αⱼyⱼGⱼᵢ afresh (experiment.BookDualCost), computed and given.
func FormCosts(t *experiment.FormTiming) []int64 {
	scores := experiment.DualCost(t.N, t.D, t.Examined, t.Updates)
	book := experiment.BookDualCost(t.N, t.D, t.Examined, t.Updates)
	return []int64{experiment.PrimalCost(t.N, t.D, t.Examined, t.Updates).Total(),
		scores.Total(), scores.Total() - scores.Gram, book.Total(), book.Total() - book.Gram}
}

// FormNames names the ways of FormCosts in the language l, as the figures
// of notebook 3 do in their legends.
func FormNames(l lang.Lang) []string {
	return []string{
		l.Pick("primal form (Algorithm 2.1)", "原始形式（算法 2.1）"),
		l.Pick("dual form, running scores (perceptron.Dual), G computed", "对偶形式，随时更新得分（perceptron.Dual），计算 G"),
		l.Pick("dual form, running scores (perceptron.Dual), G given", "对偶形式，随时更新得分（perceptron.Dual），G 已知"),
		l.Pick("dual form, the book's check (Algorithm 2.2), G computed", "对偶形式，书中的检查（算法 2.2），计算 G"),
		l.Pick("dual form, the book's check (Algorithm 2.2), G given", "对偶形式，书中的检查（算法 2.2），G 已知"),
	}
}

// FormCheapest returns, for each problem of a sweep, the cheapest way of
// running the perceptron by FormCosts when the Gram matrix must be
// computed and when it is given, each with its multiply–adds.
func FormCheapest(ts []*experiment.FormTiming, l lang.Lang) (header []string, rows [][]string) {
	short := []string{l.Pick("primal form", "原始形式"), l.Pick("running scores", "随时更新得分"), l.Pick("running scores", "随时更新得分"),
		l.Pick("the book's check", "书中的检查"), l.Pick("the book's check", "书中的检查")}
	header = []string{"N", "d", l.Pick("cheapest, G computed", "计算 G 时最省"), l.Pick("cheapest, G given", "G 已知时最省")}
	for _, t := range ts {
		c := FormCosts(t)
		best := func(ways ...int) string {
			b := ways[0]
			for _, w := range ways[1:] {
				if c[w] < c[b] {
					b = w
				}
			}
			return fmt.Sprintf(l.Pick("%s (%d)", "%s（%d）"), short[b], c[b])
		}
		rows = append(rows, []string{strconv.Itoa(t.N), strconv.Itoa(t.D),
			best(FormPrimal, FormScores, FormBookCheck), best(FormPrimal, FormScoresGivenG, FormBookCheckGivenG)})
	}
	return header, rows
}
