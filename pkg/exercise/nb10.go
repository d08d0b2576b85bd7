package exercise

import (
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// KernelFunc is a function K(x, z) that claims to be a kernel.
type KernelFunc func(x, z []float64) float64

// NB10Ex5 checks notebook 10's exercise 5 on Example 2.1's x1 = (3, 3)
// and x2 = (4, 3): a vector c, a []float64 of two numbers, with
// cᵀGc < 0 for the Gram matrix G of K(x, z) = −‖x − z‖², which proves
// that K is not positive definite (Theorem 7.5).
func NB10Ex5(ans any, l lang.Lang) Verdict {
	x, _ := dataset.Example21().XY()
	negSquared := func(a, b []float64) float64 {
		s := 0.0
		for i := range a {
			s += (a[i] - b[i]) * (a[i] - b[i])
		}
		return -s
	}
	pts := mat.DenseCopyOf(x.Slice(0, 2, 0, 2))
	return NotPositiveDefinite(negSquared, pts, ans, l)
}

// NotPositiveDefinite checks an answer c, a []float64 with one entry per
// point, that claims to show that k is not positive definite on the
// points (the rows of x): cᵀGc < 0 for the Gram matrix G = [k(xᵢ, xⱼ)].
func NotPositiveDefinite(k KernelFunc, x mat.Matrix, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, _ := x.Dims()
	c, bad := j.readVector(ans, asked{"c, a []float64 with one entry per point", "c，每个点一个分量的 []float64"}, n, "c")
	if bad != nil {
		return *bad
	}
	q, scale := 0.0, 0.0
	for a := range n {
		for b := range n {
			g := k(mat.Row(nil, a, x), mat.Row(nil, b, x))
			q += c[a] * g * c[b]
			scale = max(scale, abs(g*c[a]*c[b]))
		}
	}
	switch {
	case maxAbs(0, c...) == 0:
		return j.wrong("c = 0 gives cᵀGc = 0, which proves nothing: find a c with cᵀGc < 0", "c = 0 给出 cᵀGc = 0，什么也证明不了：找一个使 cᵀGc < 0 的 c")
	case q < -Tol*scale:
		return j.ok("cᵀGc = %s < 0: the Gram matrix is not positive semi-definite, so K is not a positive definite kernel (Theorem 7.5)", "cᵀGc = %s < 0：Gram 矩阵不是半正定的，所以 K 不是正定核（定理 7.5）", notation.Number(q))
	}
	return j.wrong("cᵀGc = %s ≥ 0: this c does not show it; look at the signs of G's entries", "cᵀGc = %s ≥ 0：这个 c 说明不了问题；看看 G 中各元素的符号", notation.Number(q))
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
