package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// TestPlattSMOBook runs the book's SMO on Example 7.2 and on the same data
// with C = 0.1, where one step reaches the optimal α: the pair (x1, x3)
// as notebook 08 picks it by hand, α = (1/4, 0, 1/4), b = −2 (Example
// 7.2); with C = 0.1, α = (0.1, 0, 0.1) and a step's b = −0.8, outside the
// interval [−0.4, −0.2] of optimal b (notebook 09), which the Result's b
// then comes from.
func TestPlattSMOBook(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, tc := range []struct {
		c                         float64
		alpha                     []float64
		e2, unc, stepB, b, lo, hi float64
	}{
		{0, []float64{0.25, 0, 0.25}, 1, 0.25, -2, -2, -2, -2},
		{0.1, []float64{0.1, 0, 0.1}, 1, 0.25, -0.8, -0.3, -0.4, -0.2},
	} {
		r, steps, err := PlattSMO{C: tc.c}.FitSteps(x, y)
		if err != nil {
			t.Fatalf("C = %v: %v", tc.c, err)
		}
		if len(steps) != 1 || r.Iterations != 1 || r.Status != Converged {
			t.Fatalf("C = %v: %d steps, %d iterations, %v; want one step, converged", tc.c, len(steps), r.Iterations, r.Status)
		}
		s := steps[0]
		// α = 0, b = 0: E = (−1, −1, 1), every point violates by 1; x1
		// first, and |E1 − E3| = 2 is the largest gap.
		if s.I1 != 0 || s.I2 != 2 || s.Second != MaxErrorGap || s.Violation != 1 || s.E1 != -1 || s.E2 != tc.e2 || s.Eta != 8 {
			t.Errorf("C = %v: step %+v, want the pair (x1, x3) by max |E1 − E2|, E = (−1, 1), η = 8", tc.c, s)
		}
		if !scalar.EqualWithinAbs(s.Unclipped, tc.unc, 1e-15) || !floats.EqualApprox(s.Alpha, tc.alpha, 1e-15) ||
			!scalar.EqualWithinAbs(s.B, tc.stepB, 1e-14) {
			t.Errorf("C = %v: α2 unclipped %v, α %v, b %v; want %v, %v, %v", tc.c, s.Unclipped, s.Alpha, s.B, tc.unc, tc.alpha, tc.stepB)
		}
		if !floats.EqualApprox(r.Alpha, tc.alpha, 1e-15) || !scalar.EqualWithinAbs(r.B, tc.b, 1e-14) ||
			!scalar.EqualWithinAbs(r.BLow, tc.lo, 1e-14) || !scalar.EqualWithinAbs(r.BHigh, tc.hi, 1e-14) {
			t.Errorf("C = %v: α %v, b %v ∈ [%v, %v]; want %v, %v ∈ [%v, %v]", tc.c, r.Alpha, r.B, r.BLow, r.BHigh, tc.alpha, tc.b, tc.lo, tc.hi)
		}
		if !slices.Equal(r.SupportIndices, []int{0, 2}) {
			t.Errorf("C = %v: support vectors %v, want x1 and x3", tc.c, r.SupportIndices)
		}
	}
}

// TestPlattSMOAgreesWithExact compares the book's SMO with the exact
// face-enumeration solver on seeded random problems, for the three
// kernels, hard and soft margins, at a tight Eps: the objective, w, b and
// the KKT conditions as compareDual checks them for SMO.
func TestPlattSMOAgreesWithExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 37))
	kernels := []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}, kernel.Polynomial{Degree: 2, Gamma: 0.5, Coef0: 1}}
	for trial := range 30 {
		n, dim := 2+rng.IntN(8), 2+rng.IntN(2)
		sep := trial%2 == 0
		x, y := exactRandomProblem(rng, n, dim, sep)
		k := kernels[trial%3]
		cs := []float64{0.05, 1, 20}
		if sep && trial%3 == 0 {
			cs = append(cs, 0)
		}
		for _, c := range cs {
			name := fmt.Sprintf("trial=%d/n=%d/%v/sep=%v/C=%v", trial, n, k, sep, c)
			ex, err := Exact{C: c, Kernel: k}.Fit(x, y)
			if err != nil {
				t.Fatalf("%s: exact: %v", name, err)
			}
			pl, err := PlattSMO{C: c, Kernel: k, Eps: 1e-9}.Fit(x, y)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			compareDual(t, name, x, y, k, c, ex, pl, 1e-6)
		}
	}
}

