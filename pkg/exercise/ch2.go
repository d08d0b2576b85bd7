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
	"github.com/marginnotes/marginnotes/pkg/separability"
)

// The data of the exercises, as the book and the notebooks state them
// (pkg/gallery draws the same sets; the tests check that they agree).
func xorData() (*mat.Dense, []float64) {
	return mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1}), []float64{-1, 1, 1, -1}
}

func data22() (*mat.Dense, []float64) {
	return mat.NewDense(4, 2, []float64{2, 1, 4, 2, 1, 3, 3, 4}), []float64{1, 1, -1, -1}
}

// Ex21 checks the answer to the book's exercise 2.1 (notebook 13): a
// certificate that no perceptron represents XOR on the four corners
// (0,0) −1, (0,1) +1, (1,0) +1, (1,1) −1 — the weights λ = (λ₁, …, λ₄),
// a []float64, of a combination of the inequalities yᵢ(w·xᵢ + b) > 0 whose
// left sides cancel. Any valid certificate passes, normalised or not.
func Ex21(ans any, l lang.Lang) Verdict {
	x, y := xorData()
	return Certificate(x, y, ans, l)
}

// Certificate checks an answer λ, a []float64 with one weight per point,
// that claims to prove the data (x, y) not linearly separable (Definition
// 2.2): λ ≥ 0, not all 0, Σλᵢyᵢ = 0 and Σλᵢyᵢxᵢ = 0 (the system (D) of
// package separability, Farkas' lemma), up to a positive factor. For data
// that are separable no λ passes, and the verdict says so.
func Certificate(x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, d := x.Dims()
	lambda, bad := j.readVector(ans, asked{fmt.Sprintf("λ, a []float64 of %d weights, one per point", n), fmt.Sprintf("λ，每个点一个权重，共 %d 个数的 []float64", n)}, n, "λ")
	if bad != nil {
		return *bad
	}
	if res, err := (separability.LP{}).Decide(x, y); err == nil && res.Separable {
		return j.wrong("these data are linearly separable (%s separates them), so no certificate exists",
			"这些数据线性可分（%s 把它们分开），不存在证书", notation.Equation(res.W, res.B))
	}
	s := floats.Sum(lambda)
	top := maxAbs(0, lambda...)
	for i, v := range lambda {
		if v < -Tol*top {
			return j.wrong("λ%d = %s is negative: a certificate weighs each inequality yᵢ(w·xᵢ + b) > 0 by λᵢ ≥ 0 (a negative weight turns > into <)",
				"λ%d = %s 是负数：证书给每个不等式 yᵢ(w·xᵢ + b) > 0 乘上 λᵢ ≥ 0（乘以负数会把 > 变成 <）", i+1, notation.Number(v))
		}
	}
	if top == 0 {
		return j.wrong("λ = 0 proves nothing: 0 = 0 is no contradiction; the weights must not all be 0",
			"λ = 0 什么也证明不了：0 = 0 不是矛盾；权重不能全为 0")
	}
	sy := 0.0
	sx := make([]float64, d)
	pos := make([]float64, d)
	scale := 0.0
	for i := range n {
		row := mat.Row(nil, i, x)
		scale = math.Max(scale, floats.Norm(row, 2))
		sy += lambda[i] / s * y[i]
		floats.AddScaled(sx, lambda[i]/s*y[i], row)
		if y[i] > 0 {
			floats.AddScaled(pos, 2*lambda[i]/s, row)
		}
	}
	if !near(sy, 0, 1) {
		return j.wrong("λ ≥ 0, but Σλᵢyᵢ = %s·Σλᵢ, not 0: the terms in b do not cancel", "λ ≥ 0，但 Σλᵢyᵢ = %s·Σλᵢ，不是 0：含 b 的项没有消去", notation.Number(sy))
	}
	if !nearVec(sx, make([]float64, d), math.Max(scale, 1)) {
		return j.wrong("λ ≥ 0 and Σλᵢyᵢ = 0, but Σλᵢyᵢxᵢ = %s·Σλᵢ, not 0: the terms in w do not cancel", "λ ≥ 0，Σλᵢyᵢ = 0，但 Σλᵢyᵢxᵢ = %s·Σλᵢ，不是 0：含 w 的项没有消去", notation.Vector(sx))
	}
	return j.ok("a certificate: λ ≥ 0, Σλᵢyᵢ = 0 and Σλᵢyᵢxᵢ = 0, so Σλᵢyᵢ(w·xᵢ + b) = 0 for every (w, b) and no hyperplane separates the points; the hulls of the classes meet at %s",
		"是证书：λ ≥ 0，Σλᵢyᵢ = 0，Σλᵢyᵢxᵢ = 0，所以对任意 (w, b) 都有 Σλᵢyᵢ(w·xᵢ + b) = 0，没有超平面能分开这些点；两类的凸壳相交于 %s", notation.Vector(pos))
}

