package kernel

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// FeatureMap is a map φ from the input space into a feature space R^m, the
// φ(x): 𝒳 → ℋ of Li Hang's Definition 7.6 (核函数). Every feature map
// defines a kernel, K(x, z) = φ(x)·φ(z), which Eval computes: the
// definition read from right to left. Solvers take a FeatureMap in their
// Kernel field like any other kernel.
type FeatureMap func(x []float64) []float64

// Eval returns φ(x)·φ(z). It panics if φ(x) and φ(z) differ in length.
func (f FeatureMap) Eval(x, z []float64) float64 {
	fx, fz := f(x), f(z)
	if len(fx) != len(fz) {
		panic(errLength)
	}
	return floats.Dot(fx, fz)
}

var _ Kernel = FeatureMap(nil)

// Example73Maps returns the three feature maps that Li Hang's Example 7.3
// gives for the kernel K(x, z) = (x·z)² on the input space R², writing
// x = (x⁽¹⁾, x⁽²⁾):
//
//	φ₁(x) = ((x⁽¹⁾)², √2·x⁽¹⁾x⁽²⁾, (x⁽²⁾)²)                        into R³,
//	φ₂(x) = ((x⁽¹⁾)² − (x⁽²⁾)², 2x⁽¹⁾x⁽²⁾, (x⁽¹⁾)² + (x⁽²⁾)²)/√2   into R³,
//	φ₃(x) = ((x⁽¹⁾)², x⁽¹⁾x⁽²⁾, x⁽¹⁾x⁽²⁾, (x⁽²⁾)²)                  into R⁴.
//
// All three give φ(x)·φ(z) = (x·z)²: the feature space of a kernel and its
// map are not unique (notebook 10-kernels). φ₁ is PolynomialFeatures(x, 2).
// Each map panics unless len(x) = 2.
func Example73Maps() []FeatureMap {
	check := func(x []float64) {
		if len(x) != 2 {
			panic("kernel: the maps of Example 7.3 take points of R²")
		}
	}
	return []FeatureMap{
		func(x []float64) []float64 {
			check(x)
			return []float64{x[0] * x[0], math.Sqrt2 * x[0] * x[1], x[1] * x[1]}
		},
		func(x []float64) []float64 {
			check(x)
			a, b := x[0]*x[0], x[1]*x[1]
			return []float64{(a - b) / math.Sqrt2, math.Sqrt2 * x[0] * x[1], (a + b) / math.Sqrt2}
		},
		func(x []float64) []float64 {
			check(x)
			return []float64{x[0] * x[0], x[0] * x[1], x[0] * x[1], x[1] * x[1]}
		},
	}
}

// Features returns a feature map of k: a vector φ(x) with
// φ(x)·φ(z) = (Gamma·x·z + Coef0)^Degree. Since Gamma·x·z + Coef0 = x̃·z̃
// for x̃ = (√Gamma·x, √Coef0), φ(x) is PolynomialFeatures(x̃, Degree): one
// coordinate per monomial of degree Degree in the d + 1 coordinates of x̃,
// C(Degree + d, Degree) of them (C(Degree + d − 1, Degree) when Coef0 = 0,
// whose coordinate x̃ is left out). For the book's (x·z + 1)² (7.88) on R²
// the coordinates are, in order,
//
//	(x⁽¹⁾)², √2x⁽¹⁾x⁽²⁾, √2x⁽¹⁾, (x⁽²⁾)², √2x⁽²⁾, 1.
//
// A linear SVM on the rows φ(xᵢ) is Algorithm 7.4 with the kernel k: the
// kernel trick done the long way (notebook 10-kernels). It panics if
// Degree < 0, Gamma < 0 or Coef0 < 0 (no real map then), or x is empty.
func (k Polynomial) Features(x []float64) []float64 {
	if k.Degree < 0 || k.Gamma < 0 || k.Coef0 < 0 || len(x) == 0 {
		panic("kernel: Polynomial.Features needs Degree, Gamma, Coef0 ≥ 0 and a non-empty x")
	}
	s := math.Sqrt(k.Gamma)
	xt := make([]float64, len(x), len(x)+1)
	for i, v := range x {
		xt[i] = s * v
	}
	if k.Coef0 > 0 {
		xt = append(xt, math.Sqrt(k.Coef0))
	}
	return PolynomialFeatures(xt, k.Degree)
}

// MapRows returns the n×m matrix Φ whose rows are the images φ(xᵢ) of the
// rows of x: the data of the linear SVM in the feature space, whose Gram
// matrix ΦΦᵀ is the Gram matrix of the kernel of φ. It panics if the
// images differ in length.
func MapRows(phi FeatureMap, x mat.Matrix) *mat.Dense {
	rows := Rows(x)
	if len(rows) == 0 {
		panic("kernel: MapRows needs at least one point")
	}
	m := len(phi(rows[0]))
	out := mat.NewDense(len(rows), m, nil)
	for i, r := range rows {
		f := phi(r)
		if len(f) != m {
			panic(errLength)
		}
		out.SetRow(i, f)
	}
	return out
}

// MaxDifference returns the largest difference |K₁(x, z) − K₂(x, z)| of
// two kernels over pairs random pairs of points of R^d, their coordinates
// standard normal, drawn from src (nil means rand.NewPCG(1, 1)). Each
// difference is relative to √(K₁(x, x)·K₁(z, z)), which bounds |K₁(x, z)|
// by the Cauchy–Schwarz inequality in the feature space, or absolute where
// that is 0: two ways of computing one kernel differ by rounding, about
// 10⁻¹⁶, two kernels by far more. It panics if pairs < 1 or d < 1.
func MaxDifference(k1, k2 Kernel, src rand.Source, pairs, d int) float64 {
	if pairs < 1 || d < 1 {
		panic("kernel: MaxDifference needs pairs ≥ 1 and d ≥ 1")
	}
	if src == nil {
		src = rand.NewPCG(1, 1)
	}
	rng := rand.New(src)
	x, z := make([]float64, d), make([]float64, d)
	var worst float64
	for range pairs {
		for i := range x {
			x[i], z[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		diff := math.Abs(k1.Eval(x, z) - k2.Eval(x, z))
		if s := math.Sqrt(math.Abs(k1.Eval(x, x) * k1.Eval(z, z))); s > 0 {
			diff /= s
		}
		worst = math.Max(worst, diff)
	}
	return worst
}
