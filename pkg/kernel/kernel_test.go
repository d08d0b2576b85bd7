package kernel

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// tol is the tolerance for kernel values computed in different ways.
const tol = 1e-12

// example21 is the data of Li Hang, Examples 2.1 and 2.2.
var example21 = mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})

func TestGramExample22(t *testing.T) {
	// Book Example 2.2: G = [xᵢ·xⱼ].
	want := [][]float64{{18, 21, 6}, {21, 25, 7}, {6, 7, 2}}
	g := Gram(Linear{}, example21)
	for i := range want {
		for j := range want[i] {
			if got := g.At(i, j); got != want[i][j] {
				t.Errorf("G[%d][%d] = %v, want %v", i, j, got, want[i][j])
			}
		}
	}
}

func randomMatrix(src rand.Source, n, d int) *mat.Dense {
	rng := rand.New(src)
	x := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			x.Set(i, j, rng.NormFloat64())
		}
	}
	return x
}

// TestGramMatchesEval checks Gram against pairwise Eval for every kernel, on
// a *mat.Dense and on a matrix that is not one (a transposed view).
func TestGramMatchesEval(t *testing.T) {
	x := randomMatrix(rand.NewPCG(1, 2), 9, 4)
	kernels := []Kernel{Linear{}, Polynomial{Degree: 3, Gamma: 0.5, Coef0: 1}, RBF{Gamma: 0.25}}
	inputs := map[string]mat.Matrix{"dense": x, "view": mat.DenseCopyOf(x.T()).T()}
	for _, k := range kernels {
		for name, in := range inputs {
			g := Gram(k, in)
			rows := Rows(in)
			for i := range rows {
				for j := range rows {
					want := k.Eval(rows[i], rows[j])
					if !scalar.EqualWithinAbsOrRel(g.At(i, j), want, tol, tol) {
						t.Errorf("%v %s: G[%d][%d] = %v, want %v", k, name, i, j, g.At(i, j), want)
					}
				}
			}
		}
	}
}

func TestKernelValues(t *testing.T) {
	x, z := []float64{1, 2}, []float64{3, -1}
	cases := []struct {
		name string
		k    Kernel
		a, b []float64
		want float64
	}{
		{"linear", Linear{}, x, z, 1},                                  // 3 − 2
		{"poly", Polynomial{Degree: 2, Gamma: 2, Coef0: 1}, x, z, 9},   // (2·1 + 1)²
		{"poly degree 1", Polynomial{Degree: 1, Gamma: 1}, x, z, 1},    // x·z
		{"poly degree 5", Polynomial{Degree: 5, Gamma: 1}, x, x, 3125}, // 5⁵
		{"rbf", RBF{Gamma: 0.5}, x, z, math.Exp(-0.5 * 13)},            // ‖x−z‖² = 4+9
		{"rbf self", RBF{Gamma: 3}, x, x, 1},                           // exp(0)
	}
	for _, c := range cases {
		if got := c.k.Eval(c.a, c.b); !scalar.EqualWithinAbsOrRel(got, c.want, tol, tol) {
			t.Errorf("%s: K = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name  string
		k     Kernel
		ok    bool
		param string // what the error must name
	}{
		{"linear", Linear{}, true, ""},
		{"nil", nil, false, "nil"},
		{"poly", Polynomial{Degree: 3, Gamma: 1}, true, ""},
		{"poly degree 0", Polynomial{Degree: 0, Gamma: 1}, false, "Degree = 0"},
		{"poly gamma 0", Polynomial{Degree: 2}, false, "Gamma = 0"},
		{"poly gamma -Inf", Polynomial{Degree: 2, Gamma: math.Inf(-1)}, false, "Gamma = -Inf"},
		{"poly coef0 NaN", Polynomial{Degree: 2, Gamma: 1, Coef0: math.NaN()}, false, "Coef0 = NaN"},
		{"rbf", RBF{Gamma: 0.1}, true, ""},
		{"rbf gamma 0", RBF{}, false, "Gamma = 0"},
		{"rbf gamma Inf", RBF{Gamma: math.Inf(1)}, false, "Gamma = +Inf"},
		{"rbf gamma NaN", RBF{Gamma: math.NaN()}, false, "Gamma = NaN"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Validate(c.k)
			if (err == nil) != c.ok {
				t.Fatalf("Validate(%v) = %v, want ok=%v", c.k, err, c.ok)
			}
			if err == nil {
				return
			}
			if !errors.Is(err, ErrParameter) || !errors.Is(err, classify.ErrSetting) {
				t.Errorf("Validate(%v) = %v, want an error matching ErrParameter and classify.ErrSetting", c.k, err)
			}
			if c.param != "" && !strings.Contains(err.Error(), c.param) {
				t.Errorf("Validate(%v) = %q, want it to name %q", c.k, err, c.param)
			}
		})
	}
}

func TestRBFPanicsOnLengthMismatch(t *testing.T) {
	defer func() {
		if r := recover(); r != errLength {
			t.Errorf("recover() = %v, want %q", r, errLength)
		}
	}()
	RBF{Gamma: 1}.Eval([]float64{1}, []float64{1, 2})
}

func BenchmarkGram(b *testing.B) {
	for _, size := range []struct{ n, d int }{{100, 10}, {1000, 20}, {2000, 100}} {
		x := randomMatrix(rand.NewPCG(3, 4), size.n, size.d)
		for _, k := range []Kernel{Linear{}, RBF{Gamma: 0.1}} {
			b.Run(fmt.Sprintf("%v/n=%d,d=%d", k, size.n, size.d), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					Gram(k, x)
				}
			})
		}
	}
}

// An expansion over Example 2.1 with the dual perceptron's α = (2, 0, 5)
// (book Table 2.2) is the linear model x⁽¹⁾ + x⁽²⁾ − 3 of Table 2.1.
func TestExpansionExample22(t *testing.T) {
	e := &Expansion{
		Support: [][]float64{{3, 3}, {1, 1}},
		Coef:    []float64{2, -5}, // α₁y₁ = 2, α₃y₃ = −5
		B:       -3,
		D:       2,
	}
	for _, c := range []struct {
		x        []float64
		f, label float64
	}{
		{[]float64{3, 3}, 3, 1}, {[]float64{4, 3}, 4, 1}, {[]float64{1, 1}, -1, -1},
		{[]float64{1, 2}, 0, 1}, // on the hyperplane: sign(0) = +1
	} {
		if f := e.Decision(c.x); f != c.f {
			t.Errorf("Decision(%v) = %v, want %v", c.x, f, c.f)
		}
		if p := e.Predict(c.x); p != c.label {
			t.Errorf("Predict(%v) = %v, want %v", c.x, p, c.label)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Decision of a 3-dimensional point did not panic")
		}
	}()
	e.Decision([]float64{1, 2, 3})
}