// Ex22 checks the answer to the book's exercise 2.2 as notebook 13 poses
// it: the perceptron (w, b), a Hyperplane, that Algorithm 2.1 ends at on
// the positive points (2, 1), (4, 2) and the negative (1, 3), (3, 4), with
// η = 1, w₀ = 0, b₀ = 0 and the points visited in order.
func Ex22(ans any, l lang.Lang) Verdict {
	x, y := data22()
	return PerceptronRun(perceptron.Primal{}, x, y, ans, l)
}

// PerceptronRun checks an answer (w, b), a Hyperplane, that claims to be
// where Algorithm 2.1 run with the settings p (its start, η and order)
// stops on the data (x, y). The check runs p itself: every setting a
// student chooses is checked against its own run.
func PerceptronRun(p perceptron.Primal, x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	_, d := x.Dims()
	h, bad := j.readHyperplane(ans, asked{"the final (w, b), an exercise.Hyperplane{W: …, B: …}", "最后的 (w, b)，写成 exercise.Hyperplane{W: …, B: …}"}, d)
	if bad != nil {
		return *bad
	}
	p.Record = true
	res, err := p.Fit(x, y)
	if err != nil {
		return j.wrong("Algorithm 2.1 does not stop on these data (%v), so no (w, b) is its answer", "算法 2.1 在这些数据上不停止（%v），没有 (w, b) 是它的结果", err)
	}
	final := Hyperplane{res.W, res.B}
	if h.same(final) {
		return j.ok("that is where Algorithm 2.1 stops: %s after %d updates, every yᵢ(w·xᵢ + b) > 0",
			"这正是算法 2.1 停下的地方：%d 次更新后得到 %s，每个 yᵢ(w·xᵢ + b) > 0", pickArgs(l, notation.Equation(h.W, h.B), res.Updates)...)
	}
	for _, s := range res.Trace {
		if s.K < res.Updates && h.same(Hyperplane{s.W, s.B}) {
			m := h.margins(x, y)
			i := firstMistake(m)
			return j.wrong("this is (w, b) after update %d, and x%d is still misclassified there: y%s(w·x%s + b) = %s ≤ 0, so the algorithm goes on",
				"这是第 %d 次更新后的 (w, b)，这时 x%d 仍是误分类点：y%s(w·x%s + b) = %s ≤ 0，迭代还要继续", s.K, i+1, sub(i), sub(i), notation.Number(m[i]))
		}
	}
	m := h.margins(x, y)
	if i := firstMistake(m); i >= 0 {
		return j.wrong("x%d is still misclassified: y%s(w·x%s + b) = %s ≤ 0, so Algorithm 2.1 would not stop there",
			"x%d 仍是误分类点：y%s(w·x%s + b) = %s ≤ 0，算法 2.1 不会停在这里", i+1, sub(i), sub(i), notation.Number(m[i]))
	}
	if k, ok := h.multiple(final); ok && k > 0 {
		return j.wrong("right line, wrong scale: each update adds ηyᵢxᵢ to w and ηyᵢ to b, so the run fixes (w, b) itself, not only the line",
			"直线对了，尺度不对：每次更新给 w 加上 ηyᵢxᵢ、给 b 加上 ηyᵢ，所以迭代确定的是 (w, b) 本身，而不仅是直线")
	}
	if len(res.Mistakes) == 0 {
		return j.wrong("this separates the data, but Algorithm 2.1 makes no update from this start: it stops at %s", "它能分开数据，但算法 2.1 从这个初值出发不做任何更新：它停在 %s",
			notation.Equation(res.W, res.B))
	}
	return j.wrong("this separates the data, but it is not where Algorithm 2.1 stops from this start, η and order: follow the updates one by one (the first uses x%d)",
		"它能分开数据，但不是算法 2.1 在这个初值、η 和顺序下停下的地方：逐次跟踪更新（第一次用的是 x%d）", res.Mistakes[0]+1)
}

