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

// Dot returns a·b for len(b) ≥ len(a) (gonum's floats.Dot).
func Dot(a, b []float64) float64 { return floats.Dot(a, b[:len(a)]) }

// Tile4 stores xᵣ·xⱼ in out[r·stride + j] for the four rows r = i, …, i+3
// and j0 ≤ j < j1 of the matrix xs, whose rows of length d lie one after the
// other; two columns j at a time, eight sums in registers (ymm on amd64,
// four lanes each).
func Tile4(xs []float64, d, i, j0, j1 int, out []float64, stride int) {
	a0 := xs[i*d : i*d+d]
	a1 := xs[(i+1)*d : (i+1)*d+d]
	a2 := xs[(i+2)*d : (i+2)*d+d]
	a3 := xs[(i+3)*d : (i+3)*d+d]
	o0, o1, o2, o3 := out[i*stride:], out[(i+1)*stride:], out[(i+2)*stride:], out[(i+3)*stride:]
	m := 0
	if hasAVX && d >= 4 {
		m = d &^ 3
	}
	var s [8]float64
	j := j0
	for ; j+2 <= j1; j += 2 {
		b0 := xs[j*d : j*d+d]
		b1 := xs[(j+1)*d : (j+1)*d+d]
		if m > 0 {
			dot4x2AVX(&a0[0], &a1[0], &a2[0], &a3[0], &b0[0], &b1[0], m, &s)
		} else {
			s = [8]float64{}
		}
		for k := m; k < d; k++ {
			u, v := b0[k], b1[k]
			s[0] += a0[k] * u
			s[1] += a0[k] * v
			s[2] += a1[k] * u
			s[3] += a1[k] * v
			s[4] += a2[k] * u
			s[5] += a2[k] * v
			s[6] += a3[k] * u
			s[7] += a3[k] * v
		}
		o0[j], o0[j+1] = s[0], s[1]
		o1[j], o1[j+1] = s[2], s[3]
		o2[j], o2[j+1] = s[4], s[5]
		o3[j], o3[j+1] = s[6], s[7]
	}
	if j < j1 {
		b := xs[j*d : j*d+d]
		o0[j], o1[j], o2[j], o3[j] = Dot(a0, b), Dot(a1, b), Dot(a2, b), Dot(a3, b)
	}
}
