package loss_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/loss"
)

// tol is the tolerance of computed losses against exact values.
const tol = 1e-14

func TestMarkedPoints(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    loss.Func
		z    float64
		want float64
	}{
		// Figure 7.6: the hinge loss through (0, 1) and (1, 0), the
		// perceptron loss through (0, 0), the 0-1 step at 0.
		{"hinge(0)", loss.Hinge, 0, 1},
		{"hinge(1)", loss.Hinge, 1, 0},
		{"hinge(2)", loss.Hinge, 2, 0},
		{"hinge(-1)", loss.Hinge, -1, 2},
		{"perceptron(0)", loss.Perceptron, 0, 0},
		{"perceptron(-2)", loss.Perceptron, -2, 2},
		{"perceptron(1)", loss.Perceptron, 1, 0},
		{"zero-one(0)", loss.ZeroOne, 0, 0},
		{"zero-one(-tiny)", loss.ZeroOne, -math.SmallestNonzeroFloat64, 1},
		{"zero-one(-3)", loss.ZeroOne, -3, 1},
		{"mistake(0)", loss.Mistake, 0, 1},
		{"mistake(tiny)", loss.Mistake, math.SmallestNonzeroFloat64, 0},
		{"logistic(0)", loss.Logistic, 0, 1},
		{"logistic(ln 3)", loss.Logistic, -math.Log(3), 2}, // log₂(1+3)
		{"logistic(800)", loss.Logistic, 800, 0},
		{"logistic(-800)", loss.Logistic, -800, 800 / math.Ln2},
	} {
		if got := tc.f(tc.z); !scalar.EqualWithinAbsOrRel(got, tc.want, tol, tol) {
			t.Errorf("%s = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestUpperBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	zs := []float64{-1e300, -5, -1, -1e-300, 0, 1e-300, 0.5, 1, 1 + 1e-15, 3, 1e300}
	for range 10000 {
		zs = append(zs, 4*rng.NormFloat64())
	}
	for _, z := range zs {
		h, p, l := loss.Hinge(z), loss.Perceptron(z), loss.Logistic(z)
		switch {
		case h < loss.ZeroOne(z), h < loss.Mistake(z):
			t.Errorf("z=%v: hinge %v below the 0-1 loss", z, h)
		case h < p:
			t.Errorf("z=%v: hinge %v below perceptron %v", z, h, p)
		case l < loss.Mistake(z):
			t.Errorf("z=%v: logistic %v below the 0-1 loss", z, l)
		case p < 0 || h < 0 || l < 0 || math.IsNaN(l):
			t.Errorf("z=%v: negative or NaN loss", z)
		}
		if loss.ZeroOne(z) != loss.Mistake(z) && z != 0 {
			t.Errorf("z=%v: ZeroOne and Mistake differ away from 0", z)
		}
	}
}

// Table 2.1 of Li Hang: the iterates (w, b) of Example 2.1 and the loss
// L(w, b) = −Σ_{M} yᵢ(w·xᵢ+b), computed by hand from the table; L is 0 at
// k = 0, where every point is misclassified, and it is not monotone.
func TestTable21Loss(t *testing.T) {
	x, y := dataset.Example21()
	for _, tc := range []struct {
		k        int
		w        []float64
		b        float64
		L        float64
		mistakes float64
	}{
		{0, []float64{0, 0}, 0, 0, 3},
		{1, []float64{3, 3}, 1, 7, 1},
		{2, []float64{2, 2}, 0, 4, 1},
		{3, []float64{1, 1}, -1, 1, 1},
		{4, []float64{0, 0}, -2, 4, 2},
		{5, []float64{3, 3}, -1, 5, 1},
		{6, []float64{2, 2}, -2, 2, 1},
		{7, []float64{1, 1}, -3, 0, 0},
	} {
		if got := loss.Sum(loss.Perceptron, x, y, tc.w, tc.b); !scalar.EqualWithinAbsOrRel(got, tc.L, tol, tol) {
			t.Errorf("k=%d: L = %v, want %v", tc.k, got, tc.L)
		}
		if got := loss.Sum(loss.Mistake, x, y, tc.w, tc.b); got != tc.mistakes {
			t.Errorf("k=%d: %v mistakes, want %v", tc.k, got, tc.mistakes)
		}
	}
	// Example 7.1: w = (1/2, 1/2), b = −2 has margins 1, 1.5, 1, so zero
	// hinge loss.
	z := loss.Margins(x, y, []float64{0.5, 0.5}, -2)
	for i, want := range []float64{1, 1.5, 1} {
		if !scalar.EqualWithinAbsOrRel(z[i], want, tol, tol) {
			t.Errorf("Example 7.1 margin of x%d = %v, want %v", i+1, z[i], want)
		}
	}
	if got := loss.EmpiricalRisk(loss.Hinge, x, y, []float64{0.5, 0.5}, -2); got != 0 {
		t.Errorf("hinge risk at the SVM solution = %v", got)
	}
}

func TestEmpiricalRisk(t *testing.T) {
	s := dataset.Noisy(rand.NewPCG(2, 2), 200, 3, 0.1)
	w, b := []float64{0.3, -1, 2}, 0.4
	z := loss.Margins(s.X, s.Y, w, b)
	var sum float64
	for _, v := range z {
		sum += loss.Hinge(v)
	}
	if got := loss.Sum(loss.Hinge, s.X, s.Y, w, b); !scalar.EqualWithinAbsOrRel(got, sum, tol, tol) {
		t.Errorf("Sum = %v, want %v", got, sum)
	}
	if got := loss.EmpiricalRisk(loss.Hinge, s.X, s.Y, w, b); !scalar.EqualWithinAbsOrRel(got, sum/200, tol, tol) {
		t.Errorf("EmpiricalRisk = %v, want %v", got, sum/200)
	}
	// A matrix that is not a *mat.Dense takes the general path.
	zt := loss.Margins(s.X.T().T(), s.Y, w, b)
	tr := mat.DenseCopyOf(s.X.T())
	zt2 := loss.Margins(tr.T(), s.Y, w, b)
	for i := range z {
		if zt[i] != z[i] || !scalar.EqualWithinAbsOrRel(zt2[i], z[i], tol, tol) {
			t.Fatalf("margin %d differs between matrix types", i+1)
		}
	}
}

func TestPanics(t *testing.T) {
	x, y := dataset.Example21()
	for name, f := range map[string]func(){
		"labels":  func() { loss.Margins(x, y[:2], []float64{1, 1}, 0) },
		"weights": func() { loss.Sum(loss.Hinge, x, y, []float64{1}, 0) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}
