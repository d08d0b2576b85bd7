package dots

import (
	"math"
	"math/rand/v2"
	"testing"
)

// naive returns a·b summed in order.
func naive(a, b []float64) (s, abs float64) {
	for k, v := range a {
		s += v * b[k]
		abs += math.Abs(v * b[k])
	}
	return s, abs
}

// TestRows4x2 compares Rows4x2 with sums in order, for every length that
// leaves a remainder of the lanes: within 1e-14 of the sum of |terms|.
func TestRows4x2(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for d := 0; d <= 13; d++ {
		x := make([]float64, 6*d)
		for k := range x {
			x[k] = rng.NormFloat64()
		}
		row := func(k int) []float64 { return x[k*d : (k+1)*d] }
		var out [8]float64
		Rows4x2(row(0), row(1), row(2), row(3), row(4), row(5), &out)
		for r := range 4 {
			for c := range 2 {
				want, abs := naive(row(r), row(4+c))
				if got := out[2*r+c]; math.Abs(got-want) > 1e-14*abs {
					t.Errorf("d=%d: row %d·row %d = %v, want %v", d, r, 4+c, got, want)
				}
			}
		}
	}
}
