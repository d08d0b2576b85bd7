package svm_test

import (
	"bufio"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// modelTol: the book's numbers, computed by each solver to its accuracy
// (SMO and Exact exactly on Example 7.2's integer kernel values, the
// interior-point method to its Tol of 1e-10).
const modelTol = 1e-8

// TestDecisionExample72 checks the model of every solver against the book:
// Example 7.2 gives f(x) = ½x⁽¹⁾ + ½x⁽²⁾ − 2, and Definition 2.1 classifies
// f(x) = 0 as +1.
func TestDecisionExample72(t *testing.T) {
	x, y := dataset.Example21().XY()
	models := map[string]classify.Fitter{
		"SMO":           classify.FitterOf(svm.SMO{}.Fit),
		"Exact":         classify.FitterOf(svm.Exact{}.Fit),
		"InteriorPoint": classify.FitterOf(svm.InteriorPoint{}.Fit),
		// A soft margin with C ≥ max αᵢ* = 1/4 has the same solution.
		"SMO C = 1":   classify.FitterOf(svm.SMO{C: 1}.Fit),
		"Exact C = 1": classify.FitterOf(svm.Exact{C: 1}.Fit),
	}
	for name, fit := range models {
		m, err := fit(x, y)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range []struct {
			x    []float64
			f, y float64
		}{
			{[]float64{3, 3}, 1, 1},        // x1, on the margin
			{[]float64{4, 3}, 1.5, 1},      // x2
			{[]float64{1, 1}, -1, -1},      // x3, on the margin
			{[]float64{2, 2}, 0, 1},        // on the hyperplane: sign(0) = +1
			{[]float64{0, 0}, -2, -1},      // the origin
			{[]float64{10, -4}, 1, 1},      // far away
			{[]float64{2, 1.5}, -0.25, -1}, // between x3 and the hyperplane
		} {
			if f := m.Decision(c.x); !scalar.EqualWithinAbs(f, c.f, modelTol) {
				t.Errorf("%s: f(%v) = %v, want %v", name, c.x, f, c.f)
			}
			// The hyperplane point itself may come out at ±1e-16: only
			// the points off it are asked for their class.
			if c.f != 0 {
				if p := m.Predict(c.x); p != c.y {
					t.Errorf("%s: class of %v = %v, want %v", name, c.x, p, c.y)
				}
			}
		}
		if a := classify.Accuracy(m, x, y); a != 1 {
			t.Errorf("%s: training accuracy %v, want 1", name, a)
		}
	}
}

// TestModelHoldsItsData: the model classifies with copies of the support
// vectors, so overwriting the training data afterwards changes nothing; its
// Decision is the expansion Σᵢ αᵢyᵢK(xᵢ, x) + b written out over all the
// training points; for the linear kernel the w·x + b path and the expansion
// agree.
func TestModelHoldsItsData(t *testing.T) {
	s := dataset.Noisy(rand.NewPCG(12, 13), 150, 3, 0.1)
	probe := dataset.Noisy(rand.NewPCG(14, 15), 20, 3, 0.1)
	const tol = 1e-12
	for _, k := range []kernel.Kernel{
		kernel.Linear{},
		kernel.RBF{Gamma: 0.7},
		kernel.Polynomial{Degree: 2, Gamma: 0.5, Coef0: 1},
	} {
		x := mat.DenseCopyOf(s.X)
		r, err := svm.SMO{C: 3, Kernel: k}.Fit(x, s.Y)
		if err != nil {
			t.Fatalf("%v: %v", k, err)
		}
		want := make([]float64, len(probe.Y))
		for i := range want {
			xi := probe.X.RawRowView(i)
			want[i] = r.B
			for j, a := range r.Alpha {
				want[i] += a * s.Y[j] * k.Eval(x.RawRowView(j), xi)
			}
		}
		x.Zero()
		if len(r.Model.Support) != len(r.SupportIndices) || r.Dim() != 3 || r.Kernel != k {
			t.Errorf("%v: %d support vectors in the model, %d in the result; dimension %d, kernel %v",
				k, len(r.Model.Support), len(r.SupportIndices), r.Dim(), r.Kernel)
		}
		got := classify.Decisions(nil, r, probe.X)
		for i := range want {
			if !scalar.EqualWithinAbsOrRel(got[i], want[i], tol, tol) {
				t.Errorf("%v: f(probe %d) = %v, written out %v", k, i, got[i], want[i])
			}
			if e := r.Expansion.Decision(probe.X.RawRowView(i)); !scalar.EqualWithinAbsOrRel(e, want[i], tol, tol) {
				t.Errorf("%v: expansion f(probe %d) = %v, written out %v", k, i, e, want[i])
			}
		}
		if _, ok := k.(kernel.Linear); ok == (r.W == nil) {
			t.Errorf("%v: W = %v", k, r.W)
		}
		// The free support vectors lie on their margin, yᵢf(xᵢ) = 1.
		for _, i := range r.FreeIndices {
			if yf := s.Y[i] * r.Decision(s.X.RawRowView(i)); math.Abs(yf-1) > 2*svm.DefaultEps {
				t.Errorf("%v: free support vector %d has y·f(x) = %v", k, i, yf)
			}
		}
	}
}

func TestModelPanics(t *testing.T) {
	x, y := dataset.Example21().XY()
	lin, err := svm.SMO{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	rbf, err := svm.SMO{C: 1, Kernel: kernel.RBF{Gamma: 1}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := svm.InteriorPoint{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"linear Decision in R³":        func() { lin.Decision([]float64{1, 2, 3}) },
		"RBF Decision in R¹":           func() { rbf.Decision([]float64{1}) },
		"interior-point Predict in R¹": func() { pr.Predict([]float64{1}) },
		"Accuracy on R³":               func() { classify.Accuracy(rbf, mat.NewDense(3, 3, nil), y) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestDecisionLIBSVM compares the decision values of an RBF model with
// LIBSVM's on a real data set: testdata/wdbc-rbf.txt, made by
// testdata/wdbc-rbf.sh, holds f(xᵢ) at the 569 points of the scaled
// Wisconsin breast cancer set for γ = 1/30, C = 10, tolerance 1e-9.
//
// Both solvers stop at a KKT violation of 1e-9 and cache kernel values in
// float32, a relative perturbation of K by up to 2⁻²⁴; SMO's exponential
// rounds about one value in 200 to the neighbouring float32, so the two
// solve problems that differ by a perturbation of that size, whose effect
// on f is of that order times the conditioning: the values, of order 1,
// agree to 1e-5 (observed: 6e-7).
func TestDecisionLIBSVM(t *testing.T) {
	const tol = 1e-5
	want := readValues(t, "testdata/wdbc-rbf.txt")
	s, _ := dataset.BreastCancer().ScaleToUnit()
	r, err := svm.SMO{C: 10, Kernel: kernel.RBF{Gamma: 1.0 / 30}, Eps: 1e-9}.Fit(s.X, s.Y)
	if err != nil {
		t.Fatal(err)
	}
	got := classify.Decisions(nil, r, s.X)
	if len(got) != len(want) {
		t.Fatalf("%d decision values, %d in the reference", len(got), len(want))
	}
	var worst float64
	for i := range want {
		d := math.Abs(got[i] - want[i])
		worst = math.Max(worst, d)
		if d > tol*math.Max(1, math.Abs(want[i])) {
			t.Errorf("f(x%d) = %v, LIBSVM %v", i+1, got[i], want[i])
		}
	}
	t.Logf("largest difference from LIBSVM: %.3g; %d support vectors", worst, len(r.SupportIndices))
	if len(r.SupportIndices) != 72 { // the reference file's header
		t.Errorf("%d support vectors, LIBSVM 72", len(r.SupportIndices))
	}
}

// readValues reads one number a line, skipping lines that start with #.
func readValues(t *testing.T, path string) []float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var v []float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		x, err := strconv.ParseFloat(line, 64)
		if err != nil {
			t.Fatal(err)
		}
		v = append(v, x)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return v
}
