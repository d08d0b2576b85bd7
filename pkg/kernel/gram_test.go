package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestGramBlocked compares the tiled Gram matrix with K evaluated pair by
// pair, for sizes that leave every remainder of the tiles (rows by four,
// columns by two, coordinates by four, blockRows) and for data given as a
// *mat.Dense, a view with a stride and a transpose: each entry within
// 1e-12 of the scale of its terms (‖xᵢ‖‖xⱼ‖ for an inner product, and for
// the Gaussian γ(‖xᵢ‖² + ‖xⱼ‖²), the error of the formula ‖xᵢ‖² + ‖xⱼ‖² −
// 2xᵢ·xⱼ), the diagonal of the Gaussian exactly 1, and G symmetric.
func TestGramBlocked(t *testing.T) {
	kernels := []Kernel{Linear{}, RBF{Gamma: 0.3}, Polynomial{Degree: 3, Gamma: 0.5, Coef0: 1}}
	for _, n := range []int{1, 2, 3, 5, 8, 131, 260} {
		for _, d := range []int{1, 3, 4, 5, 9, 33} {
			x := randomMatrix(rand.NewPCG(uint64(n), uint64(d)), n, d)
			wide := randomMatrix(rand.NewPCG(uint64(n), 99), n, d+3)
			views := map[string]mat.Matrix{
				"dense":     x,
				"view":      wide.Slice(0, n, 1, d+1),
				"transpose": mat.DenseCopyOf(x.T()).T(),
			}
			for vname, v := range views {
				rows := Rows(v)
				for _, k := range kernels {
					g := Gram(k, v)
					if g.SymmetricDim() != n {
						t.Fatalf("%v n=%d d=%d %s: %d×%d", k, n, d, vname, g.SymmetricDim(), g.SymmetricDim())
					}
					for i := range n {
						for j := range n {
							want := k.Eval(rows[i], rows[j])
							got := g.At(i, j)
							if got != g.At(j, i) {
								t.Fatalf("%v n=%d d=%d %s: G[%d][%d] = %v, G[%d][%d] = %v", k, n, d, vname, i, j, got, j, i, g.At(j, i))
							}
							ni, nj := math.Sqrt(Linear{}.Eval(rows[i], rows[i])), math.Sqrt(Linear{}.Eval(rows[j], rows[j]))
							scale := ni * nj
							switch k := k.(type) {
							case RBF:
								scale = max(1, k.Gamma*(ni*ni+nj*nj))
								if i == j && got != 1 {
									t.Fatalf("%v n=%d d=%d %s: G[%d][%d] = %v, want 1", k, n, d, vname, i, i, got)
								}
							case Polynomial:
								// d(FromDot)/d(dot) at the products' scale.
								scale = float64(k.Degree) * k.Gamma * scale * math.Pow(k.Gamma*scale+math.Abs(k.Coef0), float64(k.Degree-1))
							}
							if math.Abs(got-want) > 1e-12*max(scale, math.SmallestNonzeroFloat64) {
								t.Fatalf("%v n=%d d=%d %s: G[%d][%d] = %v, pairwise %v", k, n, d, vname, i, j, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestGramExact: on the integer points of Example 2.1 the inner products
// are exact, whatever the order of the sums, and so is G.
func TestGramExact(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	g := Gram(Linear{}, x)
	want := []float64{18, 21, 6, 21, 25, 7, 6, 7, 2}
	for i := range 3 {
		for j := range 3 {
			if g.At(i, j) != want[3*i+j] {
				t.Errorf("G[%d][%d] = %v, want %v", i, j, g.At(i, j), want[3*i+j])
			}
		}
	}
	// A Gaussian Gram matrix of coincident points is all ones, exactly,
	// though ‖x‖² + ‖z‖² − 2x·z rounds.
	same := mat.NewDense(3, 3, []float64{0.1, 0.7, 1e3, 0.1, 0.7, 1e3, 0.1, 0.7, 1e3})
	g = Gram(RBF{Gamma: 1}, same)
	for i := range 3 {
		for j := range 3 {
			if g.At(i, j) != 1 {
				t.Errorf("coincident points: G[%d][%d] = %v, want 1", i, j, g.At(i, j))
			}
		}
	}
}

// TestGramOverflow: where ‖x‖² overflows, the Gaussian Gram matrix comes
// from the differences, as Eval computes it.
func TestGramOverflow(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{1e200, 0, 1e200, 1e-100})
	g := Gram(RBF{Gamma: 1}, x)
	if g.At(0, 1) != 1 || g.At(0, 0) != 1 {
		t.Errorf("G = %v, want all ones", mat.Formatted(g))
	}
}
