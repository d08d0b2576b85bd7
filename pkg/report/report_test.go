package report

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// TestCandidatesExample72 checks the whole table of faces for Example 7.2,
// as seed note 003 works it by hand: the interior point (3/2, −1, 1/2)
// rejected because α2 < 0, then the edges α1 = 0 (f = −2/13) and α2 = 0
// (f = −1/4), then the faces with one free variable and the vertex α = 0,
// which all give α = 0.
func TestCandidatesExample72(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	_, cands, err := svm.Exact{}.FitCandidates(x, y)
	if err != nil {
		t.Fatal(err)
	}
	_, rows := Candidates(cands, lang.English)
	want := [][]string{
		{"α1, α2, α3", "(3/2, −1, 1/2)", "−1/2", "rejected: α2 = −1 < 0"},
		{"α2, α3", "(0, 2/13, 2/13)", "−2/13", "feasible"},
		{"α1, α3", "(1/4, 0, 1/4)", "−1/4", "feasible"},
		{"α1, α2", "(0, 0, 0)", "0", "feasible"},
		{"α3", "(0, 0, 0)", "0", "feasible"},
		{"α2", "(0, 0, 0)", "0", "feasible"},
		{"α1", "(0, 0, 0)", "0", "feasible"},
		{"none", "(0, 0, 0)", "0", "feasible"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		if !slices.Equal(rows[i], w) {
			t.Errorf("row %d = %q, want %q", i, rows[i], w)
		}
	}
}

// Rows of a soft margin, a singular face and every kind of rejection.
func TestCandidatesRows(t *testing.T) {
	_, rows := Candidates([]svm.Candidate{
		{FreeIndices: []int{0}, BoundedIndices: []int{2}, Alpha: []float64{0.5, 0, 1}, DualObjective: -1, Feasible: true, Violation: -1},
		{FreeIndices: []int{0, 1}, DualObjective: 0},
		{BoundedIndices: []int{1}, Alpha: []float64{0, 1, 0}, Violation: -1, Value: 1},
		{FreeIndices: []int{0, 1}, Alpha: []float64{3, 1}, Violation: 0, Value: 3},
	}, lang.Chinese)
	want := [][]string{
		{"α1, α3 = C", "(1/2, 0, 1)", "−1", "可行"},
		{"α1, α2", "奇异", "–", "奇异的面：其上的极小点不唯一"},
		{"α2 = C", "(0, 1, 0)", "0", "舍去：Σαᵢyᵢ = 1 ≠ 0"},
		{"α1, α2", "(3, 1)", "0", "舍去：α1 = 3 > C"},
	}
	for i, w := range want {
		if !slices.Equal(rows[i], w) {
			t.Errorf("row %d = %q, want %q", i, rows[i], w)
		}
	}
}

func TestPolynomials(t *testing.T) {
	// x1 = 1, x2 = −1 with labels +1, −1: Q = [[1, 1], [1, 1]] (derived),
	// and α2 = α1 gives q = ½·4α1² − 2α1.
	x := mat.NewDense(2, 1, []float64{1, -1})
	d, err := svm.NewDualProblem(x, []float64{1, -1}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := DualObjective(d, notation.Text), "½(α1² + α2² + 2α1α2) − α1 − α2"; got != want {
		t.Errorf("dual %q, want %q", got, want)
	}
	if got, want := Quadratic(d.Eliminate(1), notation.Text), "2α1² − 2α1"; got != want {
		t.Errorf("reduced %q, want %q", got, want)
	}
	q := &svm.Quadratic{A: mat.NewSymDense(1, []float64{0}), B: []float64{-1}, Vars: []int{1}}
	if got, want := Quadratic(q, notation.Text), "−α2"; got != want {
		t.Errorf("linear %q, want %q", got, want)
	}
	q = &svm.Quadratic{A: mat.NewSymDense(1, []float64{0}), B: []float64{0}, Vars: []int{0}}
	if got := Quadratic(q, notation.Text); got != "0" {
		t.Errorf("zero %q, want 0", got)
	}
	q = &svm.Quadratic{A: mat.NewSymDense(1, []float64{1}), B: []float64{0.5}, Vars: []int{0}}
	if got, want := Quadratic(q, notation.LaTeX), `\frac{1}{2}\alpha_{1}^{2} + \frac{1}{2}\alpha_{1}`; got != want {
		t.Errorf("LaTeX %q, want %q", got, want)
	}
}
