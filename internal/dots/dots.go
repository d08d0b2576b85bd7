// Package dots computes many inner products of rows at once, for Gram
// matrices (pkg/kernel) and SMO's kernel columns (pkg/svm): with AVX2 and
// FMA on amd64 (four lanes of fused multiply-adds, the rows of a tile read
// once for several others), and in Go elsewhere or with the build tag
// purego. Go emits no packed arithmetic, and gonum's BLAS uses SSE2 for
// its level-1 kernels only: a Gram matrix of 2000 points in R¹⁰⁰ took
// gonum's Dsyrk 53 ms of one core and a Go register tile 74 ms, against
// 23 ms here and 17–19 ms for numpy's OpenBLAS (bench/README.md). A kernel
// column of SMO is one matrix–vector product (Gemv, four rows at a time in
// ymm registers, against gonum's GemvN with SSE2) and, for the Gaussian
// kernel, an exponential of each product rounded to float32 (Gauss32, four
// at a time, against one at a time in Go).
//
// Sums are formed in another order than a loop's, so results differ from
// floats.Dot's by rounding (a few units in the last place of the terms).
package dots

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
)

// Assembly reports whether Tile4, Gemv and Gauss32 run the AVX2 and FMA
// assembly (amd64 with both, without the build tag purego). Callers that
// have a faster way than Tile4's Go loop elsewhere (gonum's Dgemm for a
// tile of SMO's recomputation) ask it.
func Assembly() bool { return hasAVX }

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

// Gemv stores xs[r·d : r·d+d]·v in out[r] for r < len(out), the rows of
// length d of xs lying one after the other: with AVX2 and FMA four rows at
// a time (the last d mod 4 elements of a row by masked loads, the last
// len(out) mod 4 rows by Dot), elsewhere by gonum's Dgemv. It panics if xs
// holds fewer than len(out) rows or v fewer than d elements.
func Gemv(xs []float64, d int, v, out []float64) {
	n := len(out)
	if n == 0 {
		return
	}
	xs, v = xs[:n*d], v[:d]
	if d == 0 {
		clear(out)
		return
	}
	if !hasAVX {
		blas64.Gemv(blas.NoTrans, 1, blas64.General{Rows: n, Cols: d, Stride: d, Data: xs},
			blas64.Vector{N: d, Inc: 1, Data: v}, 0, blas64.Vector{N: n, Inc: 1, Data: out})
		return
	}
	m := n &^ 3
	if m > 0 {
		gemvAVX(&xs[0], d, m, &v[0], &out[0])
	}
	for r := m; r < n; r++ {
		out[r] = floats.Dot(xs[r*d:(r+1)*d], v)
	}
}

// Gauss32 stores float32(e^{g·max(0, sqi + sq[k] − 2·dot[k])}) in out[k]
// for k < len(out): Gaussian kernel values K(x, z) = e^{−γ‖x − z‖²} (g = −γ)
// from ‖x − z‖² = ‖x‖² + ‖z‖² − 2x·z, clamped at 0 where it rounds below,
// rounded to float32. eˣ is computed to a relative error below 2⁻²⁶ (see
// exp32), with AVX2 and FMA four values at a time. It panics if dot or sq is
// shorter than out.
func Gauss32(out []float32, dot, sq []float64, sqi, g float64) {
	n := len(out)
	dot, sq = dot[:n], sq[:n]
	m := 0
	if hasAVX {
		m = n &^ 3
		if m > 0 {
			rbf32AVX(&dot[0], &sq[0], m, sqi, g, &out[0])
		}
	}
	for k := m; k < n; k++ {
		out[k] = float32(exp32(g * max(0, sqi+sq[k]-2*dot[k])))
	}
}

// exp32 returns eˣ for x ≤ 0 to a relative error below 2⁻²⁶, a
// quarter of float32's rounding, and 0 where float32 rounds eˣ to 0; NaN
// stays NaN. It writes eˣ = 2ᵏ·eʳ with k = round(x/ln 2), |r| ≤ ln2/2, and
// eʳ by its Taylor polynomial of degree 7, whose remainder is below
// r⁸/8!·e^{|r|} < 10⁻⁸. Unlike math.Exp, which is an assembly call, it is
// inlined into the loop over a kernel column. (rbf32AVX computes the same
// with fused multiply-adds.)
func exp32(x float64) float64 {
	if !(x >= -104) { // e⁻¹⁰⁴ < 2⁻¹⁵⁰, half float32's least subnormal
		if x != x {
			return x
		}
		return 0
	}
	// Round x/ln 2 to an integer by adding and subtracting 1.5·2⁵²
	// (math.Floor is a call on amd64 without GOAMD64=v2).
	const round = 0x1.8p52
	k := (x*math.Log2E + round) - round
	r := x - k*math.Ln2
	// The polynomial by Estrin's scheme: short chains of dependent
	// operations.
	r2 := r * r
	p := (1 + r) + r2*(1.0/2+r*(1.0/6)) + r2*r2*((1.0/24+r*(1.0/120))+r2*(1.0/720+r*(1.0/5040)))
	return p * math.Float64frombits(uint64(int64(k)+1023)<<52)
}
