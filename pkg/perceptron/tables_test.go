package perceptron

import (
	"slices"
	"testing"
)

func TestFormatters(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{Vec([]float64{3, 3}), "(3, 3)"},
		{Vec([]float64{-0.5, 0}), "(-0.5, 0)"},
		{Points(nil), "none"},
		{Points([]int{0, 2}), "x1, x3"},
		{Points([]int{-1}), "none"},
		{Points([]int{-1, 1}), "x2"},
		{Affine([]float64{3, 3}, 1), "3x⁽¹⁾+3x⁽²⁾+1"},
		{Affine([]float64{1, 1}, -3), "x⁽¹⁾+x⁽²⁾-3"},
		{Affine([]float64{2, 2}, 0), "2x⁽¹⁾+2x⁽²⁾"},
		{Affine([]float64{0, 0}, -2), "-2"},
		{Affine([]float64{0, 0}, 0), "0"},
		{Affine([]float64{-1, 0.5}, 2), "-x⁽¹⁾+0.5x⁽²⁾+2"},
		{num(-1e-5), "-1e-05"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// Book Table 2.1 (Example 2.1), including its last row.
func TestPrimalTable(t *testing.T) {
	x, y := book()
	res, err := Primal{Record: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	h, rows := PrimalTable(res.Trace, res.Converged)
	if !slices.Equal(h, []string{"k", "misclassified", "w", "b", "w·x+b"}) || len(rows) != 9 {
		t.Fatalf("header %v, %d rows", h, len(rows))
	}
	want := [][]string{
		{"0", "", "(0, 0)", "0", "0"},
		{"1", "x1", "(3, 3)", "1", "3x⁽¹⁾+3x⁽²⁾+1"},
		{"4", "x3", "(0, 0)", "-2", "-2"},
		{"8", "none", "(1, 1)", "-3", "x⁽¹⁾+x⁽²⁾-3"},
	}
	for i, r := range [][]string{rows[0], rows[1], rows[4], rows[8]} {
		if !slices.Equal(r, want[i]) {
			t.Errorf("row %v, want %v", r, want[i])
		}
	}
}

// Book Table 2.2 (Example 2.2).
func TestDualTable(t *testing.T) {
	x, y := book()
	res, err := Dual{Record: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	h, rows := DualTable(res.Trace)
	want := [][]string{
		{"k", "0", "1", "2", "3", "4", "5", "6", "7"},
		{"misclassified", "", "x1", "x3", "x3", "x3", "x1", "x3", "x3"},
		{"α1", "0", "1", "1", "1", "1", "2", "2", "2"},
		{"α2", "0", "0", "0", "0", "0", "0", "0", "0"},
		{"α3", "0", "0", "1", "2", "3", "3", "4", "5"},
		{"b", "0", "1", "0", "-1", "-2", "-1", "-2", "-3"},
	}
	got := append([][]string{h}, rows...)
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("row %d: %v, want %v", i, got[i], want[i])
		}
	}
}
