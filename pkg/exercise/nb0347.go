package exercise

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// NB03Ex1 checks notebook 3's exercise 1: α of the dual perceptron
// (Algorithm 2.2) on Example 2.1 with η = 0.5, a []float64.
func NB03Ex1(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	return DualRun(perceptron.Dual{Settings: perceptron.Settings{Eta: 0.5}}, x, y, ans, l)
}

// DualRun checks an answer α, a []float64, that claims to be where
// Algorithm 2.2 with the settings p stops on (x, y); the check runs p.
func DualRun(p perceptron.Dual, x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, _ := x.Dims()
	alpha, bad := j.readVector(ans, asked{fmt.Sprintf("α, a []float64 of %d numbers, one per point", n), fmt.Sprintf("α，每个点一个数，共 %d 个数的 []float64", n)}, n, "α")
	if bad != nil {
		return *bad
	}
	res, err := p.Fit(x, y)
	if err != nil {
		return j.wrong("Algorithm 2.2 does not stop on these data (%v)", "算法 2.2 在这些数据上不停止（%v）", err)
	}
	scale := maxAbs(1, res.Alpha...)
	if nearVec(alpha, res.Alpha, scale) {
		return j.ok("α = %s: w = Σαᵢyᵢxᵢ = %s, b = Σαᵢyᵢ = %s after %d updates", "α = %s：%d 次更新后 w = Σαᵢyᵢxᵢ = %s，b = Σαᵢyᵢ = %s",
			dualArgs(l, notation.Vector(res.Alpha), notation.Vector(res.W), notation.Number(res.B), res.Updates)...)
	}
	eta := p.Eta
	if eta == 0 {
		eta = 1
	}
	counts := make([]float64, n)
	for i, a := range res.Alpha {
		counts[i] = a / eta
	}
	if eta != 1 && nearVec(alpha, counts, scale/eta) {
		return j.wrong("those are the numbers of updates; αᵢ is η times the number of updates on xᵢ (η = %s)", "这是更新次数；αᵢ 是 η 乘以在 xᵢ 上的更新次数（η = %s）", notation.Number(eta))
	}
	for i, a := range alpha {
		if a < 0 {
			return j.wrong("α%s = %s is negative: each update adds η > 0 to one αᵢ", "α%s = %s 是负数：每次更新给某个 αᵢ 加上 η > 0", sub(i), notation.Number(a))
		}
	}
	if len(res.Mistakes) == 0 {
		return j.wrong("Algorithm 2.2 makes no update with these settings: α stays %s", "算法 2.2 在这些设置下不做任何更新：α 保持为 %s", notation.Vector(res.Alpha))
	}
	return j.wrong("this is not where Algorithm 2.2 stops with these settings: follow the updates (the first uses x%d)", "这不是算法 2.2 在这些设置下停下的地方：逐次跟踪更新（第一次用的是 x%d）", res.Mistakes[0]+1)
}

func dualArgs(l lang.Lang, alpha, w, b string, updates int) []any {
	if l == lang.Chinese {
		return []any{alpha, updates, w, b}
	}
	return []any{alpha, w, b, updates}
}

// NB03Ex5 checks notebook 3's exercise 5: a sequence of choices, the
// misclassified points used by the updates in order (a []int of point
// numbers, x1 is 1), with which Algorithm 2.1 on Example 2.1 ends at
// α = (0, 1, 3), w = (1, 0), b = −2. Every such sequence passes.
func NB03Ex5(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	return UpdateSequence(x, y, []float64{0, 1, 3}, ans, l)
}

// UpdateSequence checks an answer, a []int of point numbers (from 1), that
// claims to be a sequence of updates of Algorithm 2.1 (η = 1, from w = 0,
// b = 0) on (x, y): each point is misclassified when it is used, the run
// stops after the last one (no point misclassified), and the counts of the
// updates are want.
func UpdateSequence(x mat.Matrix, y []float64, want []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, d := x.Dims()
	if isPlaceholder(ans) {
		return j.unanswered("the points of the updates in order, a []int such as []int{3, 1, 1}", "依次用于更新的点，一个 []int，例如 []int{3, 1, 1}")
	}
	seq, ok := ans.([]int)
	if !ok || seq == nil {
		return j.malformed("the answer must be a []int of point numbers, not %s", "答案应当是由点的编号组成的 []int，而不是 %s", typeName(ans, l))
	}
	w, b := make([]float64, d), 0.0
	counts := make([]float64, n)
	for k, p := range seq {
		if p < 1 || p > n {
			return j.malformed("there is no point x%d: the points are x1 … x%d", "没有点 x%d：这些点是 x1 … x%d", p, n)
		}
		i := p - 1
		xi := mat.Row(nil, i, x)
		if m := y[i] * (floats.Dot(w, xi) + b); m > 0 {
			return j.wrong("update %d cannot use x%d: it is not misclassified there, y%s(w·x%s + b) = %s > 0", "第 %d 次更新不能用 x%d：这时它不是误分类点，y%s(w·x%s + b) = %s > 0",
				k+1, p, sub(i), sub(i), notation.Number(m))
		}
		floats.AddScaled(w, y[i], xi)
		b += y[i]
		counts[i]++
	}
	if mis := perceptron.Misclassified(x, y, w, b); len(mis) > 0 {
		return j.wrong("the run does not stop after these %d updates: x%d is still misclassified", "这 %d 次更新之后迭代没有停止：x%d 仍是误分类点", len(seq), mis[0]+1)
	}
	if !floats.Equal(counts, want) {
		return j.wrong("a complete run, but it ends at %s with α = %s, not α = %s", "这是一次完整的迭代，但停在 %s，α = %s，而不是 α = %s",
			notation.Equation(w, b), notation.Vector(counts), notation.Vector(want))
	}
	return j.ok("a valid run: each point misclassified when used, and it stops at %s with α = %s", "是一次合法的迭代：每个点被使用时都是误分类点，最后停在 %s，α = %s",
		notation.Equation(w, b), notation.Vector(counts))
}

