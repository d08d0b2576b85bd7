package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// TestExactAgreesWithSMO compares SMO with the exact face-enumeration
// solver on seeded random small problems, for the three kernels, hard and
// soft margins. The comparison rests on two facts about the dual:
//   - the exact solution is optimal, so f(α_SMO) ≥ f(α*) up to rounding;
//   - f is a convex quadratic and α* is optimal, so
//     f(α) − f(α*) ≥ ½(α − α*)ᵀQ(α − α*) = ½‖w(α) − w*‖² (in feature space),
//     which bounds how far SMO's w may be from w* by its objective error.
//
// SMO's stopping rule (m − M ≤ Eps) bounds the objective error by about
// Eps·Σᵢmax(αᵢ, C − αᵢ) (see SMO); with Eps = 1e-9 it must match the exact
// objective to 1e-6 relative.
func TestExactAgreesWithSMO(t *testing.T) {
	const smoEps = 1e-9
	rng := rand.New(rand.NewPCG(11, 13))
	kernels := []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}, kernel.Polynomial{Degree: 2, Gamma: 0.5, Coef0: 1}}
	for trial := 0; trial < 36; trial++ {
		n, dim := 2+rng.IntN(8), 2+rng.IntN(2)
		sep := trial%2 == 0
		x, y := exactRandomProblem(rng, n, dim, sep)
		k := kernels[trial%3]
		cs := []float64{0.05, 1, 20}
		if sep && trial%3 == 0 {
			cs = append(cs, 0) // hard margin: linear separability is known
		}
		for _, c := range cs {
			for _, noShrink := range []bool{false, true} {
				name := fmt.Sprintf("trial=%d/n=%d/%v/sep=%v/C=%v/noshrink=%v", trial, n, k, sep, c, noShrink)
				ex, err := Exact{C: c, Kernel: k}.Fit(x, y)
				if err != nil {
					t.Fatalf("%s: exact: %v", name, err)
				}
				sm, err := fitSMO(SMO{C: c, Kernel: k, Eps: smoEps, NoShrinking: noShrink}, x, y)
				if err != nil {
					t.Errorf("%s: smo: %v", name, err)
					continue
				}
				compareDual(t, name, x, y, k, c, ex, sm, 1e-6)
			}
		}
	}
}

// TestExactAgreesWithSMODefaultEps checks that SMO at LIBSVM's default
// tolerance -e 0.001 is within its documented objective bound of the
// exact optimum.
func TestExactAgreesWithSMODefaultEps(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 19))
	for trial := 0; trial < 20; trial++ {
		n := 4 + rng.IntN(6)
		x, y := exactRandomProblem(rng, n, 2, trial%2 == 0)
		for _, c := range []float64{0.1, 1, 10} {
			name := fmt.Sprintf("trial=%d/n=%d/C=%v", trial, n, c)
			ex, err := Exact{C: c}.Fit(x, y)
			if err != nil {
				t.Fatalf("%s: exact: %v", name, err)
			}
			sm, err := fitSMO(SMO{C: c}, x, y)
			if err != nil {
				t.Errorf("%s: smo: %v", name, err)
				continue
			}
			// SMO's bound: f(α) − f(α*) ≤ Gap ≤ Eps·Σᵢmax(αᵢ, C − αᵢ).
			var bound float64
			for _, a := range sm.Alpha {
				bound += math.Max(a, c-a)
			}
			bound *= DefaultEps
			if diff := sm.DualObjective - ex.DualObjective; diff < -1e-6*math.Max(1, math.Abs(ex.DualObjective)) || diff > bound {
				t.Errorf("%s: f(SMO) − f(exact) = %v, want in [0, %v]", name, diff, bound)
			}
		}
	}
}

