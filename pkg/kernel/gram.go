package kernel

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Gram returns the n×n Gram matrix G[i][j] = K(xᵢ, xⱼ) of the rows of x.
//
// For the Linear, Polynomial and RBF kernels the inner products xᵢ·xⱼ are
// computed in tiles (blockRows rows of x at a time, four by two in
// registers, each row of the tile's four read once for two others), as a
// BLAS matrix product XXᵀ is, and the kernel finishes each tile while it is
// in the processor's cache: the polynomial through Polynomial.FromDot, the
// Gaussian from ‖xᵢ − xⱼ‖² = ‖xᵢ‖² + ‖xⱼ‖² − 2xᵢ·xⱼ, clamped at 0 (the
// difference can round below 0 for near points), with the diagonal exactly
// K(x, x) = 1. That formula loses digits to cancellation when ‖xᵢ − xⱼ‖² is
// far below ‖xᵢ‖² + ‖xⱼ‖²: the error of Gᵢⱼ is then about 2⁻⁵²·γ(‖xᵢ‖² +
// ‖xⱼ‖²)·Gᵢⱼ, relative, which is below 10⁻¹⁴ for scaled data and a γ of the
// order of 1/d. Other kernels are evaluated pair by pair. The matrix is
// symmetric by construction (a SymDense stores one triangle).
func Gram(k Kernel, x mat.Matrix) *mat.SymDense {
	n, d := x.Dims()
	g := mat.NewSymDense(n, nil)
	if n == 0 {
		return g
	}
	var kind int
	switch k.(type) {
	case Linear:
		kind = gramLinear
	case Polynomial:
		kind = gramPoly
	case RBF:
		kind = gramRBF
	default:
		rows := Rows(x)
		for i := range n {
			for j := i; j < n; j++ {
				g.SetSym(i, j, k.Eval(rows[i], rows[j]))
			}
		}
		return g
	}
	xs := contiguous(x)
	var sq []float64
	if kind == gramRBF {
		sq = make([]float64, n)
		for i := range n {
			r := xs[i*d : i*d+d]
			sq[i] = dot(r, r)
		}
		if anyInf(sq) {
			// ‖x‖² overflows: evaluate from the differences.
			rows := Rows(x)
			for i := range n {
				for j := i; j < n; j++ {
					g.SetSym(i, j, k.Eval(rows[i], rows[j]))
				}
			}
			return g
		}
	}
	raw := g.RawSymmetric()
	out, stride := raw.Data, raw.Stride
	for j0 := 0; j0 < n; j0 += blockRows {
		j1 := min(j0+blockRows, n)
		// The rows i ≤ j of the upper triangle that meet the columns
		// [j0, j1): four at a time, then one at a time.
		i := 0
		for ; i+4 <= j1; i += 4 {
			dotRows4(xs, d, i, max(j0, i), j1, out, stride)
			for r := i; r < i+4; r++ {
				finish(k, kind, out[r*stride:], sq, r, max(j0, r), j1)
			}
		}
		for ; i < j1; i++ {
			dotRows1(xs, d, i, max(j0, i), j1, out, stride)
			finish(k, kind, out[i*stride:], sq, i, max(j0, i), j1)
		}
	}
	return g
}

// The kernels that Gram computes from inner products.
const (
	gramLinear = iota + 1
	gramPoly
	gramRBF
)

// blockRows is the number of rows of x whose products with all earlier rows
// Gram computes together: 128 rows of d = 100 are 100 KB, which stay in the
// processor's second-level cache while the rows before them pass.
const blockRows = 128

// contiguous returns the rows of x one after the other (x's own storage
// when it is a *mat.Dense without gaps).
func contiguous(x mat.Matrix) []float64 {
	n, d := x.Dims()
	if raw, ok := x.(mat.RawMatrixer); ok {
		if m := raw.RawMatrix(); m.Stride == d {
			return m.Data[:n*d]
		}
	}
	xs := make([]float64, n*d)
	for i, r := range Rows(x) {
		copy(xs[i*d:], r)
	}
	return xs
}

func anyInf(v []float64) bool {
	for _, a := range v {
		if math.IsInf(a, 0) {
			return true
		}
	}
	return false
}