// NB04Ex1 checks notebook 4's exercise 1: the margin γ of the hyperplane
// 2x⁽¹⁾ + x⁽²⁾ − 5 = 0 on Example 2.1 with the normalisation of Theorem
// 2.1, ‖ŵ‖ = ‖(w, b)‖ = 1, a float64.
func NB04Ex1(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	w, b := []float64{2, 1}, -5.0
	j := judge{l}
	g, bad := j.readNumber(ans, asked{"γ, a float64", "γ，一个 float64"}, "γ")
	if bad != nil {
		return *bad
	}
	bd, err := perceptron.HyperplaneBound(x, y, w, b)
	if err != nil {
		return j.wrong("the hyperplane does not separate the data (%v)", "超平面没有分开数据（%v）", err)
	}
	fm := floats.Min(Hyperplane{w, b}.margins(x, y))
	switch {
	case near(g, bd.Gamma, bd.Gamma):
		return j.ok("γ = %.4g with ŵ = (w, b)/‖(w, b)‖; R = %.4g and (R/γ)² = %.4g", "γ = %.4g，其中 ŵ = (w, b)/‖(w, b)‖；R = %.4g，(R/γ)² = %.4g", bd.Gamma, bd.R, bd.Bound)
	case near(g, fm/floats.Norm(w, 2), g):
		return j.wrong("that is the geometric margin with ‖w‖ = √5; Theorem 2.1 normalises ŵ = (w, b), so divide by ‖(2, 1, −5)‖ = √30", "这是按 ‖w‖ = √5 算的几何间隔；定理 2.1 规范化的是 ŵ = (w, b)，应除以 ‖(2, 1, −5)‖ = √30")
	case near(g, fm, g):
		return j.wrong("that is the functional margin minᵢ yᵢ(w·xᵢ + b): divide it by ‖ŵ‖ = ‖(w, b)‖", "这是函数间隔 minᵢ yᵢ(w·xᵢ + b)：还要除以 ‖ŵ‖ = ‖(w, b)‖")
	case g < 0:
		return j.wrong("the hyperplane separates the data, so γ > 0", "超平面分开了数据，所以 γ > 0")
	}
	return j.wrong("γ is the smallest yᵢ ŵ·x̂ᵢ over the points, with ŵ = (w, b)/‖(w, b)‖ and x̂ = (x, 1)", "γ 是各点 yᵢ ŵ·x̂ᵢ 的最小值，其中 ŵ = (w, b)/‖(w, b)‖，x̂ = (x, 1)")
}

// NB04Ex2 checks notebook 4's exercise 2: the largest number of updates a
// run of Algorithm 2.1 makes on Example 2.1, over every visiting order, an
// int, which perceptron.Enumeration finds.
func NB04Ex2(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the largest number of updates, an int", "最多的更新次数，一个 int")
	}
	var k int
	switch a := ans.(type) {
	case int:
		k = a
	case float64:
		if a != math.Trunc(a) || math.IsInf(a, 0) {
			return j.malformed("a number of updates is a whole number", "更新次数是整数")
		}
		k = int(a)
	default:
		return j.malformed("the answer must be an int, not %s", "答案应当是一个 int，而不是 %s", typeName(ans, l))
	}
	outs, err := (perceptron.Enumeration{}).Outcomes(x, y)
	if err != nil {
		return j.wrong("the enumeration did not finish (%v)", "枚举没有完成（%v）", err)
	}
	most := 0
	for _, o := range outs {
		most = max(most, o.Updates)
	}
	bound := math.Inf(1)
	if bd, err := perceptron.NovikoffBound(x, y); err == nil {
		bound = bd.Bound
	}
	switch {
	case k == most:
		return j.ok("the longest runs make %d updates, %.4g below the bound (R/γ)² = %.4g", "最长的迭代做 %d 次更新，比上界 (R/γ)² = %.4g 少 %.4g 次",
			boundArgs(l, most, bound-float64(most), bound)...)
	case float64(k) == math.Round(bound):
		return j.wrong("%d is Novikoff's bound (R/γ)², not a run: no run comes near it", "%d 是 Novikoff 上界 (R/γ)²，不是某次迭代的更新次数：没有迭代接近它", k)
	case k == 7:
		return j.wrong("7 is the book's run (Table 2.1); another order makes more", "7 是书中的迭代（表 2.1）；换一个顺序会更多")
	case k > most:
		return j.wrong("no run makes %d updates: every run stops sooner", "没有迭代做 %d 次更新：每次迭代都停得更早", k)
	}
	return j.wrong("some run makes more than %d updates", "有的迭代做的更新多于 %d 次", k)
}

