package perceptron

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// table22 is Table 2.2 of Li Hang (Example 2.2), column by column: the
// misclassified point of update k (0-based), α after it and b after it.
var table22 = []struct {
	k, point int
	alpha    []float64
	b        float64
}{
	{0, -1, []float64{0, 0, 0}, 0},
	{1, 0, []float64{1, 0, 0}, 1},
	{2, 2, []float64{1, 0, 1}, 0},
	{3, 2, []float64{1, 0, 2}, -1},
	{4, 2, []float64{1, 0, 3}, -2}, // some printings show α1=2, α3=2, b=0 here: impossible
	{5, 0, []float64{2, 0, 3}, -1},
	{6, 2, []float64{2, 0, 4}, -2},
	{7, 2, []float64{2, 0, 5}, -3},
}

func TestDualTable22(t *testing.T) {
	x, y := book()
	res, err := Dual{Settings: Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Trace) != len(table22) {
		t.Fatalf("trace has %d steps, want %d (book Table 2.2)", len(res.Trace), len(table22))
	}
	for _, col := range table22 {
		s := res.Trace[col.k]
		alpha, _ := res.AlphaAt(col.k)
		if s.Point != col.point || !floats.Equal(alpha, col.alpha) || s.B != col.b {
			t.Errorf("k=%d: point %d, α %v, b %v; want point %d, α %v, b %v (book Table 2.2)",
				col.k, s.Point, alpha, s.B, col.point, col.alpha, col.b)
		}
	}
	// w = 2x1 + 0x2 − 5x3 = (1, 1), b = −3.
	if !res.Converged || !floats.Equal(res.W, []float64{1, 1}) || res.B != -3 || !floats.Equal(res.Alpha, []float64{2, 0, 5}) {
		t.Errorf("final α %v, w %v, b %v; want (2,0,5), (1,1), −3", res.Alpha, res.W, res.B)
	}
}

func TestGramExample22(t *testing.T) {
	x, _ := book()
	// Book Example 2.2: G = [xᵢ·xⱼ].
	want := mat.NewSymDense(3, []float64{18, 21, 6, 21, 25, 7, 6, 7, 2})
	if g := kernel.Gram(kernel.Linear{}, x); !mat.Equal(g, want) {
		t.Errorf("G = %v, want %v", mat.Formatted(g), mat.Formatted(want))
	}
}

func TestDualSuppliedGram(t *testing.T) {
	x, y := book()
	g := mat.NewSymDense(3, []float64{18, 21, 6, 21, 25, 7, 6, 7, 2})
	res, err := Dual{Gram: g}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !floats.Equal(res.Alpha, []float64{2, 0, 5}) || res.B != -3 {
		t.Errorf("α %v, b %v, want (2,0,5), −3", res.Alpha, res.B)
	}
	defer func() {
		if r := recover(); r != errGramSize {
			t.Errorf("panic %v, want %q", r, errGramSize)
		}
	}()
	Dual{Gram: mat.NewSymDense(2, nil)}.Fit(x, y)
}

// Property: Primal and Dual make the same updates in the same order (Tables
// 2.1 and 2.2), and Σᵢ αᵢyᵢxᵢ = w, Σᵢ αᵢyᵢ = b, on seeded separable data
// whose integer coordinates keep both forms' arithmetic exact.
func TestPrimalDualSameTrajectory(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		x, y, _, _ := separable(50, 1+int(seed%4), float64(seed%3+1), seed)
		for _, o := range []Order{Cyclic, Shuffle, RandomMistake} {
			t.Run(fmt.Sprintf("seed=%d,%v", seed, o), func(t *testing.T) {
				p, err := Primal{Settings: Settings{Order: o, Src: rand.NewPCG(seed, 1), Record: true, Eta: 1}}.Fit(x, y)
				if err != nil {
					t.Fatal(err)
				}
				d, err := Dual{Settings: Settings{Order: o, Src: rand.NewPCG(seed, 1), Record: true, Eta: 1}}.Fit(x, y)
				if err != nil {
					t.Fatal(err)
				}
				if !sameSteps(p.Trace, d.Trace, exact) {
					t.Fatalf("trajectories differ (%d vs %d steps)", len(p.Trace), len(d.Trace))
				}
				for k, s := range d.Trace {
					alpha, _ := d.AlphaAt(k)
					w, b := combine(x, y, alpha)
					if !floats.Equal(w, s.W) || b != s.B {
						t.Fatalf("k=%d: Σαyx = %v, Σαy = %v; w = %v, b = %v", s.K, w, b, s.W, s.B)
					}
				}
			})
		}
	}
}

// Float data and η ≠ 1: the forms agree up to rounding.
func TestPrimalDualFloat(t *testing.T) {
	x, y := benchData(200, 5, 3)
	p, errP := Primal{Settings: Settings{Eta: 0.3, MaxEpochs: 20}}.Fit(x, y)
	d, errD := Dual{Settings: Settings{Eta: 0.3, MaxEpochs: 20}}.Fit(x, y)
	if (errP == nil) != (errD == nil) {
		t.Fatalf("errors %v and %v", errP, errD)
	}
	const tol = 1e-9
	if p.Updates != d.Updates || !floats.EqualApprox(p.W, d.W, tol) {
		t.Errorf("primal %d updates, w %v; dual %d updates, w %v", p.Updates, p.W, d.Updates, d.W)
	}
	w, _ := combine(x, y, d.Alpha)
	if !floats.EqualApprox(w, d.W, tol) {
		t.Errorf("Σαyx = %v, w = %v", w, d.W)
	}
}

// combine returns Σᵢ αᵢyᵢxᵢ and Σᵢ αᵢyᵢ.
func combine(x mat.Matrix, y, alpha []float64) ([]float64, float64) {
	_, dim := x.Dims()
	w := make([]float64, dim)
	var b float64
	for i, xi := range kernel.Rows(x) {
		floats.AddScaled(w, alpha[i]*y[i], xi)
		b += alpha[i] * y[i]
	}
	return w, b
}
