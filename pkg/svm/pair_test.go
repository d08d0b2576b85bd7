package svm

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// TestSubproblemBook: at α = 0 on Example 7.2 the pair (x1, x3) has η =
// 18 + 2 − 2·6 = 8 and W(α3) = 4α3² − 2α3 (α1 = α3), minimal at 1/4 — the
// one step of notebook 08.
func TestSubproblemBook(t *testing.T) {
	x, y := dataset.Example21().XY()
	d, err := NewDualProblem(x, y, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	sp := d.Subproblem([]float64{0, 0, 0}, 0, 2)
	if sp.A != 8 || sp.B != -2 || sp.Const != 0 || sp.L != 0 || !math.IsInf(sp.H, 1) || sp.Zeta != 0 {
		t.Errorf("subproblem %+v, want A = 8, B = −2, Const = 0 on [0, +∞), ς = 0", sp)
	}
	if sp.Unclipped() != 0.25 || sp.Minimizer() != 0.25 || sp.AlphaI(0.25) != 0.25 {
		t.Errorf("minimiser %v (clipped %v), α1 %v; want 1/4", sp.Unclipped(), sp.Minimizer(), sp.AlphaI(0.25))
	}
	c, err := NewDualProblem(x, y, nil, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if sp := c.Subproblem([]float64{0, 0, 0}, 0, 2); sp.H != 0.1 || sp.Minimizer() != 0.1 {
		t.Errorf("C = 0.1: segment [%v, %v], minimiser %v; want [0, 0.1] and 0.1", sp.L, sp.H, sp.Minimizer())
	}
}

// TestSubproblemTheorem76 checks, on random data, α in the box and pairs,
// that the subproblem is f along the constraint's line, that [L, H] is the
// part of the line inside the box, and Theorem 7.6: the minimiser −B/A is
// α2 + y2(E1 − E2)/η with Eᵢ = g(xᵢ) − yᵢ for any b (b cancels in E1 − E2).
func TestSubproblemTheorem76(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	for trial := range 200 {
		n := 3 + rng.IntN(6)
		x, y := exactRandomProblem(rng, n, 2, false)
		c := []float64{0.5, 2, 0}[trial%3]
		k := []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.7}}[trial%2]
		d, err := NewDualProblem(x, y, k, c)
		if err != nil {
			t.Fatal(err)
		}
		alpha := make([]float64, n)
		for i := range alpha {
			alpha[i] = rng.Float64() * math.Min(d.C, 3)
		}
		i, j := rng.IntN(n), rng.IntN(n-1)
		if j >= i {
			j++
		}
		sp := d.Subproblem(alpha, i, j)
		// f along the line.
		for _, t2 := range []float64{sp.L, alpha[j], alpha[j] + 0.3, 1.7} {
			a := append([]float64(nil), alpha...)
			a[i], a[j] = sp.AlphaI(t2), t2
			if f := d.Objective(a); !scalar.EqualWithinAbs(f, sp.Value(t2), 1e-9*(1+math.Abs(f))) {
				t.Fatalf("trial %d: W(%v) = %v, f = %v", trial, t2, sp.Value(t2), f)
			}
		}
		// [L, H] inside the box, its ends on the box.
		for _, end := range []float64{sp.L, sp.H} {
			if math.IsInf(end, 1) {
				continue
			}
			ai := sp.AlphaI(end)
			if end < -1e-12 || end > d.C+1e-12 || ai < -1e-12 || ai > d.C+1e-12 {
				t.Errorf("trial %d: end %v gives α1 = %v outside [0, %v]", trial, end, ai, d.C)
			}
		}
		// Theorem 7.6.
		b := rng.NormFloat64()
		e := func(p int) float64 { // g(x_p) − y_p
			g := b
			for q, a := range alpha {
				g += a * y[q] * k.Eval(x.RawRowView(q), x.RawRowView(p))
			}
			return g - y[p]
		}
		eta := k.Eval(x.RawRowView(i), x.RawRowView(i)) + k.Eval(x.RawRowView(j), x.RawRowView(j)) - 2*k.Eval(x.RawRowView(i), x.RawRowView(j))
		unc := alpha[j] + y[j]*(e(i)-e(j))/eta
		if !scalar.EqualWithinAbs(sp.A, eta, 1e-12*(1+eta)) || !scalar.EqualWithinAbs(sp.Unclipped(), unc, 1e-8*(1+math.Abs(unc))) {
			t.Errorf("trial %d: A = %v, −B/A = %v; η = %v, Theorem 7.6 gives %v", trial, sp.A, sp.Unclipped(), eta, unc)
		}
	}
}
