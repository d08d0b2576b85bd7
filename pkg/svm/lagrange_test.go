package svm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// dualityTol is the accuracy of the solvers relative to the objective in
// the duality tests (bookTol, exact arithmetic on the book's fractions, is
// dual_test.go's).
const dualityTol = 1e-6

// Example 7.1/7.2: at w* = (1/2, 1/2), b* = −2, α* = (1/4, 0, 1/4) the
// Lagrangian, the dual function and the primal objective all equal 1/4
// (p* = d* = L(x*, α*) of Theorem C.2), and the active constraints are
// those of x1 and x3.
func TestLagrangianExample72(t *testing.T) {
	x, y := dataset.Example21().XY()
	p := PrimalProblem{X: x, Y: y}
	d, err := NewDualProblem(x, y, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, b, alpha := []float64{0.5, 0.5}, -2.0, []float64{0.25, 0, 0.25}
	for name, got := range map[string]float64{
		"L(w*, b*, α*)": p.Lagrangian(w, b, alpha),
		"θ_D(α*)":       d.DualFunction(alpha),
		"½‖w*‖²":        p.Objective(w, b),
	} {
		if !scalar.EqualWithinAbs(got, 0.25, bookTol) {
			t.Errorf("%s = %v, want 1/4", name, got)
		}
	}
	if got := p.ActiveIndices(w, b); !slices.Equal(got, []int{0, 2}) {
		t.Errorf("active constraints %v, want [0 2] (x1, x3)", got)
	}
	// Off the equality Σαᵢyᵢ = 0 the minimum over b is −∞.
	if got := d.DualFunction([]float64{0.25, 0, 0.2}); !math.IsInf(got, -1) {
		t.Errorf("θ_D(1/4, 0, 1/5) = %v, want −∞", got)
	}
	// α = 0 gives θ_D = 0 ≤ p*; and L(w, b, 0) = ½‖w‖².
	if got := d.DualFunction([]float64{0, 0, 0}); got != 0 {
		t.Errorf("θ_D(0) = %v, want 0", got)
	}
	if got := p.Lagrangian([]float64{3, 4}, 7, []float64{0, 0, 0}); got != 12.5 {
		t.Errorf("L(w, b, 0) = %v, want ½‖(3, 4)‖² = 25/2", got)
	}
}

// randomDualFeasible returns α ≥ 0 with Σαᵢyᵢ = 0 (and αᵢ ≤ c when c is
// finite): random weights, the classes rescaled to the same total.
func randomDualFeasible(rng *rand.Rand, y []float64, c float64) []float64 {
	alpha := make([]float64, len(y))
	var pos, neg float64
	for i := range alpha {
		if rng.IntN(3) == 0 {
			continue // some αᵢ = 0
		}
		alpha[i] = rng.ExpFloat64()
		if y[i] > 0 {
			pos += alpha[i]
		} else {
			neg += alpha[i]
		}
	}
	if pos == 0 || neg == 0 {
		return make([]float64, len(y))
	}
	t := math.Min(pos, neg) * (0.2 + rng.Float64())
	for i := range alpha {
		if y[i] > 0 {
			alpha[i] *= t / pos
		} else {
			alpha[i] *= t / neg
		}
	}
	if !math.IsInf(c, 1) {
		if m := floats.Max(alpha); m > c {
			floats.Scale(c/m, alpha)
		}
	}
	return alpha
}

// Weak duality (Theorem C.1) as a property: on seeded random data, for
// random dual-feasible α and random primal points, θ_D(α) ≤ L(w, b, α)
// (θ_D is a minimum over (w, b), attained at w = Σαᵢyᵢxᵢ), and
// L(w, b, α) ≤ P(w, b) for feasible (w, b) (θ_P is a maximum over α ≥ 0),
// so θ_D(α) ≤ P(w, b): hard margins on separable data, feasible points
// being the optimum scaled by λ ≥ 1; soft margins on any data, every (w, b)
// being feasible with ξ at its least.
func TestWeakDuality(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 16))
	for trial := 0; trial < 40; trial++ {
		n, dim := 3+rng.IntN(10), 2+rng.IntN(3)
		sep := trial%2 == 0
		x, y := exactRandomProblem(rng, n, dim, sep)
		c := []float64{0.1, 1, 10}[trial%3]
		if sep {
			c = 0
		}
		name := fmt.Sprintf("trial=%d/n=%d/d=%d/C=%v", trial, n, dim, c)
		d, err := NewDualProblem(x, y, nil, c)
		if err != nil {
			t.Fatal(err)
		}
		p := PrimalProblem{X: x, Y: y, C: c}
		var points [][]float64 // (w, b) to test, b last
		if sep {
			opt, err := InteriorPoint{}.Fit(x, y)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, lambda := range []float64{1, 1.5, 4} {
				pt := append(slices.Clone(opt.W), opt.B)
				floats.Scale(lambda, pt)
				points = append(points, pt)
			}
		} else {
			for range 5 {
				pt := make([]float64, dim+1)
				for j := range pt {
					pt[j] = 2 * rng.NormFloat64()
				}
				points = append(points, pt)
			}
		}
		for range 20 {
			alpha := randomDualFeasible(rng, y, d.C)
			theta := d.DualFunction(alpha)
			if math.IsInf(theta, -1) {
				t.Fatalf("%s: θ_D = −∞ at a dual-feasible α %v", name, alpha)
			}
			// The minimiser over w: w(α) = Σαᵢyᵢxᵢ, any b.
			wa := make([]float64, dim)
			for i, r := range kernel.Rows(x) {
				floats.AddScaled(wa, alpha[i]*y[i], r)
			}
			scale := math.Max(1, math.Abs(theta))
			if l := p.Lagrangian(wa, rng.NormFloat64(), alpha); !scalar.EqualWithinAbsOrRel(l, theta, bookTol*scale, 1e-10) {
				t.Errorf("%s: L(w(α), b, α) = %v, θ_D(α) = %v", name, l, theta)
			}
			for _, pt := range points {
				w, b := pt[:dim], pt[dim]
				l := p.Lagrangian(w, b, alpha)
				obj := p.Objective(w, b)
				if theta > l+1e-10*scale {
					t.Errorf("%s: θ_D(α) = %v > L(w, b, α) = %v", name, theta, l)
				}
				if l > obj+1e-10*math.Max(1, obj) {
					t.Errorf("%s: L(w, b, α) = %v > P(w, b) = %v at feasible (w, b)", name, l, obj)
				}
			}
		}
	}
}

