package kernel

import (
	"math"
	"math/rand/v2"

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

// GramTol is the relative tolerance of a positive semi-definiteness check:
// a Gram matrix passes when λ_min ≥ −GramTol·λ_max. The eigenvalues of an
// n×n symmetric matrix are computed with an error of a few n·ε·λ_max
// (ε = 2⁻⁵² ≈ 2.2·10⁻¹⁶), about 10⁻¹⁴·λ_max for the 30 points of
// CheckGrams; a function that is not a kernel fails by far more.
const GramTol = 1e-12

// GramCheck is the outcome of CheckGrams: Li Hang's Theorem 7.5 (正定核的充要
// 条件) tested on random point sets, and the set that came closest to
// failing it.
type GramCheck struct {
	// Sets is the number of point sets tried.
	Sets int
	// Worst is the set, one point per row, whose Gram matrix has the
	// smallest ratio λ_min/λ_max.
	Worst *mat.Dense
	// Min and Max are the smallest and the largest eigenvalue of the Gram
	// matrix of Worst.
	Min, Max float64
}

// Ratio returns Min/Max, the smallest eigenvalue of the worst Gram matrix
// in units of its largest (−1 when the largest is not positive).
func (c GramCheck) Ratio() float64 {
	if !(c.Max > 0) {
		return -1
	}
	return c.Min / c.Max
}

// Semidefinite reports whether every Gram matrix tried was positive
// semi-definite within rounding: Min ≥ −GramTol·Max with Max > 0.
func (c GramCheck) Semidefinite() bool { return c.Max > 0 && c.Min >= -GramTol*c.Max }

// CheckGrams computes the Gram matrix [K(xᵢ, xⱼ)] of k on sets random point
// sets and its eigenvalues, and returns the set whose smallest eigenvalue is
// the most negative relative to its largest. A set has 2 to 30 points in 1
// to 4 dimensions, their coordinates standard normal, drawn from src (nil
// means rand.NewPCG(1, 1)). By Theorem 7.5 a symmetric k is a positive
// definite kernel exactly when every Gram matrix is positive semi-definite,
// so a check that passes is evidence, one that fails is proof (Worst is the
// counterexample). It panics if sets < 1.
func CheckGrams(k Kernel, src rand.Source, sets int) GramCheck {
	if sets < 1 {
		panic("kernel: CheckGrams needs at least one set")
	}
	if src == nil {
		src = rand.NewPCG(1, 1)
	}
	rng := rand.New(src)
	c := GramCheck{Sets: sets}
	worst := math.Inf(1)
	for range sets {
		n, d := 2+rng.IntN(29), 1+rng.IntN(4)
		x := mat.NewDense(n, d, nil)
		x.Apply(func(_, _ int, _ float64) float64 { return rng.NormFloat64() }, x)
		ev := GramEigenvalues(k, x)
		if ev == nil {
			continue
		}
		lo, hi := ev[0], ev[len(ev)-1]
		r := -1.0
		if hi > 0 {
			r = lo / hi
		}
		if c.Worst == nil || r < worst {
			worst, c.Worst, c.Min, c.Max = r, x, lo, hi
		}
	}
	return c
}
