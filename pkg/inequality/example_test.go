package inequality_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/inequality"
)

func ExampleCauchySchwarz() {
	a, b := []float64{1, 2, 3}, []float64{4, 5, 6}
	r := inequality.CauchySchwarz(a, b)
	fmt.Printf("⟨a,b⟩ = %.4g ≤ ‖a‖‖b‖ = %.4g·%.4g = %.4g\n", r.Inner, r.NormA, r.NormB, r.NormA*r.NormB)
	fmt.Printf("gap %.4g, angle %.4g rad, collinear %v\n", r.Gap, r.Angle, r.Collinear)

	c := inequality.CauchySchwarz(a, []float64{-2, -4, -6})
	fmt.Printf("b = −2a: ⟨a,b⟩ = %.4g, ‖a‖‖b‖ = %.4g, gap %.4g, collinear %v\n",
		c.Inner, c.NormA*c.NormB, c.Gap, c.Collinear)
	// Output:
	// ⟨a,b⟩ = 32 ≤ ‖a‖‖b‖ = 3.742·8.775 = 32.83
	// gap 0.8329, angle 0.2257 rad, collinear false
	// b = −2a: ⟨a,b⟩ = -28, ‖a‖‖b‖ = 28, gap 0, collinear true
}

// The quadratic of seed 001's first proof, with the vertex corrected to
// (−B/A, (AC − B²)/A).
func ExampleQuadratic() {
	a, b := []float64{1, 2, 3}, []float64{4, 5, 6}
	q := inequality.Quadratic(a, b)
	fmt.Printf("A=%.4g B=%.4g C=%.4g, B²−AC = %.4g\n", q.A, q.B, q.C, q.Disc)
	x, y := q.Vertex()
	fmt.Printf("vertex (%.4g, %.4g); q(x) = %.4g = Σ(aᵢx+bᵢ)² = %.4g\n", x, y, q.Eval(x), inequality.SumOfSquares(a, b, x))
	fmt.Printf("seed 001's AC−B² = %.4g is A times the minimum\n", q.A*q.C-q.B*q.B)

	c := inequality.Quadratic(a, []float64{-2, -4, -6})
	root, ok := c.Root()
	fmt.Printf("b = −2a: B²−AC = %.4g, root %.4g (%v)\n", c.Disc, root, ok)
	// Output:
	// A=14 B=32 C=77, B²−AC = -54
	// vertex (-2.286, 3.857); q(x) = 3.857 = Σ(aᵢx+bᵢ)² = 3.857
	// seed 001's AC−B² = 54 is A times the minimum
	// b = −2a: B²−AC = 0, root 2 (true)
}