// TestExactAndSMONotSeparable checks that both solvers refuse a hard
// margin on inseparable data.
func TestExactAndSMONotSeparable(t *testing.T) {
	xor := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0})
	xorY := []float64{1, 1, -1, -1}
	rng := rand.New(rand.NewPCG(23, 29))
	sets := []struct {
		x *mat.Dense
		y []float64
	}{{xor, xorY}}
	for len(sets) < 6 {
		x, y := exactRandomProblem(rng, 8, 2, false)
		if exactOverlaps(x, y) {
			sets = append(sets, struct {
				x *mat.Dense
				y []float64
			}{x, y})
		}
	}
	for i, s := range sets {
		if r, err := (Exact{}).Fit(s.x, s.y); !errors.Is(err, ErrNotSeparable) || r.Status != NotSeparable {
			t.Errorf("set %d: exact: error %v, want ErrNotSeparable with status NotSeparable", i, err)
		}
		// A few points: SMO should notice within 2·10⁵ iterations (its
		// default limit of 10⁷ takes seconds).
		if r, err := fitSMO(SMO{MaxIter: 200_000}, s.x, s.y); !errors.Is(err, ErrNotSeparable) || r == nil || r.Status != NotSeparable {
			t.Errorf("set %d: smo: error %v, want ErrNotSeparable with status NotSeparable", i, err)
		}
	}
}

// fitSMO runs SMO and turns a panic into an error, so that one failing
// case does not hide the others.
func fitSMO(s SMO, x mat.Matrix, y []float64) (r *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = nil, fmt.Errorf("SMO panicked: %v", p)
		}
	}()
	return s.Fit(x, y)
}

// compareDual checks an iterative solution sm against the exact one ex.
// SMO caches kernel columns in float32 for a soft margin, so its gradient,
// hence its b and its reported objective, carry errors of about 2⁻²⁴ times
// the size of the terms of G = Qα − e; the objective recomputed from its α
// in float64 is what is compared with the exact optimum.
func compareDual(t *testing.T, name string, x mat.Matrix, y []float64, k kernel.Kernel, c float64, ex, sm *Result, rel float64) {
	t.Helper()
	d, err := NewDualProblem(x, y, k, c)
	if err != nil {
		t.Fatal(err)
	}
	n := len(y)
	scale := math.Max(1, math.Abs(ex.DualObjective))
	fs, fe := d.Objective(sm.Alpha), d.Objective(ex.Alpha)
	fdiff := fs - fe
	if fdiff < -1e-10*scale || fdiff > rel*scale {
		t.Errorf("%s: dual objective at α_SMO %v, exact %v", name, fs, fe)
	}
	// The size of the terms of G, for the float32 cache.
	gScale := 1.0
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < n; j++ {
			s += math.Abs(d.Q.At(i, j) * math.Max(ex.Alpha[j], sm.Alpha[j]))
		}
		gScale = math.Max(gScale, s)
	}
	gTol := 1e-6 * gScale
	if math.Abs(sm.DualObjective-fs) > gTol*math.Max(1, sumOf(sm.Alpha)) {
		t.Errorf("%s: SMO reports objective %v, its α give %v", name, sm.DualObjective, fs)
	}
	// ½(α − α*)ᵀQ(α − α*) ≤ f(α) − f(α*).
	delta := make([]float64, n)
	for i := range delta {
		delta[i] = sm.Alpha[i] - ex.Alpha[i]
	}
	qd := mat.NewVecDense(n, nil)
	qd.MulVec(d.Q, mat.NewVecDense(n, delta))
	dist2 := mat.Dot(qd, mat.NewVecDense(n, delta))
	// Both objectives are rounded to about 1e-16·scale; allow 1e-10·scale.
	if dist2/2 > math.Max(fdiff, 0)+1e-10*scale {
		t.Errorf("%s: ½‖w_SMO − w*‖² = %v exceeds f(α_SMO) − f(α*) = %v", name, dist2/2, fdiff)
	}
	if ex.W != nil {
		bound := math.Sqrt(2 * (math.Max(fdiff, 0) + 1e-10*scale))
		var w2 float64
		for j := range ex.W {
			w2 += (sm.W[j] - ex.W[j]) * (sm.W[j] - ex.W[j])
		}
		if math.Sqrt(w2) > bound {
			t.Errorf("%s: ‖w_SMO − w*‖ = %v > %v; w_SMO %v, w* %v", name, math.Sqrt(w2), bound, sm.W, ex.W)
		}
	}
	// SMO's b lies in the interval of optimal b, up to its tolerance.
	if sm.B < ex.BLow-gTol || sm.B > ex.BHigh+gTol {
		t.Errorf("%s: SMO b = %v outside the exact interval [%v, %v]", name, sm.B, ex.BLow, ex.BHigh)
	}
}