// pickArgs orders the arguments of the verdict on a run for the
// language: the English sentence names the hyperplane first.
func pickArgs(l lang.Lang, eq string, updates int) []any {
	if l == lang.Chinese {
		return []any{updates, eq}
	}
	return []any{eq, updates}
}

// firstMistake is the first i with margin mᵢ ≤ 0, or −1.
func firstMistake(m []float64) int {
	for i, v := range m {
		if v <= 0 {
			return i
		}
	}
	return -1
}

// sub writes the 1-based index of point i as a subscript.
func sub(i int) string { return notation.Subscript(fmt.Sprint(i + 1)) }

// Ex23 checks the value answer to the book's exercise 2.3 as notebook 13
// poses it: the distance between the convex hulls of the two classes of
// Example 2.1, a float64 (2√2 may be written 2*math.Sqrt(2) or 2.828).
func Ex23(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	return HullDistance(x, y, ans, l)
}

// HullDistance checks an answer, a float64, that claims to be the distance
// between the convex hulls of the positive and the negative points of
// (x, y) in the plane, which package separability computes by plane
// geometry (twice the maximum margin, exercise 2.3).
func HullDistance(x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	v, bad := j.readNumber(ans, asked{"the distance, a float64", "距离，一个 float64"}, "the distance")
	if bad != nil {
		return *bad
	}
	pos, neg := separability.ClassHulls(x, y)
	dist, p, q := separability.HullDistance(pos, neg)
	switch {
	case near(v, dist, dist):
		return j.ok("the hulls come closest at p* = %s and q* = %s, %s apart; half of it, %.4g, is the maximum margin",
			"两个凸壳在 p* = %s 与 q* = %s 处最近，相距 %s；它的一半 %.4g 就是最大间隔", notation.Vector(p), notation.Vector(q), notation.Surd(dist), dist/2)
	case v < 0:
		return j.wrong("a distance is never negative", "距离不会是负数")
	case dist > 0 && v == 0:
		return j.wrong("the data are separable, so by exercise 2.3 the hulls do not meet and their distance is > 0", "数据线性可分，由习题 2.3，两个凸壳不相交，距离 > 0")
	case near(v, dist/2, dist):
		return j.wrong("that is half the distance, the maximum margin 1/‖w*‖: the hulls are twice as far apart", "这是距离的一半，即最大间隔 1/‖w*‖：两个凸壳之间的距离是它的两倍")
	case near(v, dist*dist, dist*dist):
		return j.wrong("that is the squared distance ‖p − q‖²: take its square root", "这是距离的平方 ‖p − q‖²：还要开平方")
	case v < dist:
		return j.wrong("no point of one hull is that close to the other: the distance is the smallest ‖p − q‖, and it is larger", "没有哪两个凸壳上的点这么近：距离是最小的 ‖p − q‖，它比这个大")
	}
	n, _ := x.Dims()
	for a := range n {
		for b := range n {
			if y[a] > 0 && y[b] < 0 && near(v, floats.Distance(mat.Row(nil, a, x), mat.Row(nil, b, x), 2), v) {
				return j.wrong("that is the distance between x%d and x%d, but the hulls come closer: try the other pairs, and points on the hulls' edges", "这是 x%d 与 x%d 之间的距离，但两个凸壳更近：试试其他点对，以及凸壳边上的点", a+1, b+1)
			}
		}
	}
	return j.wrong("too far: the hulls come closer than that (the distance is the smallest ‖p − q‖ over p in conv(S+), q in conv(S−))", "太远了：两个凸壳比这更近（距离是 p ∈ conv(S+)、q ∈ conv(S−) 时 ‖p − q‖ 的最小值）")
}
