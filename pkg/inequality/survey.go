package inequality

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
)

// Survey summarises the Cauchy–Schwarz inequality checked on many random
// pairs of vectors (RandomPairs). Both sides are computed directly, from the
// sums Σaᵢbᵢ, Σaᵢ² and Σbᵢ², not from Result.Gap, which is ≥ 0 by
// construction and so checks nothing.
type Survey struct {
	Pairs, Dim int
	// MinGap is the least ‖a‖‖b‖ − |⟨a, b⟩| over the pairs; the inequality
	// says it is ≥ 0.
	MinGap float64
	// MaxCos is the largest |cos θ| = |⟨a, b⟩|/(‖a‖‖b‖), at most 1.
	MaxCos float64
	// MaxDisc is the largest reduced discriminant B² − AC = (Σaᵢbᵢ)² −
	// Σaᵢ²·Σbᵢ² of the proof's quadratic, at most 0 — up to rounding: for
	// collinear pairs (every pair when Dim = 1) the difference of the two
	// products is rounding noise of either sign, a few units in the last
	// place of AC (Quad.Disc avoids it).
	MaxDisc float64
	// Violations counts the pairs with ‖a‖‖b‖ − |⟨a, b⟩| < 0 as computed.
	// Rounding could cause one only for nearly collinear pairs of Dim ≥ 2,
	// which random vectors almost never are; for Dim = 1 both sides are
	// equal exactly.
	Violations int
}

// RandomPairs draws pairs of vectors a, b ∈ R^dim with independent standard
// normal entries from src (nil means rand.NewPCG(1, 1)) and checks the
// Cauchy–Schwarz inequality on each, in both of its forms: |⟨a, b⟩| ≤ ‖a‖‖b‖
// and B² ≤ AC. It panics if pairs < 1 or dim < 1.
func RandomPairs(src rand.Source, pairs, dim int) Survey {
	if pairs < 1 || dim < 1 {
		panic(errSurvey)
	}
	if src == nil {
		src = rand.NewPCG(1, 1)
	}
	rng := rand.New(src)
	s := Survey{Pairs: pairs, Dim: dim, MinGap: math.Inf(1), MaxCos: math.Inf(-1), MaxDisc: math.Inf(-1)}
	a, b := make([]float64, dim), make([]float64, dim)
	for range pairs {
		for i := range a {
			a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		inner, aa, bb := floats.Dot(a, b), floats.Dot(a, a), floats.Dot(b, b)
		na, nb := math.Sqrt(aa), math.Sqrt(bb)
		gap := na*nb - math.Abs(inner)
		disc := inner*inner - aa*bb
		s.MinGap = math.Min(s.MinGap, gap)
		s.MaxCos = math.Max(s.MaxCos, math.Abs(inner)/(na*nb))
		s.MaxDisc = math.Max(s.MaxDisc, disc)
		if gap < 0 {
			s.Violations++
		}
	}
	return s
}

// errSurvey is the panic message of RandomPairs.
const errSurvey = "inequality: RandomPairs needs at least one pair of vectors of dimension ≥ 1"
