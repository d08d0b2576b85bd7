package loss_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
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
		{"zero-one(-0)", loss.ZeroOne, math.Copysign(0, -1), 1}, // a −1 point on the boundary
		{"zero-one(NaN)", loss.ZeroOne, math.NaN(), 1},
		{"zero-one(-tiny)", loss.ZeroOne, -math.SmallestNonzeroFloat64, 1},
		{"zero-one(-3)", loss.ZeroOne, -3, 1},
		{"mistake(0)", loss.Mistake, 0, 1},
		{"mistake(tiny)", loss.Mistake, math.SmallestNonzeroFloat64, 0},
		{"mistake(-0)", loss.Mistake, math.Copysign(0, -1), 1},
		{"mistake(NaN)", loss.Mistake, math.NaN(), 1},
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
	x, y := dataset.Example21().XY()
	for _, tc := range []struct {
		k        int
		w        []float64
		b        float64
		L        float64
		mistakes float64 // |M|, yᵢ(w·xᵢ+b) ≤ 0
		errors   float64 // points Predict gets wrong
	}{
		{0, []float64{0, 0}, 0, 0, 3, 1}, // f = 0 everywhere: Predict says +1, x3 is wrong
		{1, []float64{3, 3}, 1, 7, 1, 1},
		{2, []float64{2, 2}, 0, 4, 1, 1},
		{3, []float64{1, 1}, -1, 1, 1, 1},
		{4, []float64{0, 0}, -2, 4, 2, 2},
		{5, []float64{3, 3}, -1, 5, 1, 1},
		{6, []float64{2, 2}, -2, 2, 1, 1},
		{7, []float64{1, 1}, -3, 0, 0, 0},
	} {
		c := classify.Linear{W: tc.w, B: tc.b}
		if got := loss.Sum(loss.Perceptron, c, x, y); !scalar.EqualWithinAbsOrRel(got, tc.L, tol, tol) {
			t.Errorf("k=%d: L = %v, want %v", tc.k, got, tc.L)
		}
		if got := loss.Sum(loss.Mistake, c, x, y); got != tc.mistakes {
			t.Errorf("k=%d: %v mistakes, want %v", tc.k, got, tc.mistakes)
		}
		if got := loss.Sum(loss.ZeroOne, c, x, y); got != tc.errors {
			t.Errorf("k=%d: %v errors, want %v", tc.k, got, tc.errors)
		}
	}
	// Example 7.1: w = (1/2, 1/2), b = −2 has margins 1, 1.5, 1, so zero
	// hinge loss.
	svm := classify.Linear{W: []float64{0.5, 0.5}, B: -2}
	z := loss.Margins(svm, x, y)
	for i, want := range []float64{1, 1.5, 1} {
		if !scalar.EqualWithinAbsOrRel(z[i], want, tol, tol) {
			t.Errorf("Example 7.1 margin of x%d = %v, want %v", i+1, z[i], want)
		}
	}
	if got := loss.EmpiricalRisk(loss.Hinge, svm, x, y); got != 0 {
		t.Errorf("hinge risk at the SVM solution = %v", got)
	}
}

// Points exactly on the line x⁽¹⁾ + x⁽²⁾ − 3 = 0 of Table 2.1, one of each
// label: Predict says +1 for both, so the −1 point is the only error, while
// the perceptron's rule counts both as mistakes.
func TestBoundary(t *testing.T) {
	c := classify.Linear{W: []float64{1, 1}, B: -3}
	x := mat.NewDense(4, 2, []float64{
		3, 3, // x1 of Example 2.1, f = 3
		1, 1, // x3, f = −1
		1, 2, // on the line, label +1: right
		2, 1, // on the line, label −1: wrong
	})
	y := []float64{1, -1, 1, -1}
	z := loss.Margins(c, x, y)
	if z[2] != 0 || math.Signbit(z[2]) || z[3] != 0 || !math.Signbit(z[3]) {
		t.Errorf("margins on the line = %v, %v; want +0 and −0", z[2], z[3])
	}
	if got := loss.Sum(loss.ZeroOne, c, x, y); got != 1 {
		t.Errorf("Sum(ZeroOne) = %v, want 1 (the −1 point on the line)", got)
	}
	if got := loss.EmpiricalRisk(loss.ZeroOne, c, x, y); got != 1-classify.Accuracy(c, x, y) || got != 0.25 {
		t.Errorf("EmpiricalRisk(ZeroOne) = %v, Accuracy = %v; want 1/4 and 3/4", got, classify.Accuracy(c, x, y))
	}
	if got := loss.Sum(loss.Mistake, c, x, y); got != 2 {
		t.Errorf("Sum(Mistake) = %v, want 2 (both points on the line)", got)
	}
	if got := loss.Sum(loss.Perceptron, c, x, y); got != 0 {
		t.Errorf("Sum(Perceptron) = %v, want 0", got)
	}
	if got := loss.Sum(loss.Hinge, c, x, y); got != 2 { // margins 3, 1, 0, 0
		t.Errorf("Sum(Hinge) = %v, want 2", got)
	}
}

