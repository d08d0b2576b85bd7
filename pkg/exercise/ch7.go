package exercise

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

func data72() (*mat.Dense, []float64) {
	return mat.NewDense(5, 2, []float64{1, 2, 2, 3, 3, 3, 2, 1, 3, 2}), []float64{1, 1, 1, -1, -1}
}

// Ex71 checks the value answer to the book's exercise 7.1 as notebook 14
// poses it: the solution α = (α₁, α₂, α₃), a []float64, of the linearly
// separable SVM's dual (7.37)–(7.39) on Example 2.1 — the problem whose
// perceptron dual Example 2.2 solves. The perceptron's α is a typical wrong
// answer, and the hint says why.
func Ex71(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	v := HardMarginDual(x, y, ans, l)
	if v.Status == Wrong {
		if a, bad := (judge{l}).vector(ans, 3, "α"); bad == nil {
			if p, err := (perceptron.Dual{}).Fit(x, y); err == nil && nearVec(a, p.Alpha, maxAbs(1, p.Alpha...)) {
				v.Message += l.Pick(" — that is the perceptron's α of Example 2.2, which counts updates and has no constraint Σαᵢyᵢ = 0",
					"——这是例 2.2 中感知机的 α，它记的是更新次数，没有约束 Σαᵢyᵢ = 0")
			}
		}
	}
	return v
}

// HardMarginDual checks an answer α, a []float64 with one multiplier per
// point, that claims to solve the dual of the hard-margin SVM (7.37)–(7.39)
// on (x, y): α ≥ 0, Σαᵢyᵢ = 0 and f(α) = ½αᵀQα − Σαᵢ as small as svm.Exact
// finds it. Any optimal α passes where the optimum is not unique.
func HardMarginDual(x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	alpha, q, bad := j.dualAnswer(x, y, ans)
	if bad != nil {
		return *bad
	}
	opt, err := (svm.Exact{}).Fit(x, y)
	if err != nil {
		return j.wrong("the dual has no solution on these data (%v)", "这些数据上对偶问题无解（%v）", err)
	}
	return dualVerdict(j, alpha, y, opt.Alpha, q.Objective, opt.DualObjective, math.Inf(1))
}

// dualAnswer reads an answer α to a dual problem on (x, y) and builds
// the hard-margin problem, its Q; a non-nil verdict says why it cannot.
func (j judge) dualAnswer(x mat.Matrix, y []float64, ans any) ([]float64, *svm.DualProblem, *Verdict) {
	n, _ := x.Dims()
	if isPlaceholder(ans) {
		v := j.unanswered(fmt.Sprintf("α, a []float64 of %d multipliers, one per point", n), fmt.Sprintf("α，每个点一个乘子，共 %d 个数的 []float64", n))
		return nil, nil, &v
	}
	alpha, bad := j.vector(ans, n, "α")
	if bad != nil {
		return nil, nil, bad
	}
	q, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		return nil, nil, j.bad("the problem itself is invalid: %v", "问题本身无效：%v", err)
	}
	return alpha, q, nil
}

