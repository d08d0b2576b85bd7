package svm_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// modelTol: Decision sums a few float64 products; the solver's own values
// of f(xᵢ) come from float32 kernel columns.
const (
	modelTol  = 1e-12
	solverTol = 1e-4
)

func TestModelExample72(t *testing.T) {
	x, y := dataset.Example21()
	r, err := svm.SMO{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	m := svm.NewModel(r, x, y, nil)
	// f(x) = ½x⁽¹⁾ + ½x⁽²⁾ − 2 (book, Example 7.2).
	for _, tc := range []struct {
		x    []float64
		f    float64
		pred float64
	}{
		{[]float64{3, 3}, 1, 1},   // x1, on the margin
		{[]float64{4, 3}, 1.5, 1}, // x2
		{[]float64{1, 1}, -1, -1}, // x3, on the margin
		{[]float64{2, 2}, 0, 1},   // on the hyperplane: sign(0) = +1 (book (2.2))
		{[]float64{0, 0}, -2, -1}, // the origin
		{[]float64{10, -4}, 1, 1}, // far away
		{[]float64{2, 1.5}, -0.25, -1},
	} {
		if f := m.Decision(tc.x); !scalar.EqualWithinAbs(f, tc.f, modelTol) {
			t.Errorf("f(%v) = %v, want %v", tc.x, f, tc.f)
		}
		if p := m.Predict(tc.x); p != tc.pred {
			t.Errorf("Predict(%v) = %v, want %v", tc.x, p, tc.pred)
		}
	}
	if len(m.SV) != 2 || fmt.Sprint(m.Coef) != "[0.25 -0.25]" {
		t.Errorf("support vectors %v with αᵢyᵢ %v, want x1, x3 with 1/4, −1/4", m.SV, m.Coef)
	}
	if a := m.Accuracy(x, y); a != 1 {
		t.Errorf("accuracy %v, want 1", a)
	}
}

// TestModelKernels checks Decision against the sum written out, and against
// the solution: the free support vectors lie on their margin, yᵢf(xᵢ) = 1
// within Eps. Noisy's clouds overlap (the best rule errs on about 16%) and
// 10% of its labels are flipped, so the training accuracy is about 75%.
func TestModelKernels(t *testing.T) {
	s := dataset.Noisy(rand.NewPCG(12, 13), 150, 3, 0.1)
	probe := dataset.Noisy(rand.NewPCG(14, 15), 20, 3, 0.1)
	for _, k := range []kernel.Kernel{
		kernel.Linear{},
		kernel.RBF{Gamma: 0.7},
		kernel.Polynomial{Degree: 2, Gamma: 0.5, Coef0: 1},
	} {
		r, err := svm.SMO{C: 3, Kernel: k}.Fit(s.X, s.Y)
		if err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		m := svm.NewModel(r, s.X, s.Y, k)
		if len(m.SV) != len(r.Support) {
			t.Errorf("%v: %d support vectors in the model, %d in the result", k, len(m.SV), len(r.Support))
		}
		for i := range probe.Y {
			xi := probe.X.RawRowView(i)
			want := r.B
			for j, a := range r.Alpha {
				want += a * s.Y[j] * k.Eval(s.X.RawRowView(j), xi)
			}
			if f := m.Decision(xi); !scalar.EqualWithinAbsOrRel(f, want, modelTol, modelTol) {
				t.Errorf("%v: f(probe %d) = %v, want %v", k, i, f, want)
			}
		}
		for _, i := range r.Free {
			if yf := s.Y[i] * m.Decision(s.X.RawRowView(i)); math.Abs(yf-1) > svm.DefaultEps+solverTol {
				t.Errorf("%v: free support vector %d has y·f(x) = %v, want 1 within Eps", k, i, yf)
			}
		}
		if a := m.Accuracy(s.X, s.Y); a < 0.7 {
			t.Errorf("%v: training accuracy %v on 10%% flipped labels", k, a)
		}
	}
}

func TestModelPanics(t *testing.T) {
	x, y := dataset.Example21()
	r, err := svm.SMO{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	lin := svm.NewModel(r, x, y, nil)
	rbf := svm.NewModel(r, x, y, kernel.RBF{Gamma: 1})
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"NewModel with short y", func() { svm.NewModel(r, x, y[:2], nil) }},
		{"NewModel with other data", func() { svm.NewModel(r, mat.NewDense(2, 2, nil), y[:2], nil) }},
		{"linear Decision in R³", func() { lin.Decision([]float64{1, 2, 3}) }},
		{"rbf Decision in R¹", func() { rbf.Decision([]float64{1}) }},
		{"Accuracy with short y", func() { lin.Accuracy(x, y[:1]) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			tc.f()
		}()
	}
}

// Example 7.2 of Li Hang solved by SMO: three iterations reach the book's
// α* = (1/4, 0, 1/4), w* = (1/2, 1/2), b* = −2, and the model classifies
// with sign(½x⁽¹⁾ + ½x⁽²⁾ − 2).
func ExampleSMO() {
	x, y := dataset.Example21()
	r, err := svm.SMO{}.Fit(x, y) // C = 0: hard margin
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("α = %.4g, w = %.4g, b = %.4g\n", r.Alpha, r.W, r.B)
	fmt.Printf("dual objective %.4g, %d iterations, %v\n", r.DualObjective, r.Iterations, r.Status)
	m := svm.NewModel(r, x, y, nil)
	fmt.Printf("f(x2) = %.4g, class of (2, 1) %.4g\n", m.Decision([]float64{4, 3}), m.Predict([]float64{2, 1}))
	// Output:
	// α = [0.25 0 0.25], w = [0.5 0.5], b = -2
	// dual objective -0.25, 3 iterations, converged
	// f(x2) = 1.5, class of (2, 1) -1
}

// A soft margin with an RBF kernel on data no line separates.
func ExampleModel() {
	s := dataset.XOR(rand.NewPCG(1, 2), 200, 0.3)
	r, err := svm.SMO{C: 10, Kernel: kernel.RBF{Gamma: 1}}.Fit(s.X, s.Y)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := svm.NewModel(r, s.X, s.Y, kernel.RBF{Gamma: 1})
	fmt.Printf("training accuracy %.4g\n", m.Accuracy(s.X, s.Y))
	fmt.Printf("class of (1, 1): %.4g, of (1, −1): %.4g\n", m.Predict([]float64{1, 1}), m.Predict([]float64{1, -1}))
	// Output:
	// training accuracy 1
	// class of (1, 1): 1, of (1, −1): -1
}
