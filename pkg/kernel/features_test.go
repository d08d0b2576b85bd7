package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
)

// Example 7.3: the three maps into R³, R³ and R⁴ all give (x·z)².
func TestExample73Maps(t *testing.T) {
	maps := Example73Maps()
	if len(maps) != 3 {
		t.Fatalf("%d maps, want the book's 3", len(maps))
	}
	k := Polynomial{Degree: 2, Gamma: 1}
	x, z := []float64{1, 2}, []float64{3, 4} // x·z = 11, (x·z)² = 121
	for i, phi := range maps {
		if got, want := len(phi(x)), []int{3, 3, 4}[i]; got != want {
			t.Errorf("φ%d: %d coordinates, want %d", i+1, got, want)
		}
		if got := phi.Eval(x, z); !scalar.EqualWithinRel(got, 121, tol) {
			t.Errorf("φ%d(x)·φ%d(z) = %v, want 121", i+1, i+1, got)
		}
	}
	// φ₁ is the multinomial map of PolynomialFeatures.
	if !floats.EqualApprox(maps[0](x), PolynomialFeatures(x, 2), tol) {
		t.Errorf("φ1(x) = %v, PolynomialFeatures(x, 2) = %v", maps[0](x), PolynomialFeatures(x, 2))
	}
	rng := rand.New(rand.NewPCG(7, 3))
	for range 1000 {
		x := []float64{3 * rng.NormFloat64(), 3 * rng.NormFloat64()}
		z := []float64{3 * rng.NormFloat64(), 3 * rng.NormFloat64()}
		want := k.Eval(x, z)
		scale := floats.Dot(x, x) * floats.Dot(z, z) // ≥ (x·z)², the size of the terms
		for i, phi := range maps {
			if got := phi.Eval(x, z); math.Abs(got-want) > tol*scale {
				t.Fatalf("φ%d: φ(x)·φ(z) = %v, (x·z)² = %v for x = %v, z = %v", i+1, got, want, x, z)
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a map of Example 7.3 took a point of R³")
		}
	}()
	maps[1]([]float64{1, 2, 3})
}

// A FeatureMap is a kernel: Eval is the inner product of the images, and
// its Gram matrix is ΦΦᵀ.
func TestFeatureMapKernel(t *testing.T) {
	phi := FeatureMap(func(x []float64) []float64 { return []float64{x[0], 2 * x[1], x[0] * x[1]} })
	x := mat.NewDense(3, 2, []float64{1, 2, -1, 0.5, 3, -2})
	g := Gram(phi, x)
	for i := range 3 {
		for j := range 3 {
			want := floats.Dot(phi(x.RawRowView(i)), phi(x.RawRowView(j)))
			if got := g.At(i, j); !scalar.EqualWithinAbsOrRel(got, want, tol, tol) {
				t.Errorf("G[%d][%d] = %v, want φ(x%d)·φ(x%d) = %v", i, j, got, i+1, j+1, want)
			}
		}
	}
	if err := Validate(phi); err != nil {
		t.Errorf("Validate(FeatureMap) = %v, want nil", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("images of different lengths did not panic")
		}
	}()
	FeatureMap(func(x []float64) []float64 { return x }).Eval([]float64{1}, []float64{1, 2})
}

func TestPolynomialFeaturesMap(t *testing.T) {
	// (x·z + 1)² on R²: x1², √2x1x2, √2x1, x2², √2x2, 1 (the doc's order).
	k := Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	x := []float64{2, 3}
	r2 := math.Sqrt2
	if got, want := k.Features(x), []float64{4, r2 * 6, r2 * 2, 9, r2 * 3, 1}; !floats.EqualApprox(got, want, tol) {
		t.Errorf("φ((2, 3)) = %v, want %v", got, want)
	}
	rng := rand.New(rand.NewPCG(11, 5))
	binom := func(n, r int) int {
		c := 1
		for i := 1; i <= r; i++ {
			c = c * (n - r + i) / i
		}
		return c
	}
	for _, d := range []int{1, 2, 3} {
		for p := 0; p <= 4; p++ {
			for _, g := range []float64{0.5, 1, 2} {
				for _, c0 := range []float64{0, 1, 2.5} {
					k := Polynomial{Degree: p, Gamma: g, Coef0: c0}
					x, z := make([]float64, d), make([]float64, d)
					for i := range x {
						x[i], z[i] = rng.NormFloat64(), rng.NormFloat64()
					}
					fx, fz := k.Features(x), k.Features(z)
					want := binom(p+d, p)
					if c0 == 0 {
						want = binom(p+d-1, p)
					}
					if len(fx) != want {
						t.Errorf("%v, d = %d: %d features, want %d", k, d, len(fx), want)
					}
					if got, kv := floats.Dot(fx, fz), k.Eval(x, z); !scalar.EqualWithinAbsOrRel(got, kv, 1e-12, 1e-10) {
						t.Errorf("%v, d = %d: φ(x)·φ(z) = %v, K(x, z) = %v", k, d, got, kv)
					}
				}
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Coef0 < 0 did not panic")
		}
	}()
	Polynomial{Degree: 2, Gamma: 1, Coef0: -1}.Features(x)
}

// negSquared is −‖x − z‖²: symmetric, zero on the diagonal, not a kernel.
type negSquared struct{}

func (negSquared) Eval(x, z []float64) float64 {
	d := make([]float64, len(x))
	floats.SubTo(d, x, z)
	return -floats.Dot(d, d)
}

// Theorem 7.5 on random sets: the book's polynomial (7.88) and Gaussian
// (7.90) kernels pass, functions that are not kernels fail with a
// counterexample, and the outcome depends on the source alone.
func TestCheckGrams(t *testing.T) {
	for _, k := range []Kernel{
		Linear{},
		Polynomial{Degree: 1, Gamma: 1, Coef0: 1}, Polynomial{Degree: 2, Gamma: 1, Coef0: 1},
		Polynomial{Degree: 4, Gamma: 1, Coef0: 1}, Polynomial{Degree: 6, Gamma: 1, Coef0: 1},
		Gaussian(0.1), Gaussian(1), Gaussian(3), Gaussian(30),
	} {
		c := CheckGrams(k, rand.NewPCG(2, 9), 200)
		if c.Sets != 200 || !c.Semidefinite() {
			t.Errorf("%v: %d sets, worst λ_min/λ_max = %g, want ≥ −%g", k, c.Sets, c.Ratio(), GramTol)
		}
	}
	for _, k := range []Kernel{negSquared{}, sigmoid{}, shifted{}} {
		c := CheckGrams(k, rand.NewPCG(2, 9), 200)
		if c.Semidefinite() || c.Ratio() > -0.1 {
			t.Errorf("%T: worst λ_min/λ_max = %g, want a clearly negative one", k, c.Ratio())
			continue
		}
		// Worst is the counterexample: its Gram matrix has the eigenvalue Min.
		ev := GramEigenvalues(k, c.Worst)
		if ev[0] != c.Min || ev[len(ev)-1] != c.Max {
			t.Errorf("%T: eigenvalues of Worst from %g to %g, reported %g to %g", k, ev[0], ev[len(ev)-1], c.Min, c.Max)
		}
	}
	// −‖x − z‖² has a zero diagonal, so its eigenvalues sum to 0 and
	// λ_min ≤ −λ_max/(n − 1) on every set of n ≤ 30 distinct points.
	if c := CheckGrams(negSquared{}, nil, 50); c.Ratio() > -1/29.0 {
		t.Errorf("−‖x − z‖²: worst ratio %g, want ≤ −1/29 (trace 0 on at most 30 points)", c.Ratio())
	}
	a, b := CheckGrams(sigmoid{}, rand.NewPCG(4, 4), 20), CheckGrams(sigmoid{}, rand.NewPCG(4, 4), 20)
	if a.Min != b.Min || !mat.Equal(a.Worst, b.Worst) {
		t.Error("CheckGrams with the same source gave different results")
	}
	if CheckGrams(Linear{}, nil, 1).Worst == nil {
		t.Error("nil source: no set tried")
	}
	defer func() {
		if recover() == nil {
			t.Error("CheckGrams with 0 sets did not panic")
		}
	}()
	CheckGrams(Linear{}, nil, 0)
}

// The images of the rows have the kernel's Gram matrix: ΦΦᵀ = [K(xᵢ, xⱼ)].
func TestMapRows(t *testing.T) {
	k := Polynomial{Degree: 3, Gamma: 0.5, Coef0: 2}
	x := randomMatrix(rand.NewPCG(6, 6), 12, 3)
	phi := MapRows(k.Features, x)
	if r, c := phi.Dims(); r != 12 || c != 20 { // C(3 + 3, 3) monomials
		t.Fatalf("Φ is %d×%d, want 12×20", r, c)
	}
	var g mat.Dense
	g.Mul(phi, phi.T())
	want := Gram(k, x)
	if !mat.EqualApprox(&g, want, 1e-9*mat.Max(want)) {
		t.Errorf("ΦΦᵀ differs from the Gram matrix of %v", k)
	}
	defer func() {
		if recover() == nil {
			t.Error("images of different lengths did not panic")
		}
	}()
	MapRows(func(x []float64) []float64 { return x[:1+int(x[0]*x[0])%2] }, mat.NewDense(2, 2, []float64{0, 0, 1, 1}))
}

// Two ways to compute one kernel differ by rounding; different kernels,
// or a map with a slip, by far more.
func TestMaxDifference(t *testing.T) {
	sq := Polynomial{Degree: 2, Gamma: 1}
	for i, phi := range Example73Maps() {
		if d := MaxDifference(sq, phi, rand.NewPCG(1, 2), 1000, 2); d > 1e-14 {
			t.Errorf("φ%d: (x·z)² and φ(x)·φ(z) differ by %g", i+1, d)
		}
	}
	quad := Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	if d := MaxDifference(quad, FeatureMap(quad.Features), nil, 500, 4); d > 1e-14 {
		t.Errorf("(x·z + 1)² and its Features differ by %g", d)
	}
	// A slip: ((x⁽¹⁾)² − (x⁽²⁾)², 2x⁽¹⁾x⁽²⁾, (x⁽²⁾)²)/√2 is not φ₂.
	slip := FeatureMap(func(x []float64) []float64 {
		return []float64{(x[0]*x[0] - x[1]*x[1]) / math.Sqrt2, math.Sqrt2 * x[0] * x[1], x[1] * x[1] / math.Sqrt2}
	})
	if d := MaxDifference(sq, slip, nil, 100, 2); d < 0.1 {
		t.Errorf("a wrong map differs from (x·z)² by only %g", d)
	}
	if d := MaxDifference(Gaussian(1), Gaussian(1.01), nil, 100, 3); d < 1e-3 {
		t.Errorf("σ = 1 and σ = 1.01 differ by only %g", d)
	}
}
