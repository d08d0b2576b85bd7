package inequality

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// CollinearTol is the tolerance of the collinearity test: nonzero a and b
// count as collinear when the sine of the angle between them is at most
// CollinearTol. A zero vector is collinear with every vector.
const CollinearTol = 1e-10

// Result holds the two sides of the Cauchy–Schwarz inequality for a pair of
// vectors.
type Result struct {
	Inner        float64 // ⟨a, b⟩ = Σ aᵢbᵢ
	NormA, NormB float64 // ‖a‖, ‖b‖ (Euclidean)
	// Gap is ‖a‖‖b‖ − |⟨a, b⟩| ≥ 0, computed without cancellation (see the
	// package documentation).
	Gap float64
	// Angle is the angle between a and b in [0, π], NaN if either is zero.
	Angle float64
	// Collinear reports whether a and b are collinear within CollinearTol:
	// the case of equality.
	Collinear bool
}

// CauchySchwarz returns the inner product and the norms of a and b, the gap
// of the inequality, the angle between the vectors and whether they are
// collinear. It panics if len(a) != len(b).
func CauchySchwarz(a, b []float64) Result {
	if len(a) != len(b) {
		panic(errLength)
	}
	r := Result{
		Inner: floats.Dot(a, b),
		NormA: floats.Norm(a, 2),
		NormB: floats.Norm(b, 2),
	}
	if r.NormA == 0 || r.NormB == 0 {
		r.Angle = math.NaN()
		r.Collinear = true
		return r
	}
	// dm = ‖u − v‖ = 2 sin(θ/2) and dp = ‖u + v‖ = 2 cos(θ/2) for the unit
	// vectors u, v, so 1 − cos θ = dm²/2, 1 + cos θ = dp²/2, sin θ = dm·dp/2.
	var dm2, dp2 float64
	for i := range a {
		u, v := a[i]/r.NormA, b[i]/r.NormB
		dm2 += (u - v) * (u - v)
		dp2 += (u + v) * (u + v)
	}
	dm, dp := math.Sqrt(dm2), math.Sqrt(dp2)
	r.Angle = 2 * math.Atan2(dm, dp)
	if r.Inner >= 0 {
		r.Gap = r.NormA * r.NormB * dm2 / 2
	} else {
		r.Gap = r.NormA * r.NormB * dp2 / 2
	}
	r.Collinear = dm*dp/2 <= CollinearTol
	return r
}