// finish turns the inner products row[j] = xᵢ·xⱼ, j0 ≤ j < j1, into kernel
// values.
func finish(k Kernel, kind int, row, sq []float64, i, j0, j1 int) {
	seg := row[j0:j1]
	switch kind {
	case gramPoly:
		p := k.(Polynomial)
		for j, v := range seg {
			seg[j] = p.FromDot(v)
		}
	case gramRBF:
		g := -k.(RBF).Gamma
		sqi := sq[i]
		s := sq[j0:j1]
		s = s[:len(seg)]
		for j, v := range seg {
			seg[j] = math.Exp(g * max(0, sqi+s[j]-2*v))
		}
		if j0 == i {
			seg[0] = 1 // K(x, x) = exp(0), whatever the rounding of the sum
		}
	}
}

// dot returns a·b (gonum's assembly).
func dot(a, b []float64) float64 { return floats.Dot(a, b[:len(a)]) }

// dotRows4 stores xᵣ·xⱼ in out[r·stride + j] for the four rows r = i, …,
// i+3 and j0 ≤ j < j1 (entries below the diagonal included: the caller
// reads only the upper triangle), two columns at a time: eight sums in
// registers, six loads for eight multiply-adds.
func dotRows4(xs []float64, d, i, j0, j1 int, out []float64, stride int) {
	a0 := xs[i*d : i*d+d]
	a1 := xs[(i+1)*d : (i+1)*d+d]
	a2 := xs[(i+2)*d : (i+2)*d+d]
	a3 := xs[(i+3)*d : (i+3)*d+d]
	o0, o1, o2, o3 := out[i*stride:], out[(i+1)*stride:], out[(i+2)*stride:], out[(i+3)*stride:]
	j := j0
	if hasAVX && d >= 4 {
		m := d &^ 3 // dot4x2AVX's part; the rest, below
		var s [8]float64
		for ; j+2 <= j1; j += 2 {
			b0 := xs[j*d : j*d+d]
			b1 := xs[(j+1)*d : (j+1)*d+d]
			dot4x2AVX(&a0[0], &a1[0], &a2[0], &a3[0], &b0[0], &b1[0], m, &s)
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
	}
	for ; j+2 <= j1; j += 2 {
		b0 := xs[j*d : j*d+d]
		b1 := xs[(j+1)*d : (j+1)*d+d]
		a1, a2, a3, b0, b1 := a1[:len(a0)], a2[:len(a0)], a3[:len(a0)], b0[:len(a0)], b1[:len(a0)]
		var s00, s01, s10, s11, s20, s21, s30, s31 float64
		for k, p := range a0 {
			u, v := b0[k], b1[k]
			s00 += p * u
			s01 += p * v
			q := a1[k]
			s10 += q * u
			s11 += q * v
			q = a2[k]
			s20 += q * u
			s21 += q * v
			q = a3[k]
			s30 += q * u
			s31 += q * v
		}
		o0[j], o0[j+1] = s00, s01
		o1[j], o1[j+1] = s10, s11
		o2[j], o2[j+1] = s20, s21
		o3[j], o3[j+1] = s30, s31
	}
	if j < j1 {
		b := xs[j*d : j*d+d]
		o0[j], o1[j], o2[j], o3[j] = dot(a0, b), dot(a1, b), dot(a2, b), dot(a3, b)
	}
}

// dotRows1 stores xᵢ·xⱼ in out[i·stride + j] for j0 ≤ j < j1.
func dotRows1(xs []float64, d, i, j0, j1 int, out []float64, stride int) {
	a := xs[i*d : i*d+d]
	o := out[i*stride:]
	for j := j0; j < j1; j++ {
		o[j] = dot(a, xs[j*d:j*d+d])
	}
}

// Rows returns the rows of x as slices. When x is a *mat.Dense the slices
// share its storage; otherwise the rows are copied.
func Rows(x mat.Matrix) [][]float64 {
	n, d := x.Dims()
	rows := make([][]float64, n)
	if dense, ok := x.(mat.RawMatrixer); ok {
		raw := dense.RawMatrix()
		for i := range rows {
			rows[i] = raw.Data[i*raw.Stride : i*raw.Stride+d : i*raw.Stride+d]
		}
		return rows
	}
	data := make([]float64, n*d)
	for i := range rows {
		rows[i] = data[i*d : (i+1)*d : (i+1)*d]
		mat.Row(rows[i], i, x)
	}
	return rows
}
