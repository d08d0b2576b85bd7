package kernel

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gramGap is max |(ΦΦᵀ)ᵢⱼ − K(xᵢ, xⱼ)| relative to the largest |K|.
func gramGap(k Kernel, x mat.Matrix, phi *mat.Dense) float64 {
	var pp mat.Dense
	pp.Mul(phi, phi.T())
	g := Gram(k, x)
	n, _ := x.Dims()
	worst, scale := 0.0, 0.0
	for i := range n {
		for j := range n {
			worst = math.Max(worst, math.Abs(pp.At(i, j)-g.At(i, j)))
			scale = math.Max(scale, math.Abs(g.At(i, j)))
		}
	}
	return worst / math.Max(scale, 1e-300)
}

// The map built from the Gram matrix reproduces K on the set, for kernels
// whose feature spaces have 3, 6, infinitely many dimensions; its dimension
// is the rank of G.
func TestGramFeaturesReproduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := range 60 {
		n, d := 2+rng.IntN(25), 1+rng.IntN(4)
		x := mat.NewDense(n, d, nil)
		x.Apply(func(_, _ int, _ float64) float64 { return rng.NormFloat64() }, x)
		for _, k := range []Kernel{Linear{}, Polynomial{Degree: 2, Gamma: 1, Coef0: 1}, Gaussian(1), Gaussian(0.3)} {
			phi, err := GramFeatures(k, x)
			if err != nil {
				t.Fatalf("trial %d, %v: %v", trial, k, err)
			}
			// The dropped eigenvalues, each at most GramTol·λ_max ≤
			// GramTol·n·max|K|, bound the error of an entry.
			if gap := gramGap(k, x, phi); gap > float64(n*n)*GramTol+1e-13 {
				t.Fatalf("trial %d, %v on %d points: ΦΦᵀ differs from G by %v relative", trial, k, n, gap)
			}
			if _, lin := k.(Linear); lin {
				if _, r := phi.Dims(); r != min(n, d) {
					t.Errorf("trial %d: linear kernel on %d points of R^%d: map into R^%d, want R^%d", trial, n, d, r, min(n, d))
				}
			}
		}
	}
	// Repeated points: the rank drops with them.
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 0, 0, 0, 1, 0})
	phi, err := GramFeatures(Gaussian(1), x)
	if err != nil {
		t.Fatal(err)
	}
	if _, r := phi.Dims(); r != 2 {
		t.Errorf("two distinct points, each twice: map into R^%d, want R^2", r)
	}
}

// A symmetric function that is not a kernel has no such map: the error
// says so and names the negative eigenvalue.
func TestGramFeaturesIndefinite(t *testing.T) {
	neg := kernelFunc(func(x, z []float64) float64 {
		d0, d1 := x[0]-z[0], x[1]-z[1]
		return -(d0*d0 + d1*d1)
	})
	x := mat.NewDense(2, 2, []float64{0, 0, 1, 0})
	if _, err := GramFeatures(neg, x); !errors.Is(err, ErrIndefinite) {
		t.Errorf("GramFeatures(−‖x − z‖²) = %v, want ErrIndefinite", err)
	}
	tanh := kernelFunc(func(x, z []float64) float64 { return math.Tanh(x[0]*z[0] + x[1]*z[1] - 1) })
	if _, err := GramFeatures(tanh, mat.NewDense(2, 2, []float64{2, 0, -2, 0})); !errors.Is(err, ErrIndefinite) {
		t.Errorf("GramFeatures(tanh(x·z − 1)) on (2, 0), (−2, 0) = %v, want ErrIndefinite", err)
	}
}

type kernelFunc func(x, z []float64) float64

func (f kernelFunc) Eval(x, z []float64) float64 { return f(x, z) }
