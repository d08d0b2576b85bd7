package kernel

import (
	"gonum.org/v1/gonum/mat"
)

// Gram returns the n×n Gram matrix G[i][j] = K(xᵢ, xⱼ) of the rows of x.
// For the Linear kernel it is computed as the symmetric rank-k update
// G = XXᵀ (mat.SymDense.SymOuterK), which uses BLAS; other kernels are
// evaluated pairwise on the upper triangle.
func Gram(k Kernel, x mat.Matrix) *mat.SymDense {
	n, _ := x.Dims()
	g := mat.NewSymDense(n, nil)
	if _, ok := k.(Linear); ok {
		g.SymOuterK(1, x)
		return g
	}
	rows := Rows(x)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			g.SetSym(i, j, k.Eval(rows[i], rows[j]))
		}
	}
	return g
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
