package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
)

func TestPolynomialFeatures(t *testing.T) {
	if got, want := PolynomialFeatures([]float64{3, 5}, 2), []float64{9, math.Sqrt2 * 15, 25}; !floats.EqualApprox(got, want, tol) {
		t.Errorf("φ((3, 5)) = %v, want (x₁², √2x₁x₂, x₂²) = %v", got, want)
	}
	rng := rand.New(rand.NewPCG(3, 1))
	for _, d := range []int{1, 2, 3, 5} {
		for p := 0; p <= 5; p++ {
			// C(p+d−1, p) monomials of degree p in d variables.
			want := 1
			for i := 1; i <= p; i++ {
				want = want * (d - 1 + i) / i
			}
			x, z := make([]float64, d), make([]float64, d)
			for i := range x {
				x[i], z[i] = rng.NormFloat64(), rng.NormFloat64()
			}
			fx, fz := PolynomialFeatures(x, p), PolynomialFeatures(z, p)
			if len(fx) != want {
				t.Errorf("d = %d, p = %d: %d features, want %d", d, p, len(fx), want)
			}
			k := math.Pow(floats.Dot(x, z), float64(p))
			if got := floats.Dot(fx, fz); !scalar.EqualWithinAbsOrRel(got, k, tol, 1e-10) {
				t.Errorf("d = %d, p = %d: φ(x)·φ(z) = %g, (x·z)ᵖ = %g", d, p, got, k)
			}
		}
	}
}

func TestGramEigenvalues(t *testing.T) {
	// Example 2.2: G has trace 45 and, three points in the plane, rank 2.
	ev := GramEigenvalues(Linear{}, example21)
	if !scalar.EqualWithinAbs(ev[0], 0, 1e-12) || !scalar.EqualWithinRel(floats.Sum(ev), 45, tol) {
		t.Errorf("eigenvalues of G %v, want 0 and two that sum to 45", ev)
	}
	// Exercise 7.4: (x·z)ᵖ is positive definite, every Gram matrix is
	// positive semi-definite, on random sets with more points than
	// features (so that eigenvalues 0 occur and rounding shows).
	rng := rand.New(rand.NewPCG(7, 4))
	for trial := range 60 {
		n, d := 5+rng.IntN(30), 1+rng.IntN(4)
		x := randomMatrix(rand.NewPCG(uint64(trial), 1), n, d)
		for p := 1; p <= 6; p++ {
			ev := GramEigenvalues(Polynomial{Degree: p, Gamma: 1}, x)
			top := ev[len(ev)-1]
			if ev[0] < -1e-12*top {
				t.Errorf("trial %d, p = %d: λ_min = %g < −10⁻¹²·λ_max (%g)", trial, p, ev[0], top)
			}
		}
	}
	// The check has teeth: K(x, z) = x·z − 1 is not positive definite
	// (its Gram matrix XXᵀ − 11ᵀ has a negative eigenvalue once two points
	// have a small inner product), and neither is tanh(x·z − 1).
	for _, k := range []Kernel{shifted{}, sigmoid{}} {
		x := mat.NewDense(3, 2, []float64{1, 0, 0, 1, 0.5, 0.5})
		if ev := GramEigenvalues(k, x); ev[0] > -0.1*ev[len(ev)-1] {
			t.Errorf("%T: eigenvalues %v, want a clearly negative one", k, ev)
		}
	}
}

type shifted struct{}

func (shifted) Eval(x, z []float64) float64 { return floats.Dot(x, z) - 1 }

type sigmoid struct{}

func (sigmoid) Eval(x, z []float64) float64 { return math.Tanh(floats.Dot(x, z) - 1) }
