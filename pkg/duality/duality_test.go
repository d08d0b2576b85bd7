package duality

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

// tol is the tolerance of exact computations on small numbers.
const tol = 1e-12

// The two problems of notebook 07.
var (
	// min x² s.t. x ≥ 1, written 1 − x ≤ 0.
	squareAboveOne = Problem{Objective: Quadratic{A: 1}, Constraint: Quadratic{B: -1, C: 1}}
	// min x s.t. x² ≤ 0: Slater's condition fails.
	lineOnPoint = Problem{Objective: Quadratic{B: 1}, Constraint: Quadratic{A: 1}}
)

func TestSolve(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name               string
		p                  Problem
		x, pstar, alpha, d float64
		lo, hi             float64
		slater, attained   bool
	}{
		// L(x, α) = x² + α(1 − x), θ_D(α) = α − α²/4, maximal at α* = 2.
		{"min x² s.t. x ≥ 1", squareAboveOne, 1, 1, 2, 1, 1, math.Inf(1), true, true},
		// θ_D(α) = −1/(4α) → 0 = p*, never reached; no KKT multiplier.
		{"min x s.t. x² ≤ 0", lineOnPoint, 0, 0, nan, 0, 0, 0, false, false},
		// The constraint is inactive at the unconstrained minimum: α* = 0.
		{"min (x − 1)² s.t. x² ≤ 4", Problem{Quadratic{1, -2, 1}, Quadratic{1, 0, -4}}, 1, 0, 0, 0, -2, 2, true, true},
		// Active at the right end of [−2, 2]: f'(2) = −2, c'(2) = 4, α* = 1/2.
		{"min (x − 3)² s.t. x² ≤ 4", Problem{Quadratic{1, -6, 9}, Quadratic{1, 0, -4}}, 2, 1, 0.5, 1, -2, 2, true, true},
		// An affine objective on an interval: x* = −2, f'/c' = 1/(−4).
		{"min x s.t. x² ≤ 4", Problem{Quadratic{0, 1, 0}, Quadratic{1, 0, -4}}, -2, -2, 0.25, -2, -2, 2, true, true},
		// No Slater point, yet α* = 0 works: f'(2) = 0 at the only feasible point.
		{"min (x − 2)² s.t. (x − 2)² ≤ 0", Problem{Quadratic{1, -4, 4}, Quadratic{1, -4, 4}}, 2, 0, 0, 0, 2, 2, false, true},
		// A constant constraint 0 ≤ 0 holds everywhere, no point is strict.
		{"min x² + x s.t. 0 ≤ 0", Problem{Quadratic{1, 1, 0}, Quadratic{}}, -0.5, -0.25, 0, -0.25, math.Inf(-1), math.Inf(1), false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := c.p.Solve()
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range []struct {
				name      string
				got, want float64
			}{{"x*", s.X, c.x}, {"p*", s.P, c.pstar}, {"α*", s.Alpha, c.alpha}, {"d*", s.D, c.d}, {"lo", s.Lo, c.lo}, {"hi", s.Hi, c.hi}} {
				if !(math.IsNaN(v.want) && math.IsNaN(v.got)) && !(v.got == v.want || scalar.EqualWithinAbs(v.got, v.want, tol)) {
					t.Errorf("%s = %v, want %v", v.name, v.got, v.want)
				}
			}
			if s.Slater != c.slater || s.Attained != c.attained {
				t.Errorf("Slater %v, attained %v; want %v, %v", s.Slater, s.Attained, c.slater, c.attained)
			}
		})
	}
}

// The dual functions of notebook 07 in closed form.
func TestDualFunction(t *testing.T) {
	for _, alpha := range []float64{0, 0.5, 1, 2, 3, 4, 10} {
		got, x := squareAboveOne.DualFunction(alpha)
		if want := alpha - alpha*alpha/4; !scalar.EqualWithinAbs(got, want, tol) || !scalar.EqualWithinAbs(x, alpha/2, tol) {
			t.Errorf("min x² s.t. x ≥ 1: θ_D(%v) = %v at x = %v, want α − α²/4 = %v at α/2", alpha, got, x, want)
		}
		got, x = lineOnPoint.DualFunction(alpha)
		want := -1 / (4 * alpha)
		if alpha == 0 {
			want = math.Inf(-1) // min_x x = −∞
		}
		if got != want && !scalar.EqualWithinAbs(got, want, tol) {
			t.Errorf("min x s.t. x² ≤ 0: θ_D(%v) = %v, want %v", alpha, got, want)
		}
		if alpha > 0 && !scalar.EqualWithinAbs(x, -1/(2*alpha), tol) {
			t.Errorf("min x s.t. x² ≤ 0: minimiser %v at α = %v, want −1/(2α)", x, alpha)
		}
	}
	// θ_P is f on the feasible set, +∞ off it.
	if got := squareAboveOne.PrimalFunction(2); got != 4 {
		t.Errorf("θ_P(2) = %v, want 4", got)
	}
	if got := squareAboveOne.PrimalFunction(0.5); !math.IsInf(got, 1) {
		t.Errorf("θ_P(1/2) = %v, want +∞", got)
	}
}

func TestSolveErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Problem
		want error
	}{
		{"concave objective", Problem{Quadratic{A: -1}, Quadratic{A: 1, C: -1}}, ErrNotConvex},
		{"concave constraint", Problem{Quadratic{A: 1}, Quadratic{A: -1, C: 1}}, ErrNotConvex},
		{"NaN coefficient", Problem{Quadratic{A: math.NaN()}, Quadratic{B: 1}}, ErrNotConvex},
		{"x² + 1 ≤ 0", Problem{Quadratic{A: 1}, Quadratic{A: 1, C: 1}}, ErrInfeasible},
		{"1 ≤ 0", Problem{Quadratic{A: 1}, Quadratic{C: 1}}, ErrInfeasible},
		{"min x s.t. x ≤ 0", Problem{Quadratic{B: 1}, Quadratic{B: 1}}, ErrUnbounded},
	} {
		if _, err := c.p.Solve(); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
}

// randomProblem returns a convex problem with a feasible set, half of them
// with a constraint that touches 0 at a single point (no Slater point).
func randomProblem(rng *rand.Rand, degenerate bool) Problem {
	f := Quadratic{A: rng.Float64() * 2, B: rng.NormFloat64() * 3, C: rng.NormFloat64()}
	if f.A < 0.2 && rng.IntN(2) == 0 {
		f.A = 0 // affine objectives too
	}
	x0, a := rng.NormFloat64()*2, 0.1+rng.Float64()*2
	r := rng.Float64() * 3 // c(x) = a((x − x0)² − r²)
	if degenerate {
		r = 0
	}
	if rng.IntN(4) == 0 && !degenerate { // an affine constraint
		s := 1.0
		if rng.IntN(2) == 0 {
			s = -1
		}
		return Problem{Objective: Quadratic{A: math.Max(f.A, 0.1), B: f.B, C: f.C}, Constraint: Quadratic{B: s * a, C: -s * a * x0}}
	}
	return Problem{Objective: f, Constraint: Quadratic{A: a, B: -2 * a * x0, C: a * (x0*x0 - r*r)}}
}

// Weak duality (Theorem C.1) and, under Slater's condition, strong duality
// and the KKT conditions (Theorems C.2 and C.3) on seeded random problems;
// without it, d* = p* as a limit when no multiplier exists.
func TestDualityProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for trial := 0; trial < 400; trial++ {
		p := randomProblem(rng, trial%4 == 0)
		name := fmt.Sprintf("trial %d: f = %v, c = %v", trial, p.Objective, p.Constraint)
		s, err := p.Solve()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		scale := 1 + math.Abs(s.P)
		if c := p.Constraint.At(s.X); c > 1e-9*scale {
			t.Errorf("%s: x* = %v infeasible, c = %v", name, s.X, c)
		}
		for range 20 {
			alpha := rng.ExpFloat64() * 5
			if th, _ := p.DualFunction(alpha); th > s.P+1e-9*scale {
				t.Errorf("%s: θ_D(%v) = %v > p* = %v", name, alpha, th, s.P)
			}
			// x* is a minimiser: no feasible point does better.
			x := s.Lo + rng.Float64()*math.Min(s.Hi-s.Lo, 10)
			if math.IsInf(s.Lo, -1) {
				x = s.Hi - rng.ExpFloat64()*5
			}
			if fx := p.PrimalFunction(x); fx < s.P-1e-9*scale {
				t.Errorf("%s: f(%v) = %v < p* = %v", name, x, fx, s.P)
			}
		}
		if s.Slater && !s.Attained {
			t.Errorf("%s: Slater's condition holds but no multiplier", name)
		}
		if !scalar.EqualWithinAbsOrRel(s.D, s.P, 1e-9, 1e-9) {
			t.Errorf("%s: d* = %v, p* = %v", name, s.D, s.P)
		}
		if s.Attained {
			grad := p.Objective.Slope(s.X) + s.Alpha*p.Constraint.Slope(s.X)
			slack := s.Alpha * p.Constraint.At(s.X)
			if s.Alpha < 0 || !scalar.EqualWithinAbs(grad, 0, 1e-9*scale) || !scalar.EqualWithinAbs(slack, 0, 1e-9*scale) {
				t.Errorf("%s: KKT fails at x* = %v, α* = %v: ∇L = %v, α*c(x*) = %v", name, s.X, s.Alpha, grad, slack)
			}
		} else if th, _ := p.DualFunction(1e6); !(th < s.P) || !scalar.EqualWithinAbsOrRel(th, s.P, 1e-4, 1e-4) {
			t.Errorf("%s: not attained, yet θ_D(10⁶) = %v against d* = %v", name, th, s.D)
		}
	}
}
