// Package dots computes many inner products of rows at once, for Gram
// matrices (pkg/kernel): with AVX2 and
// FMA on amd64 (four lanes of fused multiply-adds, the rows of a tile read
// once for several others), and in Go elsewhere or with the build tag
// purego. Go emits no packed arithmetic, and gonum's BLAS uses SSE2 for
// its level-1 kernels only: a Gram matrix of 2000 points in R¹⁰⁰ took
// gonum's Dsyrk 53 ms of one core and a Go register tile 74 ms, against
// 23 ms here and 17–19 ms for numpy's OpenBLAS (bench/README.md). (SMO's
// columns, one matrix–vector product each, are bound by memory, not by
// arithmetic: gonum's GemvN does as well there.)
//
// Sums are formed in another order than a loop's, so results differ from
// floats.Dot's by rounding (a few units in the last place of the terms).
package dots

import "gonum.org/v1/gonum/floats"

// Rows4x2 stores in out the inner products of a0, a1, a2, a3 with b0 and
// b1, in the order a0·b0, a0·b1, a1·b0, …, a3·b1. All have the length of a0.
func Rows4x2(a0, a1, a2, a3, b0, b1 []float64, out *[8]float64) {
	d := len(a0)
	a1, a2, a3, b0, b1 = a1[:d], a2[:d], a3[:d], b0[:d], b1[:d]
	m := 0
	if hasAVX && d >= 4 {
		m = d &^ 3
		dot4x2AVX(&a0[0], &a1[0], &a2[0], &a3[0], &b0[0], &b1[0], m, out)
	} else {
		*out = [8]float64{}
	}
	for k := m; k < d; k++ {
		u, v := b0[k], b1[k]
		out[0] += a0[k] * u
		out[1] += a0[k] * v
		out[2] += a1[k] * u
		out[3] += a1[k] * v
		out[4] += a2[k] * u
		out[5] += a2[k] * v
		out[6] += a3[k] * u
		out[7] += a3[k] * v
	}
}

// Dot returns a·b for len(b) ≥ len(a) (gonum's floats.Dot).
func Dot(a, b []float64) float64 { return floats.Dot(a, b[:len(a)]) }