// TestPlattSMOSteps checks every step of runs on overlapping clouds
// against the problem itself: the step's unclipped α2 is the minimiser of
// the subproblem that DualProblem.Subproblem builds from Q alone (Theorem
// 7.6 by an independent route), its new α2 the minimiser on [L, H], α1
// follows from Σαᵢyᵢ = 0, the objective falls at every step, and b1, b2
// put x_I1 and x_I2 on their margins when their new α is free.
func TestPlattSMOSteps(t *testing.T) {
	for _, tc := range []struct {
		set *dataset.Set
		c   float64
		k   kernel.Kernel
	}{
		{dataset.Blobs(rand.NewPCG(3, 4), 30, 2), 1, nil},
		{dataset.Blobs(rand.NewPCG(5, 6), 20, 3), 10, kernel.RBF{Gamma: 0.5}},
		{dataset.Blobs(rand.NewPCG(7, 8), 12, 6), 0, nil},
	} {
		x, y := tc.set.XY()
		name := fmt.Sprintf("n=%d/C=%v/%v", len(y), tc.c, tc.k)
		_, steps, err := PlattSMO{C: tc.c, Kernel: tc.k}.FitSteps(x, y)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d, err := NewDualProblem(x, y, tc.k, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		alpha := make([]float64, len(y))
		prev := 0.0
		for k, s := range steps {
			sp := d.Subproblem(alpha, s.I1, s.I2)
			tol := 1e-9 * (1 + math.Abs(sp.Unclipped()) + s.Old1 + s.Old2)
			if !scalar.EqualWithinAbs(sp.A, s.Eta, 1e-9*(1+s.Eta)) || !scalar.EqualWithinAbs(s.Unclipped, sp.Unclipped(), tol) ||
				!scalar.EqualWithinAbs(s.New2, sp.Minimizer(), tol) || s.L != sp.L || s.H != sp.H {
				t.Errorf("%s, step %d: η %v, α2 unclipped %v → %v on [%v, %v]; the subproblem gives %v, %v → %v on [%v, %v]",
					name, k+1, s.Eta, s.Unclipped, s.New2, s.L, s.H, sp.A, sp.Unclipped(), sp.Minimizer(), sp.L, sp.H)
			}
			if !scalar.EqualWithinAbs(s.New1, sp.AlphaI(s.New2), tol) {
				t.Errorf("%s, step %d: α1 = %v, Σαᵢyᵢ = 0 gives %v", name, k+1, s.New1, sp.AlphaI(s.New2))
			}
			alpha = s.Alpha
			if f := d.Objective(alpha); !(f < prev) || !scalar.EqualWithinAbs(f, s.DualObjective, 1e-9*(1+math.Abs(f))) {
				t.Errorf("%s, step %d: f = %v (reported %v), before %v", name, k+1, f, s.DualObjective, prev)
			}
			prev = s.DualObjective
			for _, p := range []struct {
				i     int
				a, bi float64
			}{{s.I1, s.New1, s.B1}, {s.I2, s.New2, s.B2}} {
				if p.a > 0 && (tc.c == 0 || p.a < tc.c) {
					if v := d.Bias(alpha, p.i); !scalar.EqualWithinAbs(v, p.bi, 1e-9*(1+math.Abs(v))) {
						t.Errorf("%s, step %d: b for x%d = %v, (7.115)/(7.116) give %v", name, k+1, p.i+1, v, p.bi)
					}
				}
			}
		}
	}
}

// TestPlattSMOEtaZero: two points equal in feature space make η = 0 for
// their pair, where Theorem 7.6 divides by zero. With one label the
// optimum is still found; with both labels a hard margin has no solution
// and a soft one moves the pair to an end of its segment.
func TestPlattSMOEtaZero(t *testing.T) {
	same := mat.NewDense(4, 2, []float64{1, 2, 1, 2, 3, 0, 4, 1})
	for _, tc := range []struct {
		name string
		y    []float64
		c    float64
	}{
		{"same label, hard", []float64{1, 1, -1, -1}, 0},
		{"same label, C = 0.3", []float64{1, 1, -1, -1}, 0.3},
		{"both labels, C = 1", []float64{1, -1, -1, 1}, 1},
		{"both labels, C = 0.05", []float64{1, -1, 1, -1}, 0.05},
	} {
		ex, err := Exact{C: tc.c}.Fit(same, tc.y)
		if err != nil {
			t.Fatalf("%s: exact: %v", tc.name, err)
		}
		pl, err := PlattSMO{C: tc.c, Eps: 1e-9}.Fit(same, tc.y)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		compareDual(t, tc.name, same, tc.y, nil, tc.c, ex, pl, 1e-9)
	}
	_, err := PlattSMO{}.Fit(same, []float64{1, -1, -1, 1})
	if !errors.Is(err, ErrNotSeparable) {
		t.Errorf("both labels, hard margin: error %v, want ErrNotSeparable", err)
	}
}

// TestPlattSMONotSeparable: a hard margin on data no line separates ends
// with ErrNotSeparable and a partial result, well before the step limit.
func TestPlattSMONotSeparable(t *testing.T) {
	xor := mat.NewDense(4, 2, []float64{1, 1, -1, -1, 1, -1, -1, 1})
	noisy := dataset.Noisy(rand.NewPCG(8, 9), 60, 2, 0.1)
	for _, tc := range []struct {
		name string
		x    mat.Matrix
		y    []float64
	}{{"xor", xor, []float64{1, 1, -1, -1}}, {"noisy", noisy.X, noisy.Y}} {
		r, err := PlattSMO{MaxIter: 100_000}.Fit(tc.x, tc.y)
		if !errors.Is(err, ErrNotSeparable) || r == nil || r.Status != NotSeparable {
			t.Errorf("%s: error %v, want ErrNotSeparable with a partial result", tc.name, err)
		}
		if msg := fmt.Sprint(err); !strings.HasPrefix(msg, "svm.PlattSMO: ") || strings.Count(msg, "svm") != 1 {
			t.Errorf("%s: message %q, want the prefix svm.PlattSMO once", tc.name, msg)
		}
	}
}

// TestPlattSMOErrors: invalid settings are *classify.SettingError values
// naming the field; bad data wraps the dataset sentinels; an iteration
// limit returns the partial result with ErrNotConverged.
func TestPlattSMOErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []struct {
		p     PlattSMO
		field string
	}{
		{PlattSMO{C: -1}, "C"}, {PlattSMO{C: math.Inf(1)}, "C"}, {PlattSMO{Eps: math.NaN()}, "Eps"},
		{PlattSMO{MaxIter: -1}, "MaxIter"}, {PlattSMO{Kernel: kernel.RBF{}}, "Kernel"},
	} {
		_, err := c.p.Fit(x, y)
		var se *classify.SettingError
		if !errors.As(err, &se) || se.Solver != "svm.PlattSMO" || se.Field != c.field {
			t.Errorf("%+v: error %v, want a *classify.SettingError for svm.PlattSMO.%s", c.p, err, c.field)
		}
	}
	if _, err := (PlattSMO{}).Fit(x, []float64{1, 1, 1}); !errors.Is(err, dataset.ErrOneClass) {
		t.Errorf("one class: error %v, want dataset.ErrOneClass", err)
	}
	s := dataset.Blobs(rand.NewPCG(3, 4), 30, 2)
	r, err := PlattSMO{C: 1, MaxIter: 3}.Fit(s.X, s.Y)
	if !errors.Is(err, ErrNotConverged) || r == nil || r.Status != IterationLimit || r.Iterations != 3 {
		t.Errorf("MaxIter 3: %v, result %v; want ErrNotConverged after 3 steps", err, r)
	}
}