// dualVerdict judges α against the constraints Σαᵢyᵢ = 0, 0 ≤ αᵢ ≤ c and
// the minimum fmin of f.
func dualVerdict(j judge, alpha, y, best []float64, f func([]float64) float64, fmin, c float64) Verdict {
	scale := maxAbs(0, best...)
	for i, a := range alpha {
		if a < -Tol*scale {
			return j.wrong("α%s = %s is negative: the dual's constraints are αᵢ ≥ 0", "α%s = %s 是负数：对偶问题的约束是 αᵢ ≥ 0", sub(i), notation.Number(a))
		}
		if a > c*(1+Tol) {
			return j.wrong("α%s = %s exceeds C = %s: the box is 0 ≤ αᵢ ≤ C", "α%s = %s 超过了 C = %s：约束是 0 ≤ αᵢ ≤ C", sub(i), notation.Number(a), notation.Number(c))
		}
	}
	sy := floats.Dot(alpha, y)
	if !near(sy, 0, math.Max(scale, maxAbs(0, alpha...))) {
		return j.wrong("α satisfies αᵢ ≥ 0 but not Σαᵢyᵢ = 0 (it is %s)", "α 满足 αᵢ ≥ 0，但不满足 Σαᵢyᵢ = 0（它等于 %s）", notation.Number(sy))
	}
	fa := f(alpha)
	if fa > fmin+2*Tol*(math.Abs(fmin)+floats.Sum(best)) {
		if floats.Sum(alpha) == 0 {
			return j.wrong("α = 0 is feasible but not the minimum: f(0) = 0, and f can be made negative", "α = 0 可行，但不是极小点：f(0) = 0，而 f 可以取负值")
		}
		return j.wrong("α is feasible, but f(α) = %s is not the minimum: some feasible α gives less", "α 可行，但 f(α) = %s 不是最小值：有可行的 α 使它更小", notation.Number(fa))
	}
	return j.ok("α ≥ 0, Σαᵢyᵢ = 0 and f(α) = %s is the minimum; the support vectors (αᵢ > 0) are %s",
		"α ≥ 0，Σαᵢyᵢ = 0，f(α) = %s 是最小值；支持向量（αᵢ > 0）是 %s", notation.Number(fa), report.Points(positive(alpha, scale), j.l))
}

// positive lists the i with αᵢ > Tol·scale.
func positive(alpha []float64, scale float64) []int {
	var idx []int
	for i, a := range alpha {
		if a > Tol*scale {
			idx = append(idx, i)
		}
	}
	return idx
}

// Ex72 checks the answer to the book's exercise 7.2: the maximum-margin
// separating hyperplane (w*, b*), a Hyperplane, of the positive points
// (1, 2), (2, 3), (3, 3) and the negative (2, 1), (3, 2), with the scale
// that (7.13) fixes: minᵢ yᵢ(w·xᵢ + b) = 1.
func Ex72(ans any, l lang.Lang) Verdict {
	x, y := data72()
	return MaxMargin(x, y, ans, l)
}

// MaxMargin checks an answer (w, b), a Hyperplane, that claims to be the
// maximum-margin separating hyperplane of (x, y) in the canonical scale of
// (7.13), minᵢ yᵢ(w·xᵢ + b) = 1, which svm.Exact computes.
func MaxMargin(x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	_, d := x.Dims()
	h, bad := j.readHyperplane(ans, asked{"(w*, b*), an exercise.Hyperplane{W: …, B: …}", "(w*, b*)，写成 exercise.Hyperplane{W: …, B: …}"}, d)
	if bad != nil {
		return *bad
	}
	opt, err := (svm.Exact{}).Fit(x, y)
	if err != nil {
		return j.wrong("these data have no maximum-margin hyperplane (%v)", "这些数据没有最大间隔分离超平面（%v）", err)
	}
	best := Hyperplane{opt.W, opt.B}
	m := h.margins(x, y)
	if i := firstMistake(m); i >= 0 {
		return j.wrong("x%d is misclassified: y%s(w·x%s + b) = %s ≤ 0", "x%d 被误分类：y%s(w·x%s + b) = %s ≤ 0", i+1, sub(i), sub(i), notation.Number(m[i]))
	}
	gamma := floats.Min(m) / floats.Norm(h.W, 2)
	gammaBest := 1 / floats.Norm(best.W, 2)
	if h.same(best) {
		return j.ok("separates all %d points; its geometric margin %.4g is the largest, and minᵢ yᵢ(w·xᵢ + b) = 1 as (7.13) requires; support vectors %s",
			"分开了全部 %d 个点；几何间隔 %.4g 是最大的，且 minᵢ yᵢ(w·xᵢ + b) = 1，符合 (7.13) 的要求；支持向量 %s",
			len(y), gamma, report.Points(onMargin(m), l))
	}
	if k, ok := h.multiple(best); ok && k > 0 {
		return j.wrong("right hyperplane, wrong scale: (7.13) fixes the functional margin at 1, and minᵢ yᵢ(w·xᵢ + b) = %s here",
			"超平面对了，尺度不对：(7.13) 把函数间隔定为 1，而这里 minᵢ yᵢ(w·xᵢ + b) = %s", notation.Number(floats.Min(m)))
	}
	if gamma < gammaBest*(1-Tol) {
		return j.wrong("this separates the data, but its geometric margin %.4g is not the largest", "它能分开数据，但几何间隔 %.4g 不是最大的", gamma)
	}
	return j.wrong("this is not the maximum-margin hyperplane", "这不是最大间隔分离超平面")
}

