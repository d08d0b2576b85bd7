package exercise

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// NB11Ex1 checks notebook 11's exercise 1: the pairs of points whose two
// multipliers an SMO step can move at α = 0 on Example 2.1 (hard margin),
// a [][2]int of point numbers, pairs and their order free. A pair can move
// when its segment [L, H] (svm.DualProblem.Subproblem) is more than a point.
func NB11Ex1(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the pairs, a [][2]int such as [][2]int{{1, 2}}", "这些变量对，一个 [][2]int，例如 [][2]int{{1, 2}}")
	}
	list, ok := ans.([][2]int)
	if !ok || list == nil {
		return j.malformed("the answer must be a [][2]int of point numbers, not %s", "答案应当是由点的编号组成的 [][2]int，而不是 %s", typeName(ans, l))
	}
	d, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		return j.malformed("the problem itself is invalid: %v", "问题本身无效：%v", err)
	}
	n := len(y)
	alpha := make([]float64, n)
	moves := func(a, b int) bool {
		s := d.Subproblem(alpha, a, b)
		return s.H > s.L
	}
	seen := map[[2]int]bool{}
	for _, p := range list {
		a, b := min(p[0], p[1]), max(p[0], p[1])
		if a < 1 || b > n || a == b {
			return j.malformed("(%d, %d) is not a pair of two of the points x1 … x%d", "(%d, %d) 不是 x1 … x%d 中两个不同点组成的对", p[0], p[1], n)
		}
		if seen[[2]int{a, b}] {
			return j.wrong("(x%d, x%d) is listed twice", "(x%d, x%d) 列出了两次", a, b)
		}
		seen[[2]int{a, b}] = true
		if !moves(a-1, b-1) {
			s := d.Subproblem(alpha, a-1, b-1)
			return j.wrong("(x%d, x%d) cannot move: its segment is [L, H] = [%s, %s], a point — the two labels are equal, so α%s + α%s = 0 with both ≥ 0",
				"(x%d, x%d) 不能移动：它的线段 [L, H] = [%s, %s] 只是一个点——两个类标记相同，α%s + α%s = 0 且两者都 ≥ 0",
				a, b, notation.Number(s.L), notation.Number(s.H), sub(a-1), sub(b-1))
		}
	}
	var all []string
	for a := range n {
		for b := a + 1; b < n; b++ {
			if moves(a, b) {
				all = append(all, fmt.Sprintf("(x%d, x%d)", a+1, b+1))
				if !seen[[2]int{a + 1, b + 1}] {
					s := d.Subproblem(alpha, a, b)
					return j.wrong("(x%d, x%d) can move too: its segment is %s", "(x%d, x%d) 也能移动：它的线段是 %s",
						a+1, b+1, segment(s.L, s.H))
				}
			}
		}
	}
	slices.Sort(all)
	return j.ok("exactly %s: a positive point with the negative one, each on the segment [0, +∞)", "恰好是 %s：一个正实例点与负实例点配对，线段都是 [0, +∞)", listOf(all, l))
}

// segment writes [L, H], or [L, +∞) for a hard margin's unbounded one.
func segment(lo, hi float64) string {
	if math.IsInf(hi, 1) {
		return "[" + notation.Number(lo) + ", +∞)"
	}
	return "[" + notation.Number(lo) + ", " + notation.Number(hi) + "]"
}

// NB11Ex3 checks notebook 11's exercise 3: η = K₁₁ + K₂₂ − 2K₁₂ of the
// Gaussian kernel with σ = 1 for the pairs (x1, x3) and (x1, x2) of
// Example 2.1, a []float64 of two numbers.
func NB11Ex3(ans any, l lang.Lang) Verdict {
	x, _ := dataset.Example21().XY()
	k := kernel.Gaussian(1)
	j := judge{l}
	v, bad := j.readVector(ans, asked{"(η₁₃, η₁₂), a []float64 of two numbers", "(η₁₃, η₁₂)，含两个数的 []float64"}, 2, "η")
	if bad != nil {
		return *bad
	}
	pairs := [][2]int{{0, 2}, {0, 1}}
	for i, p := range pairs {
		a, b := mat.Row(nil, p[0], x), mat.Row(nil, p[1], x)
		eta := k.Eval(a, a) + k.Eval(b, b) - 2*k.Eval(a, b)
		if near(v[i], eta, 2) {
			continue
		}
		d2 := 0.0
		for c := range a {
			d2 += (a[c] - b[c]) * (a[c] - b[c])
		}
		switch {
		case near(v[i], k.Eval(a, b), 1):
			return j.wrong("η for (x%d, x%d): %s is K(x%d, x%d), not η = K₁₁ + K₂₂ − 2K₁₂", "(x%d, x%d) 的 η：%s 是 K(x%d, x%d)，不是 η = K₁₁ + K₂₂ − 2K₁₂",
				p[0]+1, p[1]+1, notation.Decimal(v[i]), p[0]+1, p[1]+1)
		case near(v[i], 2-2*math.Exp(-d2), 2):
			return j.wrong("η for (x%d, x%d): the exponent is −‖x − z‖²/(2σ²), half of −‖x − z‖²", "(x%d, x%d) 的 η：指数是 −‖x − z‖²/(2σ²)，是 −‖x − z‖² 的一半", p[0]+1, p[1]+1)
		}
		return j.wrong("η for (x%d, x%d) is wrong: η = 2 − 2exp(−‖x%d − x%d‖²/(2σ²)) for the Gaussian kernel", "(x%d, x%d) 的 η 不对：高斯核的 η = 2 − 2exp(−‖x%d − x%d‖²/(2σ²))",
			p[0]+1, p[1]+1, p[0]+1, p[1]+1)
	}
	return j.ok("η = %s for (x1, x3) and %s for (x1, x2): far points give η near 2, close ones near 0", "(x1, x3) 的 η = %s，(x1, x2) 的 η = %s：相距远的点 η 接近 2，相距近的点接近 0",
		notation.Decimal(v[0]), notation.Decimal(v[1]))
}

