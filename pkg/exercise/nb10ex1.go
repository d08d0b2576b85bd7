package exercise

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Monomials10 names the coefficients that NB10Ex1 wants, in their order.
var Monomials10 = []string{"(x⁽¹⁾)²", "(x⁽²⁾)²", "x⁽¹⁾x⁽²⁾", "x⁽¹⁾", "x⁽²⁾", "1"}

// poly2 is c₁(x⁽¹⁾)² + c₂(x⁽²⁾)² + c₃x⁽¹⁾x⁽²⁾ + c₄x⁽¹⁾ + c₅x⁽²⁾ + c₆.
func poly2(c []float64, x []float64) float64 {
	return c[0]*x[0]*x[0] + c[1]*x[1]*x[1] + c[2]*x[0]*x[1] + c[3]*x[0] + c[4]*x[1] + c[5]
}

// NB10Ex1 checks notebook 10's exercise 1: the decision function
// f(x) = w*·φ(x) + b* of the four XOR points with K(x, z) = (x·z + 1)²,
// written as a polynomial in x⁽¹⁾, x⁽²⁾. The answer is a []float64 of its
// six coefficients in the order of Monomials10: (x⁽¹⁾)², (x⁽²⁾)²,
// x⁽¹⁾x⁽²⁾, x⁽¹⁾, x⁽²⁾, 1. The right one is computed here, from the
// linear SVM (svm.Exact) on the points φ(xᵢ) of kernel.Polynomial's map.
func NB10Ex1(ans any, l lang.Lang) Verdict {
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the 6 coefficients of (x⁽¹⁾)², (x⁽²⁾)², x⁽¹⁾x⁽²⁾, x⁽¹⁾, x⁽²⁾, 1, a []float64", "(x⁽¹⁾)²、(x⁽²⁾)²、x⁽¹⁾x⁽²⁾、x⁽¹⁾、x⁽²⁾、1 的 6 个系数，一个 []float64")
	}
	if n := sliceLen(ans); n >= 0 && n != 6 {
		return j.malformed("the polynomial has 6 coefficients, of (x⁽¹⁾)², (x⁽²⁾)², x⁽¹⁾x⁽²⁾, x⁽¹⁾, x⁽²⁾, 1; the answer has %d", "这个多项式有 6 个系数：(x⁽¹⁾)²、(x⁽²⁾)²、x⁽¹⁾x⁽²⁾、x⁽¹⁾、x⁽²⁾、1；答案有 %d 个", n)
	}
	c, bad := j.vector(ans, 6, "the coefficients")
	if bad != nil {
		return *bad
	}
	x, y := xorData()
	quad := kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	opt, err := (svm.Exact{}).Fit(kernel.MapRows(quad.Features, x), y)
	if err != nil {
		panic("exercise: NB10Ex1's SVM: " + err.Error())
	}
	// φ(x) = ((x⁽¹⁾)², √2x⁽¹⁾x⁽²⁾, √2x⁽¹⁾, (x⁽²⁾)², √2x⁽²⁾, 1): w*ⱼ in the
	// order of Monomials10, and the factor each coordinate carries.
	w := opt.W
	raw := []float64{w[0], w[3], w[1], w[2], w[4], w[5]}
	factor := []float64{1, 1, math.Sqrt2, math.Sqrt2, math.Sqrt2, 1}
	want := make([]float64, 6)
	for i := range want {
		want[i] = raw[i] * factor[i]
	}
	want[5] += opt.B
	scale := maxAbs(1, want...)
	same := func(a, b []float64) bool { return nearVec(a, b, scale) }
	neg := make([]float64, 6)
	for i := range want {
		neg[i] = -want[i]
	}
	noFactor, halved := slices.Clone(want), slices.Clone(want)
	for i := 2; i < 5; i++ {
		noFactor[i], halved[i] = raw[i], raw[i]/math.Sqrt2
	}
	noB := slices.Clone(want)
	noB[5] = raw[5]
	mid := []float64{0.5, 0.5}
	switch {
	case same(c, want):
		return j.ok("f(x) = w*·φ(x) + b* has these coefficients: f(xᵢ) = yᵢ at the four corners (all four are support vectors), and f(x) = 0 is a hyperbola, (%s)² − 4·%s·%s > 0",
			"f(x) = w*·φ(x) + b* 的系数正是这些：在四个角点上 f(xᵢ) = yᵢ（四个点都是支持向量），f(x) = 0 是双曲线：(%s)² − 4·%s·%s > 0",
			notation.Number(want[2]), notation.Number(want[0]), notation.Number(want[1]))
	case same(c, neg):
		return j.wrong("this is −f: f must be positive where y = +1, at (0, 1) and (1, 0)", "这是 −f：f 在 y = +1 的点 (0, 1)、(1, 0) 上应当为正")
	case same(c, noFactor):
		return j.wrong("x⁽¹⁾x⁽²⁾, x⁽¹⁾ and x⁽²⁾ have the coefficients w*ⱼ of φ's coordinates, but those coordinates are √2 times the monomial: multiply by √2", "x⁽¹⁾x⁽²⁾、x⁽¹⁾、x⁽²⁾ 的系数取了 φ 的坐标的 w*ⱼ，但这些坐标是单项式的 √2 倍：要乘以 √2")
	case same(c, halved):
		return j.wrong("x⁽¹⁾x⁽²⁾, x⁽¹⁾ and x⁽²⁾: w*ⱼ divided by √2; the coordinate is √2 times the monomial, so multiply by √2", "x⁽¹⁾x⁽²⁾、x⁽¹⁾、x⁽²⁾：w*ⱼ 除以了 √2；这些坐标是单项式的 √2 倍，所以应当乘以 √2")
	case same(c, noB):
		return j.wrong("the constant term: b* = %s joins w*₆·1, the coordinate 1 of φ", "常数项：b* = %s 要并入 w*₆·1（φ 的坐标 1）", notation.Number(opt.B))
	}
	for i := range y {
		xi := mat.Row(nil, i, x)
		if v := poly2(c, xi); v*y[i] <= 0 {
			return j.wrong("your f(x%d) = %s at x%d = %s, but y%d = %s: the sign is wrong there", "你的 f(x%d) = %s，x%d = %s，而 y%d = %s：这里符号不对",
				i+1, notation.Number(v), i+1, notation.Vector(xi), i+1, notation.Number(y[i]))
		}
	}
	for i := range y {
		xi := mat.Row(nil, i, x)
		if v := poly2(c, xi); !near(v, y[i], scale) {
			return j.wrong("it classifies the four corners, but all four are support vectors, so f(xᵢ) = yᵢ; yours gives f(x%d) = %s", "它能分对四个角点，但四个点都是支持向量，所以 f(xᵢ) = yᵢ；你的 f(x%d) = %s",
				i+1, notation.Number(v))
		}
	}
	return j.wrong("it agrees with f on the four corners, where (x⁽ʲ⁾)² = x⁽ʲ⁾, but f is a function on the whole plane: at (1/2, 1/2) yours gives %s, f gives %s; expand w*·φ(x) + b* without using the corners",
		"它在四个角点上与 f 一致（那里 (x⁽ʲ⁾)² = x⁽ʲ⁾），但 f 是整个平面上的函数：在 (1/2, 1/2) 处你的是 %s，f 是 %s；展开 w*·φ(x) + b* 时不要用到角点",
		notation.Number(poly2(c, mid)), notation.Number(poly2(want, mid)))
}

// sliceLen is the length of a []float64 or []int answer, or −1.
func sliceLen(ans any) int {
	switch a := ans.(type) {
	case []float64:
		if a != nil {
			return len(a)
		}
	case []int:
		if a != nil {
			return len(a)
		}
	}
	return -1
}
