// Package inequality computes the Cauchy–Schwarz inequality
//
//	|⟨a, b⟩| ≤ ‖a‖ ‖b‖,  with equality exactly when a and b are collinear,
//
// its gap ‖a‖‖b‖ − |⟨a, b⟩|, and the quadratic of its classical proof.
//
// CauchySchwarz returns a Result (the inner product, both norms, the gap,
// the angle, whether a and b are collinear); Quadratic returns the Quad
// q(x) = Ax² + 2Bx + C of the proof, with its Root and Vertex;
// RandomPairs surveys many random pairs (a Survey):
//
//	r := inequality.CauchySchwarz([]float64{1, 2}, []float64{2, 4})
//	// r.Inner = 10, r.NormA·r.NormB = 10, r.Gap = 0, r.Collinear = true
//	q := inequality.Quadratic([]float64{1, 2}, []float64{2, 4})
//	x, ok := q.Root() // −2, true: b = 2a, so aᵢx + bᵢ = 0 at x = −2
//
// # The proof
//
// The inequality joins the two halves of the proof of Novikoff's theorem
// (Li Hang, Statistical Learning Methods, Theorem 2.1; CS229 lecture notes 6):
// kηγ ≤ ŵ_k·ŵ_opt ≤ ‖ŵ_k‖‖ŵ_opt‖ ≤ √k·ηR. Seed 001 of the lecture notes
// proves it through the quadratic
//
//	q(x) = Σᵢ (aᵢx + bᵢ)² = Ax² + 2Bx + C ≥ 0,  A = Σaᵢ², B = Σaᵢbᵢ, C = Σbᵢ²,
//
// which is never negative, so it has at most one real root and its reduced
// discriminant B² − AC (a quarter of (2B)² − 4AC) is ≤ 0: that is
// B² ≤ AC, the inequality squared. A double root x₀ = −B/A exists exactly
// when aᵢx₀ + bᵢ = 0 for every i, that is when b = −x₀·a: equality holds iff
// a and b are collinear. For A > 0 the minimum of q is at x = −B/A, with
// value (AC − B²)/A. (Seed 001 expands the square as x²Σaᵢ² + xΣaᵢbᵢ + Σbᵢ²,
// dropping the factor 2 of the middle term that its next line, Ax² + 2Bx + C,
// has again; and it gives the vertex as (−B/A, AC − B²), missing the division
// by A of the second coordinate. Quad.Vertex gives the corrected value.)
//
// The gap is computed from the unit vectors u = a/‖a‖ and v = b/‖b‖ as
// ‖a‖‖b‖·‖u ∓ v‖²/2, which keeps its relative accuracy when a and b are nearly
// collinear, where ‖a‖‖b‖ − |⟨a, b⟩| would cancel to noise; AC − B² is
// derived from it. The angle between a and b is 2·atan2(‖u − v‖, ‖u + v‖)
// (Kahan's formula), accurate near 0 and π.
//
// Notebook 05-cauchy-schwarz walks through both proofs of seed 001 with these
// functions; notebook 04-novikoff uses the inequality in the mistake bound.
package inequality