// NB11Ex5 checks notebook 11's exercise 5: (b₁ⁿᵉʷ, b₂ⁿᵉʷ) of (7.115) and
// (7.116) after SMO's first step on Example 2.1 with C = 0.1, the pair
// (x1, x3) moved from α = 0 to α = (0.1, 0, 0.1), a []float64 of two
// numbers.
func NB11Ex5(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	j := judge{l}
	v, bad := j.readVector(ans, asked{"(b₁ⁿᵉʷ, b₂ⁿᵉʷ), a []float64 of two numbers", "(b₁ⁿᵉʷ, b₂ⁿᵉʷ)，含两个数的 []float64"}, 2, "(b₁, b₂)")
	if bad != nil {
		return *bad
	}
	d, err := svm.NewDualProblem(x, y, nil, 0.1)
	if err != nil {
		return j.malformed("the problem itself is invalid: %v", "问题本身无效：%v", err)
	}
	// With b put on the margin of a point, b = yₖ − Σᵢ αᵢyᵢK(xᵢ, xₖ):
	// (7.115) for x1 and (7.116) for x3, the book's α1 and α2 of the step.
	alpha := []float64{0.1, 0, 0.1}
	b1, b2 := d.Bias(alpha, 0), d.Bias(alpha, 2)
	switch {
	case near(v[0], b1, 1) && near(v[1], b2, 1):
		return j.ok("b₁ⁿᵉʷ = %s and b₂ⁿᵉʷ = %s; both multipliers are at C, so every b between them satisfies the pair's KKT conditions", "b₁ⁿᵉʷ = %s，b₂ⁿᵉʷ = %s；两个乘子都在 C 上，两者之间的每个 b 都满足这一对的 KKT 条件",
			notation.Number(b1), notation.Number(b2))
	case near(v[0], b2, 1) && near(v[1], b1, 1):
		return j.wrong("swapped: b₁ⁿᵉʷ comes from x1 (the book's α1), b₂ⁿᵉʷ from x3", "弄反了：b₁ⁿᵉʷ 来自 x1（书中的 α1），b₂ⁿᵉʷ 来自 x3")
	case near(v[0], (b1+b2)/2, 1) || near(v[1], (b1+b2)/2, 1):
		return j.wrong("that is the midpoint the book takes when both are at a bound; the exercise asks for (7.115) and (7.116) themselves", "这是两者都在边界上时书中所取的中点；练习要的是 (7.115) 和 (7.116) 本身")
	case !near(v[0], b1, 1):
		return j.wrong("b₁ⁿᵉʷ is wrong: (7.115) puts x1 on its margin, b₁ⁿᵉʷ = y₁ − Σᵢ αᵢⁿᵉʷyᵢK(xᵢ, x₁)", "b₁ⁿᵉʷ 不对：(7.115) 把 x1 放在间隔边界上，b₁ⁿᵉʷ = y₁ − Σᵢ αᵢⁿᵉʷyᵢK(xᵢ, x₁)")
	}
	return j.wrong("b₂ⁿᵉʷ is wrong: (7.116) puts x3 on its margin, b₂ⁿᵉʷ = y₃ − Σᵢ αᵢⁿᵉʷyᵢK(xᵢ, x₃)", "b₂ⁿᵉʷ 不对：(7.116) 把 x3 放在间隔边界上，b₂ⁿᵉʷ = y₃ − Σᵢ αᵢⁿᵉʷyᵢK(xᵢ, x₃)")
}
