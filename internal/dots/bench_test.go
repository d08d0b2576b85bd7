package dots

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkColumn measures the two steps of an SMO kernel column of 10⁴
// points in R²⁰ (the bench/compare.sh set): the products (Gemv) and the
// Gaussian transform into float32 (Gauss32).
func BenchmarkColumn(b *testing.B) {
	const n, d = 10000, 20
	rng := rand.New(rand.NewPCG(1, 1))
	x, sq, dot := make([]float64, n*d), make([]float64, n), make([]float64, n)
	for k := range x {
		x[k] = 2*rng.Float64() - 1
	}
	for r := range sq {
		sq[r], _ = naive(x[r*d:(r+1)*d], x[r*d:(r+1)*d])
	}
	out := make([]float32, n)
	b.Run("Gemv", func(b *testing.B) {
		for b.Loop() {
			Gemv(x, d, x[:d], dot)
		}
	})
	b.Run("Gauss32", func(b *testing.B) {
		for b.Loop() {
			Gauss32(out, dot, sq, sq[0], -0.05)
		}
	})
}
