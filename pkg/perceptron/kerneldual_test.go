package perceptron

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// With the linear kernel the kernel perceptron is Algorithm 2.2.
func TestKernelLinearIsDual(t *testing.T) {
	x, y := book()
	kr, err := KernelDual{Settings: Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !floats.Equal(kr.Alpha, []float64{2, 0, 5}) || kr.B != -3 || kr.D != 2 {
		t.Errorf("α %v, b %v, dimension %d; want (2,0,5), −3, 2", kr.Alpha, kr.B, kr.D)
	}
	for k, col := range table22 {
		alpha, _ := kr.AlphaAt(k)
		if s := kr.Trace[k]; !floats.Equal(alpha, col.alpha) || s.B != col.b || s.W != nil {
			t.Errorf("k=%d: α %v, b %v, w %v; want %v, %v, nil", k, alpha, s.B, s.W, col.alpha, col.b)
		}
	}
	// Support: x1 (α=2) and x3 (α=5); f(x) = 2·x1·x − 5·x3·x − 3 = x⁽¹⁾ + x⁽²⁾ − 3.
	if len(kr.SupportIndices) != 2 || kr.SupportIndices[0] != 0 || kr.SupportIndices[1] != 2 || !floats.Equal(kr.Coef, []float64{2, -5}) {
		t.Errorf("support %v with coefficients %v", kr.SupportIndices, kr.Coef)
	}
	for _, p := range [][]float64{{0, 0}, {2, 1}, {5, -1}} {
		if got, want := kr.Decision(p), p[0]+p[1]-3; got != want {
			t.Errorf("f(%v) = %v, want %v", p, got, want)
		}
	}
}

// Kernels separate XOR and rings, which no hyperplane does.
func TestKernelNonlinear(t *testing.T) {
	xx, yx := xorData()
	rx, ry := rings(60, 1)
	for _, tc := range []struct {
		name string
		k    kernel.Kernel
		x    *mat.Dense
		y    []float64
	}{
		{"xor rbf", kernel.RBF{Gamma: 1}, xx, yx},
		{"xor poly", kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}, xx, yx},
		{"rings rbf", kernel.RBF{Gamma: 0.5}, rx, ry},
		{"rings poly", kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 0}, rx, ry},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kr, err := KernelDual{Kernel: tc.k}.Fit(tc.x, tc.y)
			if err != nil {
				t.Fatal(err)
			}
			g := kernel.Gram(tc.k, tc.x)
			for i, xi := range kernel.Rows(tc.x) {
				// Decision equals Σⱼ αⱼyⱼGᵢⱼ + b and has the sign of yᵢ.
				want := kr.B
				for j := range tc.y {
					want += kr.Alpha[j] * tc.y[j] * g.At(i, j)
				}
				const tol = 1e-9
				if got := kr.Decision(xi); !scalar.EqualWithinAbsOrRel(got, want, tol, tol) || kr.Predict(xi) != tc.y[i] {
					t.Errorf("x%d: f = %v, want %v with sign %v", i+1, got, want, tc.y[i])
				}
			}
		})
	}
	if _, err := (Primal{Settings: Settings{MaxEpochs: 100}}).Fit(rx, ry); !errors.Is(err, ErrNotConverged) {
		t.Errorf("linear perceptron on rings: err = %v, want ErrNotConverged", err)
	}
}

func TestKernelErrors(t *testing.T) {
	x, y := book()
	if _, err := (KernelDual{Kernel: kernel.RBF{}}).Fit(x, y); !errors.Is(err, classify.ErrSetting) {
		t.Errorf("RBF{Gamma: 0}: err = %v, want classify.ErrSetting", err)
	}
	xx, yx := xorData()
	kr, err := KernelDual{Settings: Settings{MaxEpochs: 5}}.Fit(xx, yx)
	if !errors.Is(err, ErrNotConverged) || kr == nil || kr.Epochs != 5 {
		t.Errorf("linear kernel on XOR: err = %v, result %v; want ErrNotConverged with the partial result", err, kr)
	}
	defer func() {
		if r := recover(); r != errGramSize {
			t.Errorf("panic %v, want %q", r, errGramSize)
		}
	}()
	KernelDual{Gram: mat.NewSymDense(4, nil)}.Fit(x, y)
}

// rings returns n points on two concentric circles of radii 1 (label +1)
// and 3 (label −1) with a little radial noise.
func rings(n int, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	x := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := range y {
		r, lab := 1.0, 1.0
		if i%2 == 1 {
			r, lab = 3, -1
		}
		r += 0.2 * (rng.Float64() - 0.5)
		a := 2 * math.Pi * rng.Float64()
		x.Set(i, 0, r*math.Cos(a))
		x.Set(i, 1, r*math.Sin(a))
		y[i] = lab
	}
	return x, y
}
