package svm

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCandidateTableExample72 checks the table of faces for Example 7.2,
// as seed note 003 works it by hand: the interior point (3/2, −1, 1/2)
// rejected because α2 < 0, then the edges α1 = 0 (f = −2/13) and α2 = 0
// (f = −1/4).
func TestCandidateTableExample72(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	_, cands, err := Exact{}.FitCandidates(x, y)
	if err != nil {
		t.Fatal(err)
	}
	header, rows := CandidateTable(cands)
	if len(header) != 4 || len(rows) != len(cands) {
		t.Fatalf("%d columns, %d rows for %d candidates", len(header), len(rows), len(cands))
	}
	want := [][]string{
		{"α1, α2, α3", "[1.5 -1 0.5]", "-0.5", "rejected: α2 = -1 < 0"},
		{"α2, α3", "[0 0.1538 0.1538]", "-0.1538", "feasible"},
		{"α1, α3", "[0.25 0 0.25]", "-0.25", "feasible"},
	}
	for i, w := range want {
		if !slices.Equal(rows[i], w) {
			t.Errorf("row %d = %q, want %q", i, rows[i], w)
		}
	}
	if last := rows[len(rows)-1]; last[0] != "none" {
		t.Errorf("last row %q, want the face with no free multiplier", last)
	}
}

func TestCandidateTableSoftAndSingular(t *testing.T) {
	_, rows := CandidateTable([]Candidate{
		{Free: []int{0}, Upper: []int{2}, Alpha: []float64{0.5, 0, 1}, Objective: -1, Feasible: true},
		{Free: []int{0, 1}},
	})
	if !slices.Equal(rows[0], []string{"α1, α3 = C", "[0.5 0 1]", "-1", "feasible"}) {
		t.Errorf("soft-margin row %q", rows[0])
	}
	if rows[1][1] != "singular" || rows[1][2] != "-" {
		t.Errorf("singular row %q", rows[1])
	}
}