// negZero scores every point −0, which Sign reads as +1.
type negZero struct{}

func (negZero) Decision([]float64) float64  { return math.Copysign(0, -1) }
func (negZero) Predict(x []float64) float64 { return classify.Sign(negZero{}.Decision(x)) }

// The 0-1 risk agrees with Predict on random data with a third of the
// points placed exactly on the boundary, for a linear model, a voted
// perceptron whose votes tie and a classifier that scores −0.
func TestZeroOneAgreesWithPredict(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	const n, d = 300, 3
	for trial := range 20 {
		// Integer weights and points, with w⁽¹⁾ = ±1, so that w·x + b is
		// exact and x⁽¹⁾ can be solved for to put a point on the plane.
		w := []float64{float64(2*rng.IntN(2) - 1), 0, 0}
		for j := 1; j < d; j++ {
			w[j] = float64(rng.IntN(7) - 3)
		}
		b := float64(rng.IntN(9) - 4)
		x := mat.NewDense(n, d, nil)
		y := make([]float64, n)
		for i := range n {
			row := x.RawRowView(i)
			for j := range row {
				row[j] = float64(rng.IntN(11) - 5)
			}
			if i%3 == 0 {
				row[0] = 0
				row[0] = -(floats.Dot(w, row) + b) / w[0]
			}
			y[i] = float64(2*rng.IntN(2) - 1)
		}
		neg := make([]float64, d)
		floats.ScaleTo(neg, -1, w)
		tie := &perceptron.VotedResult{Votes: []perceptron.Vote{{W: w, B: b, C: 2}, {W: neg, B: -b, C: 2}},
			Group: 1, Averaged: classify.Linear{W: make([]float64, d)}}
		onPlane := 0
		for name, c := range map[string]classify.Classifier{
			"linear": classify.Linear{W: w, B: b},
			"tie":    tie,
			"-0":     negZero{},
		} {
			wrong := 0
			for i := range n {
				if name == "linear" && c.Decision(x.RawRowView(i)) == 0 {
					onPlane++
				}
				if c.Predict(x.RawRowView(i)) != y[i] {
					wrong++
				}
			}
			if got := loss.Sum(loss.ZeroOne, c, x, y); got != float64(wrong) {
				t.Errorf("trial %d, %s: Sum(ZeroOne) = %v, Predict gets %d wrong", trial, name, got, wrong)
			}
			if r, a := loss.EmpiricalRisk(loss.ZeroOne, c, x, y), classify.Accuracy(c, x, y); !scalar.EqualWithinAbsOrRel(r, 1-a, tol, tol) {
				t.Errorf("trial %d, %s: EmpiricalRisk(ZeroOne) = %v, 1 − Accuracy = %v", trial, name, r, 1-a)
			}
		}
		if onPlane < n/3 {
			t.Fatalf("trial %d: %d points on the plane, want at least %d", trial, onPlane, n/3)
		}
	}
}

func TestEmpiricalRisk(t *testing.T) {
	s := dataset.Noisy(rand.NewPCG(2, 2), 200, 3, 0.1)
	c := classify.Linear{W: []float64{0.3, -1, 2}, B: 0.4}
	z := loss.Margins(c, s.X, s.Y)
	var sum float64
	for i, v := range z {
		if want := s.Y[i] * (floats.Dot(c.W, s.X.RawRowView(i)) + c.B); v != want {
			t.Fatalf("margin %d = %v, want %v", i+1, v, want)
		}
		sum += loss.Hinge(v)
	}
	if got := loss.Sum(loss.Hinge, c, s.X, s.Y); !scalar.EqualWithinAbsOrRel(got, sum, tol, tol) {
		t.Errorf("Sum = %v, want %v", got, sum)
	}
	if got := loss.EmpiricalRisk(loss.Hinge, c, s.X, s.Y); !scalar.EqualWithinAbsOrRel(got, sum/200, tol, tol) {
		t.Errorf("EmpiricalRisk = %v, want %v", got, sum/200)
	}
	// A matrix that is not a *mat.Dense gives the same margins.
	tr := mat.DenseCopyOf(s.X.T())
	zt := loss.Margins(c, tr.T(), s.Y)
	for i := range z {
		if !scalar.EqualWithinAbsOrRel(zt[i], z[i], tol, tol) {
			t.Fatalf("margin %d differs between matrix types", i+1)
		}
	}
}

func TestPanics(t *testing.T) {
	x, y := dataset.Example21().XY()
	c := classify.Linear{W: []float64{1, 1}}
	for name, f := range map[string]func(){
		"labels":    func() { loss.Margins(c, x, y[:2]) },
		"dimension": func() { loss.Sum(loss.Hinge, classify.Linear{W: []float64{1}}, x, y) },
		"empty":     func() { loss.EmpiricalRisk(loss.Hinge, c, &mat.Dense{}, nil) },
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
