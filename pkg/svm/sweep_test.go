package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// TestSweepExample21 sweeps C over 24 orders of magnitude on the book's
// data and checks every result against the answer derived by hand.
//
// For C < 1/4 the optimum is α = (C, 0, C): Σαᵢyᵢ = 0 forces α1 + α2 = α3,
// f = ½‖α1x1 + α2x2 − α3x3‖² − 2α3 is least at α3 = C with all of α1 on x1
// (x1 is nearer to x3 than x2), so w = C(x1 − x3) = (2C, 2C). No multiplier
// is free; the KKT conditions yᵢ(w·xᵢ + b) ≤ 1 for x1, x3 (α = C) and ≥ 1 for
// x2 (α = 0) give b ∈ [max(1 − 14C, −1 − 4C), 1 − 12C]. (For a small C the
// objective is nearly −2C whichever positive point carries α, so only a
// stopping rule relative to ½‖w‖² = 4C² tells x1 from x2.) From C = 1/4 on it
// is the hard margin of Example 7.2: α = (1/4, 0, 1/4), w = (1/2, 1/2),
// b = −2. In particular C = 1e-12 has w ≈ 0, b ≈ 1 and C = 1e12 the hard
// margin with support vectors x1, x3.
func TestSweepExample21(t *testing.T) {
	x, y := dataset.Example21().XY()
	var cs []float64
	for e := -12.0; e <= 12; e += 0.5 {
		cs = append(cs, math.Pow(10, e))
	}
	cs = append(cs, 0.2, 0.25)
	res, err := SMO{}.Sweep(x, y, cs)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != len(cs) {
		t.Fatalf("%d results for %d values of C", len(res), len(cs))
	}
	for i, c := range cs {
		r := res[i]
		a, lo, hi, wantBounded := c, math.Max(1-14*c, -1-4*c), 1-12*c, "[0 2]"
		if c >= 0.25 {
			a, lo, hi, wantBounded = 0.25, -2, -2, "[]"
		}
		if c == 0.25 {
			wantBounded = "[0 2]" // α = C exactly: bounded and on the margin
		}
		name := fmt.Sprintf("C=%g", c)
		checkVec(t, name+": α", r.Alpha, []float64{a, 0, a}, 1e-9)
		checkVec(t, name+": w", r.W, []float64{2 * a, 2 * a}, 1e-9)
		// b is known to the tolerance of the stopping rule, relative to
		// the margin (1).
		if r.BLow > r.BHigh || !scalar.EqualWithinAbs(r.BLow, lo, 1e-9) || !scalar.EqualWithinAbs(r.BHigh, hi, 1e-9) {
			t.Errorf("%s: b ∈ [%v, %v], want [%v, %v]", name, r.BLow, r.BHigh, lo, hi)
		}
		if r.B < r.BLow || r.B > r.BHigh {
			t.Errorf("%s: b = %v outside [%v, %v]", name, r.B, r.BLow, r.BHigh)
		}
		if fmt.Sprint(r.SupportIndices) != "[0 2]" || fmt.Sprint(r.BoundedIndices) != wantBounded {
			t.Errorf("%s: support %v, bounded %v; want [0 2], %s", name, r.SupportIndices, r.BoundedIndices, wantBounded)
		}
		if r.Status != Converged || r.Gap > r.gapTarget(DefaultEps) {
			t.Errorf("%s: status %v, gap %v", name, r.Status, r.Gap)
		}
	}
}

// TestSweepPath checks a property of the regularisation path: as C grows,
// ½‖w‖² does not decrease and Σξᵢ does not increase. (For C₁ < C₂ the
// optimality of each solution against the other gives (C₁ − C₂)(Σξ¹ − Σξ²)
// ≤ 0, hence Σξ¹ ≥ Σξ², and then ½‖w¹‖² ≤ ½‖w²‖².)
func TestSweepPath(t *testing.T) {
	s := dataset.Blobs(rand.NewPCG(7, 7), 40, 3)
	cs := []float64{0.001, 0.01, 0.1, 1, 10, 100}
	for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}} {
		res, err := SMO{Kernel: k, Eps: 1e-9}.Sweep(s.X, s.Y, cs)
		if err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		d, err := NewDualProblem(s.X, s.Y, k, 1)
		if err != nil {
			t.Fatal(err)
		}
		prevW2, prevXi := math.Inf(-1), math.Inf(1)
		for i, r := range res {
			w2 := 2 * (d.Objective(r.Alpha) + sumOf(r.Alpha)) // αᵀQα = ‖w‖²
			xi := (r.PrimalObjective - w2/2) / cs[i]
			const slack = 1e-6
			if w2 < prevW2*(1-slack) || xi > prevXi*(1+slack)+slack {
				t.Errorf("%v: C = %v: ‖w‖² = %v after %v, Σξ = %v after %v", k, cs[i], w2, prevW2, xi, prevXi)
			}
			if floats64Max(r.Alpha) > cs[i] {
				t.Errorf("%v: C = %v: max α = %v", k, cs[i], floats64Max(r.Alpha))
			}
			prevW2, prevXi = w2, xi
		}
	}
}

func floats64Max(v []float64) float64 {
	m := math.Inf(-1)
	for _, a := range v {
		m = math.Max(m, a)
	}
	return m
}

// TestSweepError stops a sweep at an invalid C and at a hard margin on
// inseparable data: the results before it come back, the error names the
// failing C once and the solver once.
func TestSweepError(t *testing.T) {
	x, y := dataset.Example21().XY()
	res, err := SMO{}.Sweep(x, y, []float64{1, -1, 2})
	var se *classify.SettingError
	if !errors.As(err, &se) || se.Field != "C" || se.Value != -1.0 || len(res) != 1 {
		t.Errorf("C = −1: error %v with %d results, want a SettingError for C = −1 after 1 result", err, len(res))
	}
	xor, xorY := exactRandomProblem(rand.New(rand.NewPCG(1, 1)), 8, 2, false)
	res, err = SMO{MaxIter: 100}.Sweep(xor, xorY, []float64{0.5, 1e9})
	if !errors.Is(err, ErrNotConverged) || len(res) != 2 || res[1].Status != IterationLimit {
		t.Fatalf("error %v with %d results, want ErrNotConverged with the partial second result", err, len(res))
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "svm.SMO: sweep at C = 1e+09: ") || strings.Count(msg, "svm") != 1 {
		t.Errorf("error %q, want one prefix svm.SMO and the value of C", msg)
	}
}
