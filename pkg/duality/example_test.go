package duality_test

import (
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/duality"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// min x² s.t. x ≥ 1: the Lagrangian x² + α(1 − x) is minimal at x = α/2,
// so θ_D(α) = α − α²/4, largest at α* = 2, where d* = p* = 1 (Theorem C.2).
func ExampleProblem_Solve() {
	p := duality.Problem{Objective: duality.Quadratic{A: 1}, Constraint: duality.Quadratic{B: -1, C: 1}}
	for _, alpha := range []float64{0, 1, 2, 3} {
		th, x := p.DualFunction(alpha)
		fmt.Printf("θ_D(%s) = %s at x = %s\n", notation.Number(alpha), notation.Number(th), notation.Number(x))
	}
	s, err := p.Solve()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("x* = %s, p* = %s, α* = %s, d* = %s, Slater: %v\n",
		notation.Number(s.X), notation.Number(s.P), notation.Number(s.Alpha), notation.Number(s.D), s.Slater)
	// Output:
	// θ_D(0) = 0 at x = 0
	// θ_D(1) = 3/4 at x = 1/2
	// θ_D(2) = 1 at x = 1
	// θ_D(3) = 3/4 at x = 3/2
	// x* = 1, p* = 1, α* = 2, d* = 1, Slater: true
}

// min x s.t. x² ≤ 0: the only feasible point is x* = 0, no point is
// strictly feasible, and no multiplier exists, since f'(0) + αc'(0) = 1 for
// every α. θ_D(α) = −1/(4α) climbs towards p* = 0 and never reaches it.
func ExampleProblem_Solve_noMultiplier() {
	p := duality.Problem{Objective: duality.Quadratic{B: 1}, Constraint: duality.Quadratic{A: 1}}
	for _, alpha := range []float64{0, 1, 10, 100} {
		th, _ := p.DualFunction(alpha)
		fmt.Printf("θ_D(%s) = %s\n", notation.Number(alpha), notation.Number(th))
	}
	s, err := p.Solve()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("x* = %s, p* = %s, α* = %v, d* = %s attained: %v, Slater: %v\n",
		notation.Number(s.X), notation.Number(s.P), s.Alpha, notation.Number(s.D), s.Attained, s.Slater)
	// Output:
	// θ_D(0) = −∞
	// θ_D(1) = −1/4
	// θ_D(10) = −0.025
	// θ_D(100) = −0.0025
	// x* = 0, p* = 0, α* = NaN, d* = 0 attained: false, Slater: false
}
