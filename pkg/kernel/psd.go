package kernel

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// GramEigenvalues returns the eigenvalues of the Gram matrix
// G = [K(xᵢ, xⱼ)] of the rows of x, in ascending order. By Li Hang's
// Theorem 7.5 a symmetric K is a positive definite kernel (正定核) exactly
// when every such G is positive semi-definite: all eigenvalues ≥ 0, which
// in floating point reads λ_min ≥ −tol·λ_max (exercise 7.4, notebook
// 14-exercises-ch7). It returns nil if the eigendecomposition fails.
func GramEigenvalues(k Kernel, x mat.Matrix) []float64 {
	var es mat.EigenSym
	if !es.Factorize(Gram(k, x), false) {
		return nil
	}
	return es.Values(nil)
}

// PolynomialFeatures returns the feature map φ of the homogeneous
// polynomial kernel (x·z)ᵖ: one coordinate per multi-index
// k = (k₁, …, k_d) with k₁ + … + k_d = p, equal to
//
//	√(p!/(k₁!⋯k_d!)) · x₁^k₁ ⋯ x_d^k_d,
//
// so that, by the multinomial theorem, φ(x)·φ(z) = (x·z)ᵖ. This is the
// proof of exercise 7.4 written as a computation: every Gram matrix of
// (x·z)ᵖ is ΦΦᵀ, hence positive semi-definite. The multi-indices are
// ordered lexicographically from (p, 0, …, 0); there are C(p+d−1, p) of
// them. For x = (x₁, x₂) and p = 2: (x₁², √2x₁x₂, x₂²). It panics if p < 0
// or x is empty.
func PolynomialFeatures(x []float64, p int) []float64 {
	if p < 0 || len(x) == 0 {
		panic("kernel: PolynomialFeatures needs p ≥ 0 and a non-empty x")
	}
	var out []float64
	var rec func(i, left int, coef, mono float64)
	// coef accumulates p!/(k₁!⋯kᵢ!·left!) and mono the monomial.
	rec = func(i, left int, coef, mono float64) {
		if i == len(x)-1 {
			out = append(out, math.Sqrt(coef)*mono*powi(x[i], left))
			return
		}
		c := coef
		for k := left; k >= 0; k-- {
			// c = coef·left!/(k!(left−k)!) = coef·C(left, k)
			rec(i+1, left-k, c, mono*powi(x[i], k))
			if k > 0 {
				c = c * float64(k) / float64(left-k+1)
			}
		}
	}
	rec(0, p, 1, 1)
	return out
}
