package dataset

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Embed maps the rows of x (n×d0) into R^d, d ≥ d0, by a random linear
// isometry: x ↦ Qx for a d×d0 matrix Q with orthonormal columns, drawn
// with src (nil means rand.NewPCG(DefaultSeed, DefaultSeed)). All inner
// products xᵢ·xⱼ, norms and distances are kept up to rounding, while every
// coordinate of the result is in general nonzero. An algorithm that sees the
// data only through inner products, such as the perceptron started at w = 0
// (in either form) or the SVM, therefore makes the same decisions on the
// embedded data and does d/d0 times the arithmetic per inner product: a
// way to vary the dimension of a problem without changing the problem.
//
// It panics if d < d0.
func Embed(src rand.Source, x mat.Matrix, d int) *mat.Dense {
	n, d0 := x.Dims()
	if d < d0 {
		panic("dataset: Embed: target dimension smaller than the data's")
	}
	rng := newRand(src)
	// Columns of Q by Gram–Schmidt (twice, for orthogonality to rounding)
	// on Gaussian vectors, which are independent with probability 1.
	q := mat.NewDense(d0, d, nil) // Qᵀ: row j is column j of Q
	for j := range d0 {
		v := q.RawRowView(j)
		for {
			for i := range v {
				v[i] = rng.NormFloat64()
			}
			for range 2 {
				for k := range j {
					u := q.RawRowView(k)
					floats.AddScaled(v, -floats.Dot(u, v), u)
				}
			}
			if nrm := floats.Norm(v, 2); nrm > 1e-8 {
				floats.Scale(1/nrm, v)
				break
			}
		}
	}
	out := mat.NewDense(n, d, nil)
	out.Mul(x, q)
	return out
}
