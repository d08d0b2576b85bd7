package svm

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// bookTol is the tolerance for the book's numbers computed by the direct
// (non-iterative) code of this package: a few rounding errors.
const bookTol = 1e-12

func TestDualExample72(t *testing.T) {
	x, y := dataset.Example21().XY()
	d, err := NewDualProblem(x, y, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsInf(d.C, 1) {
		t.Errorf("C = %v, want +Inf for a hard margin", d.C)
	}

	t.Run("terms", func(t *testing.T) {
		// Book Example 7.2 and seed 003: ½(18α1² + 25α2² + 2α3² + 42α1α2
		// − 12α1α3 − 14α2α3) − α1 − α2 − α3.
		want := []Term{{0, 0, 18}, {1, 1, 25}, {2, 2, 2}, {0, 1, 42}, {0, 2, -12}, {1, 2, -14}}
		got := d.Terms()
		if len(got) != len(want) {
			t.Fatalf("got %d terms, want %d", len(got), len(want))
		}
		for k := range want {
			if got[k].I != want[k].I || got[k].J != want[k].J || !scalar.EqualWithinAbs(got[k].Coef, want[k].Coef, bookTol) {
				t.Errorf("term %d = %+v, want %+v", k, got[k], want[k])
			}
		}
	})

	s := d.Eliminate(2) // α3 = α1 + α2
	t.Run("reduced", func(t *testing.T) {
		// Book Example 7.2: s(α1, α2) = 4α1² + 13/2 α2² + 10α1α2 − 2α1 − 2α2.
		want := []Term{{0, 0, 4}, {1, 1, 6.5}, {0, 1, 10}}
		got := s.Terms()
		for k := range want {
			if got[k].I != want[k].I || got[k].J != want[k].J || !scalar.EqualWithinAbs(got[k].Coef, want[k].Coef, bookTol) {
				t.Errorf("term %d = %+v, want %+v", k, got[k], want[k])
			}
		}
		for r, want := range []float64{-2, -2} {
			if !scalar.EqualWithinAbs(s.B[r], want, bookTol) {
				t.Errorf("linear coefficient of α%d = %v, want %v", s.Vars[r]+1, s.B[r], want)
			}
		}
		if s.Elim != 2 || len(s.Vars) != 2 || s.Vars[0] != 0 || s.Vars[1] != 1 {
			t.Errorf("Elim, Vars = %v, %v; want 2, [0 1]", s.Elim, s.Vars)
		}
	})

	t.Run("stationary", func(t *testing.T) {
		// Book Example 7.2: ∂s/∂α1 = 8α1 + 10α2 − 2 = 0, ∂s/∂α2 = 13α2 +
		// 10α1 − 2 = 0 give (3/2, −1), which violates α2 ≥ 0.
		z, err := s.Stationary()
		if err != nil {
			t.Fatal(err)
		}
		checkVec(t, "stationary point", z, []float64{1.5, -1}, bookTol)
		// α3 = α1 + α2 = 1/2 (derived from the constraint).
		checkVec(t, "expanded", s.Expand(z), []float64{1.5, -1, 0.5}, bookTol)
		checkVec(t, "gradient there", s.Gradient(z), []float64{0, 0}, bookTol)
	})

	t.Run("boundary minima", func(t *testing.T) {
		// Book Example 7.2: s(0, 2/13) = −2/13 and s(1/4, 0) = −1/4.
		for _, c := range []struct {
			z    []float64
			want float64
		}{
			{[]float64{0, 2.0 / 13}, -2.0 / 13},
			{[]float64{0.25, 0}, -0.25},
		} {
			if got := s.Value(c.z); !scalar.EqualWithinAbs(got, c.want, bookTol) {
				t.Errorf("s%v = %v, want %v", c.z, got, c.want)
			}
			if got := d.Objective(s.Expand(c.z)); !scalar.EqualWithinAbs(got, c.want, bookTol) {
				t.Errorf("f(α) at s%v = %v, want %v", c.z, got, c.want)
			}
		}
	})

	t.Run("solution", func(t *testing.T) {
		// Book Example 7.2: α* = (1/4, 0, 1/4), dual objective −1/4, and
		// b* = yⱼ − Σαᵢyᵢ(xᵢ·xⱼ) = −2 from j = 1 and from j = 3.
		alpha := []float64{0.25, 0, 0.25}
		if got := d.Objective(alpha); !scalar.EqualWithinAbs(got, -0.25, bookTol) {
			t.Errorf("f(α*) = %v, want -1/4", got)
		}
		for _, j := range []int{0, 2} {
			if got := d.Bias(alpha, j); !scalar.EqualWithinAbs(got, -2, bookTol) {
				t.Errorf("b from x%d = %v, want -2", j+1, got)
			}
		}
		r := d.Result(alpha)
		if !scalar.EqualWithinAbs(r.B, -2, bookTol) || r.BLow != r.BHigh {
			t.Errorf("B = %v in [%v, %v], want -2, unique", r.B, r.BLow, r.BHigh)
		}
		// ½‖w*‖² = ½(1/4 + 1/4) = 1/4: the gap is zero.
		if !scalar.EqualWithinAbs(r.PrimalObjective, 0.25, bookTol) || !scalar.EqualWithinAbs(r.Gap, 0, bookTol) {
			t.Errorf("primal objective %v, gap %v; want 1/4, 0", r.PrimalObjective, r.Gap)
		}
	})
}

// TestDualConsistency checks on random data that Objective, Gradient and
// the reduced quadratics agree with each other.
func TestDualConsistency(t *testing.T) {
	const tol = 1e-10
	rng := rand.New(rand.NewPCG(7, 1))
	kernels := []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}, kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}}
	for trial := 0; trial < 20; trial++ {
		n, dim := 3+rng.IntN(6), 2+rng.IntN(2)
		x, y := exactRandomProblem(rng, n, dim, trial%2 == 0)
		d, err := NewDualProblem(x, y, kernels[trial%3], 1)
		if err != nil {
			t.Fatal(err)
		}
		alpha := make([]float64, n)
		for i := range alpha {
			alpha[i] = rng.Float64()
		}
		// Gradient against central differences (exact for a quadratic up
		// to rounding).
		g := d.Gradient(nil, alpha)
		const h = 1e-4
		for i := range alpha {
			a := append([]float64(nil), alpha...)
			a[i] += h
			fp := d.Objective(a)
			a[i] -= 2 * h
			fm := d.Objective(a)
			if fd := (fp - fm) / (2 * h); !scalar.EqualWithinAbsOrRel(g[i], fd, 1e-7, 1e-7) {
				t.Errorf("trial %d: G[%d] = %v, difference quotient %v", trial, i, g[i], fd)
			}
		}
		// The sum of the terms is αᵀQα.
		var poly float64
		for _, tm := range d.Terms() {
			poly += tm.Coef * alpha[tm.I] * alpha[tm.J]
		}
		if want := 2 * (d.Objective(alpha) + sumOf(alpha)); !scalar.EqualWithinAbsOrRel(poly, want, tol, tol) {
			t.Errorf("trial %d: Σ terms = %v, αᵀQα = %v", trial, poly, want)
		}
		// Eliminating any variable: q(z) = f(Expand(z)), and Expand
		// satisfies the equality constraint.
		k := rng.IntN(n)
		q := d.Eliminate(k)
		z := make([]float64, n-1)
		for r := range z {
			z[r] = rng.NormFloat64()
		}
		full := q.Expand(z)
		if got, want := q.Value(z), d.Objective(full); !scalar.EqualWithinAbsOrRel(got, want, tol, tol) {
			t.Errorf("trial %d: q(z) = %v, f(Expand(z)) = %v", trial, got, want)
		}
		var ay float64
		for i := range full {
			ay += full[i] * y[i]
		}
		if !scalar.EqualWithinAbs(ay, 0, tol) {
			t.Errorf("trial %d: Σαᵢyᵢ = %v after Expand", trial, ay)
		}
		var poly2 float64
		for _, tm := range q.Terms() {
			poly2 += tm.Coef * full[tm.I] * full[tm.J]
		}
		for r, i := range q.Vars {
			poly2 += q.B[r] * full[i]
		}
		if !scalar.EqualWithinAbsOrRel(poly2, q.Value(z), tol, tol) {
			t.Errorf("trial %d: reduced terms sum to %v, q(z) = %v", trial, poly2, q.Value(z))
		}
	}
}

func TestDualErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []struct {
		name string
		x    mat.Matrix
		y    []float64
		c    float64
		k    kernel.Kernel
		want error
	}{
		{"negative C", x, y, -1, nil, classify.ErrSetting},
		{"NaN C", x, y, math.NaN(), nil, classify.ErrSetting},
		{"infinite C", x, y, math.Inf(1), nil, classify.ErrSetting},
		{"RBF γ = 0", x, y, 1, kernel.RBF{}, kernel.ErrParameter},
		{"label 0", x, []float64{1, 0, -1}, 1, nil, dataset.ErrLabel},
		{"NaN feature", mat.NewDense(3, 2, []float64{3, 3, math.NaN(), 3, 1, 1}), y, 1, nil, dataset.ErrNotFinite},
		{"length", x, []float64{1, -1}, 1, nil, dataset.ErrLength},
		{"one class", x, []float64{1, 1, 1}, 1, nil, dataset.ErrOneClass},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := NewDualProblem(c.x, c.y, c.k, c.c); !errors.Is(err, c.want) {
				t.Errorf("error %v, want %v", err, c.want)
			}
		})
	}
	t.Run("singular", func(t *testing.T) {
		// Two copies of x1: the reduced Hessian is singular.
		x := mat.NewDense(3, 2, []float64{3, 3, 3, 3, 1, 1})
		d, err := NewDualProblem(x, y, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Eliminate(2).Stationary(); !errors.Is(err, ErrSingular) {
			t.Errorf("error %v, want ErrSingular", err)
		}
	})
}

func checkVec(t *testing.T, name string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: length %d, want %d", name, len(got), len(want))
		return
	}
	for i := range want {
		if !scalar.EqualWithinAbsOrRel(got[i], want[i], tol, tol) {
			t.Errorf("%s = %v, want %v", name, got, want)
			return
		}
	}
}

func sumOf(v []float64) float64 {
	var s float64
	for _, a := range v {
		s += a
	}
	return s
}
