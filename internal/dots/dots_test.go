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

// TestTile4 compares Tile4 with sums in order, for every length that
// leaves a remainder of the lanes and an odd number of columns: within
// 1e-14 of the sum of |terms|.
func TestTile4(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for d := 0; d <= 13; d++ {
		const n = 11
		x := make([]float64, n*d)
		for k := range x {
			x[k] = rng.NormFloat64()
		}
		for _, j1 := range []int{4, 9, 10, 11} {
			out := make([]float64, n*n)
			Tile4(x, d, 1, 4, j1, out, n)
			for r := 1; r < 5; r++ {
				for j := 4; j < j1; j++ {
					want, abs := naive(x[r*d:(r+1)*d], x[j*d:(j+1)*d])
					if got := out[r*n+j]; math.Abs(got-want) > 1e-14*abs {
						t.Errorf("d=%d j1=%d: row %d·row %d = %v, want %v", d, j1, r, j, got, want)
					}
				}
			}
		}
	}
}

// TestGemv compares Gemv with sums in order, for every length that leaves
// a remainder of the lanes and every number of rows that leaves one of the
// blocks of four: within 1e-14 of the sum of |terms|.
func TestGemv(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for d := 0; d <= 13; d++ {
		for n := 0; n <= 9; n++ {
			x := make([]float64, n*d)
			v := make([]float64, d)
			for k := range x {
				x[k] = rng.NormFloat64()
			}
			for k := range v {
				v[k] = rng.NormFloat64()
			}
			out := make([]float64, n)
			for r := range out {
				out[r] = math.NaN() // every element is written
			}
			Gemv(x, d, v, out)
			for r, got := range out {
				want, abs := naive(x[r*d:(r+1)*d], v)
				if math.Abs(got-want) > 1e-14*abs || math.IsNaN(got) {
					t.Errorf("d=%d n=%d: row %d·v = %v, want %v", d, n, r, got, want)
				}
			}
		}
	}
}
