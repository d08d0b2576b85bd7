package kernel

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/dots"
)

// Gram returns the n×n Gram matrix G[i][j] = K(xᵢ, xⱼ) of the rows of x.
//
// For the Linear, Polynomial and RBF kernels the inner products xᵢ·xⱼ are
// computed in tiles (blockRows rows of x at a time, four by two in
// registers, each row of the tile's four read once for two others; see
// internal/dots), as a BLAS matrix product XXᵀ is, and the kernel finishes each tile while it is
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
			dots.Tile4(xs, d, i, max(j0, i), j1, out, stride)
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

func dot(a, b []float64) float64 { return dots.Dot(a, b) }

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