func boundArgs(l lang.Lang, most int, gap, bound float64) []any {
	if l == lang.Chinese {
		return []any{most, bound, gap}
	}
	return []any{most, gap, bound}
}

// NB07Ex1 checks notebook 7's exercise 1: (β*, d*), the maximiser and the
// maximum of the dual function θ_D(β) = min_x x² + β(x − 1) of
// min x² s.t. x − 1 = 0, a []float64 of two numbers.
func NB07Ex1(ans any, l lang.Lang) Verdict {
	j := judge{l}
	v, bad := j.readVector(ans, asked{"(β*, d*), a []float64 of two numbers", "(β*, d*)，含两个数的 []float64"}, 2, "(β*, d*)")
	if bad != nil {
		return *bad
	}
	// θ_D(β) = −β²/4 − β: the minimiser of x² + β(x − 1) is x = −β/2.
	theta := func(beta float64) float64 { return -beta*beta/4 - beta }
	beta, d := -2.0, theta(-2)
	switch {
	case near(v[0], beta, 2) && near(v[1], d, 1):
		return j.ok("θ_D(β) = −β²/4 − β is largest at β* = −2, with d* = 1 = p* (x* = 1): no duality gap", "θ_D(β) = −β²/4 − β 在 β* = −2 处最大，d* = 1 = p*（x* = 1）：没有对偶间隙")
	case near(v[0], -beta, 2):
		return j.wrong("β = 2 gives θ_D(2) = %s: the maximiser is negative — the multiplier of an equality has no sign constraint", "β = 2 时 θ_D(2) = %s：最大点是负的——等式约束的乘子没有符号限制", notation.Number(theta(2)))
	case !near(v[0], beta, 2):
		return j.wrong("θ_D(%s) = %s is not the largest value of θ_D(β) = −β²/4 − β", "θ_D(%s) = %s 不是 θ_D(β) = −β²/4 − β 的最大值", notation.Number(v[0]), notation.Number(theta(v[0])))
	}
	return j.wrong("β* is right, d* is not: d* = θ_D(β*)", "β* 对了，d* 不对：d* = θ_D(β*)")
}

// NB07Ex4 checks notebook 7's exercise 4: the KKT point (x*, α*) of
// min (x − 3)² s.t. x² − 4 ≤ 0, a []float64 of two numbers, by the KKT
// conditions themselves.
func NB07Ex4(ans any, l lang.Lang) Verdict {
	j := judge{l}
	v, bad := j.readVector(ans, asked{"(x*, α*), a []float64 of two numbers", "(x*, α*)，含两个数的 []float64"}, 2, "(x*, α*)")
	if bad != nil {
		return *bad
	}
	x, a := v[0], v[1]
	tol := Tol * 4
	switch {
	case x*x-4 > tol:
		return j.wrong("x = %s is not feasible: x² − 4 = %s > 0", "x = %s 不可行：x² − 4 = %s > 0", notation.Number(x), notation.Number(x*x-4))
	case a < -tol:
		return j.wrong("α = %s < 0 breaks dual feasibility α ≥ 0", "α = %s < 0 违反对偶可行性 α ≥ 0", notation.Number(a))
	case math.Abs(2*(x-3)+2*a*x) > tol:
		return j.wrong("stationarity fails: 2(x − 3) + 2αx = %s, not 0", "不满足稳定性条件：2(x − 3) + 2αx = %s，不是 0", notation.Number(2*(x-3)+2*a*x))
	case math.Abs(a*(x*x-4)) > tol:
		return j.wrong("complementary slackness fails: α(x² − 4) = %s, not 0", "不满足互补松弛条件：α(x² − 4) = %s，不是 0", notation.Number(a*(x*x-4)))
	}
	return j.ok("x* = %s, α* = %s satisfy all four KKT conditions; p* = (x* − 3)² = %s", "x* = %s，α* = %s 满足全部四个 KKT 条件；p* = (x* − 3)² = %s",
		notation.Number(x), notation.Number(a), notation.Number((x-3)*(x-3)))
}
