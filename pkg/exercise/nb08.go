package exercise

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// NB08Ex1 checks notebook 8's exercise 1: α* of the hard-margin dual on
// Example 2.1 with x2 moved to (2, 3), a []float64.
func NB08Ex1(ans any, l lang.Lang) Verdict {
	_, y := dataset.Example21().XY()
	return HardMarginDual(mat.NewDense(3, 2, []float64{3, 3, 2, 3, 1, 1}), y, ans, l)
}

// NB08Ex2 checks notebook 8's exercise 2: the stationary point α of the
// dual objective of Example 7.2 on the plane Σαᵢyᵢ = 0, with the bounds
// αᵢ ≥ 0 left out, a []float64. It solves the KKT system of that
// equality-constrained problem, [Q y; yᵀ 0](α, b) = (1, 0).
func NB08Ex2(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	j := judge{l}
	alpha, bad := j.readVector(ans, asked{"α = (α₁, α₂, α₃) at the stationary point, a []float64", "驻点处的 α = (α₁, α₂, α₃)，一个 []float64"}, 3, "α")
	if bad != nil {
		return *bad
	}
	q, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		return j.malformed("the problem itself is invalid: %v", "问题本身无效：%v", err)
	}
	n := len(y)
	k := mat.NewDense(n+1, n+1, nil)
	rhs := mat.NewVecDense(n+1, nil)
	for i := range n {
		for c := range n {
			k.Set(i, c, q.Q.At(i, c))
		}
		k.Set(i, n, y[i])
		k.Set(n, i, y[i])
		rhs.SetVec(i, 1)
	}
	var sol mat.VecDense
	if err := sol.SolveVec(k, rhs); err != nil {
		return j.wrong("the stationary point is not unique here (%v)", "这里的驻点不唯一（%v）", err)
	}
	st := sol.RawVector().Data[:n]
	scale := maxAbs(1, st...)
	if nearVec(alpha, st, scale) {
		neg := -1
		for i, a := range st {
			if a < 0 {
				neg = i
				break
			}
		}
		if neg < 0 {
			return j.ok("α = %s is the stationary point, and it is feasible", "α = %s 是驻点，而且可行", notation.Vector(st))
		}
		return j.ok("α = %s is the stationary point on Σαᵢyᵢ = 0; it violates α%s ≥ 0, so the optimum lies on the boundary", "α = %s 是 Σαᵢyᵢ = 0 上的驻点；它违反 α%s ≥ 0，所以最优解在边界上",
			notation.Vector(st), sub(neg))
	}
	if sy := floats.Dot(alpha, y); !near(sy, 0, scale) {
		return j.wrong("Σαᵢyᵢ = %s, not 0: the stationary point lies on the plane Σαᵢyᵢ = 0", "Σαᵢyᵢ = %s，不是 0：驻点在平面 Σαᵢyᵢ = 0 上", notation.Number(sy))
	}
	if opt, err := (svm.Exact{}).Fit(x, y); err == nil && nearVec(alpha, opt.Alpha, scale) {
		return j.wrong("that is the optimum α* of the dual, with α ≥ 0; the stationary point ignores the bounds and violates one of them", "这是带 α ≥ 0 的对偶问题的最优解 α*；驻点不管这些界，而且违反其中一个")
	}
	g := q.Gradient(nil, alpha)
	// On the plane, the gradient must be a multiple of y: its part
	// orthogonal to y says how far α is from stationary.
	c := floats.Dot(g, y) / floats.Dot(y, y)
	floats.AddScaled(g, -c, y)
	return j.wrong("f is not stationary at α on Σαᵢyᵢ = 0: its gradient along the plane is %s, not 0", "在 Σαᵢyᵢ = 0 上 f 在 α 处不是驻点：它沿平面的梯度是 %s，不是 0",
		notation.Vector(roundAll(g)))
}

// roundAll rounds tiny entries to 0, for printing.
func roundAll(v []float64) []float64 {
	s := maxAbs(0, v...)
	out := make([]float64, len(v))
	for i, x := range v {
		if math.Abs(x) > 1e-12*s {
			out[i] = x
		}
	}
	return out
}

// NB08Ex4 checks notebook 8's exercise 4: a certificate λ, a []float64,
// that Example 2.1 with x4 = (3.5, 3) labelled −1 is not linearly
// separable.
func NB08Ex4(ans any, l lang.Lang) Verdict {
	return Certificate(mat.NewDense(4, 2, []float64{3, 3, 4, 3, 1, 1, 3.5, 3}), []float64{1, 1, -1, -1}, ans, l)
}

// NB08Ex5 checks notebook 8's exercise 5: α* of the hard-margin dual on the
// book's exercise 7.2, a []float64.
func NB08Ex5(ans any, l lang.Lang) Verdict {
	x, y := data72()
	return HardMarginDual(x, y, ans, l)
}
