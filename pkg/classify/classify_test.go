package classify_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// line is the classifier sign(w·x + b) of Example 2.1's answer,
// x⁽¹⁾ + x⁽²⁾ − 3 (book Table 2.1).
type line struct {
	w []float64
	b float64
}

func (l line) Decision(x []float64) float64 {
	if len(x) != len(l.w) {
		panic("line: dimension")
	}
	f := l.b
	for j, v := range x {
		f += l.w[j] * v
	}
	return f
}
func (l line) Predict(x []float64) float64 { return classify.Sign(l.Decision(x)) }
func (l line) Dim() int                    { return len(l.w) }

var _ classify.Classifier = line{}
var _ classify.Dimensioned = line{}

func TestSign(t *testing.T) {
	for _, c := range []struct {
		z, want float64
	}{
		{1, 1}, {-1, -1}, {0, 1}, {math.Copysign(0, -1), 1}, // Definition 2.1: sign(0) = +1, also for −0
		{math.Inf(1), 1}, {math.Inf(-1), -1}, {5e-324, 1}, {-5e-324, -1},
	} {
		if got := classify.Sign(c.z); got != c.want {
			t.Errorf("Sign(%v) = %v, want %v", c.z, got, c.want)
		}
	}
	if got := classify.Sign(math.NaN()); !math.IsNaN(got) {
		t.Errorf("Sign(NaN) = %v, want NaN", got)
	}
}

// A point on the boundary labelled +1 is right by Predict, so Accuracy
// counts it right: one rule for the boundary.
func TestAccuracyBoundary(t *testing.T) {
	l := line{w: []float64{1, 1}, b: -3}
	x := mat.NewDense(4, 2, []float64{
		3, 3, // x1 of Example 2.1, f = 3
		1, 1, // x3, f = −1
		1, 2, // on the line, f = 0
		2, 1, // on the line, f = 0
	})
	y := []float64{1, -1, 1, -1}
	got := classify.Predictions(nil, l, x)
	want := []float64{1, -1, 1, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Predictions = %v, want %v", got, want)
		}
	}
	if a := classify.Accuracy(l, x, y); a != 0.75 {
		t.Errorf("Accuracy = %v, want 0.75 (only the −1 point on the line is wrong)", a)
	}
}

// Decisions reads any mat.Matrix, a view of a larger Dense and a transpose
// included, and fills dst in place.
func TestDecisionsLayouts(t *testing.T) {
	l := line{w: []float64{1, 1}, b: -3}
	big := mat.NewDense(3, 3, []float64{3, 3, 9, 4, 3, 9, 1, 1, 9})
	view := big.Slice(0, 3, 0, 2)
	want := []float64{3, 4, -1}
	tr := mat.Transpose{Matrix: mat.DenseCopyOf(view).T()} // not a RawMatrixer
	for name, x := range map[string]mat.Matrix{"view": view, "transpose": tr} {
		dst := make([]float64, 3)
		got := classify.Decisions(dst, l, x)
		if &got[0] != &dst[0] {
			t.Errorf("%s: Decisions did not use dst", name)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: Decisions = %v, want %v", name, got, want)
				break
			}
		}
	}
}

// A NaN score never counts as right.
func TestAccuracyNaN(t *testing.T) {
	l := line{w: []float64{math.NaN(), 1}, b: 0}
	x := mat.NewDense(2, 2, []float64{1, 1, -1, -1})
	if a := classify.Accuracy(l, x, []float64{1, -1}); a != 0 {
		t.Errorf("Accuracy with NaN scores = %v, want 0", a)
	}
}

func TestPanics(t *testing.T) {
	l := line{w: []float64{1, 1}, b: -3}
	x := mat.NewDense(2, 2, []float64{3, 3, 1, 1})
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"short labels", func() { classify.Accuracy(l, x, []float64{1}) }},
		{"wrong dimension", func() { classify.Decisions(nil, l, mat.NewDense(2, 3, nil)) }},
		{"short dst", func() { classify.Predictions(make([]float64, 1), l, x) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			c.f()
		})
	}
}

func TestSettingError(t *testing.T) {
	var err error = &classify.SettingError{Solver: "svm.InteriorPoint", Field: "Tol", Value: -1.0, Want: "a finite number ≥ 0"}
	if !errors.Is(fmt.Errorf("context: %w", err), classify.ErrSetting) {
		t.Error("SettingError does not match ErrSetting")
	}
	if got, want := err.Error(), "svm.InteriorPoint: Tol = -1: invalid setting, want a finite number ≥ 0"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	// With the error that explains it (a kernel's): matched, and quoted.
	cause := errors.New("kernel.RBF: Gamma = -1: invalid parameter")
	err = &classify.SettingError{Solver: "svm.SMO", Field: "Kernel", Value: "rbf(gamma=-1)", Want: "a valid kernel", Err: cause}
	if !errors.Is(err, classify.ErrSetting) || !errors.Is(err, cause) {
		t.Errorf("%v does not match both ErrSetting and its cause", err)
	}
	if got, want := err.Error(), "svm.SMO: Kernel = rbf(gamma=-1): invalid setting, want a valid kernel (kernel.RBF: Gamma = -1: invalid parameter)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