// TestPlattSMOScale: the data times s with C/s² is the same problem in
// other units (α/s², w/s, the same b and support vectors); the book's SMO
// takes the same steps, since its tolerances are relative.
func TestPlattSMOScale(t *testing.T) {
	set := dataset.Blobs(rand.NewPCG(3, 4), 30, 2)
	base, err := PlattSMO{C: 1}.Fit(set.X, set.Y)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []float64{1e-4, 1e3} {
		var xs mat.Dense
		xs.Scale(s, set.X)
		r, err := PlattSMO{C: 1 / (s * s)}.Fit(&xs, set.Y)
		if err != nil {
			t.Fatalf("s = %v: %v", s, err)
		}
		if r.Iterations != base.Iterations || !slices.Equal(r.SupportIndices, base.SupportIndices) ||
			!scalar.EqualWithinRel(r.B, base.B, 1e-9) || !scalar.EqualWithinRel(r.DualObjective*s*s, base.DualObjective, 1e-9) {
			t.Errorf("s = %v: %d steps, support %v, b %v, f·s² %v; at s = 1: %d, %v, %v, %v", s, r.Iterations, r.SupportIndices,
				r.B, r.DualObjective*s*s, base.Iterations, base.SupportIndices, base.B, base.DualObjective)
		}
	}
}