// Strong duality (Theorem C.2) and the KKT conditions (Theorem C.3) at the
// solvers' optimum: the dual solvers' α* gives θ_D(α*) = p*, the primal
// minimum found independently by the interior-point method, and
// L(w*, b*, α*) = p*; the complementary slackness αᵢ*cᵢ(w*, b*) = 0 puts
// every support vector on an active constraint (hard margin).
func TestStrongDuality(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	for trial := 0; trial < 24; trial++ {
		n, dim := 3+rng.IntN(9), 2+rng.IntN(2)
		sep := trial%2 == 0
		x, y := exactRandomProblem(rng, n, dim, sep)
		c := []float64{0.5, 5}[rng.IntN(2)]
		if sep {
			c = 0
		}
		name := fmt.Sprintf("trial=%d/n=%d/C=%v", trial, n, c)
		ex, err := Exact{C: c}.Fit(x, y)
		if err != nil {
			t.Fatalf("%s: exact: %v", name, err)
		}
		sm, err := SMO{C: c, Eps: 1e-10}.Fit(x, y)
		if err != nil {
			t.Fatalf("%s: smo: %v", name, err)
		}
		ip, err := InteriorPoint{C: c}.Fit(x, y)
		if err != nil {
			t.Fatalf("%s: interior point: %v", name, err)
		}
		d, err := NewDualProblem(x, y, nil, c)
		if err != nil {
			t.Fatal(err)
		}
		p := PrimalProblem{X: x, Y: y, C: c}
		pstar := ip.PrimalObjective
		for solver, r := range map[string]*Result{"Exact": ex, "SMO": sm} {
			if got := d.DualFunction(r.Alpha); !scalar.EqualWithinRel(got, pstar, dualityTol) {
				t.Errorf("%s: %s: θ_D(α*) = %v, p* = %v", name, solver, got, pstar)
			}
		}
		if l := p.Lagrangian(ip.W, ip.B, ex.Alpha); !scalar.EqualWithinRel(l, pstar, dualityTol) {
			t.Errorf("%s: L(w*, b*, α*) = %v, p* = %v", name, l, pstar)
		}
		if sep {
			active := p.ActiveIndices(ip.W, ip.B)
			for _, i := range ex.SupportIndices {
				if !slices.Contains(active, i) {
					t.Errorf("%s: support vector x%d (α = %v) not on an active constraint %v", name, i+1, ex.Alpha[i], active)
				}
			}
		}
	}
}
