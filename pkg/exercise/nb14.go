package exercise

import (
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// squaredSlackData is notebook 14's data for exercise 7.3 and its exercise
// 2: Example 2.1 with x4 = (3.5, 3), −1 on the segment x1x2 (pkg/gallery's
// SquaredSlackData), with C = 1.
func squaredSlackData() (*mat.Dense, []float64, float64) {
	return mat.NewDense(4, 2, []float64{3, 3, 4, 3, 1, 1, 3.5, 3}), []float64{1, 1, -1, -1}, 1
}

// NB14Ex1 checks notebook 14's exercise 1: the support vectors of exercise
// 7.2 without x3 — the points on the margin boundaries, by their numbers
// in exercise 7.2 (x1 is 1), a []int in any order.
func NB14Ex1(ans any, l lang.Lang) Verdict {
	x, y := data72()
	keep := []int{0, 1, 3, 4}
	xr := mat.NewDense(len(keep), 2, nil)
	yr := make([]float64, len(keep))
	for r, i := range keep {
		xr.SetRow(r, x.RawRowView(i))
		yr[r] = y[i]
	}
	return SupportVectors(xr, yr, []int{1, 2, 4, 5}, ans, l)
}

// SupportVectors checks an answer, a []int of point numbers in any order,
// that claims to list the support vectors of the hard-margin SVM on (x, y)
// in the geometric sense: the points on the margin boundaries,
// yᵢ(w*·xᵢ + b*) = 1, which svm.Exact finds. names gives the number of each
// row of x as the question numbers the points (nil: 1, 2, …).
func SupportVectors(x mat.Matrix, y []float64, names []int, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, _ := x.Dims()
	if names == nil {
		for i := range n {
			names = append(names, i+1)
		}
	}
	if isPlaceholder(ans) {
		return j.unanswered("the numbers of the support vectors, a []int such as []int{1, 2}", "支持向量的编号，一个 []int，例如 []int{1, 2}")
	}
	list, ok := ans.([]int)
	if !ok || list == nil {
		return j.malformed("the answer must be a []int of point numbers, not %s", "答案应当是由点的编号组成的 []int，而不是 %s", typeName(ans, l))
	}
	opt, err := (svm.Exact{}).Fit(x, y)
	if err != nil {
		return j.wrong("these data have no maximum-margin hyperplane (%v)", "这些数据没有最大间隔分离超平面（%v）", err)
	}
	m := Hyperplane{opt.W, opt.B}.margins(x, y)
	row := map[int]int{}
	for r, name := range names {
		row[name] = r
	}
	seen := map[int]bool{}
	for _, k := range list {
		r, ok := row[k]
		if !ok {
			return j.malformed("there is no point x%d here: the points are %s", "这里没有点 x%d：这些点是 %s", k, pointNames(names, l))
		}
		if seen[k] {
			return j.wrong("x%d is listed twice", "x%d 列出了两次", k)
		}
		seen[k] = true
		if !near(m[r], 1, 1) {
			return j.wrong("x%d is not on a margin boundary: y(w*·x + b*) = %s > 1", "x%d 不在间隔边界上：y(w*·x + b*) = %s > 1", k, notation.Number(m[r]))
		}
	}
	for r, name := range names {
		if near(m[r], 1, 1) && !seen[name] {
			return j.wrong("x%d lies on a margin boundary too: y(w*·x + b*) = 1 (a support vector even where an optimal α gives it αᵢ = 0)",
				"x%d 也在间隔边界上：y(w*·x + b*) = 1（即使某个最优的 α 给它 αᵢ = 0，它也在间隔边界上）", name)
		}
	}
	slices.Sort(list)
	return j.ok("the points on w*·x + b* = ±1 are %s, for w* = %s, b* = %s", "位于 w*·x + b* = ±1 上的点是 %s，其中 w* = %s，b* = %s",
		pointNames(list, l), notation.Vector(opt.W), notation.Number(opt.B))
}

// pointNames writes point numbers as x1, x2, ….
func pointNames(names []int, l lang.Lang) string {
	idx := make([]int, len(names))
	for i, k := range names {
		idx[i] = k - 1
	}
	return report.Points(idx, l)
}

// NB14Ex2 checks notebook 14's exercise 2: b* of the squared-slack SVM
// on exercise 7.3's data with C = 1, a float64 (−25/17 may be written
// -25.0/17 or −1.471). Its hints recognise the hinge loss's b and the
// formula without its term αⱼ/(2C).
func NB14Ex2(ans any, l lang.Lang) Verdict {
	x, y, c := squaredSlackData()
	j := judge{l}
	b, bad := j.readNumber(ans, asked{"b*, a float64", "b*，一个 float64"}, "b*")
	if bad != nil {
		return *bad
	}
	opt, err := (svm.SquaredSlack{C: c, Eps: 1e-12}).Fit(x, y)
	if err != nil {
		return j.wrong("the problem has no solution (%v)", "问题无解（%v）", err)
	}
	scale := maxAbs(1, opt.B)
	if near(b, opt.B, scale) {
		return j.ok("b* = %s, and every support vector (%s) gives it: yⱼ(w*·xⱼ + b*) = 1 − αⱼ/(2C)", "b* = %s，每个支持向量（%s）都给出它：yⱼ(w*·xⱼ + b*) = 1 − αⱼ/(2C)",
			notation.Number(opt.B), report.Points(opt.SupportIndices, l))
	}
	if hinge, err := (svm.Exact{C: c}).Fit(x, y); err == nil && near(b, hinge.B, scale) {
		return j.wrong("that is the hinge-loss SVM's b (Algorithm 7.3), not the squared slacks'", "这是合页损失支持向量机的 b（算法 7.3），不是松弛变量取平方时的 b")
	}
	for _, s := range opt.SupportIndices {
		if near(b, y[s]-floats.Dot(opt.W, mat.Row(nil, s, x)), scale) {
			return j.wrong("that is yⱼ − w*·xⱼ from x%d, as if xⱼ lay on its margin: with squared slacks yⱼ(w*·xⱼ + b*) = 1 − αⱼ/(2C)",
				"这是由 x%d 按 yⱼ − w*·xⱼ 算出的，仿佛它在间隔边界上：松弛变量取平方时 yⱼ(w*·xⱼ + b*) = 1 − αⱼ/(2C)", s+1)
		}
	}
	return j.wrong("b* is not %s: compute it from a support vector, yⱼ(w*·xⱼ + b*) = 1 − αⱼ/(2C)", "b* 不是 %s：由一个支持向量计算，yⱼ(w*·xⱼ + b*) = 1 − αⱼ/(2C)", notation.Number(b))
}