// onMargin lists the points with margin mᵢ = min m (within Tol).
func onMargin(m []float64) []int {
	lo := floats.Min(m)
	var idx []int
	for i, v := range m {
		if near(v, lo, lo) {
			idx = append(idx, i)
		}
	}
	return idx
}

// Ex73 checks the value answer to the book's exercise 7.3 as notebook 14
// poses it: the solution α, a []float64, of the squared-slack SVM's dual on
// Example 2.1 with C = 1,
//
//	min_α ½ αᵀ(Q + I/(2C))α − Σαᵢ  s.t.  Σαᵢyᵢ = 0, αᵢ ≥ 0.
func Ex73(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	return SquaredSlackDual(x, y, 1, ans, l)
}

// SquaredSlackDual checks an answer α, a []float64 with one multiplier per
// point, that claims to solve the dual of the squared-slack SVM with weight
// c on (x, y), which svm.SquaredSlack solves. Its hint recognises the
// hinge-loss SVM's α, the usual slip.
func SquaredSlackDual(x mat.Matrix, y []float64, c float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	alpha, q, bad := j.dualAnswer(x, y, ans)
	if bad != nil {
		return *bad
	}
	opt, err := (svm.SquaredSlack{C: c, Eps: 1e-12}).Fit(x, y)
	if err != nil {
		return j.wrong("the dual has no solution on these data (%v)", "这些数据上对偶问题无解（%v）", err)
	}
	f := func(a []float64) float64 { return q.Objective(a) + floats.Dot(a, a)/(4*c) }
	v := dualVerdict(j, alpha, y, opt.Alpha, f, opt.DualObjective, math.Inf(1))
	if v.Status == Wrong {
		if hinge, err := (svm.Exact{}).Fit(x, y); err == nil && nearVec(alpha, hinge.Alpha, maxAbs(0, hinge.Alpha...)) {
			v.Message += l.Pick(" — that is the hard margin's α: with squared slacks the diagonal of Q gains 1/(2C)",
				"——这是硬间隔的 α：松弛变量取平方时，Q 的对角线要加上 1/(2C)")
		}
	}
	return v
}

// Ex74 checks the value answer to the book's exercise 7.4 as notebook 14
// poses it for p = 2 in the plane: a feature map φ, a
// func([]float64) []float64, with φ(x)·φ(z) = (x·z)² for all x, z ∈ R².
func Ex74(ans any, l lang.Lang) Verdict {
	return FeatureMap(kernel.Polynomial{Degree: 2, Gamma: 1}, 2, ans, l)
}

