package loss_test

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/loss"
)

func TestAccuracy(t *testing.T) {
	x, y := dataset.Example21()
	for _, tc := range []struct {
		name string
		w    []float64
		b    float64
		want float64
	}{
		// Table 2.1 of the book: the final hyperplane x(1) + x(2) − 3 = 0
		// separates the data; at k = 1, 3x(1) + 3x(2) + 1 = 0 gets x3
		// wrong; at k = 0 (w = 0, b = 0) every margin is 0, all wrong.
		{"k=7", []float64{1, 1}, -3, 1},
		{"k=1", []float64{3, 3}, 1, 2.0 / 3},
		{"k=0", []float64{0, 0}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := func(v []float64) float64 { return floats.Dot(tc.w, v) + tc.b }
			got := loss.Accuracy(f, x, y)
			if !scalar.EqualWithinAbsOrRel(got, tc.want, tol, tol) {
				t.Errorf("Accuracy = %v, want %v", got, tc.want)
			}
			risk := loss.EmpiricalRisk(loss.Mistake, x, y, tc.w, tc.b)
			if !scalar.EqualWithinAbsOrRel(got, 1-risk, tol, tol) {
				t.Errorf("Accuracy = %v, 1 − EmpiricalRisk(Mistake) = %v", got, 1-risk)
			}
		})
	}
}

func TestAccuracyMatchesRisk(t *testing.T) {
	s := dataset.Noisy(rand.NewPCG(5, 6), 200, 3, 0.1)
	w, b := []float64{0.3, -1, 0.5}, 0.2
	f := func(v []float64) float64 { return floats.Dot(w, v) + b }
	got := loss.Accuracy(f, s.X, s.Y)
	want := 1 - loss.EmpiricalRisk(loss.Mistake, s.X, s.Y, w, b)
	if !scalar.EqualWithinAbsOrRel(got, want, tol, tol) {
		t.Errorf("Accuracy = %v, want %v", got, want)
	}
}

func TestAccuracyPanics(t *testing.T) {
	x, _ := dataset.Example21()
	defer func() {
		if recover() == nil {
			t.Error("no panic for a label count that differs from the rows")
		}
	}()
	loss.Accuracy(func([]float64) float64 { return 1 }, x, []float64{1, -1})
}
