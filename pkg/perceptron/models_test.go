package perceptron

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// model is what every form of the perceptron returns: a classifier that
// knows its dimension.
type model interface {
	classify.Classifier
	classify.Dimensioned
}

// fitForms fits Example 2.1 with the primal, dual and kernel (linear
// kernel) forms under the same settings.
func fitForms(t *testing.T, s Settings) map[string]model {
	t.Helper()
	x, y := book()
	p, err := Primal{Settings: s}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Dual{Settings: s}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	k, err := KernelDual{Settings: s}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]model{"primal": p, "dual": d, "kernel": k}
}

// Every form classifies on its own with the model of the book: Example 2.1
// gives f(x) = x⁽¹⁾ + x⁽²⁾ − 3 (Table 2.1, Example 2.2), and the book's
// other order x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 gives
// f(x) = 2x⁽¹⁾ + x⁽²⁾ − 5 (§2.3.1). The integer arithmetic is exact.
func TestModelsExample21(t *testing.T) {
	points := [][]float64{{3, 3}, {4, 3}, {1, 1}, {0, 0}, {2, 1}, {-1.5, 7}, {10, -20}}
	for _, tc := range []struct {
		name      string
		s         Settings
		w1, w2, b float64
	}{
		{"book order", Settings{}, 1, 1, -3},
		{"other order", Settings{Order: Choices, Sequence: []int{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}}, 2, 1, -5},
	} {
		for form, m := range fitForms(t, tc.s) {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				if m.Dim() != 2 {
					t.Errorf("Dim = %d, want 2", m.Dim())
				}
				for _, p := range points {
					want := tc.w1*p[0] + tc.w2*p[1] + tc.b
					if got := m.Decision(p); got != want {
						t.Errorf("f(%v) = %v, want %v", p, got, want)
					}
				}
				// x1 and x2 are positive, x3 negative (book Example 2.1).
				for i, want := range []float64{1, 1, -1} {
					if got := m.Predict(points[i]); got != want {
						t.Errorf("Predict(x%d) = %v, want %v", i+1, got, want)
					}
				}
			})
		}
	}
}

// A point on the hyperplane gets +1 (Definition 2.1, sign(0) = +1), and
// classify.Accuracy counts exactly the points Predict gets right.
func TestModelsBoundary(t *testing.T) {
	// On x⁽¹⁾ + x⁽²⁾ − 3 = 0: (1, 2) and (3, 0); one of each label.
	x := mat.NewDense(5, 2, []float64{3, 3, 4, 3, 1, 1, 1, 2, 3, 0})
	y := []float64{1, 1, -1, 1, -1}
	for form, m := range fitForms(t, Settings{}) {
		t.Run(form, func(t *testing.T) {
			for _, p := range [][]float64{{1, 2}, {3, 0}} {
				if f, got := m.Decision(p), m.Predict(p); f != 0 || got != 1 {
					t.Errorf("f(%v) = %v, Predict = %v; want 0 and +1", p, f, got)
				}
			}
			if a := classify.Accuracy(m, x, y); a != 0.8 {
				t.Errorf("Accuracy = %v, want 0.8 (only the −1 point on the line is wrong)", a)
			}
		})
	}
}

// The voted perceptron on Example 2.1: after enough epochs the vote and
// the averaged perceptron agree with the labels (after the default 10 the
// average of the early vectors still tips x3 to +1: the averaged perceptron
// need not separate separable data), and the boundary rule is Definition
// 2.1's.
func TestVotedExample21(t *testing.T) {
	x, y := book()
	v, err := Voted{Settings: Settings{MaxEpochs: 100}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]model{"vote": v, "averaged": v.Averaged} {
		if m.Dim() != 2 || classify.Accuracy(m, x, y) != 1 {
			t.Errorf("%s: dimension %d, accuracy %v; want 2 and 1", name, m.Dim(), classify.Accuracy(m, x, y))
		}
		for i, xi := range [][]float64{{3, 3}, {4, 3}, {1, 1}} {
			if m.Predict(xi) != y[i] {
				t.Errorf("%s: Predict(x%d) = %v, want %v", name, i+1, m.Predict(xi), y[i])
			}
		}
	}
	// A model with one vote of weight 0 votes +1 everywhere.
	zero := &VotedResult{Votes: []Vote{{W: []float64{0, 0}, C: 3}}, Group: 1, Averaged: classify.Linear{W: []float64{0, 0}}}
	if f, p := zero.Decision([]float64{5, -5}), zero.Predict([]float64{5, -5}); f != 3 || p != 1 {
		t.Errorf("zero vote: f = %v, Predict = %v; want 3 and +1", f, p)
	}
}