// FeatureMap checks an answer φ, a func([]float64) []float64, that claims
// to be a feature map of the kernel k on R^d: φ(x)·φ(z) = k(x, z) on the
// unit vectors, their sums and differences and 50 seeded random points,
// relative to the kernel's scale. A φ that panics or returns vectors of
// varying length gets a verdict that says so.
func FeatureMap(k kernel.Kernel, d int, ans any, l lang.Lang) Verdict {
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("φ, a func(x []float64) []float64", "φ，一个 func(x []float64) []float64")
	}
	var phi func([]float64) []float64
	switch a := ans.(type) {
	case func([]float64) []float64:
		phi = a
	case nil:
		return j.malformed("φ is nil: write it as func(x []float64) []float64 { return []float64{…} }", "φ 是 nil：请写成 func(x []float64) []float64 { return []float64{…} }")
	default:
		return j.malformed("φ must be a func([]float64) []float64, not a %T", "φ 应当是 func([]float64) []float64，而不是 %T", ans)
	}
	if phi == nil {
		return j.malformed("φ is nil: write it as func(x []float64) []float64 { return []float64{…} }", "φ 是 nil：请写成 func(x []float64) []float64 { return []float64{…} }")
	}
	points := testPoints(d)
	feats := make([][]float64, len(points))
	for i, p := range points {
		f, err := call(phi, p)
		if err != nil {
			return j.malformed("φ(%s) panicked: %v", "φ(%s) 出现 panic：%v", notation.Vector(p), err)
		}
		if f == nil || (i > 0 && len(f) != len(feats[0])) {
			return j.malformed("φ(%s) has %d features, φ(%s) has %d: a feature map gives every point the same number", "φ(%s) 有 %d 个特征，φ(%s) 有 %d 个：特征映射给每个点的特征个数相同",
				notation.Vector(p), len(f), notation.Vector(points[0]), len(feats[0]))
		}
		for _, v := range f {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return j.malformed("φ(%s) is not finite", "φ(%s) 不是有限的", notation.Vector(p))
			}
		}
		feats[i] = f
	}
	for a := range points {
		for b := range a + 1 {
			want := k.Eval(points[a], points[b])
			got := floats.Dot(feats[a], feats[b])
			scale := math.Sqrt(k.Eval(points[a], points[a]) * k.Eval(points[b], points[b]))
			if near(got, want, math.Max(scale, 1e-300)) {
				continue
			}
			hint := ""
			if sq, ok := k.(kernel.Polynomial); ok && sq.Degree == 2 && sq.Coef0 == 0 && a >= d && got < want && len(feats[0]) >= d*(d+1)/2 {
				hint = l.Pick(" — right on the axes, wrong where coordinates mix: the cross terms x⁽ⁱ⁾x⁽ʲ⁾z⁽ⁱ⁾z⁽ʲ⁾ (i ≠ j) appear twice in (x·z)², so their features need the factor √2",
					"——在坐标轴上是对的，坐标混合时不对：交叉项 x⁽ⁱ⁾x⁽ʲ⁾z⁽ⁱ⁾z⁽ʲ⁾（i ≠ j）在 (x·z)² 中出现两次，所以它们的特征要乘以 √2")
			}
			return j.wrong("φ(x)·φ(z) = %s but K(x, z) = %s at x = %s, z = %s%s", "在 x = %s，z = %s 处 φ(x)·φ(z) = %s，而 K(x, z) = %s%s",
				order(l, notation.Decimal(got), notation.Decimal(want), notation.Vector(points[a]), notation.Vector(points[b]), hint)...)
		}
	}
	return j.ok("φ(x)·φ(z) = K(x, z) on %d pairs of points, with %d features", "在 %d 对点上 φ(x)·φ(z) = K(x, z)，共 %d 个特征",
		len(points)*(len(points)+1)/2, len(feats[0]))
}

// order puts the values before the points in Chinese.
func order(l lang.Lang, got, want, x, z, hint string) []any {
	if l == lang.Chinese {
		return []any{x, z, got, want, hint}
	}
	return []any{got, want, x, z, hint}
}

// testPoints are the unit vectors, then e₁ + eᵢ, e₁ − eᵢ, then 50 seeded
// random points of R^d.
func testPoints(d int) [][]float64 {
	var pts [][]float64
	for i := range d {
		e := make([]float64, d)
		e[i] = 1
		pts = append(pts, e)
	}
	for i := 1; i < d; i++ {
		for _, s := range []float64{1, -1} {
			e := make([]float64, d)
			e[0], e[i] = 1, s
			pts = append(pts, e)
		}
	}
	r := rand.New(rand.NewPCG(7, 4))
	for range 50 {
		p := make([]float64, d)
		for i := range p {
			p[i] = math.Round(r.NormFloat64()*300) / 100
		}
		pts = append(pts, p)
	}
	return pts
}

// call calls φ, turning a panic into an error.
func call(phi func([]float64) []float64, x []float64) (f []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return phi(append([]float64(nil), x...)), nil
}
