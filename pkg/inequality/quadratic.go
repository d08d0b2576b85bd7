package inequality

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// Quad is the quadratic q(x) = Ax² + 2Bx + C = Σᵢ(aᵢx + bᵢ)² of the proof of
// the Cauchy–Schwarz inequality, made by Quadratic.
type Quad struct {
	A, B, C float64 // Σaᵢ², Σaᵢbᵢ, Σbᵢ²
	// Disc is the reduced discriminant B² − AC ≤ 0, computed from the gap
	// of CauchySchwarz rather than by subtracting AC from B².
	Disc float64
	// Collinear reports whether a and b are collinear (see CauchySchwarz):
	// then Disc = 0 and q has a root.
	Collinear bool
}

// Quadratic returns the quadratic Σᵢ(aᵢx + bᵢ)² = Ax² + 2Bx + C of a and b.
// It panics if len(a) != len(b).
func Quadratic(a, b []float64) Quad {
	r := CauchySchwarz(a, b)
	disc := -r.Gap * (r.NormA*r.NormB + math.Abs(r.Inner))
	if disc == 0 {
		disc = 0 // not −0
	}
	return Quad{
		A:         floats.Dot(a, a),
		B:         r.Inner,
		C:         floats.Dot(b, b),
		Disc:      disc,
		Collinear: r.Collinear,
	}
}

// Eval returns Ax² + 2Bx + C.
func (q Quad) Eval(x float64) float64 { return (q.A*x+2*q.B)*x + q.C }

// Vertex returns the minimiser x = −B/A of q and the minimum value
// q(−B/A) = (AC − B²)/A = −Disc/A ≥ 0. When A = 0 (a = 0) q is the constant
// C, and Vertex returns (0, C).
func (q Quad) Vertex() (x, y float64) {
	if q.A == 0 {
		return 0, q.C
	}
	return -q.B / q.A, -q.Disc / q.A
}

// Root returns the double root x₀ = −B/A of q and true when a and b are
// collinear, so that b = −x₀·a and aᵢx₀ + bᵢ = 0 for every i. When a = 0, q
// is the constant C: Root returns (0, true) if also b = 0 and (0, false)
// otherwise. When a and b are not collinear q has no real root and Root
// returns (NaN, false).
func (q Quad) Root() (x float64, ok bool) {
	switch {
	case q.A == 0:
		return 0, q.C == 0
	case q.Collinear:
		return -q.B / q.A, true
	}
	return math.NaN(), false
}

// SumOfSquares returns Σᵢ(aᵢx + bᵢ)², the left side of the identity
// Σᵢ(aᵢx + bᵢ)² = Ax² + 2Bx + C. It panics if len(a) != len(b).
func SumOfSquares(a, b []float64, x float64) float64 {
	if len(a) != len(b) {
		panic(errLength)
	}
	var s float64
	for i := range a {
		t := a[i]*x + b[i]
		s += t * t
	}
	return s
}
