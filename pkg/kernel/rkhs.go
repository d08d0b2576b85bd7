package kernel

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// ErrIndefinite is wrapped by the error of GramFeatures when the Gram
// matrix has an eigenvalue below −GramTol times its largest: K is not a
// kernel, and no feature map reproduces it on these points.
var ErrIndefinite = errors.New("kernel: Gram matrix not positive semi-definite")

// GramFeatures returns a feature map of k on the finite set of the rows of
// x, built from the Gram matrix alone: the sufficiency half of Li Hang's
// Theorem 7.5 (§7.3.2) on a finite set. With G = [K(xᵢ, xⱼ)] = VΛVᵀ, its
// eigendecomposition, row i of Φ = VΛ^{1/2} is a point φ(xᵢ) of R^r, and
//
//	φ(xᵢ)·φ(xⱼ) = (ΦΦᵀ)ᵢⱼ = Gᵢⱼ = K(xᵢ, xⱼ),
//
// which needs Λ ≥ 0 — a positive semi-definite G — and nothing else. The
// book's construction is the same map in other coordinates: on these points
// its Hilbert space of functions f = Σⱼ αⱼ K(·, xⱼ) has the inner product
// f·g = αᵀGβ, and f ↦ Φᵀα carries it to the dot product of R^r (the rows of
// Φ are the coordinates of K(·, xᵢ) in an orthonormal basis).
//
// The columns of eigenvalues at most GramTol·λ_max are left out, so r is
// the numerical rank of G (r = d for the linear kernel on n > d points in
// general position, r < n when points repeat). It returns an error
// wrapping ErrIndefinite when the smallest eigenvalue is below
// −GramTol·λ_max, and one for a failed eigendecomposition.
func GramFeatures(k Kernel, x mat.Matrix) (*mat.Dense, error) {
	var es mat.EigenSym
	if !es.Factorize(Gram(k, x), true) {
		return nil, errors.New("kernel: GramFeatures: eigendecomposition failed")
	}
	vals := es.Values(nil) // ascending
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	n := len(vals)
	hi := vals[n-1]
	if lo := vals[0]; hi <= 0 && lo < 0 || lo < -GramTol*hi {
		return nil, fmt.Errorf("%w: eigenvalues from %.4g to %.4g", ErrIndefinite, lo, hi)
	}
	var keep []int
	for j := n - 1; j >= 0; j-- { // the largest first
		if vals[j] > GramTol*hi {
			keep = append(keep, j)
		}
	}
	phi := mat.NewDense(n, max(len(keep), 1), nil)
	for c, j := range keep {
		s := math.Sqrt(vals[j])
		for i := range n {
			phi.Set(i, c, vecs.At(i, j)*s)
		}
	}
	return phi, nil
}