// TestPlattSMOKernelEvaluations checks Result.KernelEvaluations of the
// book's SMO against a kernel that counts its own calls: the diagonal, K12
// of every pair tried, two columns a step and the support vectors'
// columns at the end.
func TestPlattSMOKernelEvaluations(t *testing.T) {
	s := dataset.Blobs(rand.NewPCG(3, 4), 300, 1.5)
	var calls atomic.Int64
	r, err := PlattSMO{C: 1, Kernel: countingKernel{kernel.RBF{Gamma: 0.5}, &calls}}.Fit(s.X, s.Y)
	if err != nil {
		t.Fatal(err)
	}
	n := len(s.Y)
	if int64(r.KernelEvaluations) != calls.Load() || r.KernelEvaluations < n+2*n*r.Iterations+n*len(r.SupportIndices) {
		t.Errorf("%d kernel evaluations reported, %d made, in %d steps with %d support vectors", r.KernelEvaluations, calls.Load(), r.Iterations, len(r.SupportIndices))
	}
}

// TestPlattSMODefaultEps: at the default precision the book's SMO
// converges on overlapping data with the linear and the Gaussian kernel,
// and its objective is within the bound that its stopping rule gives,
// f(α) − f(α*) ≤ Gap ≤ 2·Eps·Σᵢmax(αᵢ, C − αᵢ), of SMO's at a tight Eps.
func TestPlattSMODefaultEps(t *testing.T) {
	set := dataset.Blobs(rand.NewPCG(1, 1), 300, 2)
	for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}} {
		pl, err := PlattSMO{C: 1, Kernel: k}.Fit(set.X, set.Y)
		if err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		best, err := SMO{C: 1, Kernel: k, Eps: 1e-9}.Fit(set.X, set.Y)
		if err != nil {
			t.Fatal(err)
		}
		var bound float64
		for _, a := range pl.Alpha {
			bound += math.Max(a, 1-a)
		}
		bound *= 2 * DefaultEps
		if diff := pl.DualObjective - best.DualObjective; diff < -1e-9 || diff > bound || pl.Gap > bound {
			t.Errorf("%v: f − f* = %v, gap %v; want both in [0, %v]", k, diff, pl.Gap, bound)
		}
	}
}
